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
/// lines of its sides and of its clip regions' edges (those that coincide, once), and a
/// fringe of triangles `fringeWidth` pixels wide outside each edge of its image that lies on
/// one of them (with a wedge at each corner), its points' attributes those of the edge: a
/// coverage rasterizer paints the pixels the edges cross from it.
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
    /// Whether quads added `antialiased` get `edgeLines` and a fringe.
    package var antialiasing = false
    /// Pixels a fringe reaches outside an edge: past a pixel square's reach (√2/2).
    package static let fringeWidth: Float = 0.75

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
    /// get lines and a fringe, but for its `hardSides` (`Edge` bits: where another layer's
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
        guard min(a.w, b.w, c.w, d.w) > nearW else { return false }
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
                let a = gridPoint(i, j), b = gridPoint(i + 1, j), c = gridPoint(i + 1, j + 1), d = gridPoint(i, j + 1)
                if gridCodes[gridIndex(i, j)] | gridCodes[gridIndex(i + 1, j)] | gridCodes[gridIndex(i + 1, j + 1)]
                    | gridCodes[gridIndex(i, j + 1)] == 0 {
                    polygon.removeAll(keepingCapacity: true)
                    polygon.append(a); polygon.append(b); polygon.append(c); polygon.append(d)
                    emitPolygon()
                } else {
                    triangle(a, b, c)
                    triangle(a, c, d)
                }
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
                let p = q.point(u, v)
                gridPointsStore.append(p)
                gridCodes.append(outcode(p.p))
            }
        }
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
        let wMin = min(a.w, b.w, c.w, d.w), wMax = max(a.w, b.w, c.w, d.w)
        if wMin == wMax { return 0 }
        if wMin <= nearW { return .infinity }
        let spread = (wMax - wMin) / (4 * wMin)
        let pa = a.projected, pb = b.projected, pc = c.projected, pd = d.projected
        let pixelError = max((pa - pc).length, (pb - pd).length, (pa - pb).length, (pb - pc).length) * spread
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

    private mutating func triangle(_ p0: Point4, _ p1: Point4, _ p2: Point4) {
        let c0 = outcode(p0.p), c1 = outcode(p1.p), c2 = outcode(p2.p)
        if c0 & c1 & c2 != 0 { return }
        polygon.removeAll(keepingCapacity: true)
        polygon.append(p0); polygon.append(p1); polygon.append(p2)
        let crossed = c0 | c1 | c2
        // Sutherland–Hodgman, one plane at a time; attributes interpolate linearly in
        // homogeneous space, which is exact for the plane of the quad.
        for k in 0..<planeCount where crossed & (1 << UInt64(k)) != 0 {
            scratch.removeAll(keepingCapacity: true)
            for n in 0..<polygon.count {
                let a = polygon[n], b = polygon[(n + 1) % polygon.count]
                let da = distance(a.p, k), db = distance(b.p, k)
                if da >= 0 { scratch.append(a) }
                if (da >= 0) != (db >= 0) {
                    // From the inside end, whichever way the edge runs: the two triangles of a
                    // cell cut their shared diagonal at the very same point.
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
        emitPolygon()
    }

    /// Emits `polygon` (convex, three corners or more) as a fan, and its fringe.
    private mutating func emitPolygon() {
        let base = Int32(vertices.count)
        for p in polygon { emit(p) }
        for k in 1..<(polygon.count - 1) {
            indices.append(base); indices.append(base + Int32(k)); indices.append(base + Int32(k + 1))
        }
        if hasEdgeLines { emitFringe(base: base) }
    }

    /// Emits the fringe of the polygon just emitted from `base`: outside each of its edges
    /// that lies on an anti-aliased line, a band `fringeWidth` wide; at each corner between
    /// two such lines, the wedge between their bands. New points copy the attributes of the
    /// polygon's corner they grow from; bands along one line share their sides exactly.
    private mutating func emitFringe(base: Int32) {
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
        func outward(_ p: Vertex, _ line: Int32) -> Vertex {
            let l = edgeLines[Int(line)]
            return Vertex(x: p.x - l.a * Self.fringeWidth, y: p.y - l.b * Self.fringeWidth, u: p.u, v: p.v, w: p.w)
        }
        for i in 0..<n {
            let j = (i + 1) % n, line = polygonEdgeLines[i]
            guard line >= 0 else { continue }
            let p = vertices[Int(base) + i], q = vertices[Int(base) + j]
            let k = Int32(vertices.count)
            vertices.append(outward(p, line))
            vertices.append(outward(q, line))
            indices.append(base + Int32(i)); indices.append(base + Int32(j)); indices.append(k + 1)
            indices.append(base + Int32(i)); indices.append(k + 1); indices.append(k)
            let next = polygonEdgeLines[j]
            if next >= 0 && next != line {
                vertices.append(outward(q, next))
                indices.append(base + Int32(j)); indices.append(k + 1); indices.append(k + 2)
            }
        }
    }

    /// Sets the lines of the quad `rect` under `map` and of the clip regions (nil: none).
    /// Lines that coincide (a layer clipped to its own bounds) are one, hard if any of them
    /// is: a `hard` side, or a region's hard side.
    private mutating func setEdgeLines(_ map: PlaneMap?, _ rect: Rect, hard: UInt64) {
        if hasEdgeLines {
            for k in lineOfEdge.indices { lineOfEdge[k] = -1 }
            hasEdgeLines = false
        }
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
