import SegueCommandLine
import SegueSDL
import SegueStudio
import SegueProcess

/// `--record FILE`: the live app's recording, kept on disk as the app goes. It is written
/// whole (never half) whenever the app has been idle a moment since the last write, when
/// the app ends by any path — quitting, a signal, an error, or a library ending the
/// process (Xlib when the display goes; an exit hook) — so FILE is always a valid
/// recording of the run up to its last pause at least.
final class RecordingOutput: Sendable {
    let path: String
    private struct State: Sendable {
        var recording: Recording
        var saved = -1
        var lastSave = -Double.infinity
    }
    private let state: Locked<State>
    private let hook = Locked<Int?>(nil)

    init(path: String, recording: Recording) {
        self.path = path
        state = Locked(State(recording: recording))
        let id = ExitHooks.add { [self] in
            do { try self.save() } catch { Command.report("\(error)") }
        }
        hook.withLock { $0 = id }
    }

    func append(_ input: TimedInput) {
        state.withLock { $0.recording.append(input.input, at: input.time) }
    }

    /// Writes the recording if it changed and at least `interval` seconds of `now` have
    /// passed since the last write (called when the app goes idle).
    func saveIfDue(now: Double, interval: Double = 2) throws {
        guard state.withLock({ $0.saved != $0.recording.events.count && now - $0.lastSave >= interval }) else { return }
        try save()
        state.withLock { $0.lastSave = now }
    }

    /// Writes the recording if it changed since the last write.
    func save() throws {
        let (recording, count) = state.withLock { ($0.recording, $0.recording.events.count) }
        guard state.withLock({ $0.saved }) != count else { return }
        try recording.write(to: path)
        state.withLock { $0.saved = count }
    }

    /// The final write: afterwards the exit hook has nothing left to do.
    func finish() throws {
        if let id = hook.withLock({ $0 }) { ExitHooks.remove(id) }
        try save()
    }
}
