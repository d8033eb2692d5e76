import Segue

/// The transitioning delegate of the flip: a `FlipAnimator` each way, and the vertical-drag
/// interactor while a drag is in progress.
@MainActor
public final class FlipTransition: TunableTransition {
    /// The vertical drag that presents or dismisses: `|dy|` over the window's height.
    public let interaction: DragInteractionController
    public var interactions: [DragInteractionController] { [interaction] }
    /// The reference: 1 s, easeInEaseOut, the eye one screen height away (m34 = −1/height).
    public var parameters: TransitionParameters {
        didSet { parameters.apply(to: interaction) }
    }

    /// Installs the drag on `window`: `percent = |dy| / window height`; `begin` starts the
    /// presentation or dismissal.
    public init(window: Window, begin: @escaping () -> Void) {
        parameters = TransitionParameters(duration: 1, curve: .easeInEaseOut, perspectiveDistance: window.bounds.height)
        interaction = DragInteractionController(
            window: window,
            progress: { [weak window] t in abs(t.y) / max(window?.bounds.height ?? 1, 1) },
            begin: begin)
    }

    /// A presenting `FlipAnimator` with the tuned duration, curve and perspective.
    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> ViewControllerAnimatedTransitioning? {
        FlipAnimator(direction: .present, duration: parameters.duration, curve: parameters.curve,
                     perspectiveDistance: parameters.perspectiveDistance)
    }

    /// A dismissing `FlipAnimator` with the tuned duration, curve and perspective.
    public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        FlipAnimator(direction: .dismiss, duration: parameters.duration, curve: parameters.curve,
                     perspectiveDistance: parameters.perspectiveDistance)
    }

    /// The drag while it drives the present; nil for a button press.
    public func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        interaction.isInteracting ? interaction : nil
    }

    /// The drag while it drives the dismiss; nil for a button press.
    public func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        interaction.isInteracting ? interaction : nil
    }
}
