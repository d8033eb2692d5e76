/// Everything an animator needs to perform one transition, and the record of how it ends
/// (`UIViewControllerContextTransitioning`).
///
/// The context guarantees what UIKit does: `completeTransition(_:)` takes effect exactly
/// once; after a completed transition only the to-view is in the container, after a
/// cancelled one only the from-view, and the animator's `animationEnded(_:)` runs once.
@MainActor
public final class TransitionContext {
    /// Which side a controller or view is on: the one leaving (`from`) or arriving (`to`).
    public enum Key: Hashable, Sendable {
        /// The controller on screen as the transition starts, which it takes away.
        case from
        /// The controller the transition brings on screen.
        case to
    }

    /// What a transition does: a modal present or dismiss, or a navigation push or pop.
    public enum Operation: String, Hashable, Sendable {
        /// A controller presented modally over the one on screen.
        case present
        /// A presented controller taken away, uncovering its presenter.
        case dismiss
        /// A controller pushed onto a navigation stack.
        case push
        /// The top controller popped off a navigation stack.
        case pop
    }

    /// Where the transition is in its life.
    package enum Phase: String, Hashable, Sendable {
        /// Paused under the pointer; progress follows `updateInteractiveTransition(_:)`.
        case interactive
        /// Running toward its end (the whole animation, or the rest after release).
        case finishing
        /// Running back toward its start after an interactive cancel.
        case cancelling
        case finished, cancelled

        package var isOver: Bool { self == .finished || self == .cancelled }
    }

    /// What this transition does.
    public let operation: Operation
    /// The view the transition runs in; the animator adds the to-view to it.
    public let containerView: View
    /// The animator performing the transition; nil: not animated, it completes at once.
    public let animator: ViewControllerAnimatedTransitioning?
    /// The interactor driving the animation; nil when it runs on its own (always, unanimated).
    public let interactionController: ViewControllerInteractiveTransitioning?
    /// Whether an animator performs the transition (`animator` is not nil).
    public var isAnimated: Bool { animator != nil }
    /// Whether an interaction controller drives the transition.
    public var isInteractive: Bool { interactionController != nil }
    /// Set by `cancelInteractiveTransition()`; animators complete with `!transitionWasCancelled`.
    public private(set) var transitionWasCancelled = false
    package private(set) var phase: Phase
    /// The animator's duration, seconds.
    public private(set) var duration = 0.0

    private let controllers: [Key: ViewController]
    private let onComplete: (Bool) -> Void
    /// The container's local time when the animator ran (nil before it ran).
    package private(set) var animationStartTime: Double?
    /// The window's time by which the transition must have completed: its animation's time
    /// (at the completion speed, after a release) and a second more, from when it last began
    /// to play on its own; nil while a finger holds it.
    private var deadline: Double?

    init(operation: Operation, from: ViewController, to: ViewController, containerView: View,
         animator: ViewControllerAnimatedTransitioning?,
         interactionController: ViewControllerInteractiveTransitioning?,
         presentation: PresentationController? = nil,
         onComplete: @escaping (Bool) -> Void) {
        self.operation = operation
        self.presentation = presentation
        self.containerView = containerView
        self.animator = animator
        self.interactionController = animator == nil ? nil : interactionController
        self.controllers = [.from: from, .to: to]
        self.onComplete = onComplete
        phase = self.interactionController == nil ? .finishing : .interactive
        duration = animator?.transitionDuration(using: self) ?? 0
    }

    /// The controller leaving (`.from`) or arriving (`.to`).
    public func viewController(forKey key: Key) -> ViewController { controllers[key]! }
    /// The view of the controller for `key` (loading it if need be).
    public func view(forKey key: Key) -> View { controllers[key]!.view }

    /// The controller of the presentation this transition begins or ends; nil for a
    /// full-screen one (and a navigation's).
    package let presentation: PresentationController?

    /// The frame the view controller's view has when the transition starts (`.zero` for the
    /// to-view, which is not on screen yet): a presented view dismissed from its
    /// presentation's place, else the container's bounds.
    public func initialFrame(for vc: ViewController) -> Rect {
        guard vc === controllers[.from] else { return .zero }
        if operation == .dismiss, let presentation { return presentation.frameOfPresentedViewInContainerView }
        return containerView.bounds
    }

    /// The frame the view controller's view has when the transition ends (`.zero` for the
    /// from-view, which leaves the screen): a presented view's presentation place, else the
    /// container's bounds.
    public func finalFrame(for vc: ViewController) -> Rect {
        guard vc === controllers[.to] else { return .zero }
        if operation == .present, let presentation { return presentation.frameOfPresentedViewInContainerView }
        return containerView.bounds
    }

    /// The name the animator gives, or "none" for an unanimated transition.
    public var transitionName: String { animator?.transitionName ?? "none" }

    /// How far the animation has played, 0…1: the container's local time since the animator
    /// ran, over the duration. Under an interactor this is what the screen shows.
    public var fractionComplete: Double {
        if phase == .finished { return 1 }
        if phase == .cancelled { return 0 }
        guard let start = animationStartTime, duration > 0 else { return 0 }
        return min(max((containerView.layer.localTime - start) / duration, 0), 1)
    }

    // MARK: Running

    /// Announces the transition to the window and starts it: through the interaction
    /// controller when there is one, else by running the animator, else by completing at once.
    func start() {
        let window = containerView.window
        window?.activeTransition = self
        window?.notify(.began(self))
        if let presentation {
            presentation.containerView = containerView
            operation == .dismiss ? presentation.dismissalTransitionWillBegin() : presentation.presentationTransitionWillBegin()
        }
        if let interactor = interactionController {
            interactor.startInteractiveTransition(self)
        } else if animator != nil {
            runAnimator()
        } else {
            let to = view(forKey: .to)
            to.frame = finalFrame(for: viewController(forKey: .to))
            containerView.addSubview(to)
            completeTransition(true)
        }
    }

    /// Runs the animator's `animateTransition(using:)` now. A percent-driven interactor calls
    /// this after pausing the container.
    package func runAnimator() {
        guard animationStartTime == nil, let animator else { return }
        animationStartTime = containerView.layer.localTime
        if phase != .interactive { startDeadline() }
        animator.animateTransition(using: self)
        // UIKit's contract: the animator puts the to-view in the container as it starts.
        let to = view(forKey: .to)
        if to.superview == nil, !phase.isOver {
            containerView.window?.notify(.mistake(self, "transition \(Self.quoted(transitionName)) never added the to-view to the container"))
            containerView.addSubview(to)
        }
    }

    /// Starts the clock the transition must complete by (`deadline`).
    private func startDeadline() {
        guard let now = containerView.window?.time else { return }
        let speed = interactionController.map { max($0.completionSpeed, 1e-3) } ?? 1
        deadline = now + duration / min(speed, 1) + 1
    }

    /// Past the deadline with no `completeTransition`: tells the window, and brings the
    /// screen to rest (`recover`). Called by the window as its clock moves.
    package func checkDeadline(at time: Double) {
        guard let deadline, time > deadline, !phase.isOver else { return }
        containerView.window?.notify(.mistake(self, "transition \(Self.quoted(transitionName)) did not call completeTransition within its duration + 1 s"))
        recover()
    }

    /// Ends a transition its animator left unfinished, at rest: as completed (or cancelled, as
    /// it was told), the views the animator left in the container gone, the kept screen
    /// whole, shown and untransformed.
    private func recover() {
        let kept = view(forKey: transitionWasCancelled ? .from : .to)
        let presenting = operation == .dismiss ? view(forKey: .to) : view(forKey: .from)
        let stays = !(presentation?.shouldRemovePresentersView ?? true)
        for v in containerView.subviews where v !== kept && !(stays && v === presenting) { v.removeFromSuperview() }
        containerView.layer.sublayerTransform = .identity
        if kept.superview !== containerView {
            kept.removeFromSuperview()
            containerView.addSubview(kept)
        }
        kept.transform = .identity
        kept.alpha = 1
        kept.isHidden = false
        kept.frame = transitionWasCancelled ? initialFrame(for: viewController(forKey: .from)) : finalFrame(for: viewController(forKey: .to))
        completeTransition(!transitionWasCancelled)
    }

    static func quoted(_ name: String) -> String { "'" + name + "'" }

    // MARK: Reporting

    /// Shows the transition at `percent` of its animation time (clamped to 0…1; NaN counts as
    /// 0) while it is interactive: the container's paused local time becomes
    /// `percent · duration`, so the animations' own curves shape what shows.
    public func updateInteractiveTransition(_ percent: Double) {
        guard phase == .interactive else { return }
        show(min(max(percent.isNaN ? 0 : percent, 0), 1))
    }

    /// Sets the container's paused local time to `fraction · duration`: the one writer of
    /// the progress a paused transition shows (`fractionComplete` reads it back).
    func show(_ fraction: Double) {
        containerView.layer.timing.timeOffset = fraction * duration
    }

    /// Records that the interactive part ended and the transition will finish.
    public func finishInteractiveTransition() {
        guard phase == .interactive else { return }
        phase = .finishing
        startDeadline()
    }

    /// Records that the interactive part ended and the transition will be cancelled.
    public func cancelInteractiveTransition() {
        guard phase == .interactive else { return }
        phase = .cancelling
        transitionWasCancelled = true
        startDeadline()
    }

    /// Ends the transition; only the first call counts. `didComplete` true keeps the to-view
    /// and removes the from-view; false does the reverse — but a presentation whose
    /// presenting view stays (`shouldRemovePresentersView` false) keeps it, under the
    /// presented one.
    public func completeTransition(_ didComplete: Bool) {
        guard !phase.isOver else { return }
        phase = didComplete ? .finished : .cancelled
        let (from, to) = (view(forKey: .from), view(forKey: .to))
        let (kept, removed) = didComplete ? (to, from) : (from, to)
        let presenting = operation == .dismiss ? to : from
        if removed !== presenting || presentation?.shouldRemovePresentersView ?? true { removed.removeFromSuperview() }
        if kept.superview !== containerView { containerView.addSubview(kept) }
        if let presentation {
            operation == .dismiss ? presentation.dismissalTransitionDidEnd(didComplete) : presentation.presentationTransitionDidEnd(didComplete)
        }
        onComplete(didComplete)
        animator?.animationEnded(didComplete)
        let window = containerView.window
        if window?.activeTransition === self { window?.activeTransition = nil }
        window?.notify(.ended(self, cancelled: !didComplete))
    }
}
