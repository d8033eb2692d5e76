import Segue

/// What a user can tune about a transition and the drags that drive it.
public struct TransitionParameters: Hashable, Sendable {
    /// Seconds the animation lasts (for a spring, the time it settles by).
    public var duration: Double
    /// The curve over the whole timeline (unused by springs).
    public var curve: Curve
    /// The percent at or above which a release finishes (0…1).
    public var threshold = 0.5
    /// How much faster than its own timing the rest plays after release (> 0).
    public var completionSpeed = 1.0
    /// The curve the rest plays on after release, unless a spring takes the release velocity.
    public var completionCurve = Curve.easeInEaseOut
    /// The eye's distance in points (m34 = −1/d), or nil where the transition has no
    /// perspective.
    public var perspectiveDistance: Double?
    /// How a release decides between finishing and cancelling.
    public var releaseRule = ReleaseRule.uikit
    /// Hand the release velocity to a spring that plays the rest.
    public var springCompletion = false
    /// How a drag maps to the timeline (`ScrubMode`).
    public var scrub = ScrubMode.curve

    /// `duration` seconds on `curve`, the eye `perspectiveDistance` points away (nil: none).
    public init(duration: Double, curve: Curve, perspectiveDistance: Double? = nil) {
        self.duration = duration
        self.curve = curve
        self.perspectiveDistance = perspectiveDistance
    }

    /// The timeline's progress at fraction `fraction` (0…1) of the time: what the screen
    /// shows then, on this curve (a spring may overshoot 1).
    public func progress(atTimeFraction fraction: Double) -> Double {
        curve.easing(duration: duration).value(at: fraction)
    }

    /// The drag's percent that shows the timeline at fraction `fraction` of its time: the
    /// fraction itself when scrubbing by the curve, the progress there (clamped to 0…1) when
    /// scrubbing linearly. A release compares this with `threshold`, so the HUD shows it.
    public func percent(atTimeFraction fraction: Double) -> Double {
        scrub == .curve ? fraction : min(max(progress(atTimeFraction: fraction), 0), 1)
    }

    /// The fraction of the time (0…1) at which the timeline shows `percent` (0…1): the
    /// inverse of `percent(atTimeFraction:)`, the first crossing where a curve dips.
    public func timeFraction(atPercent percent: Double) -> Double {
        scrub == .curve ? min(max(percent, 0), 1) : curve.easing(duration: duration).timeFraction(reaching: percent)
    }

    /// Gives `interaction` the drag-related parameters (and the curve over the whole
    /// timeline, which linear scrubbing undoes).
    @MainActor public func apply(to interaction: DragInteractionController) {
        interaction.scrub = scrub
        interaction.timeline = curve.easing(duration: duration)
        interaction.threshold = threshold
        interaction.completionSpeed = completionSpeed
        interaction.completionCurve = completionCurve
        interaction.releaseRule = releaseRule
        interaction.springCompletion = springCompletion
    }
}

/// A transitioning delegate whose parameters can be tuned and whose drags can be inspected.
@MainActor
public protocol TunableTransition: ViewControllerTransitioningDelegate {
    /// Applied to the animators it makes from now on and to its drags at once.
    var parameters: TransitionParameters { get set }
    /// The drags that drive the transition.
    var interactions: [DragInteractionController] { get }
    /// Called at rest after every transition, with whether the presented screen shows.
    func settle(presented: Bool)
}

extension TunableTransition {
    public func settle(presented: Bool) {}
}
