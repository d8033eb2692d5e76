import Foundation
import Segue

/// One line of `--events` output: the whole contract of the JSON lines the app and replays
/// print, as one type encoded by `JSONEncoder`. `event` names the kind; the other keys
/// appear only where the kind has them:
/// - `ready`: `window`, `screen`, `demo`, `renderer`, `targets` — the first frame is on screen;
/// - `screen`: `demo`, `screen`, `targets` — after every change of what the screen shows;
/// - `began`: `transition`, `operation`, `interactive`; `ended`: `transition`, `operation`,
///   `cancelled`;
/// - `stats`: `frames`, `dragFrames`, `dragFps`, `frameWorkMs`, `inputToPresentMs` — on quitting.
/// Rectangles are whole window pixels. Keys are sorted (Foundation's encoder keeps no other
/// order), so a line is the same text every run.
public struct SessionEvent: Encodable, Hashable, Sendable {
    public enum Kind: String, Encodable, Sendable {
        case ready, screen, began, ended, stats
    }

    /// A rectangle in whole window pixels.
    public struct PixelFrame: Encodable, Hashable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int

        /// `r` rounded to whole pixels.
        public init(_ r: Rect) {
            x = Int(r.minX.rounded()); y = Int(r.minY.rounded())
            width = Int(r.width.rounded()); height = Int(r.height.rounded())
        }
    }

    /// Something a user can tap, by name, in window pixels.
    public struct Target: Encodable, Hashable, Sendable {
        public var name: String
        public var x: Int, y: Int, width: Int, height: Int

        public init(name: String, frame: Rect) {
            let f = PixelFrame(frame)
            self.name = name
            x = f.x; y = f.y; width = f.width; height = f.height
        }
    }

    public struct WindowSize: Encodable, Hashable, Sendable {
        public var width: Int, height: Int
    }

    /// A median and a 95th percentile, milliseconds.
    public struct Spread: Encodable, Hashable, Sendable {
        public var median: Double, p95: Double

        /// The spread of `seconds`, in milliseconds to 0.01 (zeros for no samples).
        public init(seconds: [Double]) {
            median = Self.hundredths((seconds.percentile(0.5) ?? 0) * 1000)
            p95 = Self.hundredths((seconds.percentile(0.95) ?? 0) * 1000)
        }

        static func hundredths(_ v: Double) -> Double { (v * 100).rounded() / 100 }
    }

    public var event: Kind
    public var window: WindowSize?
    public var demo: String?
    public var screen: PixelFrame?
    public var renderer: String?
    public var targets: [Target]?
    public var transition: String?
    public var operation: String?
    public var interactive: Bool?
    public var cancelled: Bool?
    public var frames: Int?
    public var dragFrames: Int?
    public var dragFps: Double?
    public var frameWorkMs: Spread?
    public var inputToPresentMs: Spread?

    public init(_ event: Kind) { self.event = event }

    /// The run's frame figures: frames drawn, frames and frames per second while dragging
    /// (to 0.1), and the work per frame and the delay from a pointer event to the present
    /// of its frame.
    public static func stats(frames: Int, dragIntervals: [Double], frameWork: [Double], inputLatencies: [Double]) -> SessionEvent {
        var e = SessionEvent(.stats)
        e.frames = frames
        e.dragFrames = dragIntervals.count
        let total = dragIntervals.reduce(0, +)
        e.dragFps = total > 0 ? (Double(dragIntervals.count) / total * 10).rounded() / 10 : 0
        e.frameWorkMs = Spread(seconds: frameWork)
        e.inputToPresentMs = Spread(seconds: inputLatencies)
        return e
    }

    /// The event as one line of JSON (no newline), keys sorted.
    public var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and flags cannot fail.
        guard let data = try? encoder.encode(self) else { return #"{"event":"\#(event.rawValue)"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}
