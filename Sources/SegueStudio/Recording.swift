import Foundation
import Segue

/// A recorded session: the options in force, the window's size, and every input with the
/// time (seconds since the start) it was handled at. Stored as JSON.
public struct Recording: Codable, Sendable {
    public static let version = 1
    /// Files larger than this are refused before parsing.
    public static let maxFileSize = 64 << 20

    public struct Entry: Codable, Sendable, Hashable {
        public var t: Double
        public var type: String
        public var x: Double?
        public var y: Double?
        public var inside: Bool?
        public var key: String?
        public var shift: Bool?
        public var width: Int?
        public var height: Int?
    }

    public var version = Recording.version
    /// The session options as command-line arguments.
    public var arguments: [String]
    public var window: [Int]
    public var events: [Entry]

    public init(options: SessionOptions, window: (width: Int, height: Int)) {
        arguments = options.arguments
        self.window = [window.width, window.height]
        events = []
    }

    /// Appends `input` handled at `time`.
    public mutating func append(_ input: InputEvent, at time: Double) {
        var e = Entry(t: time, type: "")
        switch input {
        case .quit: e.type = "quit"
        case .resized(let w, let h): e.type = "resize"; e.width = w; e.height = h
        case .focusLost: e.type = "focus-lost"
        case .mouseDown(let x, let y): e.type = "down"; e.x = x; e.y = y
        case .mouseMoved(let x, let y): e.type = "move"; e.x = x; e.y = y
        case .mouseUp(let x, let y, let inside): e.type = "up"; e.x = x; e.y = y; e.inside = inside
        case .key(let key, let shift):
            e.type = "key"
            e.shift = shift
            switch key {
            case .escape: e.key = "escape"
            case .quit: e.key = "q"
            case .space: e.key = "space"
            case .left: e.key = "left"
            case .right: e.key = "right"
            case .up: e.key = "up"
            case .down: e.key = "down"
            case .digit(let n): e.key = String(n)
            case .character(let c): e.key = String(c)
            }
        }
        events.append(e)
    }

    /// Writes the recording as JSON at `path`, atomically.
    public func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Reads and validates the recording at `path`; every problem is a `UsageError` naming it.
    public static func read(_ path: String) throws -> (Recording, SessionOptions) {
        let url = URL(fileURLWithPath: path)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              FileManager.default.isReadableFile(atPath: path) else {
            throw UsageError("cannot read recording '\(path)': no such readable file")
        }
        if let size = attributes[.size] as? Int, size > maxFileSize {
            throw UsageError("recording '\(path)' is \(size) bytes, more than \(maxFileSize)")
        }
        let data = try Data(contentsOf: url)
        let recording: Recording
        do {
            recording = try JSONDecoder().decode(Recording.self, from: data)
        } catch {
            throw UsageError("recording '\(path)' is not a valid Segue recording (truncated or corrupt JSON: \(Self.reason(error)))")
        }
        try recording.validate(path)
        var a = Arguments(recording.arguments)
        let options: SessionOptions
        do {
            options = try SessionOptions.read(&a)
            try a.finish()
        } catch let e as UsageError {
            throw UsageError("recording '\(path)' has bad options: \(e.description)")
        }
        return (recording, options)
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

    private func validate(_ path: String) throws {
        func bad(_ why: String) -> UsageError { UsageError("recording '\(path)' is invalid: \(why)") }
        guard version == Recording.version else { throw bad("version \(version), this segue reads \(Recording.version)") }
        guard window.count == 2, (1...16384).contains(window[0]), (1...16384).contains(window[1]) else {
            throw bad("window must be [width, height] within 1…16384")
        }
        var last = 0.0
        for (i, e) in events.enumerated() {
            guard e.t.isFinite, e.t >= last, e.t <= 86_400 else { throw bad("event \(i + 1) has time \(e.t): times must rise from 0") }
            last = e.t
            guard input(e) != nil else { throw bad("event \(i + 1) (\(e.type)) is malformed") }
        }
    }

    /// The input an entry stands for, or nil when it is malformed.
    public func input(_ e: Entry) -> InputEvent? {
        func point() -> (Double, Double)? {
            guard let x = e.x, let y = e.y, x.isFinite, y.isFinite, abs(x) < 1e6, abs(y) < 1e6 else { return nil }
            return (x, y)
        }
        switch e.type {
        case "quit": return .quit
        case "focus-lost": return .focusLost
        case "resize":
            guard let w = e.width, let h = e.height, (1...16384).contains(w), (1...16384).contains(h) else { return nil }
            return .resized(width: w, height: h)
        case "down": return point().map { .mouseDown(x: $0.0, y: $0.1) }
        case "move": return point().map { .mouseMoved(x: $0.0, y: $0.1) }
        case "up":
            guard let p = point(), let inside = e.inside else { return nil }
            return .mouseUp(x: p.0, y: p.1, inside: inside)
        case "key":
            guard let k = e.key else { return nil }
            let shift = e.shift ?? false
            switch k {
            case "escape": return .key(.escape, shift: shift)
            case "q": return .key(.quit, shift: shift)
            case "space": return .key(.space, shift: shift)
            case "left": return .key(.left, shift: shift)
            case "right": return .key(.right, shift: shift)
            case "up": return .key(.up, shift: shift)
            case "down": return .key(.down, shift: shift)
            default:
                if k.count == 1, let d = Int(k) { return .key(.digit(d), shift: shift) }
                if k.count == 1, let c = k.first, c.isLetter, c.isASCII { return .key(.character(c), shift: shift) }
                return nil
            }
        default: return nil
        }
    }
}

/// Plays a recording through a session, deterministically: inputs are handled at their
/// recorded times exactly as the live app handled them, with frames at `frameRate` in
/// between; after the last input it runs until no transition is under way (10 s at most),
/// unless the recording ends by quitting.
public struct Replayer {
    public let recording: Recording
    public let options: SessionOptions
    public var frameRate = 60.0

    public init(recording: Recording, options: SessionOptions) {
        self.recording = recording
        self.options = options
    }

    /// Runs the replay; `frame` is called after every frame with the session and the
    /// frame's number (from 1). `emit` receives the event lines.
    public func run(emit: @escaping (String) -> Void, frame: (Session, Int) throws -> Void) rethrows {
        let session = Session(options: options, window: (recording.window[0], recording.window[1]))
        session.emit = emit
        var number = 0
        var time = 0.0
        func draw(at t: Double) throws {
            session.advance(to: t)
            number += 1
            try frame(session, number)
            time = t
        }
        var i = 0
        let events = recording.events
        let step = 1 / frameRate
        try draw(at: 0)
        while i < events.count && session.isRunning {
            let t = events[i].t
            while time + step < t - 1e-9 { try draw(at: time + step) }
            while i < events.count && events[i].t == t {
                if let input = recording.input(events[i]) { session.handle(input, at: t) }
                i += 1
            }
            try draw(at: t)
        }
        let end = time + 10
        while session.isRunning && session.demo.window.isTransitioning && time < end { try draw(at: time + step) }
    }
}
