import Foundation
import Segue

extension Tessellator {
    /// The most clip planes the outcodes hold.
    private static let planeLimit = 64
    /// Pixels a rounded corner's polygon may lie inside its arc.
    package static let arcTolerance = 0.05

    /// Clips what is added from now on to region `index` of `clips` and every region it lies
    /// in (nil: no region).
    ///
    /// A region is a rounded rect in a layer's plane; each of its edges, and each chord of
    /// its corners' arcs, becomes a line of homogeneous screen space through the plane's
    /// projection (the edge's line ℓ in the plane, taken by the inverse of the plane's 3 × 3
    /// projective map). What lies in that plane, or is flattened into it, is then cut
    /// exactly, perspective and all. Arcs get as many chords as keep them within
    /// `arcTolerance` pixels (a radius up to about 27 pixels; larger ones get 13 chords a
    /// quarter, within a fifth of a pixel up to 110), as far as 64 planes in all allow once every region has its four sides (a
    /// chain of more than 14 regions clips to the innermost 14); a region seen edge-on shows
    /// nothing. The sides of region i in `hardSides[i]` (`Edge` bits, where another region
    /// or item continues it) are never anti-aliased.
    package mutating func clip(to clips: [DisplayList.Clip], index: Int?, hardSides: [UInt64] = []) {
        regionPlanes.removeAll(keepingCapacity: true)
        regionPlaneIsHard.removeAll(keepingCapacity: true)
        regionIsEmpty = false
        // Every region gets its four sides before any gets a chord of its corners.
        var outer = 0, next = index
        while let i = next {
            outer += 1
            next = clips[i].parent
        }
        next = index
        while let i = next, outer * 4 <= Self.planeLimit - 5 - regionPlanes.count {
            let region = clips[i]
            next = region.parent
            outer -= 1
            if !addRegion(region.rect, radius: region.cornerRadius, region.transform, reserving: 4 * outer,
                          hard: hardSides.indices.contains(i) ? hardSides[i] : 0) {
                regionIsEmpty = true
                return
            }
        }
    }

    /// Adds the edges of `rect` rounded by `radius` under `m`, leaving `reserved` planes for
    /// the regions further out, its `hard` sides marked so; false when the plane is seen
    /// edge-on (as `isEdgeOn` judges a quad: what lies in it would not be drawn either).
    private mutating func addRegion(_ rect: Rect, radius: Double, _ m: Transform3D, reserving reserved: Int, hard: UInt64) -> Bool {
        guard let map = PlaneMap(m), rect.width > 0, rect.height > 0, !isEdgeOn(rect, m) else { return false }

        let room = Self.planeLimit - 5 - regionPlanes.count - reserved
        let rounded = min(max(radius, 0), rect.width / 2, rect.height / 2)
        let chords = rounded > 0 ? min(Self.chords(radius: rounded, rect: rect, m), room / 4 - 1) : 0
        // With no room for a chord, the corners stay square.
        let r = chords > 0 ? rounded : 0
        regionCorners.removeAll(keepingCapacity: true)
        for k in 0..<4 {
            // The corners' centres clockwise from the top left (y down), each arc from the
            // side before it to the side after.
            let c = Point(x: k == 0 || k == 3 ? rect.minX + r : rect.maxX - r, y: k < 2 ? rect.minY + r : rect.maxY - r)
            guard chords > 0 else {
                regionCorners.append(c)
                continue
            }
            let start = Double.pi + Double(k) * Double.pi / 2
            for s in 0...chords {
                let a = start + Double(s) / Double(chords) * .pi / 2
                regionCorners.append(Point(x: c.x + r * cos(a), y: c.y + r * sin(a)))
            }
        }
        let centre = Point(x: rect.midX, y: rect.midY)
        for n in regionCorners.indices {
            let p = regionCorners[n], q = regionCorners[(n + 1) % regionCorners.count]
            var normal = Point(x: p.y - q.y, y: q.x - p.x)
            guard normal.x != 0 || normal.y != 0 else { continue }
            if normal.x * (centre.x - p.x) + normal.y * (centre.y - p.y) < 0 { normal = Point(x: -normal.x, y: -normal.y) }
            regionPlanes.append(map.line(normal: normal, through: p))
            // The corners' points run from each arc's start to its end, so the edge from the
            // last point of corner k to the first of corner k + 1 is a side: top, right, …
            let perCorner = regionCorners.count / 4
            let sides = [Edge.top, Edge.right, Edge.bottom, Edge.left]
            regionPlaneIsHard.append(n % perCorner == perCorner - 1 && hard & sides[n / perCorner] != 0)
        }
        return true
    }

    /// The projective map of a layer's plane to the screen, for taking lines across.
    ///
    /// (X, Y, 1) as a row times the matrix of rows r0, r1, r2 gives (x, y, w). A line ℓ of
    /// the plane becomes M⁻¹ℓ on screen, and M⁻¹ = [c0 c1 c2] / det, its columns the rows'
    /// cross products; at a point of the plane, M⁻¹ℓ takes the value ℓ takes there.
    struct PlaneMap {
        private let c0, c1, c2: SIMD3<Double>
        private let det: Double

        /// Nil when the plane projects to a line (seen edge-on) or the matrix is not finite.
        init?(_ m: Transform3D) {
            let r0 = SIMD3(m.m11, m.m12, m.m14), r1 = SIMD3(m.m21, m.m22, m.m24), r2 = SIMD3(m.m41, m.m42, m.m44)
            c0 = Self.cross(r1, r2)
            c1 = Self.cross(r2, r0)
            c2 = Self.cross(r0, r1)
            det = (r0 * c0).sum()
            guard det != 0, det.isFinite else { return nil }
        }

        /// The screen image of the plane's line through `p` with inner normal `normal`:
        /// `a·x + b·y + c·w ≥ 0` on the inner side.
        func line(normal: Point, through p: Point) -> Line {
            let l = (normal.x * c0 + normal.y * c1 - (normal.x * p.x + normal.y * p.y) * c2) / det
            return Line(a: l.x, b: l.y, c: l.z)
        }

        /// The point of the plane whose screen image is the homogeneous point `s` (its z
        /// unused), or nil where `s` lies on or beyond the plane's line at infinity (the
        /// plane's own weight of it, `s` times the inverse map, is not positive).
        func point(seenAt s: Vector4) -> Point? {
            let v = SIMD3(s.x, s.y, s.w)
            let w = (v * c2).sum() / det
            guard w > 0, w.isFinite else { return nil }
            return Point(x: (v * c0).sum() / det / w, y: (v * c1).sum() / det / w)
        }

        /// 1 / w of the plane's point seen at the screen point (x, y), w being what the
        /// transform gives its homogeneous image: affine across the screen, 0 on the plane's
        /// line at infinity, negative beyond it.
        func inverseW(atX x: Double, _ y: Double) -> Double {
            (SIMD3(x, y, 1) * c2).sum() / det
        }

        /// The point of the plane seen at the screen point (x, y), and the w of its
        /// homogeneous image; nil where (x, y) lies on or beyond the plane's line at infinity.
        func seen(atX x: Double, _ y: Double) -> (point: Point, w: Double)? {
            guard let p = point(seenAt: Vector4(x: x, y: y, z: 0, w: 1)) else { return nil }
            return (p, 1 / inverseW(atX: x, y))
        }

        /// `line` as a line of pixels, its value the distance; nil seen end-on.
        func edgeLine(normal: Point, through p: Point) -> EdgeLine? {
            let l = line(normal: normal, through: p)
            return EdgeLine(a: l.a, b: l.b, c: l.c)
        }

        private static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        }
    }

    /// Chords per quarter arc of radius `r` (points) so that, where the corners land on
    /// screen, the arc bulges past a chord by at most `arcTolerance` pixels: a chord of
    /// angle θ on a circle of radius ρ pixels misses it by ρ·(1 − cos(θ/2)).
    private static func chords(radius r: Double, rect: Rect, _ m: Transform3D) -> Int {
        var pixels = 0.0
        for k in 0..<4 {
            let x = k == 0 || k == 3 ? rect.minX : rect.maxX, y = k < 2 ? rect.minY : rect.maxY
            let c = m.apply(x: x, y: y), a = m.apply(x: x + r, y: y), b = m.apply(x: x, y: y + r)
            guard c.w > 0, a.w > 0, b.w > 0 else { return .max }
            pixels = max(pixels, (a.projected - c.projected).length, (b.projected - c.projected).length)
        }
        guard pixels > arcTolerance else { return 1 }
        let angle = 2 * acos(1 - arcTolerance / pixels)
        return max(1, Int((Double.pi / 2 / angle).rounded(.up)))
    }
}
