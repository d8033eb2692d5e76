/// An animation of one layer property over `duration` seconds of the layer's local time
/// (`CABasicAnimation` / `CAKeyframeAnimation` / `CASpringAnimation`): the easing maps the
/// elapsed fraction of time to progress, and the track maps progress to a value.
public struct Animation: Sendable {
    /// What the layer shows before the animation starts and after it ends (`CAMediaTimingFillMode`).
    public enum FillMode: Hashable, Sendable {
        /// Only while running; the model value shows before the start and after the end.
        case removed
        /// Holds the end value after the end; before the start the model value shows.
        case forwards
        /// Shows the start value before the start; after the end the model value shows.
        case backwards
        /// Holds the start value before the start and the end value after the end.
        case both
    }

    /// The layer property this animation changes.
    public var property: AnimatableProperty
    /// The values the property passes through, by progress (what `easing` gives).
    public var track: KeyframeTrack
    /// Maps the elapsed fraction of `duration` (clamped to 0…1) to the track's progress.
    public var easing: Easing
    /// Seconds of animation-local time; at least 1e-9.
    public var duration: Double
    /// `beginTime` is in the layer's local time; nil means "when added".
    public var beginTime: Double?
    /// Animation seconds per layer second; 0 holds still at `timeOffset`, negative runs backwards.
    public var speed: Double = 1
    /// Seconds added to the elapsed time: where the animation is at `beginTime`.
    public var timeOffset: Double = 0
    /// What shows before the start and after the end; `.both` (hold both ends) by default.
    public var fillMode: FillMode = .both
    /// The group this animation belongs to; told when the animation ends.
    public var transaction: AnimationTransaction?

    /// An animation of `property` along `track` at speed 1, with no offset and fill mode `.both`;
    /// `duration` (seconds) is raised to at least 1e-9, and a nil `beginTime` means when added.
    public init(property: AnimatableProperty, track: KeyframeTrack, easing: Easing = .bezier(.default),
                duration: Double, beginTime: Double? = nil, transaction: AnimationTransaction? = nil) {
        self.property = property
        self.track = track
        self.easing = easing
        self.duration = max(duration, 1e-9)
        self.beginTime = beginTime
        self.transaction = transaction
    }
}

extension Animation {
    /// Seconds since the animation began, at the layer's local time `t`.
    package func elapsed(atLayerTime t: Double) -> Double {
        (t - (beginTime ?? t)) * speed + timeOffset
    }

    /// The value shown at the layer's local time `t`, or nil where the model value shows.
    package func value(atLayerTime t: Double) -> AnimatableValue? {
        progress(atLayerTime: t).map(track.value(at:))
    }

    /// The track's progress at the layer's local time `t`: the eased fraction of the
    /// duration elapsed (clamped to 0…1 before easing), or nil where the model value shows.
    func progress(atLayerTime t: Double) -> Double? {
        let e = elapsed(atLayerTime: t)
        if e < 0 && !(fillMode == .backwards || fillMode == .both) { return nil }
        if e > duration && !(fillMode == .forwards || fillMode == .both) { return nil }
        return easing.value(at: min(max(e / duration, 0), 1))
    }

    /// Whether the animation has played to its end at layer time `t`, running forward or back.
    package func hasEnded(atLayerTime t: Double) -> Bool {
        speed >= 0 ? elapsed(atLayerTime: t) >= duration : elapsed(atLayerTime: t) <= 0
    }
}
