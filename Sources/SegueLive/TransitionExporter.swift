import Foundation
import Segue
import SegueCommandLine
import SegueSDL
import SegueStudio
import SegueProcess

/// The app's `e`: a video of the last transition, made in the background while the window
/// keeps going. The run's inputs are kept as a recording in memory; for each request it is
/// written to a temporary file and this program itself replays it —
/// `segue replay TMP --out DIR/segue-NAME-YYYYMMDD-HHMMSS.mp4 --start S --end E` — as a
/// child process (the same deterministic replay, encoder and checks as the command line's).
/// The session hears when each one ends (`Session.exportEnded`).
@MainActor
final class TransitionExporter {
    /// Where the videos go and in which format, checked when the app starts.
    struct Settings {
        static let folder = Option<String>.text("--export-dir", "DIR", help: """
            where e writes its video of the last transition (default: the current folder), \
            as segue-NAME-YYYYMMDD-HHMMSS.mp4 (or .gif)
            """)
        static let format = Option<VideoFormat>.choice("--export-format", "mp4|gif", "export format", [("mp4", .mp4), ("gif", .gif)],
                                                       help: "what e writes: mp4 (H.264, the default) or gif; both need ffmpeg")
        static var options: [OptionSpec] { [folder.spec, format.spec] }

        /// An existing folder that can be written, as an absolute path.
        var folder: String
        var format: VideoFormat

        /// A folder given must exist and be writable (else exit 2); the current folder, the
        /// default, is not checked until `e` (a read-only one fails that export, not the app).
        init(_ a: Arguments) throws {
            guard let given = try a.value(Self.folder) else {
                folder = Path.resolved(".") ?? "."
                format = try a.value(Self.format) ?? .mp4
                return
            }
            guard Path.kind(given) == .folder, let absolute = Path.resolved(given) else {
                throw UsageError("--export-dir \(Echo.quoted(given)): no such folder")
            }
            if let why = Path.unwritableFolderReason(absolute) { throw UsageError("--export-dir \(Echo.quoted(given)): \(why)") }
            folder = absolute
            format = try a.value(Self.format) ?? .mp4
        }
    }

    private let settings: Settings
    private var recording: Recording
    private struct Job {
        let child: ChildProcess
        let file: String
        let input: String
    }
    private var jobs: [Job] = []
    private var count = 0
    /// A folder of the exporter's own (mode 0700, made at the first export) for the inputs it
    /// hands its children: no other user can put a link where one is written.
    private var workFolder: String?

    /// Keeps inputs in `recording` (as started: options, window, tunings).
    init(_ settings: Settings, recording: Recording) {
        self.settings = settings
        self.recording = recording
    }

    /// Whether an export is under way.
    var isBusy: Bool { !jobs.isEmpty }

    func append(_ input: TimedInput) {
        recording.append(input.input, at: input.time)
    }

    /// Starts the video `request` asks for; a failure to start is told to `session` at once.
    func start(_ request: ExportRequest, session: Session) {
        let file = settings.folder + "/" + uniqueName(request.name)
        count += 1
        var input = ""
        do {
            input = try ownFolder() + "/input-\(count).json"
            try recording.write(to: input)
            let child = try ChildProcess("/proc/self/exe", name: CommandLine.arguments.first ?? "segue", arguments: [
                "replay", input, "--out", file, "--no-frame-limit",
                "--start", String(format: "%.3f", request.start), "--end", String(format: "%.3f", request.end),
            ], grace: 1)
            jobs.append(Job(child: child, file: file, input: input))
        } catch {
            unlink(input)
            report(file, problem: "\(error)", to: session)
        }
    }

    /// `workFolder`, made if it is not there yet.
    private func ownFolder() throws -> String {
        if let workFolder { return workFolder }
        var template = Array((FileManager.default.temporaryDirectory.path + "/segue-export-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw OutputError("cannot make a folder for the export's input: \(OutputError.reason(errno))")
        }
        let made = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        workFolder = made
        return made
    }

    /// Tells `session` of every export that has ended since the last look.
    func poll(_ session: Session) {
        jobs.removeAll { job in
            guard let status = job.child.status else { return false }
            unlink(job.input)
            report(job.file, problem: status == 0 ? nil : Self.problem(job.child.message, status), to: session)
            return true
        }
    }

    /// The app is ending: waits for the exports under way (`waiting`), or stops them (a
    /// signal: each removes what it had written), and tells `session`.
    func finish(_ session: Session, waiting: Bool) {
        if waiting && isBusy { Command.report("finishing \(jobs.count) export\(jobs.count == 1 ? "" : "s")…") }
        while isBusy {
            if !waiting || Interruption.signal != nil { for job in jobs { job.child.stop() } }
            poll(session)
            if isBusy { usleep(50_000) }
        }
        if let workFolder { rmdir(workFolder) }
        workFolder = nil
    }

    private func report(_ file: String, problem: String?, to session: Session) {
        if let problem {
            Command.report("export \(Echo.quoted(file)) failed: \(problem)")
        } else {
            Command.report("exported \(Echo.quoted(file))")
        }
        session.exportEnded(file: file, problem: problem)
    }

    /// The child's last line without the program's name, or its exit status; a child
    /// ended by a signal (the app's, on its way out) was stopped, whatever it last said.
    private static func problem(_ message: String, _ status: Int32) -> String {
        if status > 128 { return "stopped (signal \(status - 128))" }
        guard let colon = message.range(of: ": ") else { return "exit status \(status)" }
        return String(message[colon.upperBound...])
    }

    /// `segue-NAME-YYYYMMDD-HHMMSS.EXT`, with `-2`, `-3`… when that is taken.
    private func uniqueName(_ transition: String) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let safe = String(transition.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" })
        let base = "segue-\(safe)-\(formatter.string(from: Date()))"
        var name = base + "." + settings.format.rawValue, n = 1
        while Path.kind(settings.folder + "/" + name) != nil || jobs.contains(where: { $0.file.hasSuffix("/" + name) }) {
            n += 1
            name = "\(base)-\(n).\(settings.format.rawValue)"
        }
        return name
    }
}
