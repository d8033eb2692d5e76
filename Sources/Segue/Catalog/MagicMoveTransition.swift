/// The navigation delegate of the magic move: a `MagicMoveAnimator` for every push and
/// pop, and a drag from the left edge that pops interactively
/// (`percent = dx / window width`).
@MainActor
public final class MagicMoveTransition: NavigationControllerDelegate, TunableTransition {
    public let popInteraction: DragInteractionController
    public var dampingRatio = 0.55 {
        didSet { applyParameters() }
    }
    public var initialVelocity = 1 / 0.55 {
        didSet { applyParameters() }
    }
    public var interactions: [DragInteractionController] { [popInteraction] }
    /// The reference: a 0.75 s spring (its curve is not used; it has no perspective),
    /// scrubbed linearly so the picture stays under the finger instead of overshooting it.
    public var parameters = MagicMoveTransition.reference {
        didSet { applyParameters() }
    }

    public static var reference: TransitionParameters {
        var p = TransitionParameters(duration: 0.75, curve: .linear)
        p.scrub = .linear
        return p
    }

    private func applyParameters() {
        let spring = Spring.validate(duration: parameters.duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity) == nil
            ? Easing.spring(Spring(duration: parameters.duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity))
            : Easing.bezier(.linear)
        parameters.apply(to: popInteraction, timeline: spring)
    }

    /// - Parameter pop: starts an animated pop.
    public init(window: Window, pop: @escaping () -> Void) {
        popInteraction = DragInteractionController(
            window: window, recognizer: ScreenEdgePanGestureRecognizer(edges: .left),
            progress: { [weak window] t in max(t.x, 0) / max(window?.bounds.width ?? 1, 1) },
            begin: pop)
        applyParameters()
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
