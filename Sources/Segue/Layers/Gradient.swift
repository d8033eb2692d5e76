/// An axial gradient (`CAGradientLayer` with `.axial`): colours at locations along the line
/// from `startPoint` to `endPoint`, both in unit coordinates of the layer's bounds.
public struct Gradient: Hashable, Sendable {
    public var colors: [Color]
    /// One location in 0…1 per colour, ascending; nil spreads the colours evenly.
    public var locations: [Double]?
    public var startPoint: Point
    public var endPoint: Point

    public init(colors: [Color], locations: [Double]? = nil,
                startPoint: Point = Point(x: 0.5, y: 0), endPoint: Point = Point(x: 0.5, y: 1)) {
        self.colors = colors
        self.locations = locations
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// The stop locations actually used: `locations` when it has one per colour, else evenly spaced.
    public var resolvedLocations: [Double] {
        if let l = locations, l.count == colors.count { return l }
        guard colors.count > 1 else { return colors.map { _ in 0 } }
        return (0..<colors.count).map { Double($0) / Double(colors.count - 1) }
    }

    /// The colour at parameter `s` along the axis (clamped to the end colours outside 0…1).
    public func color(at s: Double) -> Color {
        guard let first = colors.first else { return .clear }
        let locs = resolvedLocations
        if s <= locs[0] { return first }
        for i in 1..<colors.count where s <= locs[i] {
            let span = locs[i] - locs[i - 1]
            let t = span > 0 ? (s - locs[i - 1]) / span : 1
            return colors[i - 1].interpolated(to: colors[i], at: t)
        }
        return colors[colors.count - 1]
    }

    /// The gradient parameter of the unit-coordinate point `u` (its projection on the axis).
    public func parameter(atUnitPoint u: Point) -> Double {
        let dx = endPoint.x - startPoint.x, dy = endPoint.y - startPoint.y
        let len2 = dx * dx + dy * dy
        guard len2 > 0 else { return 0 }
        return ((u.x - startPoint.x) * dx + (u.y - startPoint.y) * dy) / len2
    }
}
