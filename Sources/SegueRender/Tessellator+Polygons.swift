import Segue

/// Clipping a cell's polygon to the near plane, the rect and the clip regions, growing and cutting its outline for anti-aliasing, and emitting its triangles.
extension Tessellator {
    /// The planes before the clip regions': the near plane, then left, right, top, bottom.
    var fixedPlaneCount: Int { clipRect == nil ? 1 : 5 }

    /// The number of clip planes: the fixed ones, then the regions' edges.
    var planeCount: Int { fixedPlaneCount + regionPlanes.count }

    /// The signed distance of `p` inside plane `k` (negative outside); linear in `p`.
    func distance(_ p: Vector4, _ k: Int) -> Double {
        let fixed = fixedPlaneCount
        if k >= fixed { return regionPlanes[k - fixed].value(at: p) }
        return k == 0 ? p.w - nearW : rectDistances(p)[k - 1]
    }

    /// The signed distances of `p` inside the rect's planes (`clipRect` grown by `guardBand`):
    /// left, right, top, bottom; nothing outside when there is no rect.
    @inline(__always)
    func rectDistances(_ p: Vector4) -> SIMD4<Double> {
        guard let r = clipRect else { return SIMD4(repeating: 0) }
        return SIMD4(p.x - (r.minX - guardBand) * p.w, (r.maxX + guardBand) * p.w - p.x,
                     p.y - (r.minY - guardBand) * p.w, (r.maxY + guardBand) * p.w - p.y)
    }

    /// One bit per plane that `p` lies outside of (`distance` below 0).
    func outcode(_ p: Vector4) -> UInt64 {
        var code: UInt64 = distance(p, 0) < 0 ? 1 : 0
        let outside = rectDistances(p) .< 0
        for k in 0..<4 where outside[k] { code |= 2 << UInt64(k) }
        let fixed = UInt64(fixedPlaneCount)
        for (k, l) in regionPlanes.enumerated() where l.value(at: p) < 0 { code |= 1 << (fixed + UInt64(k)) }
        return code
    }

    /// Clips `polygon` (a cell: convex, in the quad's plane) against the planes of `crossed`
    /// (outcode bits its corners lie outside of), then emits what is left. The whole cell is
    /// clipped, not two triangles of it, so its grown outline (`emitPolygon`) has no diagonal
    /// whose two sides would grow apart.
    mutating func clipPolygon(crossing crossed: UInt64) {
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

    /// Emits `polygon` (convex, three corners or more) as a fan, grown by `fringeWidth` outside
    /// each of its edges that lies on an anti-aliased line, so that one walk down the rows reaches
    /// the pixels those edges cross (a coverage rasterizer paints them by their coverage); a grown
    /// outline turning inward loses that corner (`dropInwardCorners`), so no two triangles of the
    /// fan overlap. A corner moves only as its edges' lines say: on two, to where both meet grown
    /// (`mitre`), or at a corner sharper than 60° to a point out of each (a bevel); on one, sliding
    /// along its other edge (`slide`), so that a corner two cells share moves alike in both and a
    /// corner on a hard side stays on it; on none, not at all. The outline is then cut to the edges
    /// without a line, which never move (nothing grows past a cell's neighbour or a hard side,
    /// however thin the cell), and to where the plane lies at most `deepest` times as deep as the
    /// polygon's deepest corner (near its horizon, a layer all but edge-on, attributes grow too
    /// large for `Float`). A grown point takes the attributes of the quad's point seen there (exact
    /// in perspective), so the inside of the polygon is drawn as before.
    mutating func emitPolygon() {
        let base = Int32(vertices.count)
        if hasEdgeLines, let (map, rect) = grownPlane {
            growOutline(map)
            dropInwardCorners()
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
    mutating func growOutline(_ map: PlaneMap) {
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

    /// Drops the points where `outline` turns against its own sense, until it turns one way
    /// all round. A corner slid along a short hard edge can land inside the line its
    /// neighbours span, and a fan over such an outline paints the pixels near that corner
    /// twice. Each point lies where the layer may paint (inside its hard edges, at most the
    /// fringe past its lines), so filling the notch keeps it there. (Points in line stay:
    /// their attributes are what the edge's ends give them.)
    mutating func dropInwardCorners() {
        var area = 0.0
        for k in outline.indices {
            let p = outline[k], q = outline[(k + 1) % outline.count]
            area += p.x * q.y - q.x * p.y
        }
        var dropped = true
        while dropped && outline.count > 3 {
            dropped = false
            var k = 0
            while k < outline.count && outline.count > 3 {
                let n = outline.count, a = outline[(k + n - 1) % n], b = outline[k], c = outline[(k + 1) % n]
                let turn = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
                let scale = (abs(b.x - a.x) + abs(b.y - a.y)) * (abs(c.x - b.x) + abs(c.y - b.y))
                if (area < 0 ? -turn : turn) < -1e-6 * scale {
                    outline.remove(at: k)
                    dropped = true
                } else {
                    k += 1
                }
            }
        }
    }

    /// Cuts `outline` to where `inside` (affine across the screen) is at least −`tolerance`;
    /// a point made on the cut takes the corner of its edge's end inside.
    mutating func cutOutline(tolerance: Double, _ inside: (OutlinePoint) -> Double) {
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
    static func mitre(_ first: EdgeLine, _ second: EdgeLine) -> Point? {
        let width = Double(fringeWidth), reach = Double(fringeReach)
        let la = Double(first.a), lb = Double(first.b), ma = Double(second.a), mb = Double(second.b)
        let cosine = la * ma + lb * mb
        // n·d = −width for both unit normals: d = −width·(n₁ + n₂) / (1 + n₁·n₂), its length
        // width·√(2 / (1 + n₁·n₂)).
        guard 2 * width * width <= reach * reach * (1 + cosine) else { return nil }
        return Point(x: -width * (la + ma) / (1 + cosine), y: -width * (lb + mb) / (1 + cosine))
    }

    /// `fringeWidth` pixels straight out of `line`.
    static func outward(_ line: EdgeLine) -> Point {
        Point(x: -Double(fringeWidth) * Double(line.a), y: -Double(fringeWidth) * Double(line.b))
    }

    /// Where a corner on `line` grows, pixels from it, sliding along `direction` (its other
    /// edge, which has no line, run out past the corner) until it is `fringeWidth` outside
    /// `line` — far, where the edge leaves the line at a shallow angle (a thin cell of a
    /// layer seen edge-on) — or `limit` pixels along; straight out of `line` where the edge
    /// all but runs along it (the outline is cut back to the edge's line after).
    static func slide(_ line: EdgeLine, along direction: Point, limit: Double) -> Point {
        let length = (direction.x * direction.x + direction.y * direction.y).squareRoot()
        let outward = -(Double(line.a) * direction.x + Double(line.b) * direction.y) / length
        guard length > 0, outward > 0.01 else { return Self.outward(line) }
        let distance = min(Double(fringeWidth) / outward, limit)
        return Point(x: direction.x * distance / length, y: direction.y * distance / length)
    }

    /// Sets the lines of the quad `rect` under `map` and of the clip regions (nil: none).
    /// Lines that coincide (a layer clipped to its own bounds) are one, hard if any of them
    /// is: a `hard` side, or a region's hard side.
    mutating func setEdgeLines(_ map: PlaneMap?, _ rect: Rect, hard: UInt64) {
        if hasEdgeLines {
            // (Only the last quad's candidates' bits were set.)
            for c in candidateLines { lineOfEdge[c.bit] = -1 }
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
    static func isSameLine(_ l: EdgeLine, _ m: EdgeLine) -> Bool {
        abs(l.a - m.a) < 1e-4 && abs(l.b - m.b) < 1e-4 && abs(l.c - m.c) < 0.01
    }

    mutating func emit(_ p: Point4) {
        let s = p.p.projected
        vertices.append(Vertex(x: Float(s.x), y: Float(s.y), u: Float(p.u), v: Float(p.v), w: Float(p.p.w)))
    }
}
