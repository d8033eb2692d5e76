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
                let far = p.w >= 0 ? vertices[Int(p.w)] : nil
                let shade = shades.map { ($0[Int(p.x)], $0[Int(p.y)], $0[Int(p.z)], $0[Int(p.w >= 0 ? p.w : p.z)]) }
                guard let setup = TriangleSetup(vertices[Int(p.x)], vertices[Int(p.y)], vertices[Int(p.z)], across: far,
                                                shades: shade, clip: clip),
                      let firstBand = setup.firstBand(of: band, worker: worker, of: workers) else { continue }
                triangle(setup, edges: edges?.ranges[t] ?? EdgeRange(first: 0, count: 0), level: primitive.level,
                         blend: primitive.blend, firstBand: firstBand, slot: slot)
            }
        }

        /// Paints the set-up triangle (or quad) `setup` in this worker's bands from
        /// `firstBand` on, its texture sampled at mip `level` and the next mixed in by
        /// `blend` / 256, anti-aliased against its layer's edges `range`.
        private func triangle(_ setup: TriangleSetup, edges range: EdgeRange, level: Int32, blend: Int32, firstBand: Int, slot: Int) {
            let texture: PixelView? = levels.isEmpty ? nil : levels[min(levels.count - 1, Int(level))]
            let coarser = blend > 0 && Int(level) + 1 < levels.count ? (levels[Int(level) + 1], UInt32(blend)) : nil
            let near = nearLines.base + slot * TriangleSpans.nearEdgeLimit
            let p = setup.corners
            let nearCount = edges.map { TriangleSpans.nearEdges($0, range, p.0, p.1, p.2, setup.fourth, into: near) } ?? 0
            let spans = TriangleSpans(setup, texture: texture, coarser: coarser, near: near, nearCount: nearCount,
                                      source: scratch.map { $0.base + slot * rowStride }, blended: blended)
            // Only the covers the triangle's box meets are looked at row by row (most small
            // triangles meet none).
            let meets = covered.covers.isEmpty ? covered
                : covered.meeting(columns: spans.origin, Int(Rasterizer.floorDiv(setup.right, 256)),
                                  rows: setup.top, setup.bottom, in: meetingCovers.base + slot * coverStride)
            let pixels = target.pixels, pitch = target.width, columns = clip.x0...(clip.x1 - 1)
            var bandStart = firstBand
            while bandStart <= setup.bottom {
                defer { bandStart += band * workers }
                if isCancelled() { return }
                var walk = RowWalk(setup.sides, from: max(setup.top, bandStart))
                while walk.row <= min(setup.bottom, bandStart + band - 1) {
                    let y = walk.row, (lo, hi) = walk.next(within: columns)
                    guard lo <= hi else { continue }
                    let line = pixels + y * pitch
                    if meets.covers.isEmpty {
                        spans.span(line, lo, hi, y, (lo, hi))
                    } else {
                        Rasterizer.uncovered(lo, hi, row: y, meets) { spans.span(line, $0, $1, y, (lo, hi)) }
                    }
                }
            }
        }
    }
}
