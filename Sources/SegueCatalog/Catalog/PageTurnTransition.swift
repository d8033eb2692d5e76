import Segue

/// The transitioning delegate of the page turn: a `PageTurnAnimator` each way, presented by
/// a drag from the window's right edge and dismissed by one from its left edge
/// (`percent = |dx| / window width`). Only the edge that fits the screen shown is enabled,
/// so the two never both start.
@MainActor
public final class PageTurnTransition: TunableTransition {
    /// The right-edge drag that presents: `|dx|` over the window's width.
    public let presentInteraction: DragInteractionController
    /// The left-edge drag that dismisses: `|dx|` over the window's width.
    public let dismissInteraction: DragInteractionController
    public var interactions: [DragInteractionController] { [presentInteraction, dismissInteraction] }
    /// The reference: 0.8 s, easeInEaseOut, m34 = −0.002 (the eye 500 points away).
    public var parameters = TransitionParameters(duration: 0.8, curve: .easeInEaseOut, perspectiveDistance: 500) {
        didSet { for i in interactions { parameters.apply(to: i) } }
    }

    /// The page turn, driven by pans from the right edge of `window` (present) and the left (dismiss).
    ///
    /// - Parameters:
    ///   - window: the window whose edge pans drive the transitions.
    ///   - present: starts the presentation (animated).
    ///   - dismiss: starts the dismissal (animated).
    public init(window: Window, present: @escaping () -> Void, dismiss: @escaping () -> Void) {
        let progress: (Point) -> Double = { [weak window] t in abs(t.x) / max(window?.bounds.width ?? 1, 1) }
        presentInteraction = DragInteractionController(
            window: window, recognizer: ScreenEdgePanGestureRecognizer(edges: .right), progress: progress, begin: present)
        dismissInteraction = DragInteractionController(
            window: window, recognizer: ScreenEdgePanGestureRecognizer(edges: .left), progress: progress, begin: dismiss)
        settle(presented: false)
    }

    /// Enables the edge that fits: the right one while the first screen shows, the left one
    /// while the presented screen does.
    public func settle(presented: Bool) {
        presentInteraction.recognizer.isEnabled = !presented
        dismissInteraction.recognizer.isEnabled = presented
    }

    /// A presenting `PageTurnAnimator`, tuned; the eye 500 points away when no distance is set.
    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> ViewControllerAnimatedTransitioning? {
        PageTurnAnimator(presenting: true, duration: parameters.duration, curve: parameters.curve,
                         perspectiveDistance: parameters.perspectiveDistance ?? 500)
    }

    /// A dismissing `PageTurnAnimator`, tuned; the eye 500 points away when no distance is set.
    public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        PageTurnAnimator(presenting: false, duration: parameters.duration, curve: parameters.curve,
                         perspectiveDistance: parameters.perspectiveDistance ?? 500)
    }

    /// The right-edge drag while it drives the present; nil for a button press.
    public func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        presentInteraction.isInteracting ? presentInteraction : nil
    }

    /// The left-edge drag while it drives the dismiss; nil for a button press.
    public func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        dismissInteraction.isInteracting ? dismissInteraction : nil
    }
}
