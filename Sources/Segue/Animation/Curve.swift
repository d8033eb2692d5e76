/// A transition's curve: a cubic Bézier (`CAMediaTimingFunction`), or UIKit's spring that
/// settles at the duration (`dampingRatio` > 0, `velocity` in whole distances per second),
/// as transition files, `--curve` and the tuning give it.
public enum Curve: Hashable, Sendable, CustomStringConvertible {
    /// A cubic Bézier timing curve over the whole duration.
    case bezier(TimingCurve)
    /// UIKit's spring, settled at the duration: `dampingRatio` > 0 (1 is critical), `velocity` in
    /// whole distances per second; parameters `Spring.validate` refuses play linearly.
    case spring(dampingRatio: Double, velocity: Double)

    /// A constant rate from start to end (`TimingCurve.linear`).
    public static let linear = Curve.bezier(.linear)
    /// Starts slowly and speeds up to the end (`TimingCurve.easeIn`).
    public static let easeIn = Curve.bezier(.easeIn)
    /// Starts at speed and slows into the end (`TimingCurve.easeOut`).
    public static let easeOut = Curve.bezier(.easeOut)
    /// Slow at both ends (`TimingCurve.easeInEaseOut`); what `View.animate` uses by default.
    public static let easeInEaseOut = Curve.bezier(.easeInEaseOut)
    /// Core Animation's default curve, (0.25, 0.1)–(0.25, 1) (`TimingCurve.default`).
    public static let `default` = Curve.bezier(.default)

    /// The easing of an animation of `duration` seconds along this curve (a spring whose
    /// parameters `Spring.validate` refuses plays linearly).
    public func easing(duration: Double) -> Easing {
        switch self {
        case .bezier(let c): return .bezier(c)
        case let .spring(ratio, velocity):
            guard Spring.validate(duration: duration, dampingRatio: ratio, initialVelocity: velocity) == nil else { return .bezier(.linear) }
            return .spring(Spring(duration: duration, dampingRatio: ratio, initialVelocity: velocity))
        }
    }

    /// The fraction of change at time fraction `u` of a segment (a spring settles at its end).
    public func value(at u: Double) -> Double { easing(duration: 1).value(at: u) }

    /// The Bézier's description, or `spring(dampingRatio, velocity)`.
    public var description: String {
        switch self {
        case .bezier(let c): return c.description
        case let .spring(ratio, velocity): return "spring(\(ratio), \(velocity))"
        }
    }
}
