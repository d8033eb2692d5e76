/// One pointer event in screen points at a time in seconds: the only input the engine sees.
/// The platform translates its own events (mouse, focus loss, Escape) into these.
public struct PointerEvent: Hashable, Sendable {
    /// What happened to the pointer.
    public enum Phase: String, Hashable, Sendable {
        /// The button went down.
        case down
        /// The pointer moved (with or without the button down).
        case moved
        /// The button was released.
        case up
        /// The press ends without a release the app should act on: the window lost focus,
        /// the release happened outside it, or Escape was pressed.
        case cancelled
    }

    /// What happened.
    public var phase: Phase
    /// Where the pointer was, in screen points.
    public var location: Point
    /// When, in seconds on any steady clock; only differences between events count (velocity).
    public var time: Double

    /// An event of `phase` at `location` (screen points) at `time` seconds.
    public init(_ phase: Phase, _ location: Point, time: Double) {
        self.phase = phase
        self.location = location
        self.time = time
    }
}
