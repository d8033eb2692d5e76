import Foundation
import Segue

/// Plays a recording through a session, deterministically: inputs are handled at their
/// recorded times exactly as the live app handled them, with frames at `frameRate` in
/// between; after the last input it runs until no transition is under way (10 s at most),
/// unless the recording ends by quitting.
@MainActor
package struct Replayer {
    package let recording: Recording
    package let options: SessionOptions
    /// The Swift transitions the session offers, as when it was recorded.
    package let transitions: [CustomTransition]
    package var frameRate = 60.0

    package init(recording: Recording, options: SessionOptions, transitions: [CustomTransition] = []) {
        self.recording = recording
        self.options = options
        self.transitions = transitions
    }

    /// Runs the replay; `frame` is called after every frame with the session, the frame's
    /// number (from 1) and its time (seconds from the start, as recorded). `emit` receives
    /// the event lines.
    package func run(emit: @escaping (String) -> Void, frame: (Session, Int, Double) throws -> Void) rethrows {
        let session = Session(options: options, window: (recording.window[0], recording.window[1]), transitions: transitions,
                              tunings: TuningStore(tunings: recording.tuning ?? [:]))
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
        while session.isRunning && session.isTransitioning && time < end { try draw(at: time + step) }
    }
}
