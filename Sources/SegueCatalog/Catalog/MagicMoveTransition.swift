import Segue

/// The navigation delegate of the magic move: a `MagicMoveAnimator` for every push and
/// pop, and a drag from the left edge that pops interactively
/// (`percent = dx / window width`).
@MainActor
public final class MagicMoveTransition: NavigationControllerDelegate, TunableTransition {
    /// The left-edge drag that pops: `dx` over the window's width.
    public let popInteraction: DragInteractionController
    public var interactions: [DragInteractionController] { [popInteraction] }
    /// The reference: a 0.75 s spring (it has no perspective), scrubbed linearly so the
    /// picture stays under the finger instead of overshooting it.
    public var parameters = MagicMoveTransition.reference {
        didSet { parameters.apply(to: popInteraction) }
    }

    /// The reference tuning: 0.75 s on the reference spring, no perspective, scrubbed linearly.
    public static var reference: TransitionParameters {
        var p = TransitionParameters(duration: 0.75, curve: MagicMoveAnimator.referenceCurve)
        p.scrub = .linear
        return p
    }

    /// The magic move, its pop driven by a pan from the left edge of `window`.
    ///
    /// - Parameters:
    ///   - window: the window whose left-edge pans drive the pop.
    ///   - pop: starts an animated pop.
    public init(window: Window, pop: @escaping () -> Void) {
        popInteraction = DragInteractionController(
            window: window, recognizer: ScreenEdgePanGestureRecognizer(edges: .left),
            progress: { [weak window] t in max(t.x, 0) / max(window?.bounds.width ?? 1, 1) },
            begin: pop)
        parameters.apply(to: popInteraction)
    }

    /// A `MagicMoveAnimator` for every push and pop, with the tuned duration and curve.
    public func navigationController(_ nav: NavigationController, animationControllerFor operation: TransitionContext.Operation,
                                     from: ViewController, to: ViewController) -> ViewControllerAnimatedTransitioning? {
        MagicMoveAnimator(operation: operation, duration: parameters.duration, curve: parameters.curve)
    }

    /// The edge drag while it drives a pop; nil for a pop without a drag.
    public func navigationController(_ nav: NavigationController, interactionControllerFor animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        popInteraction.isInteracting ? popInteraction : nil
    }
}
