import Segue

/// How the release of a drag decides between finishing and cancelling a transition.
public enum ReleaseRule: String, Hashable, Sendable, CaseIterable {
    /// UIKit's: finish when the percent reached is at or above the threshold.
    case uikit
    /// Velocity-aware, as Flutter's Cupertino back gesture: a flick of at least
    /// `flickSpeed` (fractions of the transition per second) finishes when it goes forward
    /// and cancels when it goes back, whatever the distance; slower releases use the
    /// threshold.
    case velocity
    /// Projected, as libadwaita's swipe tracker (and UIScrollView's deceleration): the
    /// release velocity is carried on with deceleration rate 0.998 per millisecond, and the
    /// percent it would come to rest at is held against the threshold.
    case projected

    /// A flick: one whole transition per second (Flutter's minimum fling velocity, in
    /// screen widths per second).
    public static let flickSpeed = 1.0
    /// Deceleration per millisecond of the projected rule (UIScrollView's `.normal`).
    public static let decelerationRate = 0.998

    /// Where a release at `percent` moving at `velocity` (fractions per second, positive
    /// toward finishing) would come to rest under the projected rule: `percent + v·r/(1−r)/1000`.
    public static func projectedPercent(_ percent: Double, velocity: Double) -> Double {
        percent + velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }

    /// Whether a release at `percent` (0…1) moving at `velocity` finishes the transition.
    public func finishes(percent: Double, velocity: Double, threshold: Double) -> Bool {
        switch self {
        case .uikit:
            return percent >= threshold
        case .velocity:
            if abs(velocity) >= Self.flickSpeed { return velocity > 0 }
            return percent >= threshold
        case .projected:
            return Self.projectedPercent(percent, velocity: velocity) >= threshold
        }
    }
}
