/// How an `animate` call treats what is already running (`UIView.AnimationOptions`; the
/// curve and the spring are parameters of their own here).
public struct AnimationOptions: OptionSet, Hashable, Sendable {
    /// The option bits.
    public let rawValue: Int
    /// The options whose bits `rawValue` sets.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Start from what is shown now (the presentation value) rather than from the model
    /// value, so interrupting a running animation does not jump.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1)
}

extension View {
    /// Animates the changes `animations` makes to animatable properties (UIKit's
    /// `animate(withDuration:delay:options:animations:completion:)`).
    ///
    /// Each changed (layer, property) gets one animation from its old model value to its new
    /// one, starting `delay` seconds after now in that layer's local time; the model values
    /// are set at once. `completion` runs exactly once, after the last animation ends, with
    /// `true` if all played to their end. When nothing animatable changes it runs at once.
    /// `curve` is a Bézier, or a spring (UIKit's `usingSpringWithDamping:`) that ends at
    /// `duration`.
    public static func animate(withDuration duration: Double, delay: Double = 0,
                               curve: Curve = .easeInEaseOut, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        run(AnimationRecorder(duration: duration, delay: delay, easing: curve.easing(duration: duration), isKeyframed: false,
                              options: options),
            animations, completion)
    }

    /// Animates the changes `animations` makes with a spring (UIKit's
    /// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`):
    /// `dampingRatio` (> 0; 1 is critical), `initialVelocity` in whole distances per second.
    /// The motion ends exactly at `duration`; see `Spring` for the stiffness it implies.
    /// Invalid parameters (see `Spring.validate`) make the changes without animation.
    public static func animate(withDuration duration: Double, delay: Double = 0, dampingRatio: Double,
                               initialVelocity: Double, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        guard Spring.validate(duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity) == nil else {
            animations()
            completion?(true)
            return
        }
        let spring = Spring(duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
        run(AnimationRecorder(duration: duration, delay: delay, easing: .spring(spring), isKeyframed: false, options: options),
            animations, completion)
    }

    /// Animates the changes made in `animations` along keyframes (UIKit's
    /// `animateKeyframes(withDuration:delay:options:animations:completion:)`).
    ///
    /// Changes made inside `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`
    /// happen over that part of the timeline (fractions of `duration`), the others over all
    /// of it; each value holds until its keyframe starts, and keyframes are joined linearly.
    /// `curve` applies once to the whole timeline (easeInEaseOut by default, as in UIKit).
    public static func animateKeyframes(withDuration duration: Double, delay: Double = 0,
                                        curve: Curve = .easeInEaseOut,
                                        animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        run(AnimationRecorder(duration: duration, delay: delay, easing: curve.easing(duration: duration), isKeyframed: true),
            animations, completion)
    }

    /// Inside `animateKeyframes`: the changes `animations` makes happen between the fractions
    /// `start` and `start + duration` of the timeline (each clamped to 0…1). Outside an
    /// `animateKeyframes` block the changes simply happen.
    public static func addKeyframe(withRelativeStartTime start: Double, relativeDuration duration: Double,
                                   animations: () -> Void) {
        guard let recorder = AnimationRecorder.current else { return animations() }
        recorder.withKeyframe(start: start, length: duration, animations)
    }

    /// Changes made in `body` are not animated, even inside an animation block.
    public static func performWithoutAnimation(_ body: () -> Void) {
        AnimationRecorder.with(nil, body)
    }

    private static func run(_ recorder: AnimationRecorder, _ animations: () -> Void,
                            _ completion: ((Bool) -> Void)?) {
        AnimationRecorder.with(recorder, animations)
        let transaction = AnimationTransaction(completion: completion)
        recorder.commit(transaction)
        if transaction.pendingCount == 0 { transaction.complete() }
    }
}
