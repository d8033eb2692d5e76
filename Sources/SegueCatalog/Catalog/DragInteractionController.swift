import Segue

/// A percent-driven interactor run by a pan gesture on the window: the pan starting begins
/// the transition, its movement scrubs it, its release finishes or cancels it.
///
/// `progress` maps the pan's translation to a fraction (clamped to 0…1 when applied). On
/// release, `releaseRule` decides from the percent and the pan's velocity along the
/// progress (UIKit's rule by default: at or above `threshold` finishes, below cancels); a
/// cancelled pan (focus lost, Escape, release outside the window) cancels. With
/// `springCompletion` the rest plays on a critically damped spring that starts at the
/// release velocity. Hand it to a transition only while `isInteracting`: a button press
/// then animates without it.
@MainActor
public final class DragInteractionController: PercentDrivenInteractiveTransition {
    /// The pan on the window that drives it; disabling it ignores drags.
    public let recognizer: PanGestureRecognizer
    /// Progress at or above which a release finishes; the references use 0.5.
    public var threshold = 0.5
    /// How a release decides, from its percent and velocity, to finish or cancel.
    public var releaseRule = ReleaseRule.uikit
    /// Hand the release velocity to a spring that plays the rest.
    public var springCompletion = false
    /// Whether a drag is driving (or is about to drive) a transition.
    public private(set) var isInteracting = false
    /// The velocity of the last release, fractions of the transition per second (positive
    /// toward finishing).
    public private(set) var releaseVelocity = 0.0
    /// The last release: where, how fast, and what the rule decided.
    public private(set) var lastRelease: Release?
    /// How many releases there have been (a new one changes it).
    public private(set) var releaseCount = 0

    /// A release of the drag: its percent (0…1), its velocity (fractions per second,
    /// positive toward finishing), whether it finishes, and by which rule.
    public struct Release: Hashable, Sendable {
        /// How far the drag had come when released, 0…1.
        public var percent: Double
        /// Fractions of the transition per second at release, positive toward finishing.
        public var velocity: Double
        /// Whether the release finished the transition; false when it cancelled it.
        public var finishes: Bool
        /// The release rule that made the decision.
        public var rule: ReleaseRule
    }
    private let progress: (Point) -> Double
    private let begin: () -> Void

    /// A drag on `window` that drives the transitions `begin` starts.
    ///
    /// - Parameters:
    ///   - window: the window whose pans drive the transition (held weakly).
    ///   - recognizer: attached to `window` here.
    ///   - progress: the fraction of the transition a pan translation stands for.
    ///   - begin: starts the transition (present or dismiss, animated); called when the pan
    ///     begins and no transition is running.
    public init(window: Window, recognizer: PanGestureRecognizer = PanGestureRecognizer(),
                progress: @escaping (Point) -> Double, begin: @escaping () -> Void) {
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
            if !isDriving { isInteracting = false } else { update(progress(recognizer.translation)) }
        case .changed:
            if isInteracting { update(progress(recognizer.translation)) }
        case .ended:
            guard isInteracting else { return }
            isInteracting = false
            update(progress(recognizer.translation))
            releaseVelocity = progressVelocity()
            let finishing = releaseRule.finishes(percent: percentComplete, velocity: releaseVelocity, threshold: threshold)
            lastRelease = Release(percent: percentComplete, velocity: releaseVelocity, finishes: finishing, rule: releaseRule)
            releaseCount += 1
            let handoff = springCompletion ? releaseVelocity : nil
            if finishing { finish(velocity: handoff) } else { cancel(velocity: handoff) }
        case .cancelled:
            guard isInteracting else { return }
            isInteracting = false
            cancel()
        case .possible, .failed:
            break
        }
    }

    /// The pan's velocity carried through `progress`: how fast the fraction changes, per
    /// second, at the current translation (a one-hundredth-second difference).
    private func progressVelocity() -> Double {
        let t = recognizer.translation, v = recognizer.velocity, h = 0.01
        let ahead = progress(t + v * h), here = progress(t)
        return (ahead - here) / h
    }
}
