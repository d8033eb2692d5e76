/// The transitioning delegate of the flip: a `FlipAnimator` each way, and the vertical-drag
/// interactor while a drag is in progress.
public final class FlipTransition: TunableTransition {
    public let interaction: DragInteractionController
    public var interactions: [DragInteractionController] { [interaction] }
    public var duration = 1.0
    public var curve = TimingCurve.easeInEaseOut

    /// Installs the drag on `window`: `percent = |dy| / window height`; `begin` starts the
    /// presentation or dismissal.
    public init(window: Window, begin: @escaping () -> Void) {
        interaction = DragInteractionController(
            window: window,
            progress: { [weak window] pan in abs(pan.translation.y) / max(window?.bounds.height ?? 1, 1) },
            begin: begin)
    }

    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> ViewControllerAnimatedTransitioning? {
        FlipAnimator(direction: .present, duration: duration, curve: curve)
    }

    public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        FlipAnimator(direction: .dismiss, duration: duration, curve: curve)
    }

    public func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        interaction.isInteracting ? interaction : nil
    }

    public func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        interaction.isInteracting ? interaction : nil
    }
}
