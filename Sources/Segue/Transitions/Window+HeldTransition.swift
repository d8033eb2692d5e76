/// Why a transition could not be held at a moment: one line, as the app would log it.
public struct TransitionMistake: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong, in one line.
    public let description: String
}

extension Window {
    /// Presents `presented` over the last controller the root presents (the root when it
    /// presents none; a navigation controller itself, not its top child), animated by
    /// `animator`, and moves the clock `progress` of the animator's duration into the
    /// transition (0…1, clamped; NaN counts as 0): the screen as it shows at that moment, ready for a still frame
    /// (`FrameRenderer` in SegueRender). `presented`'s transitioning delegate still supplies
    /// the presentation controller, and is left as it was.
    ///
    /// Throws `TransitionMistake` when no transition starts (no root view controller, one
    /// already running, `presented` already presented) or when the animator breaks the
    /// contract on the way (no to-view added).
    public func present(_ presented: ViewController, animatedBy animator: any ViewControllerAnimatedTransitioning,
                        atProgress progress: Double) throws {
        guard let top = lastPresented else { throw TransitionMistake(description: "the window has no root view controller to present over") }
        try hold(animator, of: presented, atProgress: progress) { top.present(presented, animated: true) }
    }

    /// Dismisses the last controller the root presents, animated by `animator`, and moves the clock
    /// `progress` of the animator's duration into the transition, as
    /// `present(_:animatedBy:atProgress:)` does. Throws `TransitionMistake` when nothing is
    /// presented, or as that does.
    public func dismissPresented(animatedBy animator: any ViewControllerAnimatedTransitioning,
                                 atProgress progress: Double) throws {
        guard let top = lastPresented, top.presentingViewController != nil else {
            throw TransitionMistake(description: "the window presents no view controller to dismiss")
        }
        try hold(animator, of: top, atProgress: progress) { top.dismiss(animated: true) }
    }

    /// The end of the chain of presentations from the root: the root when it presents none.
    private var lastPresented: ViewController? {
        var vc = rootViewController
        while let next = vc?.presentedViewController { vc = next }
        return vc
    }

    /// Starts the transition `begin` makes, with `animator` standing in as `moved`'s
    /// transitioning delegate for that call, then advances the clock into it.
    private func hold(_ animator: any ViewControllerAnimatedTransitioning, of moved: ViewController,
                      atProgress progress: Double, begin: () -> Void) throws {
        guard !isTransitioning else { throw TransitionMistake(description: "a transition is already running") }
        advance(to: time)
        var began: TransitionContext?, mistake: String?
        let observation = observeTransitions { event in
            switch event {
            case .began(let context): began = began ?? context
            case .mistake(_, let message): mistake = mistake ?? message
            case .ended: break
            }
        }
        defer { observation.cancel() }
        let kept = moved.transitioningDelegate
        let delegate = OneAnimator(animator, presentations: kept)
        moved.transitioningDelegate = delegate
        begin()
        moved.transitioningDelegate = kept
        guard let context = began, context.animator === animator else {
            throw TransitionMistake(description: mistake ?? "transition \(TransitionContext.quoted(animator.transitionName)) did not start")
        }
        advance(to: time + min(max(progress.isNaN ? 0 : progress, 0), 1) * context.duration)
        if let mistake { throw TransitionMistake(description: mistake) }
    }
}

/// A transitioning delegate that answers with one animator for both directions, and with
/// another delegate's presentation controller.
@MainActor
private final class OneAnimator: ViewControllerTransitioningDelegate {
    let animator: any ViewControllerAnimatedTransitioning
    weak var presentations: ViewControllerTransitioningDelegate?
    init(_ animator: any ViewControllerAnimatedTransitioning, presentations: ViewControllerTransitioningDelegate?) {
        self.animator = animator
        self.presentations = presentations
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> ViewControllerAnimatedTransitioning? { animator }
    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? { animator }
    func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                source: ViewController) -> PresentationController? {
        presentations?.presentationController(forPresented: presented, presenting: presenting, source: source)
    }
}
