/// The default push and pop: the incoming screen slides in from the right over the
/// outgoing one, which moves a third of the way left (a pop reverses it); 0.35 s, easeOut.
@MainActor
public final class SlideAnimator: ViewControllerAnimatedTransitioning {
    /// The operation animated: `.pop` slides back, any other slides in as a push.
    public let operation: TransitionContext.Operation
    /// Seconds the slide lasts; 0.35 by default.
    public var duration = 0.35

    /// A slide for `operation`, lasting 0.35 s.
    public init(operation: TransitionContext.Operation) {
        self.operation = operation
    }

    public var transitionName: String { "slide" }

    public func transitionDuration(using context: TransitionContext?) -> Double { duration }

    public func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        let from = context.view(forKey: .from), to = context.view(forKey: .to)
        let width = container.bounds.width
        let pushing = operation != .pop
        to.frame = container.bounds
        if pushing { container.addSubview(to) } else { container.insertSubview(to, at: 0) }
        let rest = container.bounds.center
        to.center = Point(x: rest.x + (pushing ? width : -width / 3), y: rest.y)
        View.animate(withDuration: duration, curve: .easeOut, animations: {
            to.center = rest
            from.center = Point(x: rest.x + (pushing ? -width / 3 : width), y: rest.y)
        }, completion: { _ in
            from.center = rest
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
