/// Turns display-list quads into screen triangles that an affine rasterizer (such as
/// `SDL_RenderGeometry`) draws within about half a pixel of perspective-correct.
///
/// Each quad is cut into a grid in its own plane, finer where its depth (w) varies more
/// across it: an affine segment of screen length L whose w goes from w to w + Δw is off by
/// about L·Δw / (4n²w) at its middle when cut in n pieces, so n = ⌈√(L·Δw / (4·w·τ))⌉ for a
/// tolerance τ (pixels), taking the quad's longest extent and its largest w spread for both
/// axes (a strip whose w varies only along v still shears along u). Flat (affine) quads stay one cell. Triangles are clipped in
/// homogeneous space against the near plane `w = nearW`, so geometry behind the eye is never
/// drawn, inverted or stretched. Buffers are kept between frames.
public struct Tessellator {
    /// One output vertex: a screen position in pixels and the matching point of the quad in
    /// unit coordinates (0…1 across its rect).
    public struct Vertex: Hashable, Sendable {
        public var x: Float
        public var y: Float
        public var u: Float
        public var v: Float
    }

    /// Allowed affine error, pixels.
    public var tolerance = 0.25
    /// The most cells along one side of a quad.
    public var maxCells = 64
    /// The near plane: homogeneous w below this is behind the eye, clipped.
    public var nearW = 0.01

    public private(set) var vertices: [Vertex] = []
    public private(set) var indices: [Int32] = []
    private var uBreaks: [Double] = []
    private var vBreaks: [Double] = []
    private var grid: [Vector4] = []
    private var polygon: [(Vector4, Double, Double)] = []
    private var clipped: [(Vector4, Double, Double)] = []

    public init() {}

    /// Empties the output, keeping the capacity.
    public mutating func reset() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    /// The number of cells along u and v the quad needs for `tolerance` pixels.
    public func cellCounts(rect: Rect, transform m: Transform3D, tolerance: Double) -> (Int, Int) {
        let c = [m.apply(x: rect.minX, y: rect.minY), m.apply(x: rect.maxX, y: rect.minY),
                 m.apply(x: rect.maxX, y: rect.maxY), m.apply(x: rect.minX, y: rect.maxY)]
        let ws = c.map(\.w)
        if ws.allSatisfy({ $0 == ws[0] }) && ws[0] > nearW { return (1, 1) }
        if ws.contains(where: { $0 <= nearW }) { return (maxCells, maxCells) }
        // The error in any direction scales with the cell's screen size and w's change across
        // it, so one count serves both axes: the longest edge against the largest w spread.
        let p = c.map(\.projected)
        let length = max((p[0] - p[1]).length, (p[1] - p[2]).length, (p[2] - p[3]).length, (p[3] - p[0]).length,
                         (p[0] - p[2]).length, (p[1] - p[3]).length)
        let dw = (ws.max() ?? 0) - (ws.min() ?? 0), w = ws.min() ?? 1
        let n = Int(min(max((length * dw / (4 * w * tolerance)).squareRoot().rounded(.up), 1), Double(maxCells)))
        return (n, n)
    }

    /// Appends the triangles of `rect` under `transform`; `uStops` and `vStops` (unit
    /// coordinates) are added as extra grid lines, so colours given per vertex change slope
    /// only there. `tolerance` overrides the allowed error for this quad; `subdivide: false`
    /// keeps it one cell, which is exact for a uniform colour (a plane's projection is a
    /// quad; only interpolated attributes need the grid). Returns the range of indices appended.
    @discardableResult
    public mutating func add(rect: Rect, transform m: Transform3D, subdivide: Bool = true, tolerance: Double? = nil,
                             uStops: [Double] = [], vStops: [Double] = []) -> Range<Int> {
        let start = indices.count
        guard rect.width > 0, rect.height > 0 else { return start..<start }
        let (nu, nv) = subdivide ? cellCounts(rect: rect, transform: m, tolerance: tolerance ?? self.tolerance) : (1, 1)
        Self.breaks(nu, uStops, into: &uBreaks)
        Self.breaks(nv, vStops, into: &vBreaks)
        let cols = uBreaks.count, rows = vBreaks.count
        grid.removeAll(keepingCapacity: true)
        for v in vBreaks {
            for u in uBreaks {
                grid.append(m.apply(x: rect.minX + u * rect.width, y: rect.minY + v * rect.height))
            }
        }
        if grid.allSatisfy({ $0.w > nearW }) {
            // Nothing to clip: share the grid's vertices between its cells.
            let base = Int32(vertices.count)
            var k = 0
            for v in vBreaks {
                for u in uBreaks {
                    emit((grid[k], u, v))
                    k += 1
                }
            }
            for j in 0..<(rows - 1) {
                for i in 0..<(cols - 1) {
                    let a = base + Int32(j * cols + i), b = a + 1, c = a + Int32(cols) + 1, d = a + Int32(cols)
                    indices.append(a); indices.append(b); indices.append(c)
                    indices.append(a); indices.append(c); indices.append(d)
                }
            }
            return start..<indices.count
        }
        for j in 0..<(rows - 1) {
            for i in 0..<(cols - 1) {
                let a = j * cols + i, b = a + 1, c = a + cols + 1, d = a + cols
                triangle((grid[a], uBreaks[i], vBreaks[j]), (grid[b], uBreaks[i + 1], vBreaks[j]),
                         (grid[c], uBreaks[i + 1], vBreaks[j + 1]))
                triangle((grid[a], uBreaks[i], vBreaks[j]), (grid[c], uBreaks[i + 1], vBreaks[j + 1]),
                         (grid[d], uBreaks[i], vBreaks[j + 1]))
            }
        }
        return start..<indices.count
    }

    /// Grid lines: n equal cells, plus the stops strictly inside 0…1, sorted.
    private static func breaks(_ n: Int, _ stops: [Double], into out: inout [Double]) {
        out.removeAll(keepingCapacity: true)
        for k in 0...n { out.append(Double(k) / Double(n)) }
        guard !stops.isEmpty else { return }
        for s in stops where s > 0 && s < 1 && !out.contains(s) { out.append(s) }
        out.sort()
    }

    private mutating func triangle(_ p0: (Vector4, Double, Double), _ p1: (Vector4, Double, Double),
                                   _ p2: (Vector4, Double, Double)) {
        // Sutherland–Hodgman against w = nearW; attributes interpolate linearly in
        // homogeneous space, which is exact for the plane of the quad.
        polygon.removeAll(keepingCapacity: true)
        polygon.append(p0); polygon.append(p1); polygon.append(p2)
        clipped.removeAll(keepingCapacity: true)
        for k in 0..<3 {
            let a = polygon[k], b = polygon[(k + 1) % 3]
            let aIn = a.0.w > nearW, bIn = b.0.w > nearW
            if aIn { clipped.append(a) }
            if aIn != bIn {
                let t = (nearW - a.0.w) / (b.0.w - a.0.w)
                func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
                clipped.append((Vector4(x: mix(a.0.x, b.0.x), y: mix(a.0.y, b.0.y), z: mix(a.0.z, b.0.z), w: nearW),
                                mix(a.1, b.1), mix(a.2, b.2)))
            }
        }
        guard clipped.count >= 3 else { return }
        let base = Int32(vertices.count)
        for p in clipped { emit(p) }
        for k in 1..<(clipped.count - 1) {
            indices.append(base); indices.append(base + Int32(k)); indices.append(base + Int32(k + 1))
        }
    }

    private mutating func emit(_ p: (Vector4, Double, Double)) {
        let s = p.0.projected
        vertices.append(Vertex(x: Float(s.x), y: Float(s.y), u: Float(p.1), v: Float(p.2)))
    }
}
