/// An axis-aligned rectangle: an origin (its top-left corner, y down) and a size, in points.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The corner the size extends from, in points: the top-left while the size is non-negative.
    public var origin: Point
    /// The width and height in points, kept as given (never standardized).
    public var size: Size

    /// A rectangle with this origin and size, kept as given.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// The rectangle with origin (`x`, `y`) and size `width` × `height`, in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle of no size at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// `origin.x`: the left edge while the width is non-negative.
    public var minX: Double { origin.x }
    /// `origin.y`: the top edge while the height is non-negative.
    public var minY: Double { origin.y }
    /// `origin.x + width`: the right edge while the width is non-negative.
    public var maxX: Double { origin.x + size.width }
    /// `origin.y + height`: the bottom edge while the height is non-negative.
    public var maxY: Double { origin.y + size.height }
    /// The x halfway across: `origin.x + width / 2`.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y halfway down: `origin.y + height / 2`.
    public var midY: Double { origin.y + size.height / 2 }
    /// `size.width`, as stored (a negative width stays negative).
    public var width: Double { size.width }
    /// `size.height`, as stored (a negative height stays negative).
    public var height: Double { size.height }
    package var center: Point { Point(x: midX, y: midY) }

    /// Whether `p` lies inside; the top and left edges are inside, the bottom and right edges are not.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom
    /// (negative values grow it), as `CGRect.insetBy(dx:dy:)`.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// This rect, in unit coordinates of `outer`, in `outer`'s coordinates:
    /// `outer.origin + origin · outer.size`, `size · outer.size`.
    package func within(_ outer: Rect) -> Rect {
        Rect(x: outer.minX + minX * outer.width, y: outer.minY + minY * outer.height,
             width: width * outer.width, height: height * outer.height)
    }

    /// This rect moved by `d`.
    public func offsetBy(_ d: Point) -> Rect { Rect(x: minX + d.x, y: minY + d.y, width: width, height: height) }

    /// Whether the two share some area (touching edges do not).
    package func overlaps(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Whether the two share a point, edges included: for boxes of pixel centres, whether
    /// they share a pixel.
    package func meets(_ other: Rect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// Whether `other` lies inside this rect, edges allowed to pass by `tolerance`.
    package func contains(_ other: Rect, tolerance: Double = 0) -> Bool {
        other.minX >= minX - tolerance && other.maxX <= maxX + tolerance
            && other.minY >= minY - tolerance && other.maxY <= maxY + tolerance
    }

    /// The rectangle both hold; where they share no area, one of no width or height at the
    /// later of their starts.
    package func intersection(_ other: Rect) -> Rect {
        let x = max(minX, other.minX), y = max(minY, other.minY)
        return Rect(x: x, y: y, width: max(0, min(maxX, other.maxX) - x), height: max(0, min(maxY, other.maxY) - y))
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let x = min(minX, other.minX), y = min(minY, other.minY)
        return Rect(x: x, y: y, width: max(maxX, other.maxX) - x, height: max(maxY, other.maxY) - y)
    }

    /// The smallest rectangle holding every point given; `.zero` for none.
    package static func bounding(_ points: [Point]) -> Rect {
        guard let first = points.first else { return .zero }
        var lo = first, hi = first
        for p in points.dropFirst() {
            lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y)
            hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
        }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// The rectangle as `(x, y, width, height)`.
    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}
