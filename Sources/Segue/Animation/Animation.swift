/// An animation of one layer property over `duration` seconds of the layer's local time
/// (`CABasicAnimation` / `CAKeyframeAnimation` / `CASpringAnimation`): the easing maps the
/// elapsed fraction of time to progress, and the track maps progress to a value.
public struct Animation: Sendable {
    /// What the layer shows before the animation starts and after it ends (`CAMediaTimingFillMode`).
    public enum FillMode: Hashable, Sendable { case removed, forwards, backwards, both }

    public var property: AnimatableProperty
    public var track: KeyframeTrack
    public var easing: Easing
    /// Seconds of animation-local time; at least 1e-9.
    public var duration: Double
    /// `beginTime` is in the layer's local time; nil means "when added".
    public var beginTime: Double?
    public var speed: Double = 1
    public var timeOffset: Double = 0
    public var fillMode: FillMode = .both
    /// The group this animation belongs to; told when the animation ends.
    public var transaction: AnimationTransaction?

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
