import Foundation
import Segue
import SegueCatalog

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
    /// Frames per second, above 0.
    package var frameRate = 60.0
    /// Whether a frame is also drawn at each input's time, as the live app draws one after
    /// handling its inputs (a replay in a window); when false, frames fall only on the grid
    /// `n / frameRate` seconds, evenly spaced as a video's, each showing every input handled
    /// before it (an export), and one frame at or after the last input shows its effect.
    package var drawsAtInputs = true
    /// How the session's HUD measures its text (the drawing platform's fonts).
    package var textFit = TextFit.estimate

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
                              moreFiles: recording.moreFiles ?? [], tunings: TuningStore(tunings: recording.tuning ?? [:]))
        session.emit = emit
        session.textFit = textFit
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
        // On the grid, frame n + 1 falls at n / frameRate exactly (no sum of steps drifts).
        func next() -> Double { drawsAtInputs ? time + step : Double(number) / frameRate }
        try draw(at: 0)
        while i < events.count && session.isRunning {
            let t = events[i].t
            while next() < t - 1e-9 { try draw(at: next()) }
            while i < events.count && events[i].t == t {
                if let input = recording.input(events[i]) { session.handle(input, at: t) }
                i += 1
            }
            if drawsAtInputs { try draw(at: t) }
        }
        if !drawsAtInputs && session.isRunning && time < (events.last?.t ?? 0) { try draw(at: next()) }
        let end = time + 10
        while session.isRunning && session.isTransitioning && time < end { try draw(at: next()) }
    }
}
