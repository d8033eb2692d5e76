/// One pointer event in screen points at a time in seconds: the only input the engine sees.
/// The platform translates its own events (mouse, focus loss, Escape) into these.
public struct PointerEvent: Hashable, Sendable {
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

    public var phase: Phase
    public var location: Point
    public var time: Double

    public init(_ phase: Phase, _ location: Point, time: Double) {
        self.phase = phase
        self.location = location
        self.time = time
    }
}
