import Segue

/// Turns display-list quads into screen triangles that an affine rasterizer (such as
/// `SDL_RenderGeometry`) draws within a fraction of a pixel of perspective-correct.
///
/// A quad is cut adaptively in its own plane (a quadtree over its unit square): a cell is
/// split while its affine error is above `tolerance`. An affine segment of screen length L
/// whose w goes from w to w + Δw is off by about L·Δw / (4·w) at its middle, so a cell of
/// screen extent L (its longest side or diagonal) and w spread Δw is split while
/// L·Δw / (4·w_min) > τ (`Precision.pixels`). What only carries a smooth colour is cut by
/// the error of its unit coordinates instead (`Precision.unit`), which stays bounded where
/// the quad nears the eye and its pixels grow. Flat (affine) quads stay one cell; cells
/// where the quad turns away or is near the eye split, the rest do not. A projected plane
/// keeps straight lines straight, so cells of different sizes meet without cracks.
///
/// Triangles are clipped in homogeneous space, where clipping is exact for every attribute:
/// against the near plane `w = nearW`, so geometry behind the eye is never drawn, inverted
/// or stretched; when `clipRect` is set, against that rectangle grown by `guardBand`,
/// so nothing far off screen is rasterized or even subdivided; and against the edges of a
/// display list's clip regions (`clip(to:)`), rounded corners cut as polygons within a
/// fifth of a pixel. Buffers are kept between frames; adding a quad allocates nothing once
/// they have grown.
package struct Tessellator {
    /// One output vertex: a screen position in pixels and the matching point of the quad in
    /// unit coordinates (0…1 across its rect).
    package struct Vertex: Hashable, Sendable {
        package var x: Float
        package var y: Float
        package var u: Float
        package var v: Float
    }

    /// A grid point: its homogeneous image and its unit coordinates in the quad.
    private typealias Point4 = (p: Vector4, u: Double, v: Double)

    /// Allowed affine error, pixels.
    package var tolerance = 0.5
    /// Pixels of affine error under which `.unit` precision cuts no further.
    package var unitPixelFloor = 0.25
    /// The most halvings of a cell: at most 2^maxDepth cells along a side of a quad.
    package var maxDepth = 6
    /// The near plane: homogeneous w below this is behind (or at) the eye, clipped.
    package var nearW = 0.01
    /// The output area in pixels, or nil to clip at the near plane only.
    package var clipRect: Rect?
    /// Pixels beyond `clipRect` kept, so the clip never shows at the edges.
    package var guardBand = 32.0

    package private(set) var vertices: [Vertex] = []
    package private(set) var indices: [Int32] = []
    private var uBreaks: [Double] = []
    private var vBreaks: [Double] = []
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
        /// interpolated attributes need cutting).
        case whole
    }

    /// Appends the triangles of `rect` under `transform`; `uStops` and `vStops` (unit
    /// coordinates) are added as cell edges, so colours given per vertex change slope only
    /// there. `precision` is `.pixels(tolerance)` unless given. `minimumDepth` halves every
    /// cell at least that many times. Returns the range of indices appended.
    @discardableResult
    package mutating func add(rect: Rect, transform m: Transform3D, precision: Precision? = nil,
                             minimumDepth: Int = 0, uStops: [Double] = [], vStops: [Double] = []) -> Range<Int> {
        let start = indices.count
        guard rect.width > 0, rect.height > 0, !regionIsEmpty, !isEdgeOn(rect, m) else { return start..<start }
        Self.breaks(uStops, into: &uBreaks)
        Self.breaks(vStops, into: &vBreaks)
        let quad = Quad(rect: rect, transform: m, precision: precision ?? .pixels(tolerance), minimumDepth: minimumDepth)
        for j in 0..<(vBreaks.count - 1) {
            for i in 0..<(uBreaks.count - 1) {
                cell(quad, uBreaks[i], uBreaks[i + 1], vBreaks[j], vBreaks[j + 1], depth: 0)
            }
        }
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
        let minimumDepth: Int

        func point(_ u: Double, _ v: Double) -> Point4 {
            (transform.apply(x: rect.minX + u * rect.width, y: rect.minY + v * rect.height), u, v)
        }
    }

    /// Cuts the cell u0…u1 × v0…v1 until it is within tolerance, dropping what lies wholly
    /// beyond a clip plane.
    private mutating func cell(_ q: Quad, _ u0: Double, _ u1: Double, _ v0: Double, _ v1: Double, depth: Int) {
        let a = q.point(u0, v0), b = q.point(u1, v0), c = q.point(u1, v1), d = q.point(u0, v1)
        let ca = outcode(a.p), cb = outcode(b.p), cc = outcode(c.p), cd = outcode(d.p)
        if ca & cb & cc & cd != 0 { return }
        if depth < q.minimumDepth || (depth < maxDepth && needsSplit(a.p, b.p, c.p, d.p, du: u1 - u0, dv: v1 - v0, q.precision)) {
            let um = (u0 + u1) / 2, vm = (v0 + v1) / 2
            cell(q, u0, um, v0, vm, depth: depth + 1)
            cell(q, um, u1, v0, vm, depth: depth + 1)
            cell(q, u0, um, vm, v1, depth: depth + 1)
            cell(q, um, u1, vm, v1, depth: depth + 1)
            return
        }
        if ca | cb | cc | cd == 0 {
            let base = Int32(vertices.count)
            emit(a); emit(b); emit(c); emit(d)
            indices.append(base); indices.append(base + 1); indices.append(base + 2)
            indices.append(base); indices.append(base + 2); indices.append(base + 3)
        } else {
            triangle(a, b, c)
            triangle(a, c, d)
        }
    }

    /// Whether the cell's affine error can exceed `precision`: always where it reaches the
    /// near plane, else when its error passes the bound. Along a segment whose w goes from w
    /// to w + Δw, the affine parameter is off by about Δw / (4·w) of the segment at its
    /// middle: L·Δw / (4·w_min) pixels for a cell of screen extent L (its longest side or
    /// diagonal), du·Δw / (4·w_min) in u for a cell du wide.
    private func needsSplit(_ a: Vector4, _ b: Vector4, _ c: Vector4, _ d: Vector4, du: Double, dv: Double,
                            _ precision: Precision) -> Bool {
        if case .whole = precision { return false }
        let wMin = min(a.w, b.w, c.w, d.w), wMax = max(a.w, b.w, c.w, d.w)
        if wMin == wMax { return false }
        if wMin <= nearW { return true }
        let spread = (wMax - wMin) / (4 * wMin)
        func pixelError() -> Double {
            let pa = a.projected, pb = b.projected, pc = c.projected, pd = d.projected
            return max((pa - pc).length, (pb - pd).length, (pa - pb).length, (pb - pc).length) * spread
        }
        switch precision {
        case .pixels(let tolerance):
            return pixelError() > tolerance
        case .unit(let tu, let tv):
            return (du * spread > tu || dv * spread > tv) && pixelError() > unitPixelFloor
        case .whole:
            return false
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
                    let t = da / (da - db)
                    func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
                    scratch.append((Vector4(x: mix(a.p.x, b.p.x), y: mix(a.p.y, b.p.y), z: mix(a.p.z, b.p.z), w: mix(a.p.w, b.p.w)),
                                    mix(a.u, b.u), mix(a.v, b.v)))
                }
            }
            swap(&polygon, &scratch)
            if polygon.count < 3 { return }
        }
        let base = Int32(vertices.count)
        for p in polygon { emit(p) }
        for k in 1..<(polygon.count - 1) {
            indices.append(base); indices.append(base + Int32(k)); indices.append(base + Int32(k + 1))
        }
    }

    private mutating func emit(_ p: Point4) {
        let s = p.p.projected
        vertices.append(Vertex(x: Float(s.x), y: Float(s.y), u: Float(p.u), v: Float(p.v)))
    }
}
