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
/// A draw call's rows are shared among `settings.threads` workers in interleaved bands of
/// `settings.bandRows`, so the work stays even wherever the triangles are.
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
///
/// A rasterizer is one thread's: it keeps scratch memory its workers use while it draws
/// (so it is a class, and not `Sendable`); a pipeline makes its own on its thread.
package final class Rasterizer {
    /// How a rasterizer shares a call among threads, and when it gives up.
    package struct Settings: Sendable {
        /// Workers a call is shared among: the processors, up to 8.
        package var threads = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8)
        /// Rows a band (the unit workers take turns on). Each band sets up again every
        /// triangle it meets, so fewer, taller bands set up less; 64 rows of a 1280-pixel
        /// frame (320 KB) still stay in a core's cache from one call of a batch to the next.
        package var bandRows = 64
        /// A call whose vertices span fewer pixels than this (inside the clip) is drawn on
        /// the calling thread.
        package var parallelArea = 20_000
        /// Asked before each band of rows a triangle paints: once it says yes, the call
        /// paints no more (a frame being given up — a signal asks the process to stop —
        /// ends within `bandRows` rows).
        package var isCancelled: @Sendable () -> Bool = { false }

        package init(threads: Int? = nil, parallelArea: Int = 20_000, isCancelled: @escaping @Sendable () -> Bool = { false }) {
            if let threads { self.threads = threads }
            self.parallelArea = parallelArea
            self.isCancelled = isCancelled
        }
    }

    package let settings: Settings

    /// Per worker: a row of source pixels for anti-aliased edges, the near edges of the
    /// triangle it draws (`TriangleSpans.nearEdgeLimit`) and the covers that triangle meets.
    private let scratchRows = RasterBuffer<UInt32>(), scratchLines = RasterBuffer<EdgeLine>(), scratchCovers = RasterBuffer<CoveredPixels.Cover>()
    /// The call's primitives (`Job.plan`), found once before the workers start.
    private let scratchPlan = RasterBuffer<Primitive>()

    package init(_ settings: Settings = Settings()) {
        self.settings = settings
    }

    /// The anti-aliased edges of a draw call's triangles: for triangle k, `ranges[k]` names
    /// the `lines` bounding its layer's image (none: its edges stay hard).
    package struct TriangleEdges: Sendable {
        private let lineMemory: RasterMemory<EdgeLine>, rangeMemory: RasterMemory<EdgeRange>

        package var lines: UnsafeBufferPointer<EdgeLine> { lineMemory.buffer }
        package var ranges: UnsafeBufferPointer<EdgeRange> { rangeMemory.buffer }

        package init(lines: UnsafeBufferPointer<EdgeLine>, ranges: UnsafeBufferPointer<EdgeRange>) {
            lineMemory = RasterMemory(lines)
            rangeMemory = RasterMemory(ranges)
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
        let workers = reach > 0 && reach >= Float(settings.parallelArea) ? max(1, settings.threads) : 1
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
    package struct PreparedDraw: Sendable {
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
    package struct Primitive: Sendable, BitwiseCopyable {
        /// Its vertices' indices and -1, or with a fourth the quad it starts (`quad`). A quad
        /// of one plane: its corners turned so that the fourth lies across the second and
        /// third, and all -1 for its second triangle. A quad of two: the first triangle's
        /// own three and the fourth, and the second's own three and -1 for the second, whose
        /// rows (none) leave it to the first.
        var corners: SIMD4<Int32>
        /// No row outside these (as far as its vertices are finite and near; else every row).
        var firstRow: Int32, lastRow: Int32
        /// The mip level of the call's texture it samples, and the weight (0…255, of 256) of
        /// the next level mixed in (`MipChoice`); 0 untextured.
        var level: Int32, blend: Int32
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
        _ = scratchLines.room(for: workers * TriangleSpans.nearEdgeLimit)
        _ = scratchCovers.room(for: workers * covers)
        return Scratch(workers: workers, width: width, covers: covers)
    }

    /// `draw`'s call made ready, with `plan` room for its `indices.count / 3` primitives and
    /// `scratch` reserved for its target and covers (its arguments checked; the clip inside
    /// the target). Makes the texture's mip levels the triangles ask for.
    package func prepare(_ vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>,
                         edges: TriangleEdges?, shades: UnsafeBufferPointer<VertexShade>?, texture: RasterImage?, blended: Bool,
                         into target: RasterImage, clip: PixelRect, covered: CoveredPixels, plan: RasterMemory<Primitive>,
                         scratch: Scratch) -> PreparedDraw {
        precondition(scratch.width >= target.width && scratch.covers >= covered.covers.count, "scratch reserved for less than the call")
        var levels: [PixelView] = []
        if let texture {
            var deepest = 0
            /// Writes the choices of triangles start/3..<end/3 to the plan, from the details
            /// their `blend` holds meanwhile (as bits).
            func settle(_ start: Int, _ end: Int, mixing: Bool) {
                for t in (start / 3)..<(end / 3) {
                    let detail = Float(bitPattern: UInt32(bitPattern: plan[t].blend))
                    let choice = MipChoice(detail: detail, coverage: texture.isCoverage, mixing: mixing)
                    (plan[t].level, plan[t].blend) = (Int32(choice.level), Int32(choice.blend))
                    deepest = max(deepest, choice.level + (choice.blend > 0 ? 1 : 0))
                }
            }
            // A run of polygons each sharing a corner with the one before is one surface (a
            // layer's cells); it mixes levels where its nearest level changes from cell to cell.
            var surface = 0, changes = false, previous: (start: Int, end: Int, level: Int)?
            var k = 0
            while k + 2 < indices.count {
                let (detail, end) = Self.polygonDetail(vertices, indices, at: k, texture: texture)
                let nearest = MipChoice(detail: detail, coverage: texture.isCoverage, mixing: false).level
                for t in (k / 3)..<(end / 3) { plan[t].blend = Int32(bitPattern: detail.bitPattern) }
                if let p = previous {
                    if Self.shareACorner(vertices, indices, p.start..<p.end, k..<end) {
                        changes = changes || p.level != nearest
                    } else {
                        settle(surface, k, mixing: changes)
                        (surface, changes) = (k, false)
                    }
                }
                previous = (k, end, nearest)
                k = end
            }
            settle(surface, k, mixing: changes)
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
        /// Triangles k/3 and k/3 + 1 as a quad (`quad`), where they make one and take the same
        /// mip level and mix; the last answer kept (a pair looks at the next before its turn).
        var lastQuad: (k: Int, quad: (corners: SIMD4<Int32>, onePlane: Bool)?)?
        func quad(at k: Int) -> (corners: SIMD4<Int32>, onePlane: Bool)? {
            if let lastQuad, lastQuad.k == k { return lastQuad.quad }
            guard k + 5 < indices.count,
                  texture == nil || (plan[k / 3 + 1].level == plan[k / 3].level && plan[k / 3 + 1].blend == plan[k / 3].blend) else { return nil }
            let quad = Self.quad(vertices, indices, at: k, ranges: edges?.ranges, shades: shades, texture: levels.first)
            lastQuad = (k, quad)
            return quad
        }
        var k = 0
        while k + 2 < indices.count {
            // The levels the pass above set (none untextured).
            let (level, blend) = texture == nil ? (0, 0) : (plan[k / 3].level, plan[k / 3].blend)
            // A pair of two planes is taken where it samples an image (each row then samples
            // both parts in one pass; a coloured pair's rows save less than its third set-up
            // costs: cube 2 % more instructions), and gives way to a quad of one the second
            // makes with the next: that one is painted as one triangle stretched (its pixels
            // within 1/32 of a texel of the pair's), and a pair of two paints its triangles'
            // very pixels, so the pairs taken are those taken before there were pairs of two.
            if let q = quad(at: k), q.onePlane || (texture != nil && quad(at: k + 3)?.onePlane != true) {
                let (first, last) = rows(q.corners)
                if q.onePlane {
                    plan[k / 3] = Primitive(corners: q.corners, firstRow: first, lastRow: last, level: level, blend: blend)
                    plan[k / 3 + 1] = Primitive(corners: SIMD4(repeating: -1), firstRow: 0, lastRow: -1, level: level, blend: blend)
                } else {
                    plan[k / 3] = Primitive(corners: SIMD4(indices[k], indices[k + 1], indices[k + 2], q.corners.w), firstRow: first,
                                            lastRow: last, level: level, blend: blend)
                    plan[k / 3 + 1] = Primitive(corners: SIMD4(indices[k + 3], indices[k + 4], indices[k + 5], -1), firstRow: 0, lastRow: -1,
                                                level: level, blend: blend)
                }
                k += 6
            } else {
                let corners = SIMD4(indices[k], indices[k + 1], indices[k + 2], -1), (first, last) = rows(corners)
                plan[k / 3] = Primitive(corners: corners, firstRow: first, lastRow: last, level: level, blend: blend)
                k += 3
            }
        }
        return PreparedDraw(job: Job(vertices: RasterMemory(vertices), plan: RasterMemory(start: plan.base, count: indices.count / 3),
                                     edges: edges, shades: shades.map { RasterMemory($0) }, levels: levels, blended: blended,
                                     target: target.view, clip: clip, covered: covered, band: settings.bandRows, workers: scratch.workers,
                                     scratch: edges == nil ? nil : scratchRows.room(for: scratch.workers * scratch.width),
                                     rowStride: scratch.width, nearLines: scratchLines.room(for: scratch.workers * TriangleSpans.nearEdgeLimit),
                                     meetingCovers: scratchCovers.room(for: scratch.workers * scratch.covers), coverStride: scratch.covers,
                                     isCancelled: settings.isCancelled))
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

    /// The level of detail (`detail`) of the polygon starting at triangle k/3 in `texture`,
    /// and where it ends: its triangles are those that follow sharing the first one's first
    /// vertex (a fan, as the tessellator emits a cell), and its detail is its largest
    /// triangle's — one for the polygon, so a cell's two halves never take two levels (a seam
    /// between a sharp and a soft half where its squeeze sits at a level's threshold).
    static func polygonDetail(_ vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>, at k: Int,
                              texture: RasterImage) -> (detail: Float, end: Int) {
        var end = k, largest = -Float.infinity, found: Float = 0
        while end + 2 < indices.count && indices[end] == indices[k] {
            let a = vertices[Int(indices[end])], b = vertices[Int(indices[end + 1])], c = vertices[Int(indices[end + 2])]
            let area = abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y))
            if area > largest {
                largest = area
                found = detail(a, b, c, width: texture.width, height: texture.height)
            }
            end += 3
        }
        return (found, end)
    }

    /// Whether the triangles of index ranges `a` and `b` share a corner: the same screen
    /// position (cells of one layer; explode's tiles apart do not).
    static func shareACorner(_ vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>,
                             _ a: Range<Int>, _ b: Range<Int>) -> Bool {
        for i in a {
            let p = vertices[Int(indices[i])]
            for j in b {
                let q = vertices[Int(indices[j])]
                if p.x == q.x && p.y == q.y { return true }
            }
        }
        return false
    }

    /// A triangle's level of detail in a `width` × `height` texture: log₂ of its largest step
    /// in texels per pixel (an affine triangle steps evenly); 0 where it is degenerate or not
    /// finite, negative where it is magnified.
    static func detail(_ a: RasterVertex, _ b: RasterVertex, _ c: RasterVertex, width: Int, height: Int) -> Float {
        let w = Float(width), h = Float(height)
        let ex1 = b.x - a.x, ey1 = b.y - a.y, ex2 = c.x - a.x, ey2 = c.y - a.y
        let det = ex1 * ey2 - ex2 * ey1
        guard det != 0, det.isFinite else { return 0 }
        let du1 = (b.u - a.u) * w, dv1 = (b.v - a.v) * h, du2 = (c.u - a.u) * w, dv2 = (c.v - a.v) * h
        let dudx = (du1 * ey2 - du2 * ey1) / det, dvdx = (dv1 * ey2 - dv2 * ey1) / det
        let dudy = (du2 * ex1 - du1 * ex2) / det, dvdy = (dv2 * ex1 - dv1 * ex2) / det
        let rho = max(dudx * dudx + dvdx * dvdx, dudy * dudy + dvdy * dvdy).squareRoot()
        guard rho > 0, rho.isFinite else { return 0 }
        return log2(rho)
    }

    /// The mip levels a polygon samples: `level`, and where `blend` (1…255) is not 0, the
    /// next mixed in by `blend` / 256 (trilinear filtering, where the level changes).
    struct MipChoice: Equatable {
        /// The deepest level sampled.
        static let deepest = 16

        var level: Int
        var blend: UInt32

        init(level: Int, blend: UInt32) {
            (self.level, self.blend) = (level, blend)
        }

        /// The choice at level of detail `detail` (log₂ texels a pixel): the nearest level
        /// (0 where not minified, so a layer drawn at size is texel-exact; a squeeze of 8 takes
        /// level 3). `mixing` (a cell of a surface whose nearest level changes from cell to
        /// cell: a layer turned in perspective), level n alone within 3/8 of n, and across the quarter-level
        /// between n + 3/8 and n + 5/8 the next mixed in from none to all of it — at n + ½,
        /// where the nearest level changes, half of each, so the surface fades from one level
        /// to the next with no line between (two levels cost twice the texels: a layer
        /// sampled at one level all over keeps it alone). A glyph atlas's (`coverage`) takes the nearest
        /// level alone, at most `coverageLevelLimit`.
        init(detail: Float, coverage: Bool, mixing: Bool) {
            guard detail.isFinite, detail > 0 else {
                self.init(level: 0, blend: 0)
                return
            }
            guard mixing && !coverage else {
                self.init(level: min(Int(detail.rounded()), coverage ? Rasterizer.coverageLevelLimit : Self.deepest), blend: 0)
                return
            }
            guard detail > 0.375 else {
                self.init(level: 0, blend: 0)
                return
            }
            let k = detail - 0.375, n = k.rounded(.down), weight = Int((min(1, 4 * (k - n)) * 256).rounded())
            let level = Int(n) + (weight >= 256 ? 1 : 0)
            self.init(level: min(level, Self.deepest), blend: weight >= 256 || level >= Self.deepest ? 0 : UInt32(weight))
        }
    }
}
