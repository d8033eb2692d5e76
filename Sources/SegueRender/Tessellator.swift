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
    typealias Point4 = (p: Vector4, u: Double, v: Double, on: UInt64)

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

    package internal(set) var vertices: [Vertex] = []
    package internal(set) var indices: [Int32] = []
    /// The anti-aliased edges of what was added since `reset`, inside positive.
    package internal(set) var edgeLines: [EdgeLine] = []
    /// For each `Point4.on` bit, the index in `edgeLines` of its line, or -1 (hard or none).
    var lineOfEdge = [Int32](repeating: -1, count: 64)
    /// Whether any bit has a line (the quad being added is anti-aliased).
    var hasEdgeLines = false
    /// Per edge of the polygon being emitted, its line, or -1.
    var polygonEdgeLines: [Int32] = []
    /// The grown outline of the polygon being emitted (screen pixels), each point with the
    /// corner of `polygon` it grew from, and whether it moved; a scratch copy for clipping it.
    var outline: [OutlinePoint] = []
    var outlineScratch: [OutlinePoint] = []
    typealias OutlinePoint = (x: Double, y: Double, corner: Int, moved: Bool)
    /// The plane of the quad being added and its rect, where its polygons grow.
    var grownPlane: (map: PlaneMap, rect: Rect)?
    /// The lines of the quad being added and of its clip regions, by `Point4.on` bit.
    var candidateLines: [(bit: Int, line: EdgeLine, isHard: Bool)] = []
    /// Per clip region plane, whether it is a side another region or item continues.
    var regionPlaneIsHard: [Bool] = []
    var uBreaks: [Double] = []
    var vBreaks: [Double] = []
    /// The breaks the last quad's stops gave, before any cut.
    var uStopBreaks: [Double] = []
    var vStopBreaks: [Double] = []
    /// Per interval between breaks, how many times it was halved; per interval, whether
    /// this round cuts it; the grid's points and their outcodes, row by row.
    var uDepths: [Int] = []
    var vDepths: [Int] = []
    var cutU: [Bool] = []
    var cutV: [Bool] = []
    var gridPointsStore: [Point4] = []
    var gridCodes: [UInt64] = []
    var polygon: [Point4] = []
    var scratch: [Point4] = []
    /// A line of homogeneous screen space: `a·x + b·y + c·w ≥ 0` on its inner side.
    struct Line {
        var a, b, c: Double

        /// Its value at the homogeneous point `p`: positive on the inner side.
        @inline(__always)
        func value(at p: Vector4) -> Double { a * p.x + b * p.y + c * p.w }
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
        guard rect.width > 0, rect.height > 0, !regionIsEmpty, !isEdgeOn(rect, m) else {
            gridPointsStore.removeAll(keepingCapacity: true)
            return start..<start
        }
        setEdgeLines(antialiasing && antialiased ? PlaneMap(m) : nil, rect, hard: hardSides)
        Self.breaks(uStops, into: &uBreaks)
        Self.breaks(vStops, into: &vBreaks)
        uStopBreaks.removeAll(keepingCapacity: true)
        uStopBreaks.append(contentsOf: uBreaks)
        vStopBreaks.removeAll(keepingCapacity: true)
        vStopBreaks.append(contentsOf: vBreaks)
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
    struct Quad {
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
    mutating func cutGrid(_ q: Quad, minimumDepth: Int) {
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
                    if !cuts {
                        // (Most quads need no cut: the marks are laid out only once one does.)
                        cutU.removeAll(keepingCapacity: true)
                        cutU.append(contentsOf: repeatElement(false, count: columns))
                        cutV.removeAll(keepingCapacity: true)
                        cutV.append(contentsOf: repeatElement(false, count: vBreaks.count - 1))
                        cuts = true
                    }
                    if alongU { cutU[i] = true } else { cutV[j] = true }
                }
            }
            guard cuts else { break }
            let cutColumns = cutU.lazy.filter { $0 }.count, cutRows = cutV.lazy.filter { $0 }.count
            guard (columns + cutColumns) * (vBreaks.count - 1 + cutRows) <= maxCells else { break }
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

    /// What the last quad's cuts cost a rasterizer in rows: the pixel rows the grid lines it
    /// was cut along (not those of its stops) cross on screen, summed — each line splits every
    /// row it crosses in one more piece —, and the quad's area on screen, pixels; nil where a
    /// point of its grid lies at or behind the near plane. (Mutating only so that it reads the
    /// tessellator in place: called on a renderer's stored tessellator, a non-mutating method
    /// was given a copy of the whole struct, every array in it retained and released — for
    /// every colour item of every frame.)
    package mutating func rowsCrossedByCuts() -> (rows: Double, area: Double)? {
        let columns = uBreaks.count - 1, rows = vBreaks.count - 1
        guard columns > 0, rows > 0, gridPointsStore.count == (columns + 1) * (rows + 1),
              gridPointsStore.allSatisfy({ $0.p.w > nearW }) else { return nil }
        /// The rows the grid line through `count` + 1 points `y(k)` spans on screen.
        func height(_ count: Int, _ y: (Int) -> Double) -> Double {
            let ys = (0...count).lazy.map(y)
            return ys.max()! - ys.min()!
        }
        func y(_ i: Int, _ j: Int) -> Double { gridPoint(i, j).p.projected.y }
        var crossed = 0.0
        for i in stride(from: 1, to: columns, by: 1) where !uStopBreaks.contains(uBreaks[i]) {
            crossed += height(rows) { y(i, $0) }
        }
        for j in stride(from: 1, to: rows, by: 1) where !vStopBreaks.contains(vBreaks[j]) {
            crossed += height(columns) { y($0, j) }
        }
        let a = gridPoint(0, 0).p.projected, b = gridPoint(columns, 0).p.projected
        let c = gridPoint(columns, rows).p.projected, d = gridPoint(0, rows).p.projected
        let twiceArea = (a.x * b.y - b.x * a.y) + (b.x * c.y - c.x * b.y) + (c.x * d.y - d.x * c.y) + (d.x * a.y - a.x * d.y)
        return (crossed, abs(twiceArea) / 2)
    }

    /// Halves each interval between `breaks` that `cut` picks, its depth one more.
    static func halve(_ breaks: inout [Double], _ depths: inout [Int], _ cut: (Int) -> Bool) {
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
    mutating func gridPoints(_ q: Quad) {
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
    func regionEdges(through p: Vector4) -> UInt64 {
        var on: UInt64 = 0
        for (k, l) in regionPlanes.enumerated() {
            let terms = (l.a * p.x).magnitude + (l.b * p.y).magnitude + (l.c * p.w).magnitude
            if l.value(at: p).magnitude <= 1e-9 * terms { on |= 1 << UInt64(Edge.regionBase + k) }
        }
        return on
    }

    func gridIndex(_ i: Int, _ j: Int) -> Int { j * uBreaks.count + i }
    func gridPoint(_ i: Int, _ j: Int) -> Point4 { gridPointsStore[gridIndex(i, j)] }

    /// Whether cell (i, j) lies wholly beyond one clip plane.
    func isCulled(_ i: Int, _ j: Int) -> Bool {
        gridCodes[gridIndex(i, j)] & gridCodes[gridIndex(i + 1, j)] & gridCodes[gridIndex(i + 1, j + 1)]
            & gridCodes[gridIndex(i, j + 1)] != 0
    }

    /// `cellError` of the cell u0…u1 × v0…v1 of `q`.
    func cellError(_ q: Quad, _ u0: Double, _ u1: Double, _ v0: Double, _ v1: Double) -> Double {
        cellError(q.precision, q.point(u0, v0).p, q.point(u1, v0).p, q.point(u1, v1).p, q.point(u0, v1).p, du: u1 - u0, dv: v1 - v0)
    }

    /// The affine error of the cell with corners a b c d (du × dv of the unit square) as a
    /// share of what `precision` allows: above 1, it needs cutting; infinite where it reaches
    /// the near plane. Along a segment whose w goes from w to w + Δw, the affine parameter
    /// is off by about Δw / (4·w) of the segment at its middle: L·Δw / (4·w_min) pixels for
    /// a cell of screen extent L (its longest side or diagonal), du·Δw / (4·w_min) in u for
    /// a cell du wide.
    func cellError(_ precision: Precision, _ a: Vector4, _ b: Vector4, _ c: Vector4, _ d: Vector4,
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
    static func breaks(_ stops: [Double], into out: inout [Double]) {
        out.removeAll(keepingCapacity: true)
        out.append(0)
        out.append(1)
        guard !stops.isEmpty else { return }
        for s in stops where s > 0 && s < 1 && !out.contains(s) { out.append(s) }
        out.sort()
    }
}
