/// A homogeneous point `(x, y, z, w)`: what a `Transform3D` maps a point to before the divide.
public struct Vector4: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var z: Double
    public var w: Double

    public init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// The screen point after the perspective divide; meaningful only where `w > 0`.
    public var projected: Point { Point(x: x / w, y: y / w) }
}
