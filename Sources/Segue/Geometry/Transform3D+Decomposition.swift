import Foundation

/// A transform split into the parts that interpolate well: perspective, translation,
/// rotation (a unit quaternion), skew and scale.
///
/// `M = A · P` where `P` is the identity with its last column set to `perspective`, and the
/// affine part `A` has upper 3×3 block `diag(scale) · K(skew) · R(quaternion)` and
/// translation row `translation`. `K` is lower unitriangular with `xy` at (2,1), `xz` at
/// (3,1), `yz` at (3,2). This is the CSS Transforms decomposition in row-vector form, so
/// interpolating it rotates about a fixed axis rather than blending the 16 numbers.
package struct DecomposedTransform3D: Sendable {
    package var translation: (x: Double, y: Double, z: Double)
    package var scale: (x: Double, y: Double, z: Double)
    package var skew: (xy: Double, xz: Double, yz: Double)
    /// Unit quaternion `(x, y, z, w)`: axis · sin(θ/2), cos(θ/2).
    package var quaternion: (x: Double, y: Double, z: Double, w: Double)
    package var perspective: (x: Double, y: Double, z: Double, w: Double)

    /// The transform these parts describe (scalar arithmetic only: it runs every frame of
    /// every transform animation).
    package var recomposed: Transform3D {
        let (x, y, z, w) = quaternion
        // Rotation rows (row-vector convention: the transpose of the column-vector matrix).
        let r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y + z * w), r02 = 2 * (x * z - y * w)
        let r10 = 2 * (x * y - z * w), r11 = 1 - 2 * (x * x + z * z), r12 = 2 * (y * z + x * w)
        let r20 = 2 * (x * z + y * w), r21 = 2 * (y * z - x * w), r22 = 1 - 2 * (x * x + y * y)
        // Rows of diag(scale) · K(skew) · R.
        let (sx, sy, sz) = scale, (xy, xz, yz) = skew
        let affine = Transform3D(
            m11: r00 * sx, m12: r01 * sx, m13: r02 * sx, m14: 0,
            m21: (r10 + xy * r00) * sy, m22: (r11 + xy * r01) * sy, m23: (r12 + xy * r02) * sy, m24: 0,
            m31: (r20 + xz * r00 + yz * r10) * sz, m32: (r21 + xz * r01 + yz * r11) * sz,
            m33: (r22 + xz * r02 + yz * r12) * sz, m34: 0,
            m41: translation.x, m42: translation.y, m43: translation.z, m44: 1)
        if perspective == (0, 0, 0, 1) { return affine }
        var p = Transform3D.identity
        p.m14 = perspective.x; p.m24 = perspective.y; p.m34 = perspective.z; p.m44 = perspective.w
        return affine.concatenating(p)
    }

    /// Interpolates every part linearly and the rotation along the shorter great arc
    /// (spherical linear interpolation). `t` is not clamped: 0 gives `self`, 1 gives `other`.
    package func interpolated(to other: Self, at t: Double) -> Self {
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        var out = self
        out.translation = (lerp(translation.x, other.translation.x), lerp(translation.y, other.translation.y),
                           lerp(translation.z, other.translation.z))
        out.scale = (lerp(scale.x, other.scale.x), lerp(scale.y, other.scale.y), lerp(scale.z, other.scale.z))
        out.skew = (lerp(skew.xy, other.skew.xy), lerp(skew.xz, other.skew.xz), lerp(skew.yz, other.skew.yz))
        out.perspective = (lerp(perspective.x, other.perspective.x), lerp(perspective.y, other.perspective.y),
                           lerp(perspective.z, other.perspective.z), lerp(perspective.w, other.perspective.w))
        out.quaternion = Self.slerp(quaternion, other.quaternion, t)
        return out
    }

    typealias Quaternion = (x: Double, y: Double, z: Double, w: Double)

    static func slerp(_ a: Quaternion, _ b: Quaternion, _ t: Double) -> Quaternion {
        var b = b
        var d = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
        if d < 0 { b = (-b.x, -b.y, -b.z, -b.w); d = -d }
        let wa: Double, wb: Double
        if d > 0.9999 {
            wa = 1 - t; wb = t
        } else {
            let theta = acos(min(d, 1)), s = sin(theta)
            wa = sin((1 - t) * theta) / s; wb = sin(t * theta) / s
        }
        var q = (x: wa * a.x + wb * b.x, y: wa * a.y + wb * b.y, z: wa * a.z + wb * b.z, w: wa * a.w + wb * b.w)
        let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        if n > 0 { q = (q.x / n, q.y / n, q.z / n, q.w / n) }
        return q
    }
}

extension Transform3D {
    /// The decomposition of this transform, or nil where it has none (a singular matrix, such
    /// as a scale of zero, or `m44 = 0`).
    package var decomposed: DecomposedTransform3D? {
        guard m44 != 0 else { return nil }
        let n = 1 / m44
        var m = self
        m.m11 *= n; m.m12 *= n; m.m13 *= n; m.m14 *= n
        m.m21 *= n; m.m22 *= n; m.m23 *= n; m.m24 *= n
        m.m31 *= n; m.m32 *= n; m.m33 *= n; m.m34 *= n
        m.m41 *= n; m.m42 *= n; m.m43 *= n; m.m44 = 1

        var affine = m
        affine.m14 = 0; affine.m24 = 0; affine.m34 = 0; affine.m44 = 1
        guard let affineInverse = affine.inverted else { return nil }

        // P's last column p solves A · p = (m14, m24, m34, m44) (column vectors).
        let c = (m.m14, m.m24, m.m34, m.m44)
        let i = affineInverse
        let perspective = (
            x: i.m11 * c.0 + i.m12 * c.1 + i.m13 * c.2 + i.m14 * c.3,
            y: i.m21 * c.0 + i.m22 * c.1 + i.m23 * c.2 + i.m24 * c.3,
            z: i.m31 * c.0 + i.m32 * c.1 + i.m33 * c.2 + i.m34 * c.3,
            w: i.m41 * c.0 + i.m42 * c.1 + i.m43 * c.2 + i.m44 * c.3)

        // (Three-vectors as SIMD3, each sum written out in the order it always was: an array
        // a vector allocated, and a transition's start decomposes every key of every track.)
        typealias Row = SIMD3<Double>
        func dot(_ a: Row, _ b: Row) -> Double { a.x * b.x + a.y * b.y + a.z * b.z }
        func combine(_ a: Row, _ b: Row, _ sb: Double) -> Row { Row(a.x + sb * b.x, a.y + sb * b.y, a.z + sb * b.z) }
        func cross(_ a: Row, _ b: Row) -> Row { Row(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x) }
        var r0 = Row(m.m11, m.m12, m.m13), r1 = Row(m.m21, m.m22, m.m23), r2 = Row(m.m31, m.m32, m.m33)

        var sx = dot(r0, r0).squareRoot()
        r0 /= sx
        var xy = dot(r0, r1)
        r1 = combine(r1, r0, -xy)
        var sy = dot(r1, r1).squareRoot()
        r1 /= sy
        xy /= sy
        var xz = dot(r0, r2)
        r2 = combine(r2, r0, -xz)
        var yz = dot(r1, r2)
        r2 = combine(r2, r1, -yz)
        var sz = dot(r2, r2).squareRoot()
        r2 /= sz
        xz /= sz
        yz /= sz
        if dot(r0, cross(r1, r2)) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            r0 = -r0; r1 = -r1; r2 = -r2
        }

        // Quaternion of the rotation whose row-vector matrix has rows r0, r1, r2.
        var qx = 0.5 * max(1 + r0.x - r1.y - r2.z, 0).squareRoot()
        var qy = 0.5 * max(1 - r0.x + r1.y - r2.z, 0).squareRoot()
        var qz = 0.5 * max(1 - r0.x - r1.y + r2.z, 0).squareRoot()
        let qw = 0.5 * max(1 + r0.x + r1.y + r2.z, 0).squareRoot()
        if r1.z < r2.y { qx = -qx }
        if r2.x < r0.z { qy = -qy }
        if r0.y < r1.x { qz = -qz }

        return DecomposedTransform3D(
            translation: (m.m41, m.m42, m.m43), scale: (sx, sy, sz), skew: (xy, xz, yz),
            quaternion: (qx, qy, qz, qw), perspective: perspective)
    }

    /// The transform a fraction `t` of the way from `self` to `other`, interpolating the
    /// decompositions (Core Animation and CSS do the same). Where either has no decomposition
    /// it switches from `self` to `other` at `t = 0.5`.
    package func interpolated(to other: Transform3D, at t: Double) -> Transform3D {
        if self == other { return self }
        guard let a = decomposed, let b = other.decomposed else { return t < 0.5 ? self : other }
        return a.interpolated(to: b, at: t).recomposed
    }
}
