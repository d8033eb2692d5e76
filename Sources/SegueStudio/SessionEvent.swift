import Foundation
import Segue

/// One line of `--events` output: the whole contract of the JSON lines the app and replays
/// print, as one type encoded by `JSONEncoder`. `event` names the kind; the other keys
/// appear only where the kind has them:
/// - `ready`: `window`, `screen`, `demo`, `renderer`, `rendererReason`, `tuning`, `targets` —
///   the first frame is on screen; `tuning` is the demo's (`Tuning`); `renderer` names the engine and `rendererReason` why it draws
///   ("asked for", or `auto`'s "GPU: …", "no GPU: OpenGL is llvmpipe …", "no OpenGL");
/// - `screen`: `demo`, `screen`, `hud`, `targets`, and while split `screens` — after every
///   change of what the screen shows or where (`screen` is A's, `targets` are on it; `hud`
///   is `panel`, `strip` or `hidden`);
/// - `began`: `transition`, `operation`, `interactive`; `ended`: `transition`, `operation`,
///   `cancelled`; both with `variant` while split;
/// - `stats`: `frames`, `dragFrames`, `dragFps`, `frameWorkMs`, `inputToPresentMs` — on quitting;
/// - `loaded`: `name`, `file` — a transition file read (at start and after each good save);
///   `error`: `file`, `message` — a save that does not read (the last good version stays);
/// - `tuning`: `demo`, `tuning`, `command`, `swift` (and `variant` while split) — `y` copied the
///   demo's tuning as code;
/// - `exported`: `file` — `e`'s video of the last transition is written (a failed one is an
///   `error` with the `file` it was for and the `message`).
/// Rectangles are whole window pixels. Keys are sorted (Foundation's encoder keeps no other
/// order), so a line is the same text every run.
package struct SessionEvent: Encodable, Hashable, Sendable {
    /// A transition's tuning, one key a parameter (`Parameter`'s names): seconds, curves as
    /// `--curve` takes them, the perspective's distance in points (absent without one), the
    /// release rule's name.
    package struct Tuning: Encodable, Hashable, Sendable {
        let values: [Parameter: JSONScalar]

        package init(_ p: TransitionParameters) {
            var values: [Parameter: JSONScalar] = [:]
            for parameter in Parameter.allCases { values[parameter] = parameter.spec.json(p) }
            self.values = values
        }

        private struct Key: CodingKey {
            let stringValue: String
            init(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }

        package func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            for parameter in Parameter.allCases {
                if let v = values[parameter] { try c.encode(v, forKey: Key(stringValue: parameter.rawValue)) }
            }
        }
    }

    package enum Kind: String, Encodable, Sendable {
        case ready, screen, began, ended, stats, loaded, error, tuning, exported
    }

    /// A rectangle in whole window pixels.
    package struct PixelFrame: Encodable, Hashable, Sendable {
        package var x: Int, y: Int, width: Int, height: Int

        /// `r` rounded to whole pixels.
        package init(_ r: Rect) {
            x = Int(r.minX.rounded()); y = Int(r.minY.rounded())
            width = Int(r.width.rounded()); height = Int(r.height.rounded())
        }
    }

    /// Something a user can tap, by name, in window pixels.
    package struct Target: Encodable, Hashable, Sendable {
        package var name: String
        package var x: Int, y: Int, width: Int, height: Int

        package init(name: String, frame: Rect) {
            let f = PixelFrame(frame)
            self.name = name
            x = f.x; y = f.y; width = f.width; height = f.height
        }
    }

    /// One screen of a split stage, by name ("A", "B"), in window pixels.
    package struct Screen: Encodable, Hashable, Sendable {
        package var variant: String
        package var x: Int, y: Int, width: Int, height: Int

        package init(variant: String, frame: Rect) {
            let f = PixelFrame(frame)
            self.variant = variant
            x = f.x; y = f.y; width = f.width; height = f.height
        }
    }

    package struct WindowSize: Encodable, Hashable, Sendable {
        package var width: Int, height: Int
    }

    /// A median and a 95th percentile, milliseconds.
    package struct Spread: Encodable, Hashable, Sendable {
        package var median: Double, p95: Double

        /// The spread of `seconds`, in milliseconds to 0.01 (zeros for no samples).
        package init(seconds: [Double]) {
            median = Self.hundredths((seconds.percentile(0.5) ?? 0) * 1000)
            p95 = Self.hundredths((seconds.percentile(0.95) ?? 0) * 1000)
        }

        static func hundredths(_ v: Double) -> Double { (v * 100).rounded() / 100 }
    }

    package var event: Kind
    package var window: WindowSize?
    package var demo: String?
    package var screen: PixelFrame?
    package var screens: [Screen]?
    /// How the HUD shows: `panel`, `strip` or `hidden`.
    package var hud: String?
    /// Which screen of a split stage the event is about.
    package var variant: String?
    package var renderer: String?
    package var rendererReason: String?
    /// The current demo's tuning.
    package var tuning: Tuning?
    /// `tuning`: the command line that reproduces it, and the Swift that would (`TuningCode`).
    package var command: String?
    package var swift: String?
    package var targets: [Target]?
    package var transition: String?
    package var operation: String?
    package var interactive: Bool?
    package var cancelled: Bool?
    package var frames: Int?
    package var dragFrames: Int?
    package var dragFps: Double?
    package var frameWorkMs: Spread?
    package var inputToPresentMs: Spread?
    /// A transition file's transition, its path, and what is wrong with it.
    package var name: String?
    package var file: String?
    package var message: String?

    package init(_ event: Kind) { self.event = event }

    /// The run's frame figures: frames drawn, frames and frames per second while dragging
    /// (to 0.1), and the work per frame and the delay from a pointer event to the present
    /// of its frame.
    package static func stats(frames: Int, dragIntervals: [Double], frameWork: [Double], inputLatencies: [Double]) -> SessionEvent {
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
    package var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and flags cannot fail.
        guard let data = try? encoder.encode(self) else { return #"{"event":"\#(event.rawValue)"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}
