/// The timing of a layer or an animation (`CAMediaTiming`): its local time is
/// `(parentTime − beginTime) · speed + timeOffset`, in seconds.
///
/// Speed 0 pauses: the local time then stays at `timeOffset`, which a percent-driven
/// interactor sets to scrub. A layer's timing applies to its animations and to its sublayers.
public struct MediaTiming: Hashable, Sendable {
    /// Parent time, in seconds, at which the local time is `timeOffset`.
    public var beginTime: Double
    /// Local seconds per parent second; 0 pauses, negative runs time backwards.
    public var speed: Double
    /// Seconds added to the local time; where it stays while `speed` is 0.
    public var timeOffset: Double

    /// A timing with these values; the defaults make the local time equal the parent's.
    public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
        self.beginTime = beginTime
        self.speed = speed
        self.timeOffset = timeOffset
    }

    /// Begin time 0, speed 1, offset 0: the local time is the parent's.
    public static let normal = MediaTiming()

    /// The local time at parent time `t`.
    public func localTime(fromParent t: Double) -> Double {
        (t - beginTime) * speed + timeOffset
    }
}
