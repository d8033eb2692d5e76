extension Rasterizer {
    /// How a set-up triangle (`TriangleSetup`) paints a run of one of its rows: its colour,
    /// texture or exact shading across the run, and near the anti-aliased edges of its layer
    /// each pixel's source blended by the pixel's coverage.
    ///
    /// Every row's attributes are taken at one column, the triangle's leftmost (`origin`),
    /// and stepped from there: a pixel's value is then the same however its row is cut into
    /// runs (by covers, by the edges), so what they leave undrawn changes nothing — but in a
    /// sliver whose colours run off 0…255, where each run is fitted alone.
    struct TriangleSpans {
        /// The most edges a triangle is anti-aliased against: more pass within a pixel of
        /// one only where rounded corners' chords crowd (a layer seen edge-on, its corners'
        /// arcs squeezed into a pixel or two); the nearest are kept.
        static let nearEdgeLimit = 32

        /// The columns under which a coloured row with anti-aliased ends is painted once into
        /// the scratch row and stored or blended from there (`span`): past it that second
        /// pass costs more than painting each end on its own.
        static let shortRow = 256

        let c0: SIMD4<Float>, dcdx: SIMD4<Float>, dcdy: SIMD4<Float>
        /// Shaded exactly (in perspective, or tinted): the planes of q·colour, q·tint and q.
        let exact: ExactShading?
        let texture: PixelView?
        /// The texel position (u, v in texels, centres at whole numbers) at the first corner,
        /// and its change a pixel.
        let t0: SIMD4<Float>, dtdx: SIMD4<Float>, dtdy: SIMD4<Float>
        /// The texture's walk along a row (`TexelWalk(_:step:ahead:)`), fetching ahead for the
        /// rows below; each row places it (`TexelWalk.at`).
        let texels: TexelWalk?
        /// The next mip level mixed in (nil: none), by `blend` / 256, its texel position and
        /// change as `t0`, `dtdx`, `dtdy`, and its walk.
        let coarser: PixelView?, blend: UInt32
        let c0t: SIMD4<Float>, cdtdx: SIMD4<Float>, cdtdy: SIMD4<Float>
        let coarseTexels: TexelWalk?
        /// Whether the colour changes by under a quarter level across the triangle's width:
        /// one colour a row, taken at its `middle` column (so a row's colour is the same
        /// however its span is cut).
        let rowConstant: Bool
        let middle: Float
        /// The one colour of an untextured triangle whose vertices agree, packed.
        let uniform: UInt32?
        /// The column rows are stepped from, and its centre's x less the first corner's.
        let origin: Int, sx: Float
        let y0: Float
        /// The near edges (`nearEdges`): `nearCount` of them at `near`.
        let near: UnsafeMutablePointer<EdgeLine>, nearCount: Int
        /// A row of the target's width for the sources of edge pixels (nil: no edges given).
        let source: UnsafeMutablePointer<UInt32>?
        let blended: Bool

        /// The spans of `setup`, its texture sampled from `texture` (nil: untextured) and, where
        /// `coarser` is given, the next mip level mixed in by its weight (1…255, of 256),
        /// blended or stored; `near` holds its `nearCount` near edges (`nearEdges`) and
        /// `source` a row of scratch.
        init(_ setup: TriangleSetup, texture: PixelView?, coarser: (PixelView, UInt32)? = nil, near: UnsafeMutablePointer<EdgeLine>,
             nearCount: Int, source: UnsafeMutablePointer<UInt32>?, blended: Bool) {
            let p = setup.corners
            c0 = p.0.channels
            (dcdx, dcdy) = setup.plane(c0, p.1.channels, p.2.channels)
            exact = setup.shades.flatMap { s in
                s.0.q == s.1.q && s.1.q == s.2.q && s.0.tint == .zero && s.1.tint == .zero && s.2.tint == .zero ? nil
                    : ExactShading(p, (s.0, s.1, s.2), fourth: (setup.fourth, s.3), x0: setup.x0, plane: setup.plane)
            }
            self.texture = texture
            let tw = Float(texture?.width ?? 1), th = Float(texture?.height ?? 1)
            func texel(_ v: RasterVertex) -> SIMD4<Float> { SIMD4(v.u * tw - 0.5, v.v * th - 0.5, 0, 0) }
            t0 = texel(p.0)
            let (tx, ty) = texture == nil ? (SIMD4<Float>(), SIMD4<Float>()) : setup.plane(t0, texel(p.1), texel(p.2))
            (dtdx, dtdy) = (tx, ty)
            texels = texture.map { TexelWalk($0, step: tx, ahead: TexelWalk.ahead(ty, width: $0.width)) }
            (self.coarser, blend) = (coarser?.0, coarser?.1 ?? 0)
            let cw = Float(coarser?.0.width ?? 1), ch = Float(coarser?.0.height ?? 1)
            func coarseTexel(_ v: RasterVertex) -> SIMD4<Float> { SIMD4(v.u * cw - 0.5, v.v * ch - 0.5, 0, 0) }
            c0t = coarseTexel(p.0)
            let (cx, cy) = coarser == nil ? (SIMD4<Float>(), SIMD4<Float>()) : setup.plane(c0t, coarseTexel(p.1), coarseTexel(p.2))
            (cdtdx, cdtdy) = (cx, cy)
            coarseTexels = coarser.map { TexelWalk($0.0, step: cx) }
            let width = Float(setup.right - setup.left) / 256
            let dcdx = dcdx
            // (A row's colour is taken at the box's middle, which may lie outside the
            // triangle, where q is held to the corners' range: that changes the colour by
            // at most 255·|q′|·width / qLow levels, held under a quarter too.)
            rowConstant = exact.map { $0.uniform != nil || ($0.slope * width < 0.25 && 255 * abs($0.qX) * width < 0.25 * $0.qLow) }
                ?? (((dcdx * width) * (dcdx * width)).max() < 1.0 / 16)
            middle = Float(setup.left + setup.right) / 512 - setup.x0
            uniform = exact == nil && dcdx == SIMD4() && dcdy == SIMD4() ? Rasterizer.pack(c0) : nil
            origin = Int(Rasterizer.floorDiv(setup.left, 256))
            sx = Float(origin) + 0.5 - setup.x0
            y0 = setup.y0
            (self.near, self.nearCount, self.source, self.blended) = (near, nearCount, source, blended)
        }

        /// Writes to `near` the lines of `range` that pass within a pixel of the polygon v0
        /// v1 v2 v3 (the distance is linear: a vertex is nearest), the `nearEdgeLimit` nearest,
        /// and returns how many. (In memory, not an inline array: read in a row's loop, an
        /// inline array was copied whole at every read.)
        static func nearEdges(_ edges: TriangleEdges, _ range: EdgeRange, _ v0: RasterVertex, _ v1: RasterVertex,
                              _ v2: RasterVertex, _ v3: RasterVertex, into near: UnsafeMutablePointer<EdgeLine>) -> Int {
            var nearDistance = InlineArray<32, Float>(repeating: 0)
            var nearCount = 0
            for j in Int(range.first)..<Int(range.first + range.count) {
                let l = edges.lines[j]
                let d = min(min(l.a * v0.x + l.b * v0.y, l.a * v1.x + l.b * v1.y), min(l.a * v2.x + l.b * v2.y, l.a * v3.x + l.b * v3.y)) + l.c
                guard d < l.reach else { continue }
                if nearCount < nearEdgeLimit {
                    (near[nearCount], nearDistance[nearCount]) = (l, d)
                    nearCount += 1
                } else {
                    var farthest = 0
                    for k in 1..<nearCount where nearDistance[k] > nearDistance[farthest] { farthest = k }
                    if d < nearDistance[farthest] { (near[farthest], nearDistance[farthest]) = (l, d) }
                }
            }
            return nearCount
        }

        /// Paints columns lo…hi of row `y` (of the triangle's `row.first` to `row.last`):
        /// those wholly inside every near edge as they are, the rest by their coverage
        /// (each column's treatment its own, whatever part of the row's span lo…hi is).
        ///
        /// Each near edge's column `reach` inside splits the row: left of it an edge facing
        /// right (a > 0) may cut pixels, right of it one facing left (a < 0). The edges whose
        /// column falls past the row's end are those, and only those, that cut the fringe on
        /// their side, so each fringe is blended against them alone (a tile's row: one).
        @inline(__always)
        func span(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ y: Int, _ row: (first: Int, last: Int)) {
            span(line, lo, hi, y, row, cut: nil, other: self)
        }

        /// `span` of a quad's row cut between its two triangles (`RowCut`): each part painted
        /// from its own triangle's planes (these and `other`'s), against these near edges.
        @inline(__always)
        func span(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ y: Int, cut: RowCut, other: TriangleSpans) {
            span(line, lo, hi, y, (lo, hi), cut: cut, other: other)
        }

        /// `span`, its columns painted by this triangle alone (`cut` nil: `row` its columns in
        /// the row) or, cut, by the two. (The other is passed, not captured: a row that copied
        /// it would copy hundreds of bytes.)
        @inline(__always)
        private func span(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ y: Int, _ row: (first: Int, last: Int),
                          cut: RowCut?, other: TriangleSpans) {
            @inline(__always) func parts(_ target: UnsafeMutablePointer<UInt32>, _ a: Int, _ b: Int, _ blended: Bool) {
                guard let cut else {
                    paint(target, a, b, y, blended, row)
                    return
                }
                if a < cut.at && b >= cut.at, !blended, texture?.isCoverage == false,
                   let left = cut.ownLeft ? image(at: a, row: y) : other.image(at: a, row: y),
                   let right = cut.ownLeft ? other.image(at: cut.at, row: y) : image(at: cut.at, row: y) {
                    // Both parts sampled from one image, stored: the row in one pass where it
                    // can be (blended, it is two: not worth placing both walks for).
                    Rasterizer.texturedSpan(target, a, b, left.walk, left.color, skip: left.skip, then: right.walk, from: cut.at, right.color,
                                            skip: right.skip, blended)
                    return
                }
                if a < cut.at {
                    let (from, to) = (a, min(b, cut.at - 1))
                    if cut.ownLeft { paint(target, from, to, y, blended, cut.left) } else { other.paint(target, from, to, y, blended, cut.left) }
                }
                if b >= cut.at {
                    let (from, to) = (max(a, cut.at), b)
                    if cut.ownLeft { other.paint(target, from, to, y, blended, cut.right) } else { paint(target, from, to, y, blended, cut.right) }
                }
            }
            guard nearCount > 0 else {
                parts(line, lo, hi, blended)
                return
            }
            withUnsafeTemporaryAllocation(of: EdgeLine.self, capacity: 2 * Self.nearEdgeLimit) { buffer in
                let left = buffer.baseAddress!, right = left + Self.nearEdgeLimit
                var leftCount = 0, rightCount = 0
                var inLo = lo, inHi = hi
                let bound = (low: Float(lo) - 1, high: Float(hi) + 1)
                for k in 0..<nearCount {
                    let l = near[k]
                    let r = l.b * (Float(y) + 0.5) + l.c
                    // The column x whose centre lies `reach` inside: a·(x + ½) + r = reach.
                    let x = min(max((l.reach - r) / l.a - 0.5, bound.low), bound.high)
                    // (Each edge is written to its side's list, and counted only where it cuts.)
                    if l.a > 0 {
                        let column = Int(x.rounded(.up))
                        inLo = max(inLo, column)
                        left[leftCount] = l
                        leftCount &+= column > lo ? 1 : 0
                    } else if l.a < 0 {
                        let column = Int(x.rounded(.down))
                        inHi = min(inHi, column)
                        right[rightCount] = l
                        rightCount &+= column < hi ? 1 : 0
                    } else if r < l.reach {
                        inHi = inLo - 1
                    }
                }
                guard inLo <= inHi else {
                    // No pixel wholly inside (a sliver, a row along an edge): every column
                    // against every edge that cuts it.
                    if let source {
                        parts(source, lo, hi, false)
                        blendFringe(line, from: source, lo, hi, y)
                    }
                    return
                }
                if lo < inLo || inHi < hi, texture.map({ !$0.isCoverage }) ?? (hi - lo < Self.shortRow), let source {
                    // A row painted once, in and near the edges alike, then its inside copied: a
                    // span's setup (a texture's walk; exact colours' runs, fixed-point colours)
                    // costs more than the few pixels near its edges (a tile's row has two), and
                    // for a colour, more than the copy of a short row. The target's pixels are
                    // asked for first, a blend's to read: they come while the row is painted (a
                    // short row's; a long one's the processor fetches ahead).
                    if blended && hi - lo < Self.shortRow { Rasterizer.prefetch(line, lo, hi) }
                    parts(source, lo, hi, false)
                    Rasterizer.store(line, from: source, inLo, inHi, blended)
                } else {
                    parts(line, inLo, inHi, blended)
                    if let source {
                        if lo < inLo { parts(source, lo, inLo - 1, false) }
                        if inHi < hi { parts(source, inHi + 1, hi, false) }
                    }
                }
                if let source {
                    blendFringe(line, from: source, lo, inLo - 1, y, cutBy: left, leftCount)
                    blendFringe(line, from: source, inHi + 1, hi, y, cutBy: right, rightCount)
                }
            }
        }

        /// Where a quad's row is cut between its two triangles (`Job`): the right part's first
        /// column (the row's lo…hi + 1), each part's columns in the row, and whether the left
        /// part is the spans' own (else the other's).
        struct RowCut {
            let at: Int
            let left: (first: Int, last: Int), right: (first: Int, last: Int)
            let ownLeft: Bool
        }

        /// What `paint` gives `texturedSpan` for row `y` from column `lo` on: the image's walk
        /// placed there, the colour it is times, and the columns from the origin. Nil where
        /// the triangle is untextured or mixes two mip levels.
        @inline(__always)
        func image(at lo: Int, row y: Int) -> (walk: TexelWalk, color: Rasterizer.SpanColor, skip: Int)? {
            guard let texels, coarseTexels == nil else { return nil }
            let cy = Float(y) + 0.5 - y0, skip = lo - origin
            return (texels.at(t0 + dtdx * sx + dtdy * cy, skip: skip), color(row: cy), skip)
        }

        /// The colour a texture is times along a row `cy` below the first corner's centre:
        /// the one colour of a triangle whose corners agree, else the plane's at the origin.
        @inline(__always)
        private func color(row cy: Float) -> Rasterizer.SpanColor {
            uniform.map { .uniform($0) } ?? .varying(c0 + dcdx * sx + dcdy * cy, dcdx)
        }

        /// Paints columns lo…hi of row `y` into `line`, blended or stored; the triangle
        /// covers the row from column `row.first` to `row.last`.
        @inline(__always)
        func paint(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ y: Int, _ blended: Bool, _ row: (first: Int, last: Int)) {
            let cy = Float(y) + 0.5 - y0, skip = lo - origin
            if let texture, texture.isCoverage, blended, let uniform {
                Rasterizer.coverageSpan(line, lo, hi, texture, t0 + dtdx * sx + dtdy * cy, dtdx, skip: skip, uniform)
            } else if let texels, let coarseTexels {
                Rasterizer.trilinearSpan(line, lo, hi, (texels, t0 + dtdx * sx + dtdy * cy), (coarseTexels, c0t + cdtdx * sx + cdtdy * cy),
                                         blend, color(row: cy), skip: skip, blended)
            } else if let image = image(at: lo, row: y) {
                Rasterizer.texturedSpan(line, lo, hi, image.walk, image.color, skip: image.skip, blended)
            } else if rowConstant {
                // (Optional chaining reads the shading where it is; binding it would copy it.)
                let c = Rasterizer.pack(exact?.uniform ?? exact?.colour(at: middle, row: cy) ?? c0 + dcdx * middle + dcdy * cy)
                if !blended || c >> 24 == 255 {
                    (line + lo).update(repeating: c, count: hi - lo + 1)
                } else {
                    Rasterizer.blendSpan(line, lo, hi, c)
                }
            } else if exact != nil {
                exact?.span(line, lo, hi, row: cy, covering: row.first, row.last, blended)
            } else {
                Rasterizer.shadedSpan(line, lo, hi, c0 + dcdx * sx + dcdy * cy, dcdx, skip: skip, blended)
            }
        }

        /// Blends columns lo…hi of row `y` near the edges from their sources in `source`,
        /// each one's alpha scaled by its coverage, against the near edges that cut some pixel
        /// of the run. A distance is linear along the row (and its float rounding monotonic),
        /// so an edge whose distance at both ends is its `reach` or more covers every pixel
        /// between wholly, and weighs nothing.
        private func blendFringe(_ line: UnsafeMutablePointer<UInt32>, from source: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int,
                                 _ y: Int) {
            withUnsafeTemporaryAllocation(of: EdgeLine.self, capacity: Self.nearEdgeLimit) { cutting in
                let lines = cutting.baseAddress!
                var count = 0
                for k in 0..<nearCount {
                    let l = near[k]
                    if min(l.distance(column: lo, row: y), l.distance(column: hi, row: y)) >= l.reach { continue }
                    lines[count] = l
                    count += 1
                }
                blendFringe(line, from: source, lo, hi, y, cutBy: lines, count)
            }
        }

        /// Blends columns lo…hi of row `y` from their sources in `source`, each one's alpha
        /// scaled by its coverage by the `count` edges `lines` (those that may cut them).
        private func blendFringe(_ line: UnsafeMutablePointer<UInt32>, from source: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int,
                                 _ y: Int, cutBy lines: UnsafePointer<EdgeLine>, _ count: Int) {
            guard lo <= hi else { return }
            @inline(__always) func blend(_ x: Int, _ coverage: Float) {
                guard coverage > 0 else { return }
                let s = source[x]
                let alpha = UInt32(Float(s >> 24) * coverage + 0.5)
                line[x] = Rasterizer.blend(s & 0x00FF_FFFF | alpha << 24, over: line[x])
            }
            if count == 1 {
                // One edge cuts the run (a side: nearly every run): its coverage alone.
                let l = lines[0], row = l.rowTerm(y)
                for x in lo...hi { blend(x, l.coverage(atDistance: l.distance(column: x, rowTerm: row))) }
            } else {
                for x in lo...hi { blend(x, Self.coverage(column: x, row: y, by: lines, count: count)) }
            }
        }

        /// The pixel's coverage (0…1) by `count` edges, `lines` (those that may cut it): the
        /// exact area of its square inside all of them. One edge that cuts it (a side: nearly
        /// every edge pixel) gives its own coverage; where more do (a corner, a rounded
        /// corner's chords, both sides of a layer seen edge-on) the square is clipped to each
        /// (`clippedArea`). The edges are those of one convex region (a layer within its
        /// clips), so each line bounds the region wherever it runs.
        @inline(__always)
        static func coverage(column x: Int, row y: Int, by lines: UnsafePointer<EdgeLine>, count: Int) -> Float {
            var cutting = -1, single: Float = 1
            for k in 0..<count {
                let l = lines[k]
                let c = l.coverage(atDistance: l.distance(column: x, row: y))
                if c >= 1 { continue }
                if c <= 0 { return 0 }
                guard cutting < 0 else { return clippedArea(column: x, row: y, by: lines, count: count) }
                (cutting, single) = (k, c)
            }
            return single
        }

        /// The area (0…1) of pixel (x, y)'s square on the inside of every one of `count`
        /// `lines`: the square clipped to each in turn (Sutherland–Hodgman, corners taken
        /// from its centre), then the shoelace sum.
        static func clippedArea(column x: Int, row y: Int, by lines: UnsafePointer<EdgeLine>, count: Int) -> Float {
            // A convex polygon clipped by a line gains at most one corner.
            let room = 4 + count
            return withUnsafeTemporaryAllocation(of: SIMD2<Float>.self, capacity: 2 * room) { buffer in
                var shape = buffer.baseAddress!, next = shape + room
                shape[0] = SIMD2(-0.5, -0.5); shape[1] = SIMD2(0.5, -0.5); shape[2] = SIMD2(0.5, 0.5); shape[3] = SIMD2(-0.5, 0.5)
                var n = 4
                for k in 0..<count {
                    let l = lines[k], centre = l.distance(column: x, row: y)
                    guard centre < l.reach else { continue }
                    @inline(__always) func inside(_ p: SIMD2<Float>) -> Float { l.a * p.x + l.b * p.y + centre }
                    var m = 0
                    for i in 0..<n {
                        let p = shape[i], q = shape[i + 1 < n ? i + 1 : 0], dp = inside(p), dq = inside(q)
                        if dp >= 0 {
                            next[m] = p
                            m += 1
                        }
                        if (dp >= 0) != (dq >= 0) {
                            next[m] = p + (q - p) * (dp / (dp - dq))
                            m += 1
                        }
                    }
                    guard m >= 3 else { return 0 }
                    (shape, next, n) = (next, shape, m)
                }
                var twice: Float = 0
                for i in 0..<n {
                    let p = shape[i], q = shape[i + 1 < n ? i + 1 : 0]
                    twice += p.x * q.y - q.x * p.y
                }
                return min(max(abs(twice) / 2, 0), 1)
            }
        }
    }
}
