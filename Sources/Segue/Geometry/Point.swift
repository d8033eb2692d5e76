/// A point in a two-dimensional coordinate space, in points (y grows downward).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal coordinate in points, growing rightward.
    public var x: Double
    /// Vertical coordinate in points, growing downward.
    public var y: Double

    /// The point (`x`, `y`), in points.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// The component-wise sum: `a` offset by `b`.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The component-wise difference: the offset from `b` to `a`.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    package static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }

    /// Euclidean length of the vector from the origin to this point.
    package var length: Double { (x * x + y * y).squareRoot() }

    /// The coordinates as `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

/// A width and a height, in points. Negative values are allowed but never produced by Segue.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal extent in points.
    public var width: Double
    /// Vertical extent in points.
    public var height: Double

    /// A size of `width` × `height` points, kept as given (negatives too).
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No width and no height.
    public static let zero = Size(width: 0, height: 0)

    /// The size as `width×height`.
    public var description: String { "\(width)×\(height)" }
}
