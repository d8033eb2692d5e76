import Segue

/// Turns display-list quads into screen triangles that an affine rasterizer (such as
/// `SDL_RenderGeometry`) draws within a fraction of a pixel of perspective-correct.
///
/// A quad is cut adaptively in its own plane, along whole lines of a grid over its unit
/// square: a cell is cut while its affine error is above `tolerance`. An affine segment of
/// screen length L whose w goes from w to w + Δw is off by about L·Δw / (4·w) at its
/// middle, so a cell of screen extent L (its longest side or diagonal) and w spread Δw is
/// cut while L·Δw / (4·w_min) > τ (`Precision.pixels`). What only carries a smooth colour
/// is cut by the error of its unit coordinates instead (`Precision.unit`), which stays
/// bounded where the quad nears the eye and its pixels grow. Flat (affine) quads stay one
/// cell; a quad turned about one axis is cut across that axis only. A line is cut across
/// the whole quad, never one cell alone: a cell cut on its own (a quadtree's) puts a corner
/// on its neighbour's side that rounding to the rasterizer's 1/256 pixel moves off it, a
/// crack one pixel centre in a few thousand frames falls into; grid cells share every corner.
///
/// Triangles are clipped in homogeneous space, where clipping is exact for every attribute:
/// against the near plane `w = nearW`, so geometry behind the eye is never drawn, inverted
/// or stretched; when `clipRect` is set, against that rectangle grown by `guardBand`,
/// so nothing far off screen is rasterized or even subdivided; and against the edges of a
/// display list's clip regions (`clip(to:)`), rounded corners cut as polygons within a
/// twentieth of a pixel (their edges are anti-aliased: a coarser polygon would show). Buffers are kept between frames; adding a quad allocates nothing once
/// they have grown.
///
/// With `antialiasing` on, a quad added `antialiased` also yields `edgeLines`, the screen
/// lines of its sides and of its clip regions' edges (those that coincide, once), and its
/// polygons grow `fringeWidth` pixels outside each edge of its image that lies on one of
/// them, their attributes carried on as the quad's plane has them: a coverage rasterizer
/// paints the pixels the edges cross in the same walk as the inside.
package struct Tessellator {
    /// One output vertex: a screen position in pixels, the matching point of the quad in
    /// unit coordinates (0…1 across its rect), and the w of its homogeneous position (> 0).
    package struct Vertex: Hashable, Sendable {
        package var x: Float
        package var y: Float
        package var u: Float
        package var v: Float
        package var w: Float = 1
    }

    /// A grid point: its homogeneous image, its unit coordinates in the quad, and the edges
    /// it lies on (`Edge` bits).
    private typealias Point4 = (p: Vector4, u: Double, v: Double, on: UInt64)

    /// The bits of `Point4.on`: a quad's sides, then clip region k's edge at `regionBase + k`.
    package enum Edge {
        package static let top: UInt64 = 1, right: UInt64 = 2, bottom: UInt64 = 4, left: UInt64 = 8
        static let regionBase = 4
    }

    /// Allowed affine error, pixels.
    package var tolerance = 0.5
    /// Pixels of affine error under which `.unit` precision cuts no further.
    package var unitPixelFloor = 0.25
    /// The most halvings of a cell: at most 2^maxDepth cells between two stops of a side.
    package var maxDepth = 6
    /// The most cells a quad is cut into: past this, a round's cuts are not made (only a
    /// quad with many stops nearing the eye gets there).
    package var maxCells = 4096
    /// The near plane: homogeneous w below this is behind (or at) the eye, clipped.
    package var nearW = 0.01
    /// The output area in pixels, or nil to clip at the near plane only.
    package var clipRect: Rect?
    /// Pixels beyond `clipRect` kept, so the clip never shows at the edges.
    package var guardBand = 32.0
    /// Whether quads added `antialiased` get `edgeLines` and grow past them.
    package var antialiasing = false
    /// Pixels a polygon grows outside an edge: past a pixel square's reach (√2/2).
    package static let fringeWidth: Float = 0.75
    /// The farthest a mitred corner, or one sliding along a hard side, moves, pixels: twice
    /// `fringeWidth`, where two edges meet at 60° (sharper corners are bevelled). Pixels
    /// painted outside a layer's image lie within it.
    package static let fringeReach: Float = 1.5

    package private(set) var vertices: [Vertex] = []
    package private(set) var indices: [Int32] = []
    /// The anti-aliased edges of what was added since `reset`, inside positive.
    package private(set) var edgeLines: [EdgeLine] = []
    /// For each `Point4.on` bit, the index in `edgeLines` of its line, or -1 (hard or none).
    private var lineOfEdge = [Int32](repeating: -1, count: 64)
    /// Whether any bit has a line (the quad being added is anti-aliased).
    private var hasEdgeLines = false
    /// Per edge of the polygon being emitted, its line, or -1.
    private var polygonEdgeLines: [Int32] = []
    /// The grown outline of the polygon being emitted (screen pixels), each point with the
    /// corner of `polygon` it grew from, and whether it moved; a scratch copy for clipping it.
    private var outline: [OutlinePoint] = []
    private var outlineScratch: [OutlinePoint] = []
    private typealias OutlinePoint = (x: Double, y: Double, corner: Int, moved: Bool)
    /// The plane of the quad being added and its rect, where its polygons grow.
    private var grownPlane: (map: PlaneMap, rect: Rect)?
    /// The lines of the quad being added and of its clip regions, by `Point4.on` bit.
    private var candidateLines: [(bit: Int, line: EdgeLine, isHard: Bool)] = []
    /// Per clip region plane, whether it is a side another region or item continues.
    var regionPlaneIsHard: [Bool] = []
    private var uBreaks: [Double] = []
    private var vBreaks: [Double] = []
    /// Per interval between breaks, how many times it was halved; per interval, whether
    /// this round cuts it; the grid's points and their outcodes, row by row.
    private var uDepths: [Int] = []
    private var vDepths: [Int] = []
    private var cutU: [Bool] = []
    private var cutV: [Bool] = []
    private var gridPointsStore: [Point4] = []
    private var gridCodes: [UInt64] = []
    private var polygon: [Point4] = []
    private var scratch: [Point4] = []
    /// A line of homogeneous screen space: `a·x + b·y + c·w ≥ 0` on its inner side.
    struct Line {
        var a, b, c: Double
    }

    /// The edges of the clip regions set by `clip(to:)`.
    var regionPlanes: [Line] = []
    /// Whether a clip region set by `clip(to:)` shows nothing (seen edge-on).
    var regionIsEmpty = false
    /// Scratch for the corners of a clip region.
    var regionCorners: [Point] = []

    package init() {}

    /// Empties the output, keeping the capacity.
    package mutating func reset() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        edgeLines.removeAll(keepingCapacity: true)
    }

    /// How finely a quad is cut, by what its affine drawing may get wrong.
    package enum Precision: Hashable, Sendable {
        /// Every point's affine image within this many pixels of its true place: for
        /// textures, whose edges would bend visibly.
        case pixels(Double)
        /// Every point's unit coordinates, as the affine map interpolates them, within `u`
        /// and `v` of the true ones (`.infinity` for an axis that does not matter): for a
        /// smooth attribute such as a gradient's colour, whose error is its slope times
        /// this, however large the quad is on screen. A cell whose affine image is within
        /// `unitPixelFloor` of its true place is not cut further, so a near-hard step stays
        /// a few cells wherever it is small on screen.
        case unit(u: Double, v: Double)
        /// Never cut: exact for a uniform colour (a plane's projection is a quad; only
        /// interpolated attributes need cutting), and for colours a rasterizer interpolates
        /// perspective-correct (`VertexShade`).
        case whole
    }

    /// Appends the triangles of `rect` under `transform`; `uStops` and `vStops` (unit
    /// coordinates) are added as cell edges, so colours given per vertex change slope only
    /// there. `precision` is `.pixels(tolerance)` unless given. `minimumDepth` halves every
    /// cell at least that many times. With `antialiasing` on, an `antialiased` quad's edges
    /// get lines and grow past them, but for its `hardSides` (`Edge` bits: where another layer's
    /// image continues it). Returns the range of indices appended.
    @discardableResult
    package mutating func add(rect: Rect, transform m: Transform3D, precision: Precision? = nil,
                             minimumDepth: Int = 0, uStops: [Double] = [], vStops: [Double] = [],
                             antialiased: Bool = false, hardSides: UInt64 = 0) -> Range<Int> {
        let start = indices.count
        guard rect.width > 0, rect.height > 0, !regionIsEmpty, !isEdgeOn(rect, m) else { return start..<start }
        setEdgeLines(antialiasing && antialiased ? PlaneMap(m) : nil, rect, hard: hardSides)
        Self.breaks(uStops, into: &uBreaks)
        Self.breaks(vStops, into: &vBreaks)
        cutGrid(Quad(rect: rect, transform: m, precision: precision ?? .pixels(tolerance)), minimumDepth: minimumDepth)
        return start..<indices.count
    }

    /// Whether the quad, wholly in front of the eye, projects to (almost) no area: seen
    /// edge-on, as a flip's hidden side is for half its run. It covers no pixel; drawing it
    /// would only cost a draw call.
    func isEdgeOn(_ r: Rect, _ m: Transform3D) -> Bool {
        let a = m.apply(x: r.minX, y: r.minY), b = m.apply(x: r.maxX, y: r.minY)
        let c = m.apply(x: r.maxX, y: r.maxY), d = m.apply(x: r.minX, y: r.maxY)
        guard min(min(a.w, b.w), min(c.w, d.w)) > nearW else { return false }
        let pa = a.projected, pb = b.projected, pc = c.projected, pd = d.projected
        // The shoelace formula: twice the signed area of the projected quad.
        let twiceArea = (pa.x * pb.y - pb.x * pa.y) + (pb.x * pc.y - pc.x * pb.y)
            + (pc.x * pd.y - pd.x * pc.y) + (pd.x * pa.y - pa.x * pd.y)
        return abs(twiceArea) < 0.5
    }

    /// The quad being cut.
    private struct Quad {
        let rect: Rect
        let transform: Transform3D
        let precision: Precision

        func point(_ u: Double, _ v: Double) -> Point4 {
            let on = (v == 0 ? Edge.top : 0) | (u == 1 ? Edge.right : 0) | (v == 1 ? Edge.bottom : 0) | (u == 0 ? Edge.left : 0)
            return (transform.apply(x: rect.minX + u * rect.width, y: rect.minY + v * rect.height), u, v, on)
        }
    }

    /// Cuts the quad along whole grid lines until every cell is within its precision, then
    /// emits the cells, dropping those wholly beyond a clip plane. A line cut across the whole
    /// quad, never a cell alone, leaves no T-junction: neighbouring cells share their
    /// corners exactly, so the triangles meet without a crack a pixel centre could fall in.
    /// Each round halves every column and row a cell needs cut along, choosing for each such
    /// cell the direction whose halves err least.
    private mutating func cutGrid(_ q: Quad, minimumDepth: Int) {
        uDepths.removeAll(keepingCapacity: true)
        uDepths.append(contentsOf: repeatElement(0, count: uBreaks.count - 1))
        vDepths.removeAll(keepingCapacity: true)
        vDepths.append(contentsOf: repeatElement(0, count: vBreaks.count - 1))
        for _ in 0..<min(minimumDepth, maxDepth) {
            Self.halve(&uBreaks, &uDepths) { _ in true }
            Self.halve(&vBreaks, &vDepths) { _ in true }
        }
        while true {
            gridPoints(q)
            let columns = uBreaks.count - 1
            cutU.removeAll(keepingCapacity: true)
            cutU.append(contentsOf: repeatElement(false, count: columns))
            cutV.removeAll(keepingCapacity: true)
            cutV.append(contentsOf: repeatElement(false, count: vBreaks.count - 1))
            var cuts = false
            for j in 0..<(vBreaks.count - 1) {
                for i in 0..<columns {
                    let canU = uDepths[i] < maxDepth, canV = vDepths[j] < maxDepth
                    guard canU || canV, !isCulled(i, j) else { continue }
                    let (u0, u1, v0, v1) = (uBreaks[i], uBreaks[i + 1], vBreaks[j], vBreaks[j + 1])
                    let p = gridPoint(i, j), pu = gridPoint(i + 1, j), pv = gridPoint(i, j + 1)
                    let error = cellError(q.precision, p.p, pu.p, gridPoint(i + 1, j + 1).p, pv.p, du: u1 - u0, dv: v1 - v0)
                    guard error > 1 else { continue }
                    let alongU: Bool
                    if canU && canV {
                        let um = (u0 + u1) / 2, vm = (v0 + v1) / 2
                        let errorU = max(cellError(q, u0, um, v0, v1), cellError(q, um, u1, v0, v1))
                        let errorV = max(cellError(q, u0, u1, v0, vm), cellError(q, u0, u1, vm, v1))
                        // Clearly better one way, that way; else (a thin strip, which either
                        // way halves) across its longer side on screen: squarer cells cost a
                        // rasterizer fewer rows a pixel. Beyond the near plane, where w changes most.
                        if errorU < errorV * 0.8 || errorV < errorU * 0.8 {
                            alongU = errorU < errorV
                        } else if errorU.isFinite {
                            alongU = (pu.p.projected - p.p.projected).length >= (pv.p.projected - p.p.projected).length
                        } else {
                            alongU = abs(pu.p.w - p.p.w) >= abs(pv.p.w - p.p.w)
                        }
                    } else {
                        alongU = canU
                    }
                    // Along an axis w does not change along, a cut is made only as the better of
                    // two: reaching the near plane, or with the other axis cut all it may be
                    // (near the eye), it would cut every cell of the quad's row or column for
                    // little.
                    let wChange = alongU ? abs(pu.p.w - p.p.w) : abs(pv.p.w - p.p.w)
                    if wChange == 0 && (error == .infinity || !(canU && canV)) { continue }
                    if alongU { cutU[i] = true } else { cutV[j] = true }
                    cuts = true
                }
            }
            let cutColumns = cutU.lazy.filter { $0 }.count, cutRows = cutV.lazy.filter { $0 }.count
            guard cuts, (columns + cutColumns) * (vBreaks.count - 1 + cutRows) <= maxCells else { break }
            let (columnCuts, rowCuts) = (cutU, cutV)
            Self.halve(&uBreaks, &uDepths) { columnCuts[$0] }
            Self.halve(&vBreaks, &vDepths) { rowCuts[$0] }
        }
        for j in 0..<(vBreaks.count - 1) {
            for i in 0..<(uBreaks.count - 1) where !isCulled(i, j) {
                polygon.removeAll(keepingCapacity: true)
                polygon.append(gridPoint(i, j)); polygon.append(gridPoint(i + 1, j))
                polygon.append(gridPoint(i + 1, j + 1)); polygon.append(gridPoint(i, j + 1))
                clipPolygon(crossing: gridCodes[gridIndex(i, j)] | gridCodes[gridIndex(i + 1, j)] | gridCodes[gridIndex(i + 1, j + 1)]
                    | gridCodes[gridIndex(i, j + 1)])
            }
        }
    }

    /// Halves each interval between `breaks` that `cut` picks, its depth one more.
    private static func halve(_ breaks: inout [Double], _ depths: inout [Int], _ cut: (Int) -> Bool) {
        var k = depths.count - 1
        while k >= 0 {
            if cut(k) {
                breaks.insert((breaks[k] + breaks[k + 1]) / 2, at: k + 1)
                depths[k] += 1
                depths.insert(depths[k], at: k + 1)
            }
            k -= 1
        }
    }

    /// The grid's points at every pair of `uBreaks` and `vBreaks`, and their outcodes.
    private mutating func gridPoints(_ q: Quad) {
        gridPointsStore.removeAll(keepingCapacity: true)
        gridCodes.removeAll(keepingCapacity: true)
        for v in vBreaks {
            for u in uBreaks {
                var p = q.point(u, v)
                p.on |= regionEdges(through: p.p)
                gridPointsStore.append(p)
                gridCodes.append(outcode(p.p))
            }
        }
    }

    /// The `Edge` bits of the clip regions' edges `p` lies on, within rounding (a billionth
    /// of the terms of its distance): a cell that ends where a region does has that edge,
    /// though clipping it cuts nothing there.
    private func regionEdges(through p: Vector4) -> UInt64 {
        var on: UInt64 = 0
        for (k, l) in regionPlanes.enumerated() {
            let terms = (l.a * p.x).magnitude + (l.b * p.y).magnitude + (l.c * p.w).magnitude
            if (l.a * p.x + l.b * p.y + l.c * p.w).magnitude <= 1e-9 * terms { on |= 1 << UInt64(Edge.regionBase + k) }
        }
        return on
    }

    private func gridIndex(_ i: Int, _ j: Int) -> Int { j * uBreaks.count + i }
    private func gridPoint(_ i: Int, _ j: Int) -> Point4 { gridPointsStore[gridIndex(i, j)] }

    /// Whether cell (i, j) lies wholly beyond one clip plane.
    private func isCulled(_ i: Int, _ j: Int) -> Bool {
        gridCodes[gridIndex(i, j)] & gridCodes[gridIndex(i + 1, j)] & gridCodes[gridIndex(i + 1, j + 1)]
            & gridCodes[gridIndex(i, j + 1)] != 0
    }

    /// `cellError` of the cell u0…u1 × v0…v1 of `q`.
    private func cellError(_ q: Quad, _ u0: Double, _ u1: Double, _ v0: Double, _ v1: Double) -> Double {
        cellError(q.precision, q.point(u0, v0).p, q.point(u1, v0).p, q.point(u1, v1).p, q.point(u0, v1).p, du: u1 - u0, dv: v1 - v0)
    }

    /// The affine error of the cell with corners a b c d (du × dv of the unit square) as a
    /// share of what `precision` allows: above 1, it needs cutting; infinite where it reaches
    /// the near plane. Along a segment whose w goes from w to w + Δw, the affine parameter
    /// is off by about Δw / (4·w) of the segment at its middle: L·Δw / (4·w_min) pixels for
    /// a cell of screen extent L (its longest side or diagonal), du·Δw / (4·w_min) in u for
    /// a cell du wide.
    private func cellError(_ precision: Precision, _ a: Vector4, _ b: Vector4, _ c: Vector4, _ d: Vector4,
                           du: Double, dv: Double) -> Double {
        if case .whole = precision { return 0 }
        let wMin = min(min(a.w, b.w), min(c.w, d.w)), wMax = max(max(a.w, b.w), max(c.w, d.w))
        if wMin == wMax { return 0 }
        if wMin <= nearW { return .infinity }
        let spread = (wMax - wMin) / (4 * wMin)
        let pa = a.projected, pb = b.projected, pc = c.projected, pd = d.projected
        let pixelError = max(max((pa - pc).length, (pb - pd).length), max((pa - pb).length, (pb - pc).length)) * spread
        switch precision {
        case .pixels(let tolerance):
            return pixelError / tolerance
        case .unit(let tu, let tv):
            return min(max(du * spread / tu, dv * spread / tv), pixelError / unitPixelFloor)
        case .whole:
            return 0
        }
    }

    /// Cell edges: 0, the stops strictly inside 0…1, and 1, sorted.
    private static func breaks(_ stops: [Double], into out: inout [Double]) {
        out.removeAll(keepingCapacity: true)
        out.append(0)
        out.append(1)
        guard !stops.isEmpty else { return }
        for s in stops where s > 0 && s < 1 && !out.contains(s) { out.append(s) }
        out.sort()
    }

    // MARK: Clipping

    /// The planes before the clip regions': the near plane, then left, right, top, bottom.
    private var fixedPlaneCount: Int { clipRect == nil ? 1 : 5 }

    /// The number of clip planes: the fixed ones, then the regions' edges.
    private var planeCount: Int { fixedPlaneCount + regionPlanes.count }

    /// The signed distance of `p` inside plane `k` (negative outside); linear in `p`.
    private func distance(_ p: Vector4, _ k: Int) -> Double {
        let fixed = fixedPlaneCount
        if k >= fixed {
            let l = regionPlanes[k - fixed]
            return l.a * p.x + l.b * p.y + l.c * p.w
        }
        guard k > 0, let r = clipRect else { return p.w - nearW }
        switch k {
        case 1: return p.x - (r.minX - guardBand) * p.w
        case 2: return (r.maxX + guardBand) * p.w - p.x
        case 3: return p.y - (r.minY - guardBand) * p.w
        default: return (r.maxY + guardBand) * p.w - p.y
        }
    }

    /// One bit per plane that `p` lies outside of.
    private func outcode(_ p: Vector4) -> UInt64 {
        var code: UInt64 = 0
        for k in 0..<planeCount where distance(p, k) < 0 { code |= 1 << UInt64(k) }
        return code
    }

    /// Clips `polygon` (a cell: convex, in the quad's plane) against the planes of `crossed`
    /// (outcode bits its corners lie outside of), then emits what is left. The whole cell is
    /// clipped, not two triangles of it, so its grown outline (`emitPolygon`) has no diagonal
    /// whose two sides would grow apart.
    private mutating func clipPolygon(crossing crossed: UInt64) {
        // Sutherland–Hodgman, one plane at a time; attributes interpolate linearly in
        // homogeneous space, which is exact for the plane of the quad.
        for k in 0..<planeCount where crossed & (1 << UInt64(k)) != 0 {
            scratch.removeAll(keepingCapacity: true)
            for n in 0..<polygon.count {
                let a = polygon[n], b = polygon[(n + 1) % polygon.count]
                let da = distance(a.p, k), db = distance(b.p, k)
                if da >= 0 { scratch.append(a) }
                if (da >= 0) != (db >= 0) {
                    // From the inside end, whichever way the edge runs: two cells cut the side
                    // they share at the very same point.
                    let (i, o, t) = da >= 0 ? (a, b, da / (da - db)) : (b, a, db / (db - da))
                    func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
                    // The new point lies on this plane, and on whatever edge a and b share.
                    let on = a.on & b.on | (k >= fixedPlaneCount ? 1 << UInt64(Edge.regionBase + k - fixedPlaneCount) : 0)
                    scratch.append((Vector4(x: mix(i.p.x, o.p.x), y: mix(i.p.y, o.p.y), z: mix(i.p.z, o.p.z), w: mix(i.p.w, o.p.w)),
                                    mix(i.u, o.u), mix(i.v, o.v), on))
                }
            }
            swap(&polygon, &scratch)
            if polygon.count < 3 { return }
        }
        // What is left of a cell that only touches a region lies on its edge: no pixel to
        // paint, and its grown outline would paint the edge's outside twice.
        guard polygon.reduce(~0, { $0 & $1.on }) == 0 else { return }
        emitPolygon()
    }

    /// Emits `polygon` (convex, three corners or more) as a fan, grown by `fringeWidth`
    /// outside each of its edges that lies on an anti-aliased line, so that one walk down
    /// the rows reaches the pixels those edges cross (a coverage rasterizer paints them by
    /// their coverage). A corner moves only as its edges' lines say: on two, to where both
    /// meet grown (`mitre`), or at a corner sharper than 60° to a point out of each (a
    /// bevel); on one, sliding along its other edge (`slide`), so that a corner two cells
    /// share moves alike in both and a corner on a hard side stays on it; on none, not at
    /// all. The outline is then cut to the edges without a line, which never move (nothing
    /// grows past a cell's neighbour or a hard side, however thin the cell), and to where
    /// the plane lies at most `deepest` times as deep as the polygon's deepest corner (near
    /// its horizon, a layer all but edge-on, attributes grow too large for `Float`). A grown
    /// point takes the attributes of the quad's point seen there (exact in perspective), so
    /// the inside of the polygon is drawn as before.
    private mutating func emitPolygon() {
        let base = Int32(vertices.count)
        if hasEdgeLines, let (map, rect) = grownPlane {
            growOutline(map)
            for point in outline {
                // Unmoved, or (within rounding of the cut near the horizon) not seen: the corner.
                guard point.moved, let seen = map.seen(atX: point.x, point.y) else {
                    emit(polygon[point.corner])
                    continue
                }
                vertices.append(Vertex(x: Float(point.x), y: Float(point.y), u: Float((seen.point.x - rect.minX) / rect.width),
                                       v: Float((seen.point.y - rect.minY) / rect.height), w: Float(seen.w)))
            }
        } else {
            for p in polygon { emit(p) }
        }
        guard Int32(vertices.count) - base >= 3 else { return }
        for k in 1..<(Int32(vertices.count) - base - 1) {
            indices.append(base); indices.append(base + k); indices.append(base + k + 1)
        }
    }

    /// How many times as deep as a polygon's deepest corner its grown outline may reach.
    private static let deepest = 8.0

    /// Sets `outline` to `polygon` grown past the edges that lie on anti-aliased lines and
    /// cut to the lines of those that do not and to the depth `map` allows (`emitPolygon`).
    private mutating func growOutline(_ map: PlaneMap) {
        let n = polygon.count
        polygonEdgeLines.removeAll(keepingCapacity: true)
        for i in 0..<n {
            var shared = polygon[i].on & polygon[(i + 1) % n].on, line: Int32 = -1
            while shared != 0 && line < 0 {
                line = lineOfEdge[shared.trailingZeroBitCount]
                shared &= shared - 1
            }
            polygonEdgeLines.append(line)
        }
        outline.removeAll(keepingCapacity: true)
        for i in 0..<n {
            func grow(_ s: Point, by step: Point) { outline.append((s.x + step.x, s.y + step.y, i, true)) }
            let before = polygonEdgeLines[(i + n - 1) % n], after = polygonEdgeLines[i]
            let s = polygon[i].p.projected
            if before >= 0 && after >= 0 && before != after {
                let first = edgeLines[Int(before)], second = edgeLines[Int(after)]
                if let mitre = Self.mitre(first, second) {
                    grow(s, by: mitre)
                } else {
                    grow(s, by: Self.outward(first))
                    grow(s, by: Self.outward(second))
                }
            } else if before >= 0 && after >= 0 {
                grow(s, by: Self.outward(edgeLines[Int(after)]))
            } else if before >= 0 || after >= 0 {
                // The edge without a line stays put: the corner slides along it, away from
                // the edge's other end — between two cells as far as the grown line, along a
                // hard side (the edge lies on a side or a region's edge) no farther than
                // `fringeReach`, where nothing of this layer lies beyond the corner.
                let j = before >= 0 ? (i + 1) % n : (i + n - 1) % n, other = polygon[j].p.projected
                let limit = polygon[i].on & polygon[j].on != 0 ? Double(Self.fringeReach) : .infinity
                grow(s, by: Self.slide(edgeLines[Int(max(before, after))], along: Point(x: s.x - other.x, y: s.y - other.y),
                                       limit: limit))
            } else {
                outline.append((s.x, s.y, i, false))
            }
        }
        // Twice the signed area: which side of an edge is inside.
        var area = 0.0
        for i in 0..<n {
            let a = polygon[i].p.projected, b = polygon[(i + 1) % n].p.projected
            area += a.x * b.y - b.x * a.y
        }
        for i in 0..<n where polygonEdgeLines[i] < 0 {
            let a = polygon[i].p.projected, b = polygon[(i + 1) % n].p.projected
            let ex = b.x - a.x, ey = b.y - a.y
            let length = (ex * ex + ey * ey).squareRoot() * (area < 0 ? -1 : 1)
            guard length != 0 else { continue }
            // Pixels inside the edge's line (a point slid along it is on it, within rounding).
            cutOutline(tolerance: 1e-6) { (ex * ($0.y - a.y) - ey * ($0.x - a.x)) / length }
        }
        let shallowest = 1 / (Self.deepest * polygon.reduce(0) { max($0, $1.p.w) })
        cutOutline(tolerance: 0) { map.inverseW(atX: $0.x, $0.y) - shallowest }
    }

    /// Cuts `outline` to where `inside` (affine across the screen) is at least −`tolerance`;
    /// a point made on the cut takes the corner of its edge's end inside.
    private mutating func cutOutline(tolerance: Double, _ inside: (OutlinePoint) -> Double) {
        guard outline.contains(where: { inside($0) < -tolerance }) else { return }
        outlineScratch.removeAll(keepingCapacity: true)
        for k in outline.indices {
            let p = outline[k], q = outline[(k + 1) % outline.count]
            let dp = inside(p), dq = inside(q)
            if dp >= -tolerance { outlineScratch.append(p) }
            if (dp >= -tolerance) != (dq >= -tolerance) {
                let t = dp / (dp - dq)
                outlineScratch.append((p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t, dp >= -tolerance ? p.corner : q.corner, true))
            }
        }
        swap(&outline, &outlineScratch)
    }

    /// Where a corner on the lines `first` and `second` (its two edges', not one) grows,
    /// pixels from it: to where both lines meet when each is moved `fringeWidth` outward;
    /// nil where that is farther than `fringeReach` (a corner sharper than 60°, to be
    /// bevelled: grown out of each line apart).
    private static func mitre(_ first: EdgeLine, _ second: EdgeLine) -> Point? {
        let width = Double(fringeWidth), reach = Double(fringeReach)
        let la = Double(first.a), lb = Double(first.b), ma = Double(second.a), mb = Double(second.b)
        let cosine = la * ma + lb * mb
        // n·d = −width for both unit normals: d = −width·(n₁ + n₂) / (1 + n₁·n₂), its length
        // width·√(2 / (1 + n₁·n₂)).
        guard 2 * width * width <= reach * reach * (1 + cosine) else { return nil }
        return Point(x: -width * (la + ma) / (1 + cosine), y: -width * (lb + mb) / (1 + cosine))
    }

    /// `fringeWidth` pixels straight out of `line`.
    private static func outward(_ line: EdgeLine) -> Point {
        Point(x: -Double(fringeWidth) * Double(line.a), y: -Double(fringeWidth) * Double(line.b))
    }

    /// Where a corner on `line` grows, pixels from it, sliding along `direction` (its other
    /// edge, which has no line, run out past the corner) until it is `fringeWidth` outside
    /// `line` — far, where the edge leaves the line at a shallow angle (a thin cell of a
    /// layer seen edge-on) — or `limit` pixels along; straight out of `line` where the edge
    /// all but runs along it (the outline is cut back to the edge's line after).
    private static func slide(_ line: EdgeLine, along direction: Point, limit: Double) -> Point {
        let length = (direction.x * direction.x + direction.y * direction.y).squareRoot()
        let outward = -(Double(line.a) * direction.x + Double(line.b) * direction.y) / length
        guard length > 0, outward > 0.01 else { return Self.outward(line) }
        let distance = min(Double(fringeWidth) / outward, limit)
        return Point(x: direction.x * distance / length, y: direction.y * distance / length)
    }

    /// Sets the lines of the quad `rect` under `map` and of the clip regions (nil: none).
    /// Lines that coincide (a layer clipped to its own bounds) are one, hard if any of them
    /// is: a `hard` side, or a region's hard side.
    private mutating func setEdgeLines(_ map: PlaneMap?, _ rect: Rect, hard: UInt64) {
        if hasEdgeLines {
            for k in lineOfEdge.indices { lineOfEdge[k] = -1 }
            hasEdgeLines = false
        }
        grownPlane = map.map { ($0, rect) }
        guard let map else { return }
        candidateLines.removeAll(keepingCapacity: true)
        let sides: [(normal: Point, through: Point)] = [
            (Point(x: 0, y: 1), Point(x: rect.minX, y: rect.minY)), (Point(x: -1, y: 0), Point(x: rect.maxX, y: rect.minY)),
            (Point(x: 0, y: -1), Point(x: rect.minX, y: rect.maxY)), (Point(x: 1, y: 0), Point(x: rect.minX, y: rect.minY)),
        ]
        for (bit, side) in sides.enumerated() {
            guard let line = map.edgeLine(normal: side.normal, through: side.through) else { continue }
            candidateLines.append((bit, line, hard & (1 << UInt64(bit)) != 0))
        }
        for (k, plane) in regionPlanes.enumerated() {
            guard let line = EdgeLine(a: plane.a, b: plane.b, c: plane.c) else { continue }
            candidateLines.append((Edge.regionBase + k, line, regionPlaneIsHard[k]))
        }
        let first = edgeLines.count
        for i in candidateLines.indices where lineOfEdge[candidateLines[i].bit] == -1 {
            let line = candidateLines[i].line
            var isHard = false
            for other in candidateLines where Self.isSameLine(other.line, line) { isHard = isHard || other.isHard }
            guard !isHard else { continue }
            let index = Int32(edgeLines.count)
            edgeLines.append(line)
            for other in candidateLines where Self.isSameLine(other.line, line) { lineOfEdge[other.bit] = index }
        }
        hasEdgeLines = edgeLines.count > first
    }

    /// Whether two lines are one within rounding: their normals within 10⁻⁴, their offsets
    /// within a hundredth of a pixel.
    private static func isSameLine(_ l: EdgeLine, _ m: EdgeLine) -> Bool {
        abs(l.a - m.a) < 1e-4 && abs(l.b - m.b) < 1e-4 && abs(l.c - m.c) < 0.01
    }

    private mutating func emit(_ p: Point4) {
        let s = p.p.projected
        vertices.append(Vertex(x: Float(s.x), y: Float(s.y), u: Float(p.u), v: Float(p.v), w: Float(p.p.w)))
    }
}
