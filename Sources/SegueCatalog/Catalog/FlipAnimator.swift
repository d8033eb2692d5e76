import Foundation
import Segue

/// The reference flip for modal presentation and dismissal.
///
/// The container gets `m34 = −1/height`. One keyframe animation over `duration`: in the
/// first half the from-view rotates about X from 0 to `dir·π/2`, in the second half the
/// to-view turns from `−dir·π/2` to 0; `dir` is +1 to present and −1 to dismiss. Both views'
/// transforms and the container's perspective are restored when it ends, finished or not.
@MainActor
public final class FlipAnimator: ViewControllerAnimatedTransitioning {
    /// Which operation the flip performs.
    public enum Direction: Sendable {
        /// `present` turns the from-view away by +π/2 about X, `dismiss` by −π/2.
        case present, dismiss

        /// +1 to present, −1 to dismiss.
        public var sign: Double { self == .present ? 1 : -1 }
    }

    /// Whether it presents or dismisses, which sets the way the views turn.
    public let direction: Direction
    /// Seconds; the reference is 1.0.
    public var duration: Double
    /// The curve over the whole keyframe timeline; the reference is easeInEaseOut.
    public var curve: Curve
    /// The eye's distance in points; nil for the reference, the container's height.
    public var perspectiveDistance: Double?

    /// A flip lasting `duration` seconds; a nil `perspectiveDistance` uses the container's height.
    public init(direction: Direction, duration: Double = 1.0, curve: Curve = .easeInEaseOut,
                perspectiveDistance: Double? = nil) {
        self.direction = direction
        self.duration = duration
        self.curve = curve
        self.perspectiveDistance = perspectiveDistance
    }

    public var transitionName: String { "flip" }

    public func transitionDuration(using context: TransitionContext?) -> Double { duration }

    public func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        let from = context.view(forKey: .from), to = context.view(forKey: .to)
        to.frame = context.finalFrame(for: context.viewController(forKey: .to))
        container.addSubview(to)
        container.layer.sublayerTransform = .makePerspective(distance: perspectiveDistance ?? container.bounds.height)

        let turn = direction.sign * Double.pi / 2
        to.transform = .makeRotation(-turn, 1, 0, 0)
        View.animateKeyframes(withDuration: duration, curve: curve, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                from.transform = .makeRotation(turn, 1, 0, 0)
            }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                to.transform = .identity
            }
        }, completion: { _ in
            from.transform = .identity
            to.transform = .identity
            container.layer.sublayerTransform = .identity
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
