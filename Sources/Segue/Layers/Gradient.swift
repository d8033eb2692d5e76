/// An axial gradient (`CAGradientLayer` with `.axial`): colours at locations along the line
/// from `startPoint` to `endPoint`, both in unit coordinates of the layer's bounds.
public struct Gradient: Hashable, Sendable {
    /// The colours of the stops, in order from `startPoint` to `endPoint`.
    public var colors: [Color]
    /// One location in 0…1 per colour, ascending; nil spreads the colours evenly.
    public var locations: [Double]?
    /// Where the axis starts (parameter 0), in unit coordinates of the bounds.
    public var startPoint: Point
    /// Where the axis ends (parameter 1), in unit coordinates of the bounds.
    public var endPoint: Point

    /// A gradient of `colors` at `locations` (nil: spread evenly), top to bottom by default.
    public init(colors: [Color], locations: [Double]? = nil,
                startPoint: Point = Point(x: 0.5, y: 0), endPoint: Point = Point(x: 0.5, y: 1)) {
        self.colors = colors
        self.locations = locations
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// Where stop `i` sits on the axis: `locations[i]` when there is one location per colour,
    /// else the colours spread evenly over 0…1.
    package func location(ofStop i: Int) -> Double {
        if let l = locations, l.count == colors.count { return l[i] }
        return colors.count > 1 ? Double(i) / Double(colors.count - 1) : 0
    }

    /// The colour at parameter `s` along the axis (clamped to the end colours outside 0…1).
    public func color(at s: Double) -> Color { color(at: s, inStretchAt: s) }

    /// The colour at parameter `s` as the stretch of the gradient beside `edge` on the side
    /// of `inside` (between two stops, or past an end, where it is one colour) runs on,
    /// unclamped: past a layer's edge (a corner grown for anti-aliasing), what the cell
    /// there continues to, however near the edge another stop lies. `s` itself where the
    /// parameter does not change across the edge (`inside` is `edge`).
    package func color(at s: Double, runningOnFrom edge: Double, toward inside: Double) -> Color {
        inside == edge ? color(at: s) : color(at: s, inStretchAt: inside > edge ? edge.nextUp : edge.nextDown)
    }

    /// The colour at `s` of the stretch that holds parameter `place`: one end's colour past
    /// it, else its two stops' colours mixed linearly (by `s`, not held to the stretch).
    private func color(at s: Double, inStretchAt place: Double) -> Color {
        guard let first = colors.first else { return .clear }
        if place <= location(ofStop: 0) { return first }
        for i in 1..<colors.count where place <= location(ofStop: i) {
            let from = location(ofStop: i - 1), span = location(ofStop: i) - from
            return colors[i - 1].interpolated(to: colors[i], at: span > 0 ? (s - from) / span : 1)
        }
        return colors[colors.count - 1]
    }

    /// The fastest the gradient's drawn colour can change along the axis, in colour units
    /// (0…1) per unit of the parameter, over any backdrop: drawn at alpha α over a colour D,
    /// a colour C gives αC + (1 − α)D, which changes by at most α·|ΔC| + |Δα|. 0 for a single
    /// colour; a hard stop (two stops at one location) has no finite slope and is left out.
    package var steepestSlope: Double {
        var steepest = 0.0
        for i in colors.indices.dropFirst() {
            let span = location(ofStop: i) - location(ofStop: i - 1)
            guard span > 0 else { continue }
            let a = colors[i - 1], b = colors[i]
            let colorChange = max(abs(b.red - a.red), abs(b.green - a.green), abs(b.blue - a.blue))
            let change = max(a.alpha, b.alpha) * colorChange + abs(b.alpha - a.alpha)
            steepest = max(steepest, change / span)
        }
        return steepest
    }

    /// The gradient parameter of the unit-coordinate point `u` (its projection on the axis).
    package func parameter(atUnitPoint u: Point) -> Double {
        let d = parameterPerUnit
        return (u.x - startPoint.x) * d.x + (u.y - startPoint.y) * d.y
    }

    /// How fast the parameter grows per unit of x and of y in the layer's unit square; zero
    /// when the start and end points coincide.
    package var parameterPerUnit: Point {
        let dx = endPoint.x - startPoint.x, dy = endPoint.y - startPoint.y
        let len2 = dx * dx + dy * dy
        guard len2 > 0 else { return Point(x: 0, y: 0) }
        return Point(x: dx / len2, y: dy / len2)
    }
}
