import Foundation
import Segue
import SegueCatalog

/// One line of `--events` output: the whole contract of the JSON lines the app and replays
/// print, as one type encoded by `JSONEncoder`. `event` names the kind; the other keys
/// appear only where the kind has them:
/// - `ready`: `window`, `screen`, `demo`, `hud`, `renderer`, `rendererReason`, `tuning`, `targets`,
///   and while split `screens` —
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
///   or `transition`, `message` — a transition's animator broke its contract (it never added
///   the to-view, or never called `completeTransition`), the screen brought to rest;
/// - `tuning`: `demo`, `tuning`, `command`, `swift` (and `variant` while split) — `y` copied the
///   demo's tuning as code;
/// - `exported`: `file` — `e`'s video of the last transition is written (a failed one is an
///   `error` with the `file` it was for and the `message`).
/// Rectangles are whole window pixels. Keys are sorted (Foundation's encoder keeps no other
/// order), so a line is the same text every run.
package enum SessionEvent: Encodable, Hashable, Sendable {
    case ready(ScreenState, window: WindowSize, renderer: String, rendererReason: String, tuning: Tuning)
    case screen(ScreenState)
    case began(TransitionState, interactive: Bool)
    case ended(TransitionState, cancelled: Bool)
    case stats(Stats)
    case loaded(file: String, name: String)
    /// A transition file that does not read, or an export that failed (its `file`).
    case error(file: String, message: String)
    /// An animator that broke its contract (`Window.TransitionEvent.mistake`).
    case mistake(transition: String, message: String)
    case tuning(demo: String, tuning: Tuning, command: String, swift: String, variant: String?)
    case exported(file: String)

    /// The kind, as the `event` key names it.
    package var kind: String {
        switch self {
        case .ready: "ready"
        case .screen: "screen"
        case .began: "began"
        case .ended: "ended"
        case .stats: "stats"
        case .loaded: "loaded"
        case .error, .mistake: "error"
        case .tuning: "tuning"
        case .exported: "exported"
        }
    }

    /// What the screen shows and where: the demo, A's screen and while split every screen,
    /// the HUD's style, and what can be tapped (on A's screen).
    package struct ScreenState: Hashable, Sendable {
        package var demo: String
        package var screen: PixelFrame
        package var screens: [Screen]?
        /// `panel`, `strip` or `hidden`.
        package var hud: String
        package var targets: [Target]
    }

    /// A transition that begins or ends: its name, its operation, and while split the screen.
    package struct TransitionState: Hashable, Sendable {
        package var transition: String
        package var operation: String
        package var variant: String?
    }

    /// The run's frame figures: frames drawn, frames and frames per second while dragging
    /// (to 0.1), and the work per frame and the delay from a pointer event to the present
    /// of its frame.
    package struct Stats: Hashable, Sendable {
        package var frames: Int
        package var dragFrames: Int
        package var dragFps: Double
        package var frameWorkMs: Spread
        package var inputToPresentMs: Spread
    }

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

    /// The run's frame figures (`Stats`) from its frames, drag intervals, work per frame and
    /// input latencies (seconds).
    package static func stats(frames: Int, dragIntervals: [Double], frameWork: [Double], inputLatencies: [Double]) -> SessionEvent {
        let total = dragIntervals.reduce(0, +)
        return .stats(Stats(frames: frames, dragFrames: dragIntervals.count,
                            dragFps: total > 0 ? (Double(dragIntervals.count) / total * 10).rounded() / 10 : 0,
                            frameWorkMs: Spread(seconds: frameWork), inputToPresentMs: Spread(seconds: inputLatencies)))
    }

    private enum Key: String, CodingKey {
        case event, window, demo, screen, screens, hud, variant, renderer, rendererReason, tuning, command, swift, targets
        case transition, operation, interactive, cancelled, frames, dragFrames, dragFps, frameWorkMs, inputToPresentMs
        case name, file, message
    }

    /// Each kind's keys, flat beside `event` (the documented lines).
    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(kind, forKey: .event)
        func encodeScreen(_ s: ScreenState) throws {
            try c.encode(s.demo, forKey: .demo)
            try c.encode(s.screen, forKey: .screen)
            try c.encodeIfPresent(s.screens, forKey: .screens)
            try c.encode(s.hud, forKey: .hud)
            try c.encode(s.targets, forKey: .targets)
        }
        func encodeTransition(_ t: TransitionState) throws {
            try c.encode(t.transition, forKey: .transition)
            try c.encode(t.operation, forKey: .operation)
            try c.encodeIfPresent(t.variant, forKey: .variant)
        }
        switch self {
        case let .ready(screen, window, renderer, reason, tuning):
            try encodeScreen(screen)
            try c.encode(window, forKey: .window)
            try c.encode(renderer, forKey: .renderer)
            try c.encode(reason, forKey: .rendererReason)
            try c.encode(tuning, forKey: .tuning)
        case .screen(let screen):
            try encodeScreen(screen)
        case let .began(t, interactive):
            try encodeTransition(t)
            try c.encode(interactive, forKey: .interactive)
        case let .ended(t, cancelled):
            try encodeTransition(t)
            try c.encode(cancelled, forKey: .cancelled)
        case .stats(let s):
            try c.encode(s.frames, forKey: .frames)
            try c.encode(s.dragFrames, forKey: .dragFrames)
            try c.encode(s.dragFps, forKey: .dragFps)
            try c.encode(s.frameWorkMs, forKey: .frameWorkMs)
            try c.encode(s.inputToPresentMs, forKey: .inputToPresentMs)
        case let .loaded(file, name):
            try c.encode(file, forKey: .file)
            try c.encode(name, forKey: .name)
        case let .error(file, message):
            try c.encode(file, forKey: .file)
            try c.encode(message, forKey: .message)
        case let .mistake(transition, message):
            try c.encode(transition, forKey: .transition)
            try c.encode(message, forKey: .message)
        case let .tuning(demo, tuning, command, swift, variant):
            try c.encode(demo, forKey: .demo)
            try c.encode(tuning, forKey: .tuning)
            try c.encode(command, forKey: .command)
            try c.encode(swift, forKey: .swift)
            try c.encodeIfPresent(variant, forKey: .variant)
        case .exported(let file):
            try c.encode(file, forKey: .file)
        }
    }

    /// The event as one line of JSON (no newline), keys sorted.
    package var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and flags cannot fail.
        guard let data = try? encoder.encode(self) else { return #"{"event":"\#(kind)"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}
