/// The timing of a layer or an animation (`CAMediaTiming`): its local time is
/// `(parentTime − beginTime) · speed + timeOffset`, in seconds.
///
/// Speed 0 pauses: the local time then stays at `timeOffset`, which a percent-driven
/// interactor sets to scrub. A layer's timing applies to its animations and to its sublayers.
public struct MediaTiming: Hashable, Sendable {
    public var beginTime: Double
    public var speed: Double
    public var timeOffset: Double

    public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
        self.beginTime = beginTime
        self.speed = speed
        self.timeOffset = timeOffset
    }

    public static let normal = MediaTiming()

    /// The local time at parent time `t`.
    public func localTime(fromParent t: Double) -> Double {
        (t - beginTime) * speed + timeOffset
    }
}
