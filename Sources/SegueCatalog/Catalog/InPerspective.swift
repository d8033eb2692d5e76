import Segue

/// An animator seen in perspective: while it runs, the container's sublayer transform is the
/// eye at `distance` points (m34 = −1/distance, about the container's centre), and when the
/// transition has ended it is taken away again. What a transition file's stage does for its
/// own layers, given to an animator of one's own, so turning a layer shows depth.
@MainActor
final class InPerspective: ViewControllerAnimatedTransitioning {
    let animator: ViewControllerAnimatedTransitioning
    /// Points, above 0.
    let distance: Double
    private weak var container: View?

    init(_ animator: ViewControllerAnimatedTransitioning, distance: Double) {
        self.animator = animator
        self.distance = distance
    }

    var transitionName: String { animator.transitionName }

    func transitionDuration(using context: TransitionContext?) -> Double { animator.transitionDuration(using: context) }

    func animateTransition(using context: TransitionContext) {
        container = context.containerView
        context.containerView.layer.sublayerTransform = .makePerspective(distance: distance)
        animator.animateTransition(using: context)
    }

    func animationEnded(_ transitionCompleted: Bool) {
        container?.layer.sublayerTransform = .identity
        animator.animationEnded(transitionCompleted)
    }
}
