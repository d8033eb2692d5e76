import Dispatch
import Foundation

/// One draw call as its workers run it: each worker's bands of rows, every triangle of the call set up, walked row by row, and painted in spans.
extension Rasterizer {
    /// One draw call, run by each worker over its bands.
    struct Job: @unchecked Sendable {
        let vertices: UnsafeBufferPointer<RasterVertex>
        let indices: UnsafeBufferPointer<Int32>
        /// Per triangle of `indices`, what it paints (`Primitive`).
        let plan: UnsafeMutablePointer<Primitive>
        let edges: TriangleEdges?
        /// Per vertex, its shade (`draw`'s `shades`), or nil: colours interpolated affinely.
        let shades: UnsafeBufferPointer<VertexShade>?
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
        /// pixels of anti-aliased edges.
        let scratch: UnsafeMutablePointer<UInt32>?
        let rowStride: Int
        /// `nearEdgeLimit` lines a slot, for the near edges of the triangle it draws.
        let nearLines: UnsafeMutablePointer<EdgeLine>
        /// Room for `coverStride` covers a slot (all of `covered`'s at least), for those the
        /// triangle it draws meets.
        let meetingCovers: UnsafeMutablePointer<CoveredPixels.Cover>
        let coverStride: Int
        let isCancelled: @Sendable () -> Bool

        /// Paints worker `worker`'s bands of the clip, with the scratch of `slot`.
        func run(worker: Int, slot: Int) {
            for t in 0..<(indices.count / 3) {
                let primitive = plan[t], p = primitive.corners
                guard p.x >= 0, Int(primitive.firstRow) < clip.y1, Int(primitive.lastRow) >= clip.y0 else { continue }
                triangle(vertices[Int(p.x)], vertices[Int(p.y)], vertices[Int(p.z)], across: p.w >= 0 ? vertices[Int(p.w)] : nil,
                         shades: shades.map { ($0[Int(p.x)], $0[Int(p.y)], $0[Int(p.z)], $0[Int(p.w >= 0 ? p.w : p.z)]) },
                         edges: edges?.ranges[t] ?? EdgeRange(first: 0, count: 0), level: primitive.level, worker: worker, slot: slot)
            }
        }

        /// The most edges a triangle is anti-aliased against: more pass within a pixel of
        /// one only where a rounded corner's chords crowd; the nearest are kept.
        static let nearEdgeLimit = 8

        /// One edge's inside test along a row: A·x + K ≥ bias at x = 256·px + 128.
        ///
        /// The columns inside at row y are those with 256·a·x ≥ rhs(y) = bias − k(y) − 128·a:
        /// from ⌈rhs / D⌉ on where a > 0, up to −⌈rhs / D⌉ where a < 0 (D = 256·|a|). Down a
        /// row rhs changes by −256·b, so the quotient and its remainder are stepped exactly,
        /// with no division (`Walk`).
        private struct Edge {
            let a: Int64, b: Int64, c: Int64
            /// 0 on a top or left edge (a centre exactly on it is inside), else 1.
            let bias: Int64
            /// 256·|a| (1 for a horizontal edge), and the change of rhs a row, −256·b, as
            /// `stepQuotient`·D + `stepRemainder` (0 ≤ remainder < D).
            let d: Int64, stepQuotient: Int64, stepRemainder: Int64

            init(_ px: Int64, _ py: Int64, _ qx: Int64, _ qy: Int64) {
                a = py - qy
                b = qx - px
                c = -(qx - px) * py + (qy - py) * px
                bias = (a > 0 || (a == 0 && b > 0)) ? 0 : 1
                d = a == 0 ? 1 : 256 * abs(a)
                stepQuotient = Rasterizer.floorDiv(-256 * b, d)
                stepRemainder = -256 * b - stepQuotient * d
            }

            /// ⌈rhs(y) / D⌉ and the remainder Q·D − rhs (0 ≤ it < D) along the rows.
            struct Walk {
                var quotient: Int64
                var remainder: Int64
            }

            /// The walk at row `y` (centre 256·y + 128), by one exact division.
            func walk(row y: Int64) -> Walk {
                let rhs = bias - (b * (256 * y + 128) + c) - 128 * a
                let q = Rasterizer.ceilDiv(rhs, d)
                return Walk(quotient: q, remainder: q * d - rhs)
            }

            /// The walk one row down.
            @inline(__always)
            func advance(_ w: inout Walk) {
                w.quotient &+= stepQuotient
                w.remainder &-= stepRemainder
                if w.remainder < 0 {
                    w.quotient &+= 1
                    w.remainder &+= d
                }
            }

            /// Narrows lo...hi to the pixel columns of row `y` inside, `w` its walk.
            @inline(__always)
            func narrow(_ lo: inout Int, _ hi: inout Int, _ w: Walk, row y: Int64) {
                if a > 0 {
                    lo = max(lo, Int(w.quotient))
                } else if a < 0 {
                    hi = min(hi, Int(-w.quotient))
                } else if b * (256 * y + 128) + c < bias {
                    hi = lo - 1
                }
            }
        }

        /// Writes to `near` the lines of `range` that pass within a pixel of the polygon v0
        /// v1 v2 v3 (the distance is linear: a vertex is nearest), the `nearEdgeLimit` nearest,
        /// and returns how many. (In memory, not an inline array: read in a row's loop, an
        /// inline array captured by the row's functions was copied whole at every read.)
        private static func nearEdges(_ edges: TriangleEdges, _ range: EdgeRange, _ v0: RasterVertex, _ v1: RasterVertex,
                                      _ v2: RasterVertex, _ v3: RasterVertex, into near: UnsafeMutablePointer<EdgeLine>) -> Int {
            var nearDistance = InlineArray<8, Float>(repeating: 0)
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

        /// Paints the triangle v0 v1 v2, or with `w` (across the side v1 v2, from `Rasterizer.quad`)
        /// the quad v0 v1 w v2, its attributes the triangle's plane, its texture sampled at
        /// mip `level`; shaded exactly by the `shades` of v0 v1 v2 and w (a triangle's: v2's
        /// again) where given.
        private func triangle(_ v0: RasterVertex, _ v1: RasterVertex, _ v2: RasterVertex, across w: RasterVertex? = nil,
                              shades: (VertexShade, VertexShade, VertexShade, VertexShade)? = nil, edges range: EdgeRange,
                              level: Int32, worker: Int, slot: Int) {
            // Far off (or not a number): no pixel to paint, and no integer to snap to.
            let limit = Rasterizer.farOff
            guard abs(v0.x) < limit, abs(v0.y) < limit, abs(v1.x) < limit,
                  abs(v1.y) < limit, abs(v2.x) < limit, abs(v2.y) < limit else { return }
            var p = (v0, v1, v2), s = shades
            let snap = Rasterizer.subpixel
            // The fourth corner (a triangle's: its third, which adds nothing to any bound).
            let far = w ?? v2, xw = snap(far.x), yw = snap(far.y)
            let x0 = snap(p.0.x), y0 = snap(p.0.y)
            var x1 = snap(p.1.x), y1 = snap(p.1.y)
            var x2 = snap(p.2.x), y2 = snap(p.2.y)
            var twiceArea = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
            if twiceArea == 0 { return }
            if twiceArea < 0 {
                twiceArea = -twiceArea
                swap(&p.1, &p.2)
                s = s.map { ($0.0, $0.2, $0.1, $0.3) }
                swap(&x1, &x2)
                swap(&y1, &y2)
            }
            // A quad's side v1 v2 gives way to its two sides through w (turned as the rest);
            // a triangle tests that side twice.
            let e1 = Edge(x2, y2, x0, y0), e2 = Edge(x0, y0, x1, y1)
            let side = Edge(x1, y1, x2, y2)
            let (e0, e3) = w == nil ? (side, side) : (Edge(x1, y1, xw, yw), Edge(xw, yw, x2, y2))
            // The box of the corners, in subpixels (pairwise: a variadic min or max would
            // allocate its arguments on every triangle).
            let left = min(min(x0, x1), min(x2, xw)), right = max(max(x0, x1), max(x2, xw))
            let top = max(clip.y0, Int(Rasterizer.ceilDiv(min(min(y0, y1), min(y2, yw)) - 128, 256)))
            let bottom = min(clip.y1 - 1, Int(Rasterizer.floorDiv(max(max(y0, y1), max(y2, yw)) - 128, 256)))
            // This worker's bands: every `workers`-th from its first. A triangle in none of
            // them (a small one, in another worker's band) is not set up at all.
            var firstBand = top / band
            firstBand += ((worker - firstBand % workers) + workers) % workers
            guard top <= bottom, firstBand * band <= bottom else { return }

            // Attribute planes: f(x, y) = f0 + dx·(x − X0) + dy·(y − Y0), in pixels.
            let fx0 = Float(x0) / 256, fy0 = Float(y0) / 256
            let ex1 = Float(x1 - x0) / 256, ey1 = Float(y1 - y0) / 256
            let ex2 = Float(x2 - x0) / 256, ey2 = Float(y2 - y0) / 256
            // Twice the area in square pixels, from the exact integer: never rounded to 0.
            let det = Float(twiceArea) / 65536
            func plane(_ f0: SIMD4<Float>, _ f1: SIMD4<Float>, _ f2: SIMD4<Float>) -> (SIMD4<Float>, SIMD4<Float>) {
                let d1 = f1 - f0, d2 = f2 - f0
                return ((d1 * ey2 - d2 * ey1) / det, (d2 * ex1 - d1 * ex2) / det)
            }
            let c0 = p.0.channels
            let (dcdx, dcdy) = plane(c0, p.1.channels, p.2.channels)
            // Shaded exactly (in perspective, or tinted): the planes of q·colour, q·tint and q.
            let exact = s.flatMap { s in
                s.0.q == s.1.q && s.1.q == s.2.q && s.0.tint == .zero && s.1.tint == .zero && s.2.tint == .zero ? nil
                    : ExactShading(p, (s.0, s.1, s.2), farQ: s.3.q, x0: fx0, plane: plane)
            }
            let texture: PixelView? = levels.isEmpty ? nil : levels[min(levels.count - 1, Int(level))]
            let tw = Float(texture?.width ?? 1), th = Float(texture?.height ?? 1)
            func texel(_ v: RasterVertex) -> SIMD4<Float> { SIMD4(v.u * tw - 0.5, v.v * th - 0.5, 0, 0) }
            let t0 = texel(p.0)
            let (dtdx, dtdy) = texture == nil ? (SIMD4<Float>(), SIMD4<Float>()) : plane(t0, texel(p.1), texel(p.2))
            // A colour that changes by under a quarter level across the triangle's width is
            // one colour a row.
            let width = Float(right - left) / 256
            let rowConstant = exact.map { $0.isUniform || $0.slope * width < 0.25 } ?? (((dcdx * width) * (dcdx * width)).max() < 1.0 / 16)
            // Where a row-constant colour is taken: the triangle's middle column, so a row's
            // colour is the same however its span is cut (by covers, by the edges).
            let middle = Float(left + right) / 512 - fx0
            let uniform = exact == nil && dcdx == SIMD4() && dcdy == SIMD4() ? Rasterizer.pack(c0) : nil

            // Constants from here on: the nested functions below capture them by value.
            let near = nearLines + slot * Self.nearEdgeLimit
            let nearCount = edges.map { Self.nearEdges($0, range, v0, v1, v2, far, into: near) } ?? 0

            // Every row's attributes are taken at one column, the triangle's leftmost, and
            // stepped from there: a pixel's value is then the same however its row is cut
            // into runs (by covers, by the edges), so what they leave undrawn changes nothing
            // — but in a sliver whose colours run off 0…255, where each run is fitted alone.
            let origin = Int(Rasterizer.floorDiv(left, 256))
            let sx = Float(origin) + 0.5 - fx0

            /// Paints columns lo…hi of row `y` into `line`, blended or stored; the triangle
            /// covers the row from column `row.first` to `row.last`.
            func paint(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ y: Int, _ blended: Bool, _ row: (first: Int, last: Int)) {
                let cy = Float(y) + 0.5 - fy0, skip = lo - origin
                if let texture, texture.isCoverage, blended, let uniform {
                    Rasterizer.coverageSpan(line, lo, hi, texture, t0 + dtdx * sx + dtdy * cy, dtdx, skip: skip, uniform)
                } else if let texture {
                    Rasterizer.texturedSpan(line, lo, hi, texture, t0 + dtdx * sx + dtdy * cy, dtdx,
                                            uniform.map { .uniform($0) } ?? .varying(c0 + dcdx * sx + dcdy * cy, dcdx), skip: skip, blended)
                } else if rowConstant {
                    // (Optional chaining reads the shading where it is; binding it would copy it.)
                    let c = Rasterizer.pack(exact?.colour(at: middle, row: cy) ?? c0 + dcdx * middle + dcdy * cy)
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

            /// The pixel's coverage by `count` of the near edges, `lines` (those that may cut it).
            /// Edges whose normals are within about 20° of each other (a rounded corner's
            /// chords) cut overlapping corners off the square, so the smallest of their
            /// coverages stands for them; the groups that remain (a layer's corner) multiply.
            func coverage(column x: Int, row y: Int, by lines: UnsafePointer<EdgeLine>, count: Int) -> Float {
                // One or two lines (a straight side, a corner: nearly every edge pixel), the
                // rule below without its bookkeeping.
                if count <= 2 {
                    guard count > 0 else { return 1 }
                    let l = lines[0], c = l.coverage(atDistance: l.distance(column: x, row: y))
                    guard count == 2 else { return c }
                    let m = lines[1], d = m.coverage(atDistance: m.distance(column: x, row: y))
                    if c <= 0 || d <= 0 { return 0 }
                    if c >= 1 || d >= 1 { return min(c, d) }
                    return l.a * m.a + l.b * m.b > 0.94 ? min(c, d) : c * d
                }
                var groupA = InlineArray<8, Float>(repeating: 0), groupB = InlineArray<8, Float>(repeating: 0)
                var groupCoverage = InlineArray<8, Float>(repeating: 1)
                var groups = 0
                for k in 0..<count {
                    let l = lines[k]
                    let c = l.coverage(atDistance: l.distance(column: x, row: y))
                    if c >= 1 { continue }
                    if c <= 0 { return 0 }
                    var joined = false
                    for g in 0..<groups where groupA[g] * l.a + groupB[g] * l.b > 0.94 {
                        groupCoverage[g] = min(groupCoverage[g], c)
                        joined = true
                        break
                    }
                    if !joined {
                        (groupA[groups], groupB[groups], groupCoverage[groups]) = (l.a, l.b, c)
                        groups += 1
                    }
                }
                var product: Float = 1
                for g in 0..<groups { product *= groupCoverage[g] }
                return product
            }

            /// Paints columns lo…hi of row `y` near the edges: each pixel's source, its alpha
            /// scaled by its coverage, blended.
            func paintFringe(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ y: Int, _ row: (first: Int, last: Int)) {
                guard lo <= hi, let scratch else { return }
                let source = scratch + slot * rowStride
                paint(source, lo, hi, y, false, row)
                blendFringe(line, from: source, lo, hi, y)
            }

            /// Blends columns lo…hi of row `y` from their sources in `source`, each one's alpha
            /// scaled by its coverage.
            ///
            /// Only the edges that cut some pixel of the run are weighed: a distance is linear
            /// along the row (and its float rounding monotonic), so an edge whose distance at
            /// both ends is its `reach` or more covers every pixel between wholly, and weighs
            /// nothing (a tile's row meets one or two of its four edges, not all).
            func blendFringe(_ line: UnsafeMutablePointer<UInt32>, from source: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ y: Int) {
                guard lo <= hi else { return }
                withUnsafeTemporaryAllocation(of: EdgeLine.self, capacity: Self.nearEdgeLimit) { cutting in
                    let lines = cutting.baseAddress!
                    var count = 0
                    for k in 0..<nearCount {
                        let l = near[k]
                        if min(l.distance(column: lo, row: y), l.distance(column: hi, row: y)) >= l.reach { continue }
                        lines[count] = l
                        count += 1
                    }
                    for x in lo...hi {
                        let coverage = coverage(column: x, row: y, by: lines, count: count)
                        guard coverage > 0 else { continue }
                        let s = source[x]
                        let alpha = UInt32(Float(s >> 24) * coverage + 0.5)
                        line[x] = Rasterizer.blend(s & 0x00FF_FFFF | alpha << 24, over: line[x])
                    }
                }
            }

            /// Paints columns lo…hi of row `y` (of the triangle's `row.first` to `row.last`):
            /// those wholly inside every near edge as they are, the rest by their coverage
            /// (each column's treatment its own, whatever part of the row's span lo…hi is).
            func span(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ y: Int, _ row: (first: Int, last: Int)) {
                guard nearCount > 0 else {
                    paint(line, lo, hi, y, blended, row)
                    return
                }
                var inLo = lo, inHi = hi
                let bound = (low: Float(lo) - 1, high: Float(hi) + 1)
                for k in 0..<nearCount {
                    let l = near[k]
                    let r = l.b * (Float(y) + 0.5) + l.c
                    // The column x whose centre lies `reach` inside: a·(x + ½) + r = reach.
                    let x = min(max((l.reach - r) / l.a - 0.5, bound.low), bound.high)
                    if l.a > 0 {
                        inLo = max(inLo, Int(x.rounded(.up)))
                    } else if l.a < 0 {
                        inHi = min(inHi, Int(x.rounded(.down)))
                    } else if r < l.reach {
                        inHi = inLo - 1
                    }
                }
                if inLo <= inHi, (lo < inLo || inHi < hi), let texture, !texture.isCoverage, let scratch {
                    // A texture's row sampled once, in and near the edges alike: its setup
                    // costs more than the few pixels near its edges (a tile's row has two).
                    let source = scratch + slot * rowStride
                    paint(source, lo, hi, y, false, row)
                    Rasterizer.store(line, from: source, inLo, inHi, blended)
                    blendFringe(line, from: source, lo, inLo - 1, y)
                    blendFringe(line, from: source, inHi + 1, hi, y)
                } else if inLo <= inHi {
                    paint(line, inLo, inHi, y, blended, row)
                    paintFringe(line, lo, inLo - 1, y, row)
                    paintFringe(line, inHi + 1, hi, y, row)
                } else {
                    paintFringe(line, lo, hi, y, row)
                }
            }

            // Only the covers the triangle's box meets are looked at row by row (most small
            // triangles meet none).
            let meets = covered.covers.isEmpty ? covered
                : covered.meeting(columns: origin, Int(Rasterizer.floorDiv(right, 256)),
                                  rows: top, bottom, in: meetingCovers + slot * coverStride)
            let pixels = target.pixels, pitch = target.width
            var bandStart = firstBand * band
            while bandStart <= bottom {
                defer { bandStart += band * workers }
                if isCancelled() { return }
                let first = max(top, bandStart)
                var w0 = e0.walk(row: Int64(first)), w1 = e1.walk(row: Int64(first)), w2 = e2.walk(row: Int64(first))
                var w3 = e3.walk(row: Int64(first))
                for y in first...min(bottom, bandStart + band - 1) {
                    var lo = clip.x0, hi = clip.x1 - 1
                    let row = Int64(y)
                    e0.narrow(&lo, &hi, w0, row: row)
                    e1.narrow(&lo, &hi, w1, row: row)
                    e2.narrow(&lo, &hi, w2, row: row)
                    e3.narrow(&lo, &hi, w3, row: row)
                    e0.advance(&w0)
                    e1.advance(&w1)
                    e2.advance(&w2)
                    e3.advance(&w3)
                    if lo <= hi {
                        let line = pixels + y * pitch
                        if meets.covers.isEmpty {
                            span(line, lo, hi, y, (lo, hi))
                        } else {
                            Rasterizer.uncovered(lo, hi, row: y, meets) { span(line, $0, $1, y, (lo, hi)) }
                        }
                    }
                }
            }
        }
    }
}
