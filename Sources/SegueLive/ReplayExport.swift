#if canImport(Glibc)
import Glibc
#endif
import Segue
import SegueCommandLine
import SegueSDL
import SegueStudio
import SegueCatalog
import SegueProcess
import SegueRender

/// `replay --out`: a recording's frames, evenly spaced at `--fps`, drawn headless and
/// written as a video (`.mp4`, `.webm`, `.gif`, through ffmpeg) or as numbered PNGs in a
/// folder; within `--start`…`--end`, idle stretches cut to half a second unless
/// `--no-trim-idle`. Everything is checked, and the frames planned (a replay that draws
/// nothing), before anything is written; the output appears whole at the end or not at all.
struct ReplayExport {
    static let out = Option<String>.text("--out", "FILE|DIR", help: """
        write the replay's frames, needing no display: FILE.mp4 (H.264), FILE.webm (VP9) or \
        FILE.gif through ffmpeg (Debian's package ffmpeg), or, for any other name, DIR/frame-NNNNN.png; \
        whole or not at all (DIR is made if missing; a failed or interrupted replay leaves \
        things as they were)
        """)
    static let fps = Option<Double>.number("--fps", "N", in: 1...240, help: """
        frames per second of --out, evenly spaced: 1…240 (a GIF 1…50), default 60 (a GIF 30)
        """)
    static let scale = Option<Double>.number("--scale", "S", in: ExportFraming.scales, help: """
        multiplies --out's pixels, \(Parse.format(ExportFraming.scales.lowerBound))…\(Parse.format(ExportFraming.scales.upperBound)) (default 1: the recorded window's pixels)
        """)
    static let start = Option<Double>.number("--start", "SECONDS", in: 0...86_400, help: """
        --out's first frame, seconds of the recording (default 0; the replay still runs through what comes before)
        """)
    static let end = Option<Double>.number("--end", "SECONDS", in: 0...86_400, help: """
        --out's last frame, seconds of the recording, after --start and within the replay (default: its end)
        """)
    static let hud = Flag("--hud", help: "with --out, draw the whole window: the screen and the HUD beside it")
    static let noTrimIdle = Flag("--no-trim-idle", help: """
        with --out, keep every frame: by default a stretch where nothing moves for over \
        \(Parse.format(IdleTrim.seconds)) s is cut to \(Parse.format(IdleTrim.seconds)) s
        """)
    static var options: [OptionSpec] { [out.spec, fps.spec, scale.spec, start.spec, end.spec, hud.spec, noTrimIdle.spec] }

    /// Where the frames go.
    enum Target {
        case frames(String)
        case video(String, VideoFormat)

        var path: String {
            switch self {
            case .frames(let p), .video(let p, _): p
            }
        }
    }

    var target: Target
    var frameRate: Double
    var framing: ExportFraming
    var start: Double?
    var end: Double?
    var trimIdle: Bool
    /// ffmpeg's and ffprobe's paths, for a video.
    var ffmpeg: String?
    var ffprobe: String?

    /// The export `a` asks for, or nil without `--out`; the options that shape one are
    /// refused without it. A video needs ffmpeg on `PATH` (else an `OutputError`: exit 1).
    init?(_ a: Arguments) throws {
        guard let path = try a.value(Self.out) else {
            for option in [Self.fps, Self.scale, Self.start, Self.end] where a.has(option) {
                throw UsageError("\(option.name) shapes --out's frames: add --out FILE.mp4|.webm|.gif or --out DIR")
            }
            for flag in [Self.hud, Self.noTrimIdle] where a.flag(flag) {
                throw UsageError("\(flag.name) shapes --out's frames: add --out FILE.mp4|.webm|.gif or --out DIR")
            }
            return nil
        }
        let format = VideoFormat(path: path)
        if let format {
            _ = try OutputFile.target(path, for: "--out")
            target = .video(path, format)
        } else {
            if let refused = Self.refusedExtension(path) {
                throw UsageError("--out \(Echo.quoted(path)): segue writes .mp4, .webm or .gif videos, or PNG frames into a folder, not .\(refused)")
            }
            try OutputFolder.check(path, for: "--out", isOurs: ReplayCommand.isFrameName)
            target = .frames(path)
        }
        frameRate = try a.value(Self.fps) ?? format?.defaultFrameRate ?? 60
        if let rates = format?.frameRates, !rates.contains(frameRate) {
            throw UsageError("--fps of a GIF must be within \(Parse.format(rates.lowerBound))…\(Parse.format(rates.upperBound)) (browsers slow faster ones down), not \(Parse.format(frameRate))")
        }
        framing = ExportFraming(includesHUD: a.flag(Self.hud), scale: try a.value(Self.scale) ?? 1)
        start = try a.value(Self.start)
        end = try a.value(Self.end)
        if let start, let end, start >= end {
            throw UsageError("--start (\(Parse.format(start)) s) must come before --end (\(Parse.format(end)) s)")
        }
        trimIdle = !a.flag(Self.noTrimIdle)
        if format != nil {
            guard let encoder = ChildProcess.find("ffmpeg"), let prober = ChildProcess.find("ffprobe") else {
                throw OutputError("--out \(Echo.quoted(path)) needs ffmpeg and ffprobe, which are not on PATH: install Debian's package \(VideoFormat.package) (apt-get install \(VideoFormat.package))")
            }
            ffmpeg = encoder
            ffprobe = prober
        }
    }

    /// Extensions of pictures and videos segue does not write, which would otherwise name a
    /// folder of frames by surprise.
    static func refusedExtension(_ path: String) -> String? {
        let name = Path.split(path).name
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        return ["mov", "mkv", "avi", "m4v", "ogv", "mpg", "mpeg", "apng", "png", "webp", "jpg", "jpeg"].contains(ext) ? ext : nil
    }

    /// Plans, draws and writes the frames of `recording` replayed with `options`.
    @MainActor func run(_ recording: Recording, _ options: SessionOptions, transitions: [CustomTransition],
                        renderer kind: Renderer.Kind, emit: @escaping (String) -> Void) throws {
        let started = Platform.seconds
        var replayer = Replayer(recording: recording, options: options, transitions: transitions)
        replayer.frameRate = frameRate
        replayer.drawsAtInputs = false
        let range = (start ?? 0)...(end ?? .infinity)
        let plan = try ExportPlan(replayer, framing: framing, range: range, trimIdle: trimIdle, check: { try Interruption.check() })
        try check(plan)
        let count = plan.drawnCount
        let name = Echo.quoted(target.path)
        var progress = Progress("\(Command.program): replay → \(name)", total: count, isTerminal: isatty(2) == 1, now: started)
        do {
            try write(replayer, plan, &progress, renderer: kind, emit: emit)
        } catch {
            // A bar on the terminal gives way to the error's line.
            Command.writeStandardError(progress.clear())
            throw error
        }
        let cut = plan.framesInRange - count
        Command.writeStandardError(progress.clear() + "\(Command.program): wrote \(name)\(Self.sizeText(target.path)): \(count) frames at "
                                   + "\(VideoFormat.number(frameRate)) per second" + (cut > 0 ? " (\(cut) idle \(cut == 1 ? "one" : "ones") cut)" : "")
                                   + " in \(String(format1: Platform.seconds - started)) s\n")
    }

    /// Draws the frames `plan` keeps of `replayer` and writes them to `target`, telling `progress`.
    @MainActor private func write(_ replayer: Replayer, _ plan: ExportPlan, _ progress: inout Progress, renderer kind: Renderer.Kind,
                                  emit: @escaping (String) -> Void) throws {
        let name = Echo.quoted(target.path)
        let platform = try Platform(headless: true)
        let first = plan.sizes[0]
        var canvas = try OffscreenCanvas(platform: platform, width: first.width, height: first.height,
                                         assetsDirectory: try Assets.directory(), kind: kind)
        var shownScreens = ShownScreenTextures()
        // The HUD's text measured by fonts of its own, not the first canvas's (let go of
        // when the frames change size).
        let measuring = try OffscreenCanvas(platform: platform, width: 1, height: 1, assetsDirectory: try Assets.directory(), kind: kind)
        var replayer = replayer
        replayer.textFit = measuring.drawer.textures.textFit
        var screens: [DisplayList] = [], hud = DisplayList()
        var written = 0
        /// Draws the frames, handing each one's pixels to `take`, in order: each is drawn while
        /// the next is composed (`OffscreenCanvas.renderAhead`).
        func draw(_ take: ([UInt8], Int, Int) throws -> Void) throws {
            /// Hands `canvas`'s frame `pixels` to `take`.
            func hand(_ pixels: [UInt8], of canvas: OffscreenCanvas) throws {
                try take(pixels, canvas.width, canvas.height)
                written += 1
                if let line = progress.update(done: written, now: Platform.seconds) { Command.writeStandardError(line) }
            }
            try replayer.run(emit: emit) { session, number, _ in
                try Interruption.check()
                // As the plan does: the HUD shows the export's frame rate.
                if number == 1 { session.setFPS(frameRate) }
                defer { if number == 1 { session.emitReady(renderer: canvas.renderer.driverName, reason: canvas.renderer.reason) } }
                guard plan.drawn[number - 1] else { return }
                let (w, h) = framing.size(session.layout)
                if canvas.width != w || canvas.height != h {
                    let before = canvas
                    try before.finishAhead { try hand($0, of: before) }
                    canvas = try OffscreenCanvas(platform: platform, width: w, height: h, assetsDirectory: try Assets.directory(), kind: kind)
                    shownScreens = ShownScreenTextures()
                }
                try shownScreens.show(session.screenPair, of: session.options.screens, on: canvas.drawer.textures)
                for v in session.variants { try canvas.drawer.textures.registerAssets(v.demo.images) }
                framing.compose(session, screens: &screens, hud: &hud)
                let layout = session.layout
                let drawing = canvas
                try drawing.renderAhead(screens, clips: screens.indices.map { framing.screenRect(layout, $0) },
                                        pixelScale: layout.scale * framing.scale, overlay: framing.includesHUD ? hud : nil,
                                        overlayScale: framing.hudPixelScale(layout), background: framing.background(layout)) {
                    try hand($0, of: drawing)
                }
            }
            let last = canvas
            try last.finishAhead { try hand($0, of: last) }
        }
        switch target {
        case .frames(let path):
            let folder = try OutputFolder(path, isOurs: ReplayCommand.isFrameName)
            try draw { pixels, w, h in
                try ImageFile.writePNG(pixels, width: w, height: h, into: folder, name: ReplayCommand.frameName(written + 1))
            }
            try folder.commit()
        case .video(let path, let format):
            try OutputFile.write(path, byPath: { temp in
                let encoder = try ChildProcess(ffmpeg!, name: "ffmpeg", arguments: format.ffmpegArguments(
                    width: first.width, height: first.height, frameRate: frameRate, background: plan.firstBackground, path: temp))
                defer { encoder.stop() }
                // ffmpeg names the temporary file; the user knows the target.
                let failed = { (status: Int32, message: String) in
                    OutputError("cannot write \(name): ffmpeg: "
                                + (message.isEmpty ? "exit status \(status)" : message.replacingOccurrences(of: temp, with: path)))
                }
                do {
                    try draw { pixels, _, _ in try pixels.withUnsafeBytes { try encoder.write($0) } }
                } catch is ChildProcess.InputClosed {
                    let (status, message) = try encoder.finish()
                    throw failed(status, message)
                }
                let (status, message) = try encoder.finish()
                guard status == 0 else { throw failed(status, message) }
                try verify(temp, frames: written, name: name)
            })
        }
    }

    /// What the plan shows to be impossible: a range outside the replay, nothing to draw,
    /// a video whose frames change size, a GIF too big to make a palette of.
    @MainActor private func check(_ plan: ExportPlan) throws {
        let length = "the replay ends at \(String(format2: plan.duration)) s"
        if let start, start > plan.duration { throw UsageError("--start \(Parse.format(start)) is past the end: \(length)") }
        if let end, end > plan.duration + 1 / frameRate { throw UsageError("--end \(Parse.format(end)) is past the end: \(length)") }
        guard !plan.sizes.isEmpty else { throw UsageError("no frame falls within --start and --end (\(length))") }
        // The sizes the replay really draws (a split or a hidden HUD changes them).
        for s in plan.sizes where !(1...ImageFile.maxSide).contains(s.width) || !(1...ImageFile.maxSide).contains(s.height) {
            throw UsageError("the export's frames would be \(s.width)×\(s.height) pixels; they are drawn from 1 to \(ImageFile.maxSide) a side: lower --scale or choose --start and --end")
        }
        guard case .video(_, let format) = target else { return }
        if plan.sizes.count > 1 {
            let sizes = plan.sizes.map { "\($0.width)×\($0.height)" }.joined(separator: ", ")
            throw UsageError("the frames change size within the export (\(sizes): the window resized, or the screen split for A/B); a video has one size: choose --start and --end, add --hud (if the window kept its size), or write PNG frames (--out DIR)")
        }
        let bytes = plan.sizes[0].width * plan.sizes[0].height * 4 * plan.drawnCount
        if format == .gif && bytes > VideoFormat.gifFrameBytes {
            throw UsageError("a GIF of \(plan.drawnCount) frames of \(plan.sizes[0].width)×\(plan.sizes[0].height) needs \(bytes >> 20) MB for its palette, more than \(VideoFormat.gifFrameBytes >> 20): shorten it (--start, --end), lower --fps or --scale, or write .mp4")
        }
    }

    /// Checks that the video ffmpeg wrote at `path` holds all its `frames`: ffmpeg 5.1 ends
    /// well after writes that failed (an MP4 on a full disk is cut short, exit status 0), so
    /// ffprobe counts the file's packets. A short file on a full disk says so.
    private func verify(_ path: String, frames: Int, name: String) throws {
        let probe = try ChildProcess(ffprobe!, name: "ffprobe", arguments: [
            "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", path,
        ], keepingOutput: true)
        let (status, line) = try probe.finish()
        let found = status == 0 ? Int(line) ?? 0 : 0
        guard found != frames else { return }
        var disk = statvfs()
        let full = statvfs(Path.split(path).folder, &disk) == 0 && UInt64(disk.f_bavail) * UInt64(disk.f_frsize) < 1 << 20
        throw OutputError("cannot write \(name): " + (full ? OutputError.reason(ENOSPC) : "ffmpeg's file holds \(found) of its \(frames) frames"))
    }

    /// " (1.3 MB)" for a file at `path`, "" for a folder.
    private static func sizeText(_ path: String) -> String {
        guard let size = RegularFile.size(atPath: path) else { return "" }
        return size >= 1 << 20 ? " (\(String(format1: Double(size) / Double(1 << 20))) MB)" : " (\((size + 1023) >> 10) kB)"
    }
}
