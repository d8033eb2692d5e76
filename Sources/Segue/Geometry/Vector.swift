/// A homogeneous point `(x, y, z, w)`: what a `Transform3D` maps a point to before the divide.
package struct Vector4: Hashable, Sendable {
    package var x: Double
    package var y: Double
    package var z: Double
    package var w: Double

    package init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// The screen point after the perspective divide; meaningful only where `w > 0`.
    package var projected: Point { Point(x: x / w, y: y / w) }
}
