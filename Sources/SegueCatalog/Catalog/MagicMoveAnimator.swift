import Segue

/// A screen that takes part in a shared-element transition: it names the view that flies.
@MainActor
public protocol SharedElementProviding: AnyObject {
    /// The view whose picture moves between the screens (the tapped one, on a grid).
    var sharedElement: View? { get }
}

/// The reference "magic move" for navigation push and pop.
///
/// Push: a snapshot of the source screen's shared element flies from its frame to the
/// destination's shared-element frame with a spring (damping ratio 0.55, initial velocity
/// 1/0.55, 0.75 s) while the destination screen fades in from alpha 0; both real views are
/// hidden during the flight and shown at the end. Pop reverses it: the picture flies back
/// while the detail screen fades out over the grid.
@MainActor
public final class MagicMoveAnimator: ViewControllerAnimatedTransitioning {
    /// `.pop` flies the picture back and fades the detail out; any other operation is a push.
    public let operation: TransitionContext.Operation
    /// Seconds; the reference is 0.75.
    public var duration: Double
    /// The reference is a spring: damping ratio 0.55, 1/0.55 distances per second.
    public var curve: Curve
    /// The reference spring: damping ratio 0.55, initial velocity 1/0.55 distances a second.
    public static let referenceCurve = Curve.spring(dampingRatio: 0.55, velocity: 1 / 0.55)
    /// How many times `animationEnded(_:)` has run (once per transition).
    public private(set) var endedCount = 0

    /// A magic move for `operation` lasting `duration` seconds on `curve`.
    public init(operation: TransitionContext.Operation, duration: Double = 0.75, curve: Curve = MagicMoveAnimator.referenceCurve) {
        self.operation = operation
        self.duration = duration
        self.curve = curve
    }

    public var transitionName: String { "magicmove" }

    public func transitionDuration(using context: TransitionContext?) -> Double { duration }

    public func animationEnded(_ transitionCompleted: Bool) { endedCount += 1 }

    public func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        let fromVC = context.viewController(forKey: .from), toVC = context.viewController(forKey: .to)
        let from = fromVC.view, to = toVC.view
        let pushing = operation != .pop
        to.frame = context.finalFrame(for: toVC)
        // The detail screen is on top: it fades in over the grid, or out to reveal it.
        if pushing { container.addSubview(to) } else { container.insertSubview(to, at: 0) }
        let detail = pushing ? to : from

        let source = (fromVC as? SharedElementProviding)?.sharedElement
        let target = (toVC as? SharedElementProviding)?.sharedElement
        var flyer: View?
        if let source, let target,
           let start = source.convert(source.bounds, to: container), let end = target.convert(target.bounds, to: container) {
            let snapshot = source.snapshotView()
            snapshot.frame = start
            container.addSubview(snapshot)
            source.isHidden = true
            target.isHidden = true
            flyer = snapshot
            detail.alpha = pushing ? 0 : 1
            View.animate(withDuration: duration, curve: curve, animations: {
                snapshot.frame = end
                detail.alpha = pushing ? 1 : 0
            }, completion: { _ in
                source.isHidden = false
                target.isHidden = false
                flyer?.removeFromSuperview()
                detail.alpha = 1
                context.completeTransition(!context.transitionWasCancelled)
            })
        } else {
            // Nothing to fly: the detail screen just fades, on the same curve.
            detail.alpha = pushing ? 0 : 1
            View.animate(withDuration: duration, curve: curve, animations: {
                detail.alpha = pushing ? 1 : 0
            }, completion: { _ in
                detail.alpha = 1
                context.completeTransition(!context.transitionWasCancelled)
            })
        }
    }
}
