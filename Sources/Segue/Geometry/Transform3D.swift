import Foundation

/// A 4×4 homogeneous transform with Core Animation's conventions (`CATransform3D`).
///
/// Points are row vectors: `p' = [x y z 1] · M`, so translation lives in `m41…m43` and
/// `concat(a, b) = a · b` applies `a` first. Rotations are right-handed in a y-down space
/// with +z toward the viewer: about X, `y' = y·c − z·s`, `z' = y·s + z·c`; about Y,
/// `x' = x·c + z·s`, `z' = −x·s + z·c`. Perspective is `m34 = −1/d`, giving `w = 1 − z/d`.
public struct Transform3D: Hashable, Sendable {
    /// Row 1: the output x, y, z and w per unit of input x.
    public var m11: Double, m12: Double, m13: Double, m14: Double
    /// Row 2: the output x, y, z and w per unit of input y.
    public var m21: Double, m22: Double, m23: Double, m24: Double
    /// Row 3: the output x, y, z and w per unit of input z (`m34 = −1/d` gives perspective).
    public var m31: Double, m32: Double, m33: Double, m34: Double
    /// Row 4: added to the output x, y, z and w; `m41`…`m43` translate, in points.
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// The matrix with these elements, row by row (points are row vectors: `m41`…`m43` translate).
    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The transform that leaves every point where it is.
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    /// Whether every element equals the identity's exactly (no tolerance).
    public var isIdentity: Bool { self == .identity }

    // MARK: Makers

    /// A move by (`tx`, `ty`, `tz`) points.
    public static func makeTranslation(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        var t = identity
        t.m41 = tx; t.m42 = ty; t.m43 = tz
        return t
    }

    /// A scale by `sx`, `sy`, `sz` about the origin (a negative factor mirrors, 0 flattens).
    public static func makeScale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        var t = identity
        t.m11 = sx; t.m22 = sy; t.m33 = sz
        return t
    }

    /// A rotation of `angle` radians about the axis `(x, y, z)`, which is normalised first;
    /// a zero axis gives the identity.
    public static func makeRotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return identity }
        let (x, y, z) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), k = 1 - c
        return Transform3D(
            m11: c + k * x * x, m12: s * z + k * x * y, m13: -s * y + k * x * z, m14: 0,
            m21: -s * z + k * x * y, m22: c + k * y * y, m23: s * x + k * y * z, m24: 0,
            m31: s * y + k * x * z, m32: -s * x + k * y * z, m33: c + k * z * z, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// A perspective transform with the eye at distance `d` (points) in front of the z = 0
    /// plane: `m34 = −1/d`.
    public static func makePerspective(distance d: Double) -> Transform3D {
        var t = identity
        t.m34 = -1 / d
        return t
    }

    // MARK: Composition

    /// Whether the transform only translates (the common case of a layer placed in its parent).
    package var isTranslation: Bool {
        m11 == 1 && m12 == 0 && m13 == 0 && m14 == 0 && m21 == 0 && m22 == 1 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m44 == 1
    }

    /// `T(tx, ty, tz) · self`, computed directly: only the translation row changes.
    package func prependingTranslation(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        var r = self
        r.m41 = tx * m11 + ty * m21 + tz * m31 + m41
        r.m42 = tx * m12 + ty * m22 + tz * m32 + m42
        r.m43 = tx * m13 + ty * m23 + tz * m33 + m43
        r.m44 = tx * m14 + ty * m24 + tz * m34 + m44
        return r
    }

    /// The move (dx, dy) within this map's plane after which it is `other`: `other` equals
    /// `prependingTranslation(dx, dy)` to within `tolerance` of each element's size. nil
    /// when `other` tilts, turns, scales or lifts the plane differently. A point p of
    /// `other`'s layer is the point p + (dx, dy) of this one's.
    package func planeOffset(to other: Transform3D, tolerance: Double = 1e-9) -> Point? {
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= tolerance * max(1, abs(a), abs(b)) }
        guard close(m11, other.m11), close(m12, other.m12), close(m13, other.m13), close(m14, other.m14),
              close(m21, other.m21), close(m22, other.m22), close(m23, other.m23), close(m24, other.m24),
              close(m31, other.m31), close(m32, other.m32), close(m33, other.m33), close(m34, other.m34) else { return nil }
        // Least squares for r = dx·row1 + dy·row2, r the change of the translation row.
        let r = (other.m41 - m41, other.m42 - m42, other.m43 - m43, other.m44 - m44)
        let aa = m11 * m11 + m12 * m12 + m13 * m13 + m14 * m14
        let bb = m21 * m21 + m22 * m22 + m23 * m23 + m24 * m24
        let ab = m11 * m21 + m12 * m22 + m13 * m23 + m14 * m24
        let ar = m11 * r.0 + m12 * r.1 + m13 * r.2 + m14 * r.3
        let br = m21 * r.0 + m22 * r.1 + m23 * r.2 + m24 * r.3
        let det = aa * bb - ab * ab
        guard det > 0 else { return nil }
        let dx = (ar * bb - br * ab) / det, dy = (br * aa - ar * ab) / det
        let moved = prependingTranslation(dx, dy)
        guard close(moved.m41, other.m41), close(moved.m42, other.m42), close(moved.m43, other.m43),
              close(moved.m44, other.m44) else { return nil }
        return Point(x: dx, y: dy)
    }

    /// `a · b`: `a` is applied first, then `b`.
    package static func concat(_ a: Transform3D, _ b: Transform3D) -> Transform3D {
        if a.isTranslation { return b.prependingTranslation(a.m41, a.m42, a.m43) }
        return Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// `self · other`: this transform, then `other`.
    public func concatenating(_ other: Transform3D) -> Transform3D { Self.concat(self, other) }

    /// `T(tx, ty, tz) · self` (`CATransform3DTranslate`).
    public func translated(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        Self.concat(.makeTranslation(tx, ty, tz), self)
    }

    /// `S(sx, sy, sz) · self` (`CATransform3DScale`).
    public func scaled(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        Self.concat(.makeScale(sx, sy, sz), self)
    }

    /// `R(angle, axis) · self` (`CATransform3DRotate`).
    public func rotated(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Self.concat(.makeRotation(angle, x, y, z), self)
    }

    /// The same map with its output z dropped: what Core Animation does when a layer's
    /// content is flattened into its superlayer's plane.
    package var flattened: Transform3D {
        var t = self
        t.m13 = 0; t.m23 = 0; t.m33 = 1; t.m43 = 0
        return t
    }

    // MARK: Applying

    /// The homogeneous image of the point `(x, y, z, 1)`.
    package func apply(x: Double, y: Double, z: Double = 0) -> Vector4 {
        Vector4(
            x: x * m11 + y * m21 + z * m31 + m41,
            y: x * m12 + y * m22 + z * m32 + m42,
            z: x * m13 + y * m23 + z * m33 + m43,
            w: x * m14 + y * m24 + z * m34 + m44)
    }

    /// Whether the z = 0 plane's image is turned over (mirrored): the plane maps to the screen
    /// by (x, y, 1) ↦ (X, Y, W), and where W > 0 its image's orientation is the sign of that
    /// 3 × 3 map's determinant (the Jacobian of the divide is it over W³). A turn past 90°
    /// about an axis in the plane turns it over, and so does a mirror (a negative scale).
    package var turnsOver: Bool {
        let det = m11 * (m22 * m44 - m24 * m42) - m12 * (m21 * m44 - m24 * m41) + m14 * (m21 * m42 - m22 * m41)
        return det < 0
    }

    /// The image of a point of the z = 0 plane after the perspective divide, or nil where it
    /// falls behind the eye (`w ≤ nearW`).
    package func project(_ p: Point, nearW: Double = 1e-6) -> Point? {
        let v = apply(x: p.x, y: p.y)
        return v.w > nearW ? v.projected : nil
    }

    /// The bounding box of `rect`'s corners (in the z = 0 plane) after the perspective
    /// divide, leaving out corners behind the eye; `.zero` when none is in front.
    package func projectedBounds(of rect: Rect) -> Rect {
        var lo = Point(x: Double.infinity, y: Double.infinity), hi = Point(x: -Double.infinity, y: -Double.infinity)
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)] {
            guard let p = project(Point(x: x, y: y)) else { continue }
            lo = Point(x: min(lo.x, p.x), y: min(lo.y, p.y))
            hi = Point(x: max(hi.x, p.x), y: max(hi.y, p.y))
        }
        return lo.x <= hi.x ? Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y) : .zero
    }

    /// The point of the z = 0 plane that this transform maps to the screen point `p` (the ray
    /// through `p` intersected with the layer's plane), or nil where the plane is seen edge-on
    /// or the hit lies behind the eye. Used for hit testing through 3D transforms.
    package func unproject(_ p: Point) -> Point? {
        // Solve x·(m11 − X·m14) + y·(m21 − X·m24) = X·m44 − m41 for x, y (and likewise for Y).
        let a11 = m11 - p.x * m14, a12 = m21 - p.x * m24, b1 = p.x * m44 - m41
        let a21 = m12 - p.y * m14, a22 = m22 - p.y * m24, b2 = p.y * m44 - m42
        let det = a11 * a22 - a12 * a21
        guard abs(det) > 1e-12 else { return nil }
        let local = Point(x: (b1 * a22 - a12 * b2) / det, y: (a11 * b2 - b1 * a21) / det)
        return apply(x: local.x, y: local.y).w > 0 ? local : nil
    }

    // MARK: Inverse

    /// The inverse, or nil when the matrix is singular (`|det| < 1e-12`).
    public var inverted: Transform3D? {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard abs(det) > 1e-12 else { return nil }
        let k = 1 / det
        return Transform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) * k,
            m12: (-m12 * c5 + m13 * c4 - m14 * c3) * k,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) * k,
            m14: (-m32 * s5 + m33 * s4 - m34 * s3) * k,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * k,
            m22: (m11 * c5 - m13 * c2 + m14 * c1) * k,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * k,
            m24: (m31 * s5 - m33 * s2 + m34 * s1) * k,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) * k,
            m32: (-m11 * c4 + m12 * c2 - m14 * c0) * k,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) * k,
            m34: (-m31 * s4 + m32 * s2 - m34 * s0) * k,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * k,
            m42: (m11 * c3 - m12 * c1 + m13 * c0) * k,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * k,
            m44: (m31 * s3 - m32 * s1 + m33 * s0) * k)
    }

    /// Whether every element is within `tolerance` of `other`'s.
    package func isApproximatelyEqual(to other: Transform3D, tolerance: Double = 1e-9) -> Bool {
        zip(elements, other.elements).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// The sixteen elements in row order, m11 first.
    package var elements: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }
}
