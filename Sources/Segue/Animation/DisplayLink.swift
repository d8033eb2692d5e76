/// A callback run once per frame with the frame time, before animations are completed and
/// the frame is composed (`CADisplayLink`). Invalidate it to stop.
@MainActor
package final class DisplayLink {
    fileprivate let callback: (Double) -> Void
    package private(set) var isValid = true

    init(_ callback: @escaping (Double) -> Void) {
        self.callback = callback
    }

    package func invalidate() { isValid = false }

    func fire(_ time: Double) {
        if isValid { callback(time) }
    }
}
