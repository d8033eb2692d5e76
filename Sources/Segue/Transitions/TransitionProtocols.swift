/// Performs the animations of a transition (`UIViewControllerAnimatedTransitioning`).
@MainActor
public protocol ViewControllerAnimatedTransitioning: AnyObject {
    /// Seconds the animation lasts when not driven interactively.
    func transitionDuration(using context: TransitionContext?) -> Double
    /// Adds the to-view to the container and animates; must end by calling
    /// `context.completeTransition(!context.transitionWasCancelled)`.
    func animateTransition(using context: TransitionContext)
    /// Called once after the transition has completed or been cancelled.
    func animationEnded(_ transitionCompleted: Bool)
    /// A short name for logs, events and the HUD ("flip").
    var transitionName: String { get }
}

extension ViewControllerAnimatedTransitioning {
    /// Does nothing.
    public func animationEnded(_ transitionCompleted: Bool) {}
    /// The conforming type's name.
    public var transitionName: String { String(describing: type(of: self)) }
}

/// Drives a transition's progress instead of letting it run
/// (`UIViewControllerInteractiveTransitioning`).
@MainActor
public protocol ViewControllerInteractiveTransitioning: AnyObject {
    /// Takes over the transition as it starts, in place of running the animator at once.
    func startInteractiveTransition(_ context: TransitionContext)
    /// How much faster than the animator's timing the rest plays after release (> 0).
    var completionSpeed: Double { get }
    /// The curve the rest plays with after release (a spring settles as the rest ends).
    var completionCurve: Curve { get }
}

/// Supplies the animator and the optional interaction controller of a modal presentation
/// and dismissal (`UIViewControllerTransitioningDelegate`). Every method may return nil:
/// no animator means no animation; no interaction controller means the animation runs.
@MainActor
public protocol ViewControllerTransitioningDelegate: AnyObject {
    /// The animator for presenting `presented` over `presenting` from `source`; nil: not animated.
    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> ViewControllerAnimatedTransitioning?
    /// The animator for dismissing `dismissed`; nil: not animated.
    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning?
    /// The interaction controller to drive `animator`'s presentation; nil: the animation just runs.
    func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
    /// The interaction controller to drive `animator`'s dismissal; nil: the animation just runs.
    func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
    /// The controller of `presented`'s presentation, from its start to the end of its
    /// dismissal; nil: a full-screen presentation.
    func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                source: ViewController) -> PresentationController?
}

extension ViewControllerTransitioningDelegate {
    /// No animator: the presentation is not animated.
    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> ViewControllerAnimatedTransitioning? { nil }
    /// No animator: the dismissal is not animated.
    public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? { nil }
    /// No interaction controller: the presentation animates on its own.
    public func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? { nil }
    /// No interaction controller: the dismissal animates on its own.
    public func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? { nil }
    /// No presentation controller: a full-screen presentation.
    public func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                       source: ViewController) -> PresentationController? { nil }
}
