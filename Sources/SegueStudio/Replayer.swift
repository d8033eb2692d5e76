import Foundation
import Segue

extension Recording {
    /// An empty recording of a session with `options` in a window of `window` pixels.
    package init(options: SessionOptions, window: (width: Int, height: Int)) {
        self.init(arguments: options.arguments, window: window)
    }

    /// Reads and validates the recording at `path` and its options; every problem is a
    /// `UsageError` naming the file.
    package static func read(_ path: String) throws -> (Recording, SessionOptions) {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw UsageError("cannot read recording '\(path)': no such readable file")
        }
        guard let size = RegularFile.size(atPath: path) else {
            throw UsageError("cannot read recording '\(path)': not a regular file")
        }
        if size > maxFileSize {
            throw UsageError("recording '\(path)' is \(size) bytes, more than \(maxFileSize)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw UsageError("cannot read recording '\(path)': \(error.localizedDescription)")
        }
        let recording: Recording
        do {
            recording = try decode(data)
        } catch let e as RecordingError {
            throw UsageError("recording '\(path)' is not a valid Segue recording: \(e.description)")
        }
        var a = Arguments(recording.arguments)
        do {
            let options = try SessionOptions.read(&a)
            try a.finish()
            return (recording, options)
        } catch let e as UsageError {
            throw UsageError("recording '\(path)' has bad options: \(e.description)")
        }
    }
}

/// Plays a recording through a session, deterministically: inputs are handled at their
/// recorded times exactly as the live app handled them, with frames at `frameRate` in
/// between; after the last input it runs until no transition is under way (10 s at most),
/// unless the recording ends by quitting.
@MainActor
package struct Replayer {
    package let recording: Recording
    package let options: SessionOptions
    package var frameRate = 60.0

    package init(recording: Recording, options: SessionOptions) {
        self.recording = recording
        self.options = options
    }

    /// Runs the replay; `frame` is called after every frame with the session, the frame's
    /// number (from 1) and its time (seconds from the start, as recorded). `emit` receives
    /// the event lines.
    package func run(emit: @escaping (String) -> Void, frame: (Session, Int, Double) throws -> Void) rethrows {
        let session = Session(options: options, window: (recording.window[0], recording.window[1]))
        session.emit = emit
        var number = 0
        var time = 0.0
        func draw(at t: Double) throws {
            session.advance(to: t)
            number += 1
            try frame(session, number, t)
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
