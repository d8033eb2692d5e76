/// A callback run once per frame with the frame time, before animations are completed and
/// the frame is composed (`CADisplayLink`). Invalidate it to stop.
@MainActor
public final class DisplayLink {
    fileprivate let callback: (Double) -> Void
    public private(set) var isValid = true

    init(_ callback: @escaping (Double) -> Void) {
        self.callback = callback
    }

    public func invalidate() { isValid = false }

    func fire(_ time: Double) {
        if isValid { callback(time) }
    }
}
