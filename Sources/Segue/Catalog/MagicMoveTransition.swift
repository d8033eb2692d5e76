/// The navigation delegate of the magic move: a `MagicMoveAnimator` for every push and
/// pop, and a drag from the left edge that pops interactively
/// (`percent = dx / window width`).
@MainActor
public final class MagicMoveTransition: NavigationControllerDelegate, TunableTransition {
    public let popInteraction: DragInteractionController
    public var dampingRatio = 0.55
    public var initialVelocity = 1 / 0.55
    public var interactions: [DragInteractionController] { [popInteraction] }
    /// The reference: a 0.75 s spring (its curve is not used; it has no perspective).
    public var parameters = TransitionParameters(duration: 0.75, curve: .linear) {
        didSet { parameters.apply(to: popInteraction) }
    }

    /// - Parameter pop: starts an animated pop.
    public init(window: Window, pop: @escaping () -> Void) {
        popInteraction = DragInteractionController(
            window: window, recognizer: ScreenEdgePanGestureRecognizer(edges: .left),
            progress: { [weak window] t in max(t.x, 0) / max(window?.bounds.width ?? 1, 1) },
            begin: pop)
    }

    public func navigationController(_ nav: NavigationController, animationControllerFor operation: TransitionContext.Operation,
                                     from: ViewController, to: ViewController) -> ViewControllerAnimatedTransitioning? {
        MagicMoveAnimator(operation: operation, duration: parameters.duration, dampingRatio: dampingRatio,
                          initialVelocity: initialVelocity)
    }

    public func navigationController(_ nav: NavigationController, interactionControllerFor animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        popInteraction.isInteracting ? popInteraction : nil
    }
}
