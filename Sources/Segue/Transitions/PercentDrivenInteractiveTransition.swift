/// Scrubs an animator's animations with a percentage, then lets them finish or play back
/// (`UIPercentDrivenInteractiveTransition`).
///
/// On start it pauses the container's layer time (speed 0, timeOffset 0) and runs the
/// animator, so every animation begins at local time 0. `update(_:)` sets
/// `timeOffset = percent · duration`: the animations' own curves still shape what shows.
/// `finish()` plays the rest to the end, `cancel()` plays back to 0, both over
/// `remaining · duration / completionSpeed` seconds with `completionCurve` (or, given a
/// release velocity, on a critically damped spring that starts at it); then every
/// animation in the container ends (running the animator's completion, which completes the
/// transition) and the container's timing is restored. It can drive one transition at a time
/// and be reused for the next.
@MainActor
open class PercentDrivenInteractiveTransition: ViewControllerInteractiveTransitioning {
    /// Multiplies the speed of the rest after release; values ≤ 0 or NaN count as 1.
    public var completionSpeed = 1.0
    public var completionCurve = Curve.easeInEaseOut
    /// How the percent maps to the timeline: at its time (`.curve`, UIKit's) or where
    /// `timeline` has covered it (`.linear`).
    public var scrub = ScrubMode.curve
    /// The curve over the driven transition's whole timeline, which `.linear` scrubbing
    /// undoes.
    package var timeline = Easing.bezier(.linear)
    /// 0…1, clamped: the drag's percent, and after release the progress played out.
    public private(set) var percentComplete = 0.0
    /// The animator's duration for the transition being driven, seconds.
    public private(set) var duration = 0.0
    /// The transition being driven (held weakly), from its start until it completes; nil otherwise.
    public private(set) weak var context: TransitionContext?
    private var savedTiming = MediaTiming.normal
    private var completionLink: DisplayLink?

    /// An interactor with completion speed 1, `.easeInEaseOut` completion and `.curve` scrubbing.
    public init() {}

    /// Whether a transition is being driven (from start until it completes).
    package var isDriving: Bool { context != nil }

    /// Takes over `context`: pauses the container's layer time at 0, then runs the animator.
    public func startInteractiveTransition(_ context: TransitionContext) {
        self.context = context
        duration = context.duration
        percentComplete = 0
        let layer = context.containerView.layer
        savedTiming = layer.timing
        layer.timing = MediaTiming(beginTime: 0, speed: 0, timeOffset: 0)
        context.runAnimator()
    }

    /// Shows the transition at `percent` (clamped to 0…1; NaN counts as 0). Ignored once
    /// `finish()` or `cancel()` was called.
    public func update(_ percent: Double) {
        guard let context, context.phase == .interactive else { return }
        percentComplete = min(max(percent.isNaN ? 0 : percent, 0), 1)
        context.updateInteractiveTransition(timeFraction(percentComplete))
    }

    /// Plays the rest of the transition to its end; `velocity` (fractions of the transition
    /// per second) hands the release speed to a spring instead of `completionCurve`.
    public func finish(velocity: Double? = nil) {
        guard let context, context.phase == .interactive else { return }
        context.finishInteractiveTransition()
        playOut(toward: 1, velocity: velocity)
    }

    /// Plays the transition back to its start, then completes it as cancelled; `velocity`
    /// as for `finish(velocity:)`.
    public func cancel(velocity: Double? = nil) {
        guard let context, context.phase == .interactive else { return }
        context.cancelInteractiveTransition()
        playOut(toward: 0, velocity: velocity)
    }

    /// The easing of the rest: `completionCurve`, or a critically damped spring whose
    /// initial velocity is the release velocity over the distance left (UIKit's units).
    private func completionEasing(distance: Double, seconds: Double, velocity: Double?) -> Easing {
        let curve = completionCurve.easing(duration: seconds)
        guard let velocity, distance != 0, seconds > 0 else { return curve }
        let v = velocity / distance
        guard Spring.validate(duration: seconds, dampingRatio: 1, initialVelocity: v) == nil else { return curve }
        return .spring(Spring(duration: seconds, dampingRatio: 1, initialVelocity: v))
    }

    private func playOut(toward target: Double, velocity: Double?) {
        guard let context, let window = context.containerView.window else { return }
        let speed = completionSpeed > 0 ? completionSpeed : 1
        let from = percentComplete
        let seconds = abs(target - from) * duration / speed
        let easing = completionEasing(distance: target - from, seconds: seconds, velocity: velocity)
        let start = window.time
        completionLink = window.addDisplayLink { [weak self] now in
            guard let self else { return }
            let u = seconds > 0 ? (now - start) / seconds : 1
            let eased = min(max(easing.value(at: min(max(u, 0), 1)), 0), 1)
            self.percentComplete = from + (target - from) * eased
            context.show(self.timeFraction(self.percentComplete))
            if u >= 1 { self.end(context, finished: target == 1) }
        }
    }

    /// The fraction of the timeline shown for `percent` (see `scrub`).
    private func timeFraction(_ percent: Double) -> Double {
        scrub == .curve ? percent : timeline.timeFraction(reaching: percent)
    }

    private func end(_ context: TransitionContext, finished: Bool) {
        completionLink?.invalidate()
        completionLink = nil
        let layer = context.containerView.layer
        layer.endAllAnimationsInTree(finished: finished)
        layer.timing = savedTiming
        self.context = nil
    }
}
