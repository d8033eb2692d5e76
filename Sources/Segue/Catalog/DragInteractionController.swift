/// A percent-driven interactor run by a pan gesture on the window: the pan starting begins
/// the transition, its movement scrubs it, its release finishes or cancels it.
///
/// `progress` maps the pan to a fraction (clamped to 0…1 when applied). On release, progress
/// at or above `threshold` finishes and below it cancels; a cancelled pan (focus lost,
/// Escape, release outside the window) cancels. Hand it to a transition only while
/// `isInteracting`: a button press then animates without it.
public final class DragInteractionController: PercentDrivenInteractiveTransition {
    public let recognizer: PanGestureRecognizer
    /// Progress at or above which a release finishes; the references use 0.5.
    public var threshold = 0.5
    /// Whether a drag is driving (or is about to drive) a transition.
    public private(set) var isInteracting = false
    private let progress: (PanGestureRecognizer) -> Double
    private let begin: () -> Void

    /// - Parameters:
    ///   - recognizer: attached to `window` here.
    ///   - progress: the fraction of the transition the pan stands for.
    ///   - begin: starts the transition (present or dismiss, animated); called when the pan
    ///     begins and no transition is running.
    public init(window: Window, recognizer: PanGestureRecognizer = PanGestureRecognizer(),
                progress: @escaping (PanGestureRecognizer) -> Double, begin: @escaping () -> Void) {
        self.recognizer = recognizer
        self.progress = progress
        self.begin = begin
        super.init()
        window.addGestureRecognizer(recognizer)
        recognizer.addTarget { [weak self, weak window] _ in
            guard let self, let window else { return }
            self.handleGesture(in: window)
        }
    }

    private func handleGesture(in window: Window) {
        switch recognizer.state {
        case .began:
            guard !window.isTransitioning else { return }
            isInteracting = true
            begin()
            if !isDriving { isInteracting = false } else { update(progress(recognizer)) }
        case .changed:
            if isInteracting { update(progress(recognizer)) }
        case .ended:
            guard isInteracting else { return }
            isInteracting = false
            update(progress(recognizer))
            if percentComplete >= threshold { finish() } else { cancel() }
        case .cancelled:
            guard isInteracting else { return }
            isInteracting = false
            cancel()
        case .possible, .failed:
            break
        }
    }
}
