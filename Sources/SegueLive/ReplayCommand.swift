import Foundation
import Segue
import SegueCommandLine
import SegueDemos
import SegueSDL
import SegueStudio
import SegueProcess
import SegueRender

/// `segue replay FILE.json [--headless] [--events] [--out FILE|DIR …]`: plays a recording
/// back, deterministically, in a window at its own pace or headless as fast as it can; with
/// `--out` it exports its frames (`ReplayExport`), headless. The recording, its options and
/// the frames it asks for are all validated before anything is drawn or written.
struct ReplayCommand {
    static let headless = Flag("--headless", help: "need no display (without it, and without --out, the replay shows in a window, at its pace)")
    static let events = Flag("--events", help: "print the event lines, as the live run printed them")
    static let noFrameLimit = Flag("--no-frame-limit", help: """
        with --out, write a recording of any length (otherwise one that would make more than \
        \(frameLimit) frames, an hour at 60 per second, is refused with the count)
        """)
    static let onion = Option<Int>.whole("--onion", "N", in: OnionSkin.counts, help: """
        draw the onion skin from the start, N ghosts each side of the live frame (0: none), \
        whatever the recorded run showed; g in the recording still shows and hides it
        """)
    static var options: [OptionSpec] {
        [headless.spec, events.spec] + ReplayExport.options + [onion.spec, noFrameLimit.spec, Renderer.Kind.option.spec]
    }
    /// Frames `--out` writes without `--no-frame-limit`: an hour at 60 per second.
    static let frameLimit = 216_000

    var path: String
    var headless: Bool
    var events: Bool
    var export: ReplayExport?
    var noFrameLimit: Bool
    var renderer: Renderer.Kind
    /// Ghosts each side from the start, over the recording's own `--onion`.
    var onion: Int?
    /// What the program offers.
    var lineup: Lineup

    init(_ args: [String], lineup: Lineup) throws {
        self.lineup = lineup
        let a = try Arguments(args, options: Self.options, positionals: 1)
        guard let file = a.positionals.first else { throw UsageError("replay needs a recording: segue replay FILE.json") }
        path = file
        events = a.flag(Self.events)
        noFrameLimit = a.flag(Self.noFrameLimit)
        export = try ReplayExport(a)
        headless = a.flag(Self.headless) || export != nil
        renderer = try a.value(Renderer.Kind.option) ?? (headless ? .raster : .auto)
        onion = try a.value(Self.onion)
        a.checkEveryOptionRead()
    }

    @MainActor func run() throws {
        var (recording, options) = try Recording.read(path)
        if let onion { options.onion = onion }
        try options.checkDemo(among: lineup.names)
        if let export { try checkFrames(recording, options, export) }
        if events { Platform.lineBufferStandardOutput() }
        let emit: (String) -> Void = events ? { Platform.printLine($0) } : { _ in }
        if let export {
            try export.run(recording, options, transitions: lineup.transitions, renderer: renderer, emit: emit)
        } else if headless {
            try runHeadless(recording, options, emit)
        } else {
            try runInWindow(recording, options, emit)
        }
    }

    /// Every frame `--out` would write can be drawn, and there are not too many.
    @MainActor private func checkFrames(_ recording: Recording, _ options: SessionOptions, _ export: ReplayExport) throws {
        let name = Echo.quoted(path)
        for (w, h) in recording.frameSizes(options: options, framing: export.framing)
        where !(1...ImageFile.maxSide).contains(w) || !(1...ImageFile.maxSide).contains(h) {
            throw UsageError("recording \(name) asks for \(w)×\(h)-pixel frames; --out draws from 1 to \(ImageFile.maxSide) a side")
        }
        guard !noFrameLimit else { return }
        let count = recording.frameCountBound(frameRate: export.frameRate, limit: Self.frameLimit)
        if count > Self.frameLimit {
            let span = recording.events.last?.t ?? 0
            let frames = Int((span * export.frameRate).rounded(.up)) + 1
            throw UsageError("recording \(name) spans \(String(format: "%.0f", span)) s: about \(frames) frames for --out, more than \(Self.frameLimit) (an hour at 60 per second); add --no-frame-limit to write them")
        }
    }

    /// Without `--out` nothing is drawn: the events alone.
    @MainActor private func runHeadless(_ recording: Recording, _ options: SessionOptions, _ emit: @escaping (String) -> Void) throws {
        try Replayer(recording: recording, options: options, transitions: lineup.transitions).run(emit: emit) { session, number, _ in
            try Interruption.check()
            if number == 1 { session.emitReady(renderer: "none", reason: "no frames written") }
        }
    }

    /// In a window: each frame is shown when its time comes; closing the window ends it.
    @MainActor private func runInWindow(_ recording: Recording, _ options: SessionOptions, _ emit: @escaping (String) -> Void) throws {
        let host = try WindowHost(options: options, windowSize: (recording.window[0], recording.window[1]), renderer: renderer,
                                  fitsDisplay: false)
        let start = Platform.seconds
        let clock = { Platform.seconds - start }
        var ignored: [TimedInput] = []
        var rate = FrameRateMeter()
        do {
            var replayer = Replayer(recording: recording, options: options, transitions: lineup.transitions)
            replayer.textFit = host.textFit
            try replayer.run(emit: emit) { session, number, time in
                if let fps = rate.count(drew: try host.draw(session), at: clock()) { session.setFPS(fps) }
                if number == 1 { session.emitReady(renderer: host.drawer.renderer.driverName, reason: host.drawer.renderer.reason) }
                host.pump.wait(until: time, returnOnInput: false, now: clock)
                try Interruption.check()
                ignored.removeAll(keepingCapacity: true)
                host.pump.poll(into: &ignored, now: clock())
                if ignored.contains(where: { $0.input == .quit }) { throw ReplayStopped() }
            }
        } catch is ReplayStopped {
        }
    }

    private struct ReplayStopped: Error {}

    /// `frame-00001.png` for 1: five digits at least.
    static func frameName(_ number: Int) -> String {
        let digits = String(number)
        return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Whether `name` is one `frameName` gives.
    static func isFrameName(_ name: String) -> Bool {
        name.wholeMatch(of: /frame-[0-9]{5,}\.png/) != nil
    }
}
