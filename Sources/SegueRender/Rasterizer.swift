import Dispatch
import Foundation

/// Fills triangles on the CPU as OpenGL does for `SDL_RenderGeometry`: a pixel is painted
/// when its centre lies inside (on a shared edge, by the top-left rule, so two triangles
/// sharing an edge never both paint a pixel — a blended grid shows no seams); colours and
/// texture coordinates are interpolated linearly in screen space (but where shaded exactly,
/// below); a texture is sampled bilinearly, edges clamped, and multiplied by the colour;
/// the result is stored, or blended source-over with straight alpha (SDL_BLENDMODE_BLEND).
/// Vertices snap to 1/256 of a pixel and the inside test is exact integer arithmetic.
///
/// A draw call's rows are shared among `threads` workers in interleaved bands of
/// `bandRows`, so the work stays even wherever the triangles are.
///
/// Edges of a layer's image given as `TriangleEdges` are anti-aliased: a pixel within a
/// pixel of one is painted with its alpha scaled by the exact area of the pixel square on
/// the inside of each such line (`EdgeLine.coverage`), the product where several pass, and
/// blended. The triangles themselves still split pixels by their centres, so those shared
/// inside a layer (or between layers, where the edge is not given) show no seam; the
/// tessellator grows a layer's polygons past its edges for the pixels just outside it.
/// Coverage is applied to the stored 8-bit values (sRGB-encoded, as browsers blend).
///
/// An untextured call given `VertexShade`s is shaded exactly: each colour channel, its
/// tint and 1/w are interpolated as planes of q·colour, q·tint and q (q = 1/w), which is
/// perspective-correct for a layer seen in perspective, and the tint is mixed in per pixel.
/// The exact colour is taken every `ExactShading.run` columns (2…1024, chosen per triangle;
/// counted from column 0, so a pixel's value does not depend on where its run starts) and
/// stepped linearly between.
package struct Rasterizer {
    /// Workers a call is shared among: the processors, up to 8.
    package var threads = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8)
    package var bandRows = 32
    /// A call whose vertices span fewer pixels than this (inside the clip) is drawn on the
    /// calling thread.
    package var parallelArea = 20_000
    /// Asked before each band of rows a triangle paints: once it says yes, the call paints
    /// no more (a frame being given up — a signal asks the process to stop — ends within
    /// `bandRows` rows).
    package var isCancelled: @Sendable () -> Bool = { false }

    /// Per worker: a row of source pixels for anti-aliased edges, the near edges of the
    /// triangle it draws (`Job.nearEdgeLimit`) and the covers that triangle meets. Copies of
    /// a rasterizer share them: only one copy draws at a time.
    private let scratchRows = RasterBuffer<UInt32>(), scratchLines = RasterBuffer<EdgeLine>(), scratchCovers = RasterBuffer<CoveredPixels.Cover>()
    /// The call's primitives (`Job.plan`), found once before the workers start.
    private let scratchPlan = RasterBuffer<Primitive>()

    package init(isCancelled: @escaping @Sendable () -> Bool = { false }) {
        self.isCancelled = isCancelled
    }

    /// The anti-aliased edges of a draw call's triangles: for triangle k, `ranges[k]` names
    /// the `lines` bounding its layer's image (none: its edges stay hard).
    package struct TriangleEdges {
        package var lines: UnsafeBufferPointer<EdgeLine>
        package var ranges: UnsafeBufferPointer<EdgeRange>

        package init(lines: UnsafeBufferPointer<EdgeLine>, ranges: UnsafeBufferPointer<EdgeRange>) {
            self.lines = lines
            self.ranges = ranges
        }
    }

    /// A run of `TriangleEdges.lines`.
    package struct EdgeRange: Equatable, Sendable, BitwiseCopyable {
        package var first: Int32
        package var count: Int32

        package init(first: Int32, count: Int32) {
            self.first = first
            self.count = count
        }
    }

    /// Draws the triangles `indices` makes of `vertices` into `target` within `clip`,
    /// textured by `texture` times the vertex colours (or coloured by them alone, shaded
    /// exactly by their `shades` where given), blended or stored, their layers' `edges`
    /// anti-aliased. The pixels of `covered` are left as
    /// they are: the caller paints each of them over, opaquely, before anyone sees them
    /// (what a later opaque item surely replaces), so drawing them would change nothing.
    /// Traps unless `indices.count` is a multiple of 3, every index is one of `vertices`,
    /// `edges` has a range of its lines for each triangle, and `shades`, if any, one shade a
    /// vertex of an untextured call (checked once a call, before any pixel).
    package func draw(_ vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>,
                      edges: TriangleEdges? = nil, shades: UnsafeBufferPointer<VertexShade>? = nil, texture: RasterImage?,
                      blended: Bool, into target: RasterImage, clip: PixelRect, covered: CoveredPixels = .none) {
        Self.checkArguments(vertices, indices, edges: edges, shades: shades, textured: texture != nil)
        let clip = clip.intersection(target.bounds)
        guard !clip.isEmpty, !indices.isEmpty else { return }
        let reach = Self.reach(of: vertices, in: clip)
        let workers = reach > 0 && reach >= Float(parallelArea) ? max(1, threads) : 1
        let scratch = reserve(workers: workers, width: target.width, covers: covered.covers.count)
        let job = prepare(vertices, indices, edges: edges, shades: shades, texture: texture, blended: blended, into: target, clip: clip,
                          covered: covered, plan: scratchPlan.room(for: indices.count / 3), scratch: scratch).job
        if workers == 1 {
            job.run(worker: 0, slot: 0)
        } else {
            DispatchQueue.concurrentPerform(iterations: workers) { job.run(worker: $0, slot: $0) }
        }
    }

    /// How many pixels a call of `vertices` can reach within `clip`: the area of their
    /// bounding box cut to it (0 where they miss it).
    package static func reach(of vertices: UnsafeBufferPointer<RasterVertex>, in clip: PixelRect) -> Float {
        var lo = SIMD2<Float>(repeating: .infinity), hi = SIMD2<Float>(repeating: -.infinity)
        for v in vertices {
            let p = SIMD2(v.x, v.y)
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        let width = min(hi.x, Float(clip.x1)) - max(lo.x, Float(clip.x0)), height = min(hi.y, Float(clip.y1)) - max(lo.y, Float(clip.y0))
        return width > 0 && height > 0 ? width * height : 0
    }

    /// A draw call made ready (`prepare`) to be painted a band of rows at a time, by threads
    /// that each own a slot of the rasterizer's scratch (`reserve`): how its triangles pair
    /// and the mip levels they sample are found once. It reads the buffers it was made from,
    /// its plan and that scratch, which must stay while it is drawn.
    package struct PreparedDraw: @unchecked Sendable {
        fileprivate var job: Job

        /// Paints the pixels the call paints in `rows` (all of them, alone), with scratch `slot`.
        package func draw(rows: Range<Int>, slot: Int) {
            var band = job
            band.clip = PixelRect(x0: job.clip.x0, y0: max(job.clip.y0, rows.lowerBound), x1: job.clip.x1,
                                  y1: min(job.clip.y1, rows.upperBound))
            guard !band.clip.isEmpty else { return }
            band.workers = 1
            band.run(worker: 0, slot: slot)
        }
    }

    /// One triangle of a call, or a quad of two (`quad`), and the rows it may paint.
    package struct Primitive: BitwiseCopyable {
        /// Its vertices' indices and -1, or with a fourth the quad it starts; all -1 for the
        /// second triangle of a quad.
        var corners: SIMD4<Int32>
        /// No row outside these (as far as its vertices are finite and near; else every row).
        var firstRow: Int32, lastRow: Int32
        /// The mip level of the call's texture it samples (`polygonLevel`); 0 untextured.
        var level: Int32
    }

    /// The scratch `reserve` made: `workers` slots, each a row of `width` pixels and room
    /// for `covers` covers.
    package struct Scratch {
        let workers: Int, width: Int, covers: Int
    }

    /// Scratch for `workers` threads drawing at once into targets up to `width` pixels wide,
    /// with up to `covers` covers: the calls `prepare`d with it may run at once, on different
    /// slots, until the next `reserve`.
    package func reserve(workers: Int, width: Int, covers: Int) -> Scratch {
        _ = scratchRows.room(for: workers * width)
        _ = scratchLines.room(for: workers * Job.nearEdgeLimit)
        _ = scratchCovers.room(for: workers * covers)
        return Scratch(workers: workers, width: width, covers: covers)
    }

    /// `draw`'s call made ready, with `plan` room for its `indices.count / 3` primitives and
    /// `scratch` reserved for its target and covers (its arguments checked; the clip inside
    /// the target). Makes the texture's mip levels the triangles ask for.
    package func prepare(_ vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>,
                         edges: TriangleEdges?, shades: UnsafeBufferPointer<VertexShade>?, texture: RasterImage?, blended: Bool,
                         into target: RasterImage, clip: PixelRect, covered: CoveredPixels, plan: UnsafeMutablePointer<Primitive>,
                         scratch: Scratch) -> PreparedDraw {
        precondition(scratch.width >= target.width && scratch.covers >= covered.covers.count, "scratch reserved for less than the call")
        var levels: [PixelView] = []
        if let texture {
            var deepest = 0
            var k = 0
            while k + 2 < indices.count {
                let (level, end) = Self.polygonLevel(vertices, indices, at: k, texture: texture)
                for t in (k / 3)..<(end / 3) { plan[t].level = Int32(level) }
                deepest = max(deepest, level)
                k = end
            }
            texture.prepareLevels(upTo: deepest)
            levels = (0...deepest).map { texture.level($0).view }
        }
        /// The rows the vertices `corners` (-1: none) may paint: those their centres' box reaches.
        func rows(_ corners: SIMD4<Int32>) -> (Int32, Int32) {
            var low = Float.infinity, high = -Float.infinity
            for k in 0..<4 where corners[k] >= 0 {
                let y = vertices[Int(corners[k])].y
                guard abs(y) < Self.farOff else { return (.min, .max) }
                (low, high) = (min(low, y), max(high, y))
            }
            return (Int32(low.rounded(.down)) - 1, Int32(high.rounded(.up)) + 1)
        }
        var k = 0
        while k + 2 < indices.count {
            // The levels the pass above set (none untextured).
            let level = texture == nil ? 0 : plan[k / 3].level
            if k + 5 < indices.count, texture == nil || plan[k / 3 + 1].level == level,
               let q = Self.quad(vertices, indices, at: k, ranges: edges?.ranges, shades: shades, texture: levels.first) {
                let corners = SIMD4(q.0, q.1, q.2, q.3), (first, last) = rows(corners)
                plan[k / 3] = Primitive(corners: corners, firstRow: first, lastRow: last, level: level)
                plan[k / 3 + 1] = Primitive(corners: SIMD4(repeating: -1), firstRow: 0, lastRow: -1, level: level)
                k += 6
            } else {
                let corners = SIMD4(indices[k], indices[k + 1], indices[k + 2], -1), (first, last) = rows(corners)
                plan[k / 3] = Primitive(corners: corners, firstRow: first, lastRow: last, level: level)
                k += 3
            }
        }
        return PreparedDraw(job: Job(vertices: vertices, indices: indices, plan: plan, edges: edges, shades: shades, levels: levels,
                                     blended: blended, target: target.view, clip: clip, covered: covered, band: bandRows,
                                     workers: scratch.workers, scratch: edges == nil ? nil : scratchRows.room(for: scratch.workers * scratch.width),
                                     rowStride: scratch.width, nearLines: scratchLines.room(for: scratch.workers * Job.nearEdgeLimit),
                                     meetingCovers: scratchCovers.room(for: scratch.workers * scratch.covers), coverStride: scratch.covers,
                                     isCancelled: isCancelled))
    }

    /// Traps unless `indices.count` is a multiple of 3, every index is one of `vertices`,
    /// `edges` has a range of its lines for each triangle, and `shades`, if any, one shade a
    /// vertex of a call not `textured`: `draw`'s contract, checked before any pixel (and by
    /// `RasterPipeline` where the call is given).
    package static func checkArguments(_ vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>,
                                       edges: TriangleEdges?, shades: UnsafeBufferPointer<VertexShade>? = nil, textured: Bool) {
        precondition(indices.count % 3 == 0, "\(indices.count) indices: not whole triangles")
        if let shades {
            precondition(!textured, "shades for a textured call")
            precondition(shades.count == vertices.count, "\(shades.count) shades for \(vertices.count) vertices")
        }
        if let edges {
            precondition(edges.ranges.count == indices.count / 3, "\(edges.ranges.count) edge ranges for \(indices.count / 3) triangles")
            for r in edges.ranges {
                precondition(r.first >= 0 && r.count >= 0 && Int(r.first) + Int(r.count) <= edges.lines.count,
                             "edge range \(r.first)+\(r.count) outside the \(edges.lines.count) lines")
            }
        }
        // The largest index as unsigned: a negative one is larger than any vertex count.
        var largest: UInt32 = 0
        for i in indices { largest = max(largest, UInt32(bitPattern: i)) }
        precondition(indices.isEmpty || Int(largest) < vertices.count,
                     "an index (\(Int32(bitPattern: largest))) outside the \(vertices.count) vertices")
    }

    /// Beyond this many pixels from the origin a vertex is taken as far off (or not a number):
    /// nothing is painted for it, and it is not snapped.
    static let farOff: Float = 1_048_576

    /// A position in the rasterizer's 1/256 pixels, where edges are tested.
    @inline(__always)
    static func subpixel(_ f: Float) -> Int64 { Int64((f * 256).rounded()) }

    /// Triangles k/3 and k/3 + 1 of `indices` as one quad, where they make one: they share a
    /// side and their `ranges` of edges, their union is strictly convex, and their attributes
    /// are one plane (the second's far vertex where the first's plane puts it, within half a
    /// colour level and 1/32 of a texel of `texture` (the caller sees that both take one mip
    /// level of it); with `shades`, the planes of q, q·colour and q·tint, within
    /// 10⁻⁴ of q and half a level of the colour and the tint) — a flat layer's cell, a
    /// photograph, a glyph not in perspective, a layer shaded exactly. Returns the
    /// first triangle's vertex indices turned so that the shared side is its second to third,
    /// and the second's far vertex; the quad paints exactly the pixels the pair does, with
    /// one walk down the rows where the pair took two.
    static func quad(_ vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>, at k: Int,
                     ranges: UnsafeBufferPointer<EdgeRange>?, shades: UnsafeBufferPointer<VertexShade>? = nil,
                     texture base: PixelView?) -> (Int32, Int32, Int32, Int32)? {
        guard k + 5 < indices.count, ranges.map({ $0[k / 3] == $0[k / 3 + 1] }) ?? true else { return nil }
        let i0 = indices[k], i1 = indices[k + 1], i2 = indices[k + 2]
        let j0 = indices[k + 3], j1 = indices[k + 4], j2 = indices[k + 5]
        @inline(__always) func inFirst(_ x: Int32) -> Bool { x == i0 || x == i1 || x == i2 }
        @inline(__always) func inSecond(_ x: Int32) -> Bool { x == j0 || x == j1 || x == j2 }
        // The second's one vertex off the first, and the first's off the second.
        let outSecond = (inFirst(j0) ? 0 : 1) + (inFirst(j1) ? 0 : 1) + (inFirst(j2) ? 0 : 1)
        guard outSecond == 1, i0 != i1, i1 != i2, i0 != i2, j0 != j1, j1 != j2, j0 != j2 else { return nil }
        let wi = !inFirst(j0) ? j0 : !inFirst(j1) ? j1 : j2
        // The first triangle from its far vertex (exactly one: the second shares two), in its
        // own turn.
        let (a, b, c) = !inSecond(i0) ? (i0, i1, i2) : !inSecond(i1) ? (i1, i2, i0) : (i2, i0, i1)
        let v0 = vertices[Int(a)], v1 = vertices[Int(b)], v2 = vertices[Int(c)], w = vertices[Int(wi)]
        // Strictly convex where the edges are tested: in 1/256 pixels, v0 v1 w v2 turning
        // the same way at every corner.
        let limit = farOff
        guard abs(w.x) < limit, abs(w.y) < limit, abs(v0.x) < limit, abs(v0.y) < limit, abs(v1.x) < limit,
              abs(v1.y) < limit, abs(v2.x) < limit, abs(v2.y) < limit else { return nil }
        @inline(__always) func snap(_ v: RasterVertex) -> (Int64, Int64) { (subpixel(v.x), subpixel(v.y)) }
        let p0 = snap(v0), p1 = snap(v1), pw = snap(w), p2 = snap(v2)
        @inline(__always) func turn(_ a: (Int64, Int64), _ b: (Int64, Int64), _ c: (Int64, Int64)) -> Int64 {
            let cross = (b.0 - a.0) * (c.1 - b.1) - (b.1 - a.1) * (c.0 - b.0)
            return cross > 0 ? 1 : cross < 0 ? -1 : 0
        }
        guard abs(turn(p2, p0, p1) + turn(p0, p1, pw) + turn(p1, pw, p2) + turn(pw, p2, p0)) == 4 else { return nil }
        // w in the first triangle's frame, w − v0 = α·(v1 − v0) + β·(v2 − v0), where the
        // edges are tested and the plane is made: at 1/256 pixel (a sliver's far corner
        // moved by the rounding tilts its plane across the whole quad).
        @inline(__always) func from(_ p: (Int64, Int64)) -> (Float, Float) { (Float(p.0 - p0.0) / 256, Float(p.1 - p0.1) / 256) }
        let (ex1, ey1) = from(p1), (ex2, ey2) = from(p2), (wx, wy) = from(pw)
        let det = ex1 * ey2 - ex2 * ey1
        guard det != 0 else { return nil }
        let alpha = (wx * ey2 - ex2 * wy) / det, beta = (ex1 * wy - wx * ey1) / det
        @inline(__always) func misses(_ f0: Float, _ f1: Float, _ f2: Float, _ fw: Float, by tolerance: Float) -> Bool {
            !(abs(f0 + alpha * (f1 - f0) + beta * (f2 - f0) - fw) < tolerance)
        }
        @inline(__always) func onPlane(_ f0: SIMD4<Float>, _ f1: SIMD4<Float>, _ f2: SIMD4<Float>) -> SIMD4<Float> {
            f0 + alpha * (f1 - f0) + beta * (f2 - f0)
        }
        if let shades {
            let s0 = shades[Int(a)], s1 = shades[Int(b)], s2 = shades[Int(c)], sw = shades[Int(wi)]
            let q = onPlane(SIMD4(repeating: s0.q), SIMD4(repeating: s1.q), SIMD4(repeating: s2.q)).x
            guard abs(q - sw.q) <= 1e-4 * abs(sw.q), q > 0 else { return nil }
            // The tint's alpha (0…1) weighed as a colour level.
            let levels = SIMD4<Float>(1, 1, 1, 255)
            let off = onPlane(v0.channels * s0.q, v1.channels * s1.q, v2.channels * s2.q) / q - w.channels
            let tintOff = (onPlane(s0.tint * s0.q, s1.tint * s1.q, s2.tint * s2.q) / q - sw.tint) * levels
            guard (off * off).max() < 0.25, (tintOff * tintOff).max() < 0.25 else { return nil }
        } else {
            let off = onPlane(v0.channels, v1.channels, v2.channels) - w.channels
            guard (off * off).max() < 0.25 else { return nil }
        }
        if let base {
            let tw = Float(base.width), th = Float(base.height)
            guard !misses(v0.u * tw, v1.u * tw, v2.u * tw, w.u * tw, by: 1.0 / 32), !misses(v0.v * th, v1.v * th, v2.v * th, w.v * th, by: 1.0 / 32)
            else { return nil }
        }
        return (a, b, c, wi)
    }

    /// Calls `paint` on the runs of columns lo…hi of row `y` that lie in none of `covered`
    /// (at most one more run than the covers that cross the row), left to right.
    @inline(__always)
    static func uncovered(_ lo: Int, _ hi: Int, row y: Int, _ covered: CoveredPixels, _ paint: (Int, Int) -> Void) {
        var x = lo
        while x <= hi {
            // The first column from x on that no run holds, and the end of the run from there.
            var end = hi
            var moved = true
            while moved {
                moved = false
                for c in covered.covers {
                    let r = covered.run(c, row: y)
                    if r.x0 <= x && x < r.x1 {
                        x = r.x1
                        moved = true
                    }
                }
            }
            guard x <= hi else { return }
            for c in covered.covers {
                let r = covered.run(c, row: y)
                if r.x0 > x && r.x0 < r.x1 { end = min(end, r.x0 - 1) }
            }
            paint(x, end)
            x = end + 1
        }
    }

    /// The deepest mip level of `texture` a glyph atlas is sampled from: its glyphs lie one
    /// clear texel apart, so deeper levels would blend neighbours.
    package static let coverageLevelLimit = 2

    /// The mip level the polygon starting at triangle k/3 samples `texture` at, and where it
    /// ends: its triangles are those that follow sharing the first one's first vertex (a
    /// fan, as the tessellator emits a cell), and its level is its largest triangle's — one
    /// level for the polygon, so a cell's two halves never take two (a seam between a sharp
    /// and a soft half where its squeeze sits at a level's threshold).
    static func polygonLevel(_ vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>, at k: Int,
                             texture: RasterImage) -> (level: Int, end: Int) {
        var end = k, largest = -Float.infinity, level = 0
        while end + 2 < indices.count && indices[end] == indices[k] {
            let a = vertices[Int(indices[end])], b = vertices[Int(indices[end + 1])], c = vertices[Int(indices[end + 2])]
            let area = abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y))
            if area > largest {
                largest = area
                level = Self.level(a, b, c, width: texture.width, height: texture.height, coverage: texture.isCoverage)
            }
            end += 3
        }
        return (level, end)
    }

    /// The mip level a triangle samples a `width` × `height` texture at: the nearest to log₂ of its largest
    /// step in texels per pixel (an affine triangle steps evenly), 0 where it is not
    /// minified — so a screen squeezed edge-on fades to its average instead of shimmering.
    static func level(_ a: RasterVertex, _ b: RasterVertex, _ c: RasterVertex, width: Int, height: Int, coverage: Bool) -> Int {
        let w = Float(width), h = Float(height)
        let ex1 = b.x - a.x, ey1 = b.y - a.y, ex2 = c.x - a.x, ey2 = c.y - a.y
        let det = ex1 * ey2 - ex2 * ey1
        guard det != 0, det.isFinite else { return 0 }
        let du1 = (b.u - a.u) * w, dv1 = (b.v - a.v) * h, du2 = (c.u - a.u) * w, dv2 = (c.v - a.v) * h
        let dudx = (du1 * ey2 - du2 * ey1) / det, dvdx = (dv1 * ey2 - dv2 * ey1) / det
        let dudy = (du2 * ex1 - du1 * ex2) / det, dvdy = (dv2 * ex1 - dv1 * ex2) / det
        let rho = max(dudx * dudx + dvdx * dvdx, dudy * dudy + dvdy * dvdy).squareRoot()
        guard rho > 1.41, rho.isFinite else { return 0 }
        let n = Int((log2(rho)).rounded())
        return min(n, coverage ? coverageLevelLimit : 16)
    }

    /// One draw call, run by each worker over its bands.
    fileprivate struct Job: @unchecked Sendable {
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
