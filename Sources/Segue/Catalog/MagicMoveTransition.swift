/// The navigation delegate of the magic move: a `MagicMoveAnimator` for every push and
/// pop, and a drag from the left edge that pops interactively
/// (`percent = dx / window width`).
public final class MagicMoveTransition: NavigationControllerDelegate, TunableTransition {
    public let popInteraction: DragInteractionController
    public var duration = 0.75
    public var dampingRatio = 0.55
    public var initialVelocity = 1 / 0.55
    /// The spring stands in for a curve; this is reported, not used.
    public var curve = TimingCurve.linear
    public var interactions: [DragInteractionController] { [popInteraction] }

    /// - Parameter pop: starts an animated pop.
    public init(window: Window, pop: @escaping () -> Void) {
        popInteraction = DragInteractionController(
            window: window, recognizer: ScreenEdgePanGestureRecognizer(edges: .left),
            progress: { [weak window] pan in max(pan.translation.x, 0) / max(window?.bounds.width ?? 1, 1) },
            begin: pop)
    }

    public func navigationController(_ nav: NavigationController, animationControllerFor operation: TransitionContext.Operation,
                                     from: ViewController, to: ViewController) -> ViewControllerAnimatedTransitioning? {
        MagicMoveAnimator(operation: operation, duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
    }

    public func navigationController(_ nav: NavigationController, interactionControllerFor animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        popInteraction.isInteracting ? popInteraction : nil
    }
}
