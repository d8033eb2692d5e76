import Foundation
#if !SEGUE_FUZZING
import Segue
import SegueCommandLine
import SegueProcess
#endif

/// Why bytes are not a usable recording.
package struct RecordingError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// A recorded session: the options in force (as command-line arguments), the window's
/// size, and every input with the time (seconds since the start) it was handled at.
/// Stored as JSON. This file depends on Foundation, `InputEvent` and `Echo` alone, so the parser
/// can be fuzzed on its own (scripts/fuzz.sh).
package struct Recording: Codable, Sendable {
    package static let version = 1
    /// The layout new recordings are made in (`layout`).
    package static let layoutVersion = 2
    /// Files larger than this are refused before parsing.
    package static let maxFileSize = 64 << 20

    /// One input at its time: on the wire `t`, `type` and the kind's own keys (`x`, `y`,
    /// `inside`, `key`, `shift`, `width`, `height`).
    package struct Entry: Codable, Sendable, Hashable {
        /// Seconds from the session's start.
        package var t: Double
        package var kind: Kind

        package enum Kind: Sendable, Hashable {
            case quit
            case focusLost
            /// The window's new size in pixels, as written (`input` checks it).
            case resize(width: Int, height: Int)
            /// Pointer positions in window pixels, as written (`input` checks them).
            case down(x: Double, y: Double)
            case move(x: Double, y: Double)
            case up(x: Double, y: Double, inside: Bool)
            /// A key by its recorded name ("escape", "q", "7", …), read by the recording's
            /// layout (`input`).
            case key(String, shift: Bool)
            /// A type this reader does not know, or one without a key its kind needs:
            /// refused by `decode`, naming the type.
            case malformed(type: String)
        }

        private enum CodingKeys: String, CodingKey { case t, type, x, y, inside, key, shift, width, height }

        package init(t: Double, kind: Kind) {
            self.t = t
            self.kind = kind
        }

        package init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            t = try c.decode(Double.self, forKey: .t)
            let type = try c.decode(String.self, forKey: .type)
            let x = try c.decodeIfPresent(Double.self, forKey: .x), y = try c.decodeIfPresent(Double.self, forKey: .y)
            let inside = try c.decodeIfPresent(Bool.self, forKey: .inside)
            let key = try c.decodeIfPresent(String.self, forKey: .key), shift = try c.decodeIfPresent(Bool.self, forKey: .shift)
            let width = try c.decodeIfPresent(Int.self, forKey: .width), height = try c.decodeIfPresent(Int.self, forKey: .height)
            switch (type, x, y) {
            case ("quit", _, _): kind = .quit
            case ("focus-lost", _, _): kind = .focusLost
            case ("resize", _, _) where width != nil && height != nil: kind = .resize(width: width!, height: height!)
            case ("down", let x?, let y?): kind = .down(x: x, y: y)
            case ("move", let x?, let y?): kind = .move(x: x, y: y)
            case ("up", let x?, let y?) where inside != nil: kind = .up(x: x, y: y, inside: inside!)
            case ("key", _, _) where key != nil: kind = .key(key!, shift: shift ?? false)
            default: kind = .malformed(type: type)
            }
        }

        package func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(t, forKey: .t)
            try c.encode(type, forKey: .type)
            switch kind {
            case .quit, .focusLost, .malformed: break
            case .resize(let w, let h):
                try c.encode(w, forKey: .width)
                try c.encode(h, forKey: .height)
            case .down(let x, let y), .move(let x, let y):
                try c.encode(x, forKey: .x)
                try c.encode(y, forKey: .y)
            case .up(let x, let y, let inside):
                try c.encode(x, forKey: .x)
                try c.encode(y, forKey: .y)
                try c.encode(inside, forKey: .inside)
            case .key(let key, let shift):
                try c.encode(key, forKey: .key)
                try c.encode(shift, forKey: .shift)
            }
        }

        /// The `type` written for it.
        package var type: String {
            switch kind {
            case .quit: "quit"
            case .focusLost: "focus-lost"
            case .resize: "resize"
            case .down: "down"
            case .move: "move"
            case .up: "up"
            case .key: "key"
            case .malformed(let type): type
            }
        }
    }

    package var version = Recording.version
    /// The session options as command-line arguments.
    package var arguments: [String]
    /// The demos' kept tunings the session started from (`TuningStore`), by name; absent
    /// when none were.
    package var tuning: [String: [String]]?
    package var window: [Int]
    /// How the window was laid out: 2 for a layout that fits any window (`Layout`); absent
    /// in recordings made before, which replay in the classic one (`Layout.Request.isClassic`).
    package var layout: Int?
    /// The transition files the session offered besides its options' (the user's folder,
    /// `$XDG_CONFIG_HOME/segue/transitions/`), so its replay offers the same list.
    package var moreFiles: [String]?
    package var events: [Entry]

    /// The window sides, in pixels, a recording holds: X11's largest window (a side is a
    /// signed 16-bit number). The writer clamps to it and the reader takes all of it, so
    /// every recording the app writes replays.
    package static let windowSides = 1...32767

    /// An empty recording of a session started with `arguments` in a window of `window`
    /// pixels (each side clamped to `windowSides`).
    package init(arguments: [String], window: (width: Int, height: Int)) {
        self.arguments = arguments
        self.window = [window.width, window.height].map { $0.clamped(to: Self.windowSides) }
        events = []
    }

    /// Appends `input` handled at `time`.
    package mutating func append(_ input: InputEvent, at time: Double) {
        let kind: Entry.Kind
        switch input {
        case .quit: kind = .quit
        case .resized(let w, let h): kind = .resize(width: w.clamped(to: Self.windowSides), height: h.clamped(to: Self.windowSides))
        case .focusLost: kind = .focusLost
        case .mouseDown(let x, let y): kind = .down(x: x, y: y)
        case .mouseMoved(let x, let y): kind = .move(x: x, y: y)
        case .mouseUp(let x, let y, let inside): kind = .up(x: x, y: y, inside: inside)
        case .key(let key, let shift):
            let name: String
            switch key {
            case .escape: name = "escape"
            case .quit: name = "q"
            case .space: name = "space"
            case .left: name = "left"
            case .right: name = "right"
            case .up: name = "up"
            case .down: name = "down"
            case .tab: name = "tab"
            case .fullScreen: name = "f11"
            case .help: name = "help"
            case .digit(let n): name = String(n)
            case .character(let c): name = String(c)
            }
            kind = .key(name, shift: shift)
        }
        events.append(Entry(t: time, kind: kind))
    }

    /// The recording as JSON (keys sorted).
    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// Parses and validates a recording; every problem is a `RecordingError` naming it.
    /// Nesting deeper than `maxDepth` is refused before parsing.
    package static func decode(_ data: Data) throws -> Recording {
        guard data.count <= maxFileSize else { throw RecordingError("it is \(data.count) bytes, more than \(maxFileSize)") }
        if nests(data, deeperThan: maxDepth) { throw RecordingError("it nests deeper than \(maxDepth) levels") }
        let recording: Recording
        do {
            recording = try JSONDecoder().decode(Recording.self, from: data)
        } catch {
            throw RecordingError("truncated or corrupt JSON: \(Self.reason(error))")
        }
        try recording.validate()
        return recording
    }

    /// JSON nesting accepted (a recording needs three levels).
    package static let maxDepth = 16

    /// Whether `json` nests arrays and objects deeper than `limit`, counting brackets and
    /// braces outside strings only (a string may hold any number of them).
    package static func nests(_ json: Data, deeperThan limit: Int) -> Bool {
        var depth = 0, inString = false, escaped = false
        for byte in json {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return false
    }

    private static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let c): return c.debugDescription
        case DecodingError.keyNotFound(let k, _): return "missing \"\(k.stringValue)\""
        case DecodingError.typeMismatch(_, let c): return "wrong type at \(c.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.valueNotFound(_, let c): return "missing value at \(c.codingPath.map(\.stringValue).joined(separator: "."))"
        default: return "\(error)"
        }
    }

    private func validate() throws {
        func bad(_ why: String) -> RecordingError { RecordingError("invalid: \(why)") }
        guard version == Recording.version else { throw bad("version \(version), this segue reads \(Recording.version)") }
        guard window.count == 2, Self.windowSides.contains(window[0]), Self.windowSides.contains(window[1]) else {
            throw bad("window must be [width, height] within 1…\(Self.windowSides.upperBound)")
        }
        if let l = layout, l != Recording.layoutVersion { throw bad("layout \(l), this segue lays out \(Recording.layoutVersion)") }
        if let files = moreFiles, files.count > 10_000 || files.contains(where: { $0.isEmpty || $0.utf8.count > 4096 }) {
            throw bad("moreFiles must be at most 10000 paths of 1…4096 bytes")
        }
        var last = 0.0
        for (i, e) in events.enumerated() {
            guard e.t.isFinite, e.t >= last, e.t <= 86_400 else { throw bad("event \(i + 1) has time \(e.t): times must rise from 0") }
            last = e.t
            guard input(e) != nil else { throw bad("event \(i + 1) (\(Echo.quoted(e.type))) is malformed") }
        }
    }

    /// The input an entry stands for, or nil when it is malformed.
    package func input(_ e: Entry) -> InputEvent? {
        func inRange(_ x: Double, _ y: Double) -> Bool { x.isFinite && y.isFinite && abs(x) < 1e6 && abs(y) < 1e6 }
        switch e.kind {
        case .quit: return .quit
        case .focusLost: return .focusLost
        case .resize(let w, let h):
            guard Self.windowSides.contains(w), Self.windowSides.contains(h) else { return nil }
            return .resized(width: w, height: h)
        case .down(let x, let y): return inRange(x, y) ? .mouseDown(x: x, y: y) : nil
        case .move(let x, let y): return inRange(x, y) ? .mouseMoved(x: x, y: y) : nil
        case .up(let x, let y, let inside): return inRange(x, y) ? .mouseUp(x: x, y: y, inside: inside) : nil
        case .malformed: return nil
        case .key(let k, let shift):
            // Made before the layout fitted any window, a recording knew e as completion
            // speed's key (now o), and b, f, h as keys that did nothing.
            if layout == nil {
                if k == "e" { return .key(.character("o"), shift: shift) }
                if ["b", "f", "h", "tab", "f11", "help"].contains(k) { return nil }
            }
            switch k {
            case "escape": return .key(.escape, shift: shift)
            case "q": return .key(.quit, shift: shift)
            case "space": return .key(.space, shift: shift)
            case "left": return .key(.left, shift: shift)
            case "right": return .key(.right, shift: shift)
            case "up": return .key(.up, shift: shift)
            case "down": return .key(.down, shift: shift)
            case "tab": return .key(.tab, shift: shift)
            case "f11": return .key(.fullScreen, shift: shift)
            case "help": return .key(.help, shift: shift)
            default:
                if k.count == 1, let d = Int(k) { return .key(.digit(d), shift: shift) }
                if k.count == 1, let c = k.first, c.isASCII, c.isLetter || c == "[" || c == "]" { return .key(.character(c), shift: shift) }
                return nil
            }
        }
    }
}

extension Int {
    /// This number within `range`.
    fileprivate func clamped(to range: ClosedRange<Int>) -> Int { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
