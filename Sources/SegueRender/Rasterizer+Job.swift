/// One draw call as its workers run it: each worker's bands of rows, every triangle of the
/// call set up (`TriangleSetup`), walked row by row (`RowWalk`) and painted in spans
/// (`TriangleSpans`).
extension Rasterizer {
    /// One draw call, run by each worker over its bands.
    struct Job: Sendable {
        let vertices: RasterMemory<RasterVertex>
        /// Per triangle of the call, what it paints (`Primitive`).
        let plan: RasterMemory<Primitive>
        let edges: TriangleEdges?
        /// Per vertex, its shade (`draw`'s `shades`), or nil: colours interpolated affinely.
        let shades: RasterMemory<VertexShade>?
        /// The texture's mip levels the call samples (level 0 the texture), none untextured.
        let levels: [PixelView]
        let blended: Bool
        let target: PixelView
        var clip: PixelRect
        /// Pixels not to paint (`draw`'s `covered`).
        let covered: CoveredPixels
        let band: Int
        /// How many share the rows (in interleaved bands), at most the scratch's slots.
        var workers: Int
        /// A row of `rowStride` pixels a slot (at least the target's width), for the source
        /// pixels of anti-aliased edges (nil: no edges given).
        let scratch: RasterMemory<UInt32>?
        let rowStride: Int
        /// `TriangleSpans.nearEdgeLimit` lines a slot, for the near edges of the triangle it draws.
        let nearLines: RasterMemory<EdgeLine>
        /// Room for `coverStride` covers a slot (all of `covered`'s at least), for those the
        /// triangle it draws meets.
        let meetingCovers: RasterMemory<CoveredPixels.Cover>
        let coverStride: Int
        let isCancelled: @Sendable () -> Bool

        /// Paints worker `worker`'s bands of the clip, with the scratch of `slot`.
        func run(worker: Int, slot: Int) {
            for t in 0..<plan.count {
                let primitive = plan[t], p = primitive.corners
                guard p.x >= 0, Int(primitive.firstRow) < clip.y1, Int(primitive.lastRow) >= clip.y0 else { continue }
                let range = edges?.ranges[t] ?? EdgeRange(first: 0, count: 0)
                if p.w >= 0, t + 1 < plan.count, plan[t + 1].corners.x >= 0 {
                    pair(p, plan[t + 1].corners, edges: range, level: primitive.level, blend: primitive.blend, worker: worker, slot: slot)
                    continue
                }
                guard let setup = setup(p), let firstBand = setup.firstBand(of: band, worker: worker, of: workers) else { continue }
                triangle(setup, edges: range, level: primitive.level, blend: primitive.blend, firstBand: firstBand, slot: slot)
            }
        }

        /// The triangle of the vertices `corners` (x, y, z), or with w the quad (`TriangleSetup`),
        /// with their shades.
        @inline(__always)
        private func setup(_ corners: SIMD4<Int32>) -> TriangleSetup? {
            let p = corners
            let far = p.w >= 0 ? vertices[Int(p.w)] : nil
            let shade = shades.map { ($0[Int(p.x)], $0[Int(p.y)], $0[Int(p.z)], $0[Int(p.w >= 0 ? p.w : p.z)]) }
            return TriangleSetup(vertices[Int(p.x)], vertices[Int(p.y)], vertices[Int(p.z)], across: far, shades: shade, clip: clip)
        }

        /// Paints a quad of two planes (`Primitive`): the first triangle's corners and the
        /// fourth, `first`, and the second's, `second`, walked as the quad and each row's parts
        /// painted from their own triangle's planes — or, where one of them has no row in the
        /// clip, the other alone, and where the quad cannot be set up, each alone.
        private func pair(_ first: SIMD4<Int32>, _ second: SIMD4<Int32>, edges range: EdgeRange, level: Int32, blend: Int32,
                          worker: Int, slot: Int) {
            // The halves set up in memory and passed by address: each is hundreds of bytes.
            withUnsafeTemporaryAllocation(of: TriangleSetup.self, capacity: 2) { halves in
                let own = SIMD4(first.x, first.y, first.z, -1)
                func alone(_ half: TriangleSetup) {
                    guard let firstBand = half.firstBand(of: band, worker: worker, of: workers) else { return }
                    triangle(half, edges: range, level: level, blend: blend, firstBand: firstBand, slot: slot)
                }
                guard let one = setup(own) else {
                    if let two = setup(second) { alone(two) }
                    return
                }
                guard let two = setup(second) else {
                    alone(one)
                    return
                }
                halves.initializeElement(at: 0, to: one)
                halves.initializeElement(at: 1, to: two)
                defer { _ = halves.deinitialize() }
                // The quad from the first triangle's corner off the shared side (as `quad` turned it).
                @inline(__always) func shared(_ x: Int32) -> Bool { x == second.x || x == second.y || x == second.z }
                let turned = !shared(first.x) ? SIMD4(first.x, first.y, first.z, first.w)
                    : !shared(first.y) ? SIMD4(first.y, first.z, first.x, first.w) : SIMD4(first.z, first.x, first.y, first.w)
                // (It is set up wherever its first half is: `quad` found its corners near and
                // convex. Were it not, each half would be painted alone.)
                guard let quad = TriangleSetup(vertices[Int(turned.x)], vertices[Int(turned.y)], vertices[Int(turned.z)],
                                               across: vertices[Int(turned.w)], clip: clip) else {
                    alone(one)
                    alone(two)
                    return
                }
                guard let firstBand = quad.firstBand(of: band, worker: worker, of: workers) else { return }
                triangle(quad, halves: UnsafePointer(halves.baseAddress!), edges: range, level: level, blend: blend, firstBand: firstBand,
                         slot: slot)
            }
        }

        /// Paints the set-up triangle (or quad) `setup` in this worker's bands from
        /// `firstBand` on, its texture sampled at mip `level` and the next mixed in by
        /// `blend` / 256, anti-aliased against its layer's edges `range` — or, given the
        /// quad's `halves` (its triangle v0 v1 v2 and the other), each row cut where its
        /// diagonal crosses it and each part painted from its own half's planes.
        private func triangle(_ setup: TriangleSetup, halves: UnsafePointer<TriangleSetup>? = nil, edges range: EdgeRange,
                              level: Int32, blend: Int32, firstBand: Int, slot: Int) {
            let texture: PixelView? = levels.isEmpty ? nil : levels[min(levels.count - 1, Int(level))]
            let coarser = blend > 0 && Int(level) + 1 < levels.count ? (levels[Int(level) + 1], UInt32(blend)) : nil
            let near = nearLines.base + slot * TriangleSpans.nearEdgeLimit
            let p = setup.corners
            let nearCount = edges.map { TriangleSpans.nearEdges($0, range, p.0, p.1, p.2, setup.fourth, into: near) } ?? 0
            let source = scratch.map { $0.base + slot * rowStride }
            func spansOf(_ s: TriangleSetup) -> TriangleSpans {
                TriangleSpans(s, texture: texture, coarser: coarser, near: near, nearCount: nearCount, source: source, blended: blended)
            }
            let spans: TriangleSpans
            if let halves { spans = spansOf(halves[0]) } else { spans = spansOf(setup) }
            // Only the covers the triangle's box meets are looked at row by row (most small
            // triangles meet none).
            let meets = covered.covers.isEmpty ? covered
                : covered.meeting(columns: Int(Rasterizer.floorDiv(setup.left, 256)), Int(Rasterizer.floorDiv(setup.right, 256)),
                                  rows: setup.top, setup.bottom, in: meetingCovers.base + slot * coverStride)
            let pixels = target.pixels, pitch = target.width, columns = clip.x0...(clip.x1 - 1)
            /// Calls `body` with each of this worker's rows that the walk finds columns in: the
            /// row, its columns, its pixels, and the step of `diagonal` there (if given).
            @inline(__always) func eachRow(stepping diagonal: RowEdge?,
                                           _ body: (Int, Int, Int, UnsafeMutablePointer<UInt32>, RowEdge.Step) -> Void) {
                var bandStart = firstBand
                while bandStart <= setup.bottom {
                    defer { bandStart += band * workers }
                    if isCancelled() { return }
                    var walk = RowWalk(setup.sides, from: max(setup.top, bandStart))
                    var crossing = diagonal?.step(row: Int64(walk.row)) ?? RowEdge.Step(quotient: 0, remainder: 0)
                    while walk.row <= min(setup.bottom, bandStart + band - 1) {
                        let y = walk.row, (lo, hi) = walk.next(within: columns), step = crossing
                        diagonal?.advance(&crossing)
                        guard lo <= hi else { continue }
                        body(y, lo, hi, pixels + y * pitch, step)
                    }
                }
            }
            guard let halves else {
                eachRow(stepping: nil) { y, lo, hi, line, _ in
                    if meets.covers.isEmpty {
                        spans.span(line, lo, hi, y, (lo, hi))
                    } else {
                        Rasterizer.uncovered(lo, hi, row: y, meets) { spans.span(line, $0, $1, y, (lo, hi)) }
                    }
                }
                return
            }
            let other = spansOf(halves[1]), diagonal = setup.diagonal
            eachRow(stepping: diagonal) { y, lo, hi, line, crossing in
                // The first triangle's columns lie inside the diagonal: right of it where it
                // faces right, left where it faces left; a level diagonal gives the row to one.
                var firstLo = lo, firstHi = hi
                diagonal.narrow(&firstLo, &firstHi, crossing, row: Int64(y))
                let firstLeft = diagonal.a <= 0
                let at = min(max(firstLeft ? firstHi + 1 : firstLo, lo), hi + 1)
                let cut = TriangleSpans.RowCut(at: at, left: (lo, at - 1), right: (at, hi), ownLeft: firstLeft)
                if meets.covers.isEmpty {
                    spans.span(line, lo, hi, y, cut: cut, other: other)
                } else {
                    Rasterizer.uncovered(lo, hi, row: y, meets) { spans.span(line, $0, $1, y, cut: cut, other: other) }
                }
            }
        }
    }
}
