import Foundation
import Segue
import SegueCommandLine
import SegueDemos
import SegueSDL
import SegueStudio
import SegueProcess
import SegueRender

/// The interactive app: an SDL window showing a session's screen and HUD, fed by the mouse
/// and the keyboard. It draws only when what the window shows changes, and sleeps in
/// `SDL_WaitEventTimeout` whenever nothing moves by itself (at rest, paused, a drag held
/// still); every input is handled at its own time (`EventPump`).
@MainActor
final class LiveApp {
    struct Options {
        static let window = Option<(width: Int, height: Int)>("--window", "WxH",
            help: "the window's initial size in pixels, 1…10000 a side (default: fit the screen and the HUD)") { text in
            let (w, h) = try Parse.size(text, "--window", in: 1...10000, unit: "pixels")
            return (Int(w), Int(h))
        }
        static let fullScreen = Flag("--fullscreen", help: "open full screen (F11 or F switches, live)")
        static let events = Flag("--events", help: """
            print JSON lines on stdout: ready (window, screen and tappable targets in window pixels), \
            screen (after every change, with the targets), began, ended, exported (the file e wrote), \
            and stats (frames per second while dragging) when the app quits
            """)
        static let record = Option<String>.text("--record", "FILE", help: """
            write every input with its time, and the options, to FILE (JSON) for `segue replay`: \
            whole, never half, whenever the app rests a moment and whenever it ends — quitting, \
            SIGINT/SIGTERM, the display or the window lost
            """)
        static let noSavedTuning = Flag("--no-saved-tuning", help: """
            start every demo from its reference tuning and keep no change: by default each demo             keeps its tuning when you switch away and back, and across runs, in             $XDG_CONFIG_HOME/segue/tuning.json (default ~/.config/…); 0 resets the current one
            """)

        /// Every option of the app, in the order `--help` lists them after the session's.
        static var appOptions: [OptionSpec] {
            [window.spec, fullScreen.spec, events.spec, Renderer.Kind.option.spec, record.spec, noSavedTuning.spec]
                + TransitionExporter.Settings.options
        }
        static var all: [OptionSpec] { SessionOptions.declarations + appOptions }

        var session: SessionOptions
        var windowSize: (width: Int, height: Int)?
        var fullScreen: Bool
        var events: Bool
        var renderer: Renderer.Kind
        var record: String?
        var noSavedTuning: Bool
        var export: TransitionExporter.Settings
        /// What the program offers.
        var lineup: Lineup

        /// The options in `args`; the app opens on the program's first own transition unless
        /// `--demo` says otherwise.
        init(_ args: [String], lineup: Lineup) throws {
            let a = try Arguments(args, options: Self.all)
            session = try SessionOptions(a)
            try session.checkDemo(among: lineup.names)
            if session.demo == nil { session.demo = lineup.own.first?.name }
            self.lineup = lineup
            windowSize = try a.value(Self.window)
            fullScreen = a.flag(Self.fullScreen)
            events = a.flag(Self.events)
            renderer = try a.value(Renderer.Kind.option) ?? .auto
            record = try a.value(Self.record).map { try OutputFile.target($0, for: "--record") }
            noSavedTuning = a.flag(Self.noSavedTuning)
            export = try TransitionExporter.Settings(a)
            a.checkEveryOptionRead()
            // A transition file named on the command line must read: bad input otherwise.
            for path in session.transitionFiles {
                if case .failure(let problem) = WatchedTransitionFile.load(path) { throw UsageError(problem.message) }
            }
        }

        /// The transition files in `$XDG_CONFIG_HOME/segue/transitions/` (default
        /// `~/.config/segue/transitions/`), by name.
        static var configuredFiles: [String] {
            let env = ProcessInfo.processInfo.environment
            guard let base = env["XDG_CONFIG_HOME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? env["HOME"].map({ $0 + "/.config" }) else { return [] }
            let dir = base + "/segue/transitions"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { dir + "/" + $0 }
        }
    }

    private let options: Options
    private let host: WindowHost
    private let session: Session
    private let recording: RecordingOutput?
    private let exporter: TransitionExporter
    private var inputs: [TimedInput] = []
    /// The run's frame figures, gathered only when they will be printed (`--events`).
    private var stats: FrameStats?

    init(options: Options) throws {
        self.options = options
        if options.events { Platform.lineBufferStandardOutput() }
        host = try WindowHost(options: options.session, windowSize: options.windowSize, renderer: options.renderer,
                              fullScreen: options.fullScreen)
        let tunings = options.noSavedTuning ? TuningStore() : TuningStore.defaultPath().map(TuningStore.init(path:)) ?? TuningStore()
        if let problem = tunings.problem { Command.report(problem) }
        tunings.onProblem = { Command.report($0) }
        let configured = Options.configuredFiles
        session = Session(options: host.options, window: host.window.size, transitions: options.lineup.transitions,
                          moreFiles: configured, tunings: tunings)
        session.textFit = host.textFit
        session.copy = { [host] in host.platform.setClipboard($0) }
        session.toggleFullScreen = { [host] in host.window.isFullScreen.toggle() }
        session.report = { Command.report($0) }
        if options.events {
            session.emit = { Platform.printLine($0) }
            stats = FrameStats()
        }
        var started = Recording(options: host.options, window: host.window.size)
        started.moreFiles = configured.isEmpty ? nil : configured
        // The tunings the session starts from, so the replay starts from them too.
        started.tuning = tunings.tunings.isEmpty ? nil : tunings.tunings
        recording = options.record.map { RecordingOutput(path: $0, recording: started) }
        exporter = TransitionExporter(options.export, recording: started)
        session.export = { [exporter, unowned session] in exporter.start($0, session: session) }
    }

    /// Runs until the user quits or a signal arrives; the recording and the tuning are
    /// written either way, and on an error too (then rethrown).
    func run() throws -> Int32 {
        let frames: Int
        defer { session.tunings.flush() }
        do {
            frames = try loop()
        } catch {
            try? recording?.finish()
            exporter.finish(session, waiting: false)
            throw error
        }
        try recording?.finish()
        exporter.finish(session, waiting: Interruption.signal == nil)
        stats?.emit(frames: frames)
        return 0
    }

    /// Seconds between looks at the watched transition files: a save shows within half a second.
    static let fileLookInterval = 0.25

    private func loop() throws -> Int {
        let start = Platform.seconds
        let clock = { Platform.seconds - start }
        var frames = 0, lastDrawn = -1.0, drewLast = false, lastFileLook = 0.0
        var rate = FrameRateMeter()
        while session.isRunning && Interruption.signal == nil {
            if let problem = host.platform.displayError { throw SDLError(message: problem) }
            let now = clock()
            if now - lastFileLook >= Self.fileLookInterval {
                session.pollFiles()
                lastFileLook = now
            }
            inputs.removeAll(keepingCapacity: true)
            host.pump.poll(into: &inputs, now: now)
            var resized = false
            for input in inputs {
                recording?.append(input)
                exporter.append(input)
                session.handle(input.input, at: input.time)
                if case .resized = input.input { resized = true }
            }
            exporter.poll(session)
            host.window.settleFullScreen()
            session.advance(to: now)
            let drew = try host.draw(session, force: resized)
            if drew {
                if let t = host.pump.oldestPointerEventTime { stats?.inputLatencies.append(Platform.ticks - t) }
                if frames == 0 { session.emitReady(renderer: host.drawer.renderer.driverName, reason: host.drawer.renderer.reason) }
                if session.isDragging && drewLast { stats?.dragIntervals.append(now - lastDrawn) }
                frames += 1
                lastDrawn = now
                stats?.frameWork.append(clock() - now)
            }
            drewLast = drew
            // Only frames of motion count: the HUD's own readout changing is no frame rate.
            if let fps = rate.count(drew: drew && (session.changesWithTime || session.isDragging), at: now) { session.setFPS(fps) }
            // Frames (and input handling: a hovering pointer sends hundreds of moves a second)
            // at 60 per second at most; at rest, sleep until the next input.
            if drew || !inputs.isEmpty || (!session.isPaused && session.changesWithTime) || host.window.awaitsFullScreen {
                host.pump.wait(until: now + 1.0 / 60 - 0.0005, returnOnInput: false, now: clock)
            } else {
                try recording?.saveIfDue(now: now)
                host.pump.wait(until: now + (session.watchesFiles || exporter.isBusy ? Self.fileLookInterval : 1), returnOnInput: true, now: clock)
            }
        }
        // A signal ends the session as quitting does: a replay stops there too.
        if session.isRunning { recording?.append(TimedInput(.quit, at: clock())) }
        return frames
    }
}

/// The frame rate the HUD shows, over half-second windows of frames that moved something:
/// at rest not a number (the HUD says "idle"), as a rate of one redraw is no frame rate.
struct FrameRateMeter {
    private var frames = 0, start = 0.0

    /// Counts a frame drawn at `now` seconds (or a look that drew nothing); every half
    /// second, the rate to show.
    mutating func count(drew: Bool, at now: Double) -> Double? {
        if drew { frames += 1 }
        guard now - start >= 0.5 else { return nil }
        defer { frames = 0; start = now }
        return frames >= 2 ? Double(frames) / (now - start) : .nan
    }
}

/// Frames per second while dragging, the work per frame and the latency from a pointer
/// event to the present of the frame that showed it.
struct FrameStats {
    /// Seconds between consecutive frames drawn while dragging, and the work per frame.
    var dragIntervals: [Double] = []
    var frameWork: [Double] = []
    var inputLatencies: [Double] = []

    /// Prints the `stats` event line (`SessionEvent.stats`).
    func emit(frames: Int) {
        Platform.printLine(SessionEvent.stats(frames: frames, dragIntervals: dragIntervals, frameWork: frameWork,
                                              inputLatencies: inputLatencies).jsonLine)
    }
}
