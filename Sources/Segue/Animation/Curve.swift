/// A transition's curve: a cubic Bézier (`CAMediaTimingFunction`), or UIKit's spring that
/// settles at the duration (`dampingRatio` > 0, `velocity` in whole distances per second),
/// as transition files, `--curve` and the tuning give it.
public enum Curve: Hashable, Sendable, CustomStringConvertible {
    case bezier(TimingCurve)
    case spring(dampingRatio: Double, velocity: Double)

    public static let linear = Curve.bezier(.linear)
    public static let easeIn = Curve.bezier(.easeIn)
    public static let easeOut = Curve.bezier(.easeOut)
    public static let easeInEaseOut = Curve.bezier(.easeInEaseOut)
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

    public var description: String {
        switch self {
        case .bezier(let c): return c.description
        case let .spring(ratio, velocity): return "spring(\(ratio), \(velocity))"
        }
    }
}
