import Foundation
import Segue
import SegueCommandLine
import SegueDemos
import SegueSDL
import SegueStudio
import SegueProcess
import SegueRender

/// `segue-bench`: what a frame costs, headless (`segue-bench --help` lists the modes and
/// options). Every mode prints human lines, then one `RESULT {json}` line for scripts/bench.py.
/// SIGINT / SIGTERM stop it between frames (exit 130 / 143).

struct Stats {
    var samples: [Double] = []
    mutating func add(_ v: Double) { samples.append(v) }
    var median: Double { samples.percentile(0.5) ?? .nan }
    var p95: Double { samples.percentile(0.95) ?? .nan }
}

func cpuSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Resident memory now, bytes (from /proc/self/statm), after handing the allocator's free
/// pages back (`malloc_trim`), so the figure is what is live, not what was freed last.
func residentBytes() -> Int {
    Platform.releaseFreeMemory()
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
          let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// The peak resident memory of the process, bytes.
func peakBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
}

func ms(_ v: Double) -> String { String(format: "%.3f", v * 1000) }

/// The benchmark's options, declared once with their help (`segue-bench --help`).
struct Options {
    static let demo = Option<String>.text("--demo", "NAME",
                                          help: "frames: only this demo or catalog transition (default: every one)")
    static let frames = Option.whole("--frames", "N", in: 1...1_000_000, help: "frames: frames timed per demo (default 300)")
    static let size = Option<Size>.size("--size", help: "frames: the output in pixels, 1…10000 a side (default 1280x800)")
    static let at = Option.number("--at", "F", in: 0...1,
                                  help: "frames: hold the drag near F of its way (0…1; each frame moves it a thousandth) instead of sweeping 10 %–90 % and back: one moment's cost, to profile")
    static let onion = Option<Int>.whole("--onion", "N", in: OnionSkin.counts,
                                         help: "frames: the onion skin under each frame, as the studio's G draws it: N ghosts each side (default 0: none)")
    static let animations = Option.whole("--animations", "N", in: 1...1_000_000,
                                         help: "engine: animations advanced and composed (default 10000)")
    static let perLayer = Option.whole("--per-layer", "K", in: 1...4,
                                       help: "engine: animations per view: opacity, position, bounds, transform (default 1)")
    static let transitions = Option.whole("--transitions", "N", in: 1...1_000_000,
                                          help: "soak: transitions back to back (default 1000)")
    static let renderer = Option<Renderer.Kind>.choice("--renderer", "NAME", "renderer",
                                                       Renderer.Kind.allCases.map { ($0.rawValue, $0) },
                                                       help: "frames, soak: raster (default) | opengl | software")
    static let modes = ["frames", "engine", "soak"]
    static var all: [OptionSpec] { [demo.spec, frames.spec, size.spec, at.spec, onion.spec, animations.spec, perLayer.spec, transitions.spec, renderer.spec] }

    static var help: String {
        """
        segue-bench — what a frame costs, headless.

        USAGE
        \(HelpText.synopsis("segue-bench [frames]", optional: [demo.spec, frames.spec, size.spec, at.spec, onion.spec, renderer.spec]))
        \(HelpText.synopsis("segue-bench engine", optional: [animations.spec, perLayer.spec]))
        \(HelpText.synopsis("segue-bench soak", optional: [transitions.spec, renderer.spec]))

          frames: each demo and catalog transition mid-drag, its screen the whole output
          (1280 × 800 unless --size says), frames drawn back to back as an export draws
          them, each while the next is composed: a frame is the time between one read back
          and the next (as Chromium's are timed), its latency from its input to its read-back
          (once the next is given); engine: N animations (K per view) advanced and
          composed; soak: transitions back to back (memory, textures). Every mode prints
          human lines, then one `RESULT {json}` line for scripts/bench.py.

        \(HelpText.table(all))
        """
    }

    var mode = "frames"
    /// nil: every demo and catalog transition.
    var demos: [String]?
    var frames = 300
    var size = Size(width: 1280, height: 800)
    /// nil: the drag sweeps back and forth.
    var at: Double?
    var onion = 0
    var animations = 10_000
    var perLayer = 1
    var transitions = 1_000
    var renderer = Renderer.Kind.raster

    init(_ args: [String]) throws {
        let a = try Arguments(args, options: Self.all, positionals: 1)
        if let first = a.positionals.first {
            guard Self.modes.contains(first) else {
                throw UsageError("unknown mode \(Echo.quoted(first)) (\(Self.modes.joined(separator: ", ")))")
            }
            mode = first
        }
        if let d = try a.value(Self.demo) { demos = [d] }
        frames = try a.value(Self.frames) ?? frames
        size = try a.value(Self.size) ?? size
        at = try a.value(Self.at)
        onion = try a.value(Self.onion) ?? onion
        animations = try a.value(Self.animations) ?? animations
        perLayer = try a.value(Self.perLayer) ?? perLayer
        transitions = try a.value(Self.transitions) ?? transitions
        renderer = try a.value(Self.renderer) ?? renderer
        a.checkEveryOptionRead()
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

func json(_ object: [String: Any]) -> String {
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
}

/// Each demo and catalog transition mid-drag: a synthetic drag scrubs its transition between 10 % and 90 %, frames
/// drawn back to back as an export draws them (`OffscreenCanvas.renderAhead`: each frame drawn while the next is
/// composed). A frame's figure is the interval between one frame finished and the next — as Chromium's frames are
/// timed, between draws — and its latency the time from its input to its read-back, once the next frame is given;
/// compose is the time to advance the clock and flatten the tree.
@MainActor func framesBench(_ o: Options, _ platform: Platform) throws -> [String: Any] {
    let (w, h) = (Int(o.size.width), Int(o.size.height))
    let canvas = try OffscreenCanvas(platform: platform, width: w, height: h, assetsDirectory: try Assets.directory(), kind: o.renderer)
    print("segue-bench: \(o.frames) frames per demo at \(w)×\(h) pixels, renderer \(canvas.renderer.driverName)")
    var results: [String: Any] = ["renderer": canvas.renderer.driverName]
    let catalog = try TransitionCatalog.read(assets: try Assets.directory())
    let size = o.size
    func make(_ name: String) -> Demo? {
        DemoCatalog.make(name, screenSize: size) ?? catalog.first { $0.name == name }.map { DemoCatalog.make($0, screenSize: size) }
    }
    for name in o.demos ?? DemoCatalog.names + catalog.map(\.name) {
        guard let demo = make(name) else {
            throw UsageError("unknown demo \(Echo.quoted(name)) (one of: \((DemoCatalog.names + catalog.map(\.name)).joined(separator: ", ")))")
        }
        try canvas.drawer.textures.registerAssets(demo.images)
        let window = demo.window
        var time = 0.0
        window.advance(to: time)
        let skippedBefore = canvas.renderer.clearsSkipped, restoredBefore = canvas.renderer.keptFramesRestored
        let (operation, start, full) = demo.dragPlan
        demo.prepare(for: operation)
        window.handle(PointerEvent(.down, start, time: time))
        var list = DisplayList()
        var compose = Stats(), interval = Stats(), latency = Stats()
        // Frame n's input time, when the frame before it finished (wall and CPU), and the CPU from the first
        // counted frame's finish to the last one's, over `counted` frames.
        var began: [Double] = [], finished = (wall: 0.0, cpu: 0.0), first = 0.0, cpu = 0.0, counted = 0
        var handed = 0
        /// Notes frame `n` finished (its one pixel read back): the frame before the one just given where the
        /// renderer draws ahead, that one itself where it does not (SDL's).
        func finish(_ n: Int) {
            handed = n + 1
            let t = Platform.seconds, c = cpuSeconds()
            if n >= 10 {   // warm-up frames are not counted
                latency.add(t - began[n])
                if n >= 11 {
                    interval.add(t - finished.wall)
                    cpu += c - finished.cpu
                    counted += 1
                }
            }
            finished = (t, c)
        }
        let wallStart = Platform.seconds
        for i in 0...(o.frames + 10) {
            try Interruption.check()
            time += 1.0 / 60
            let phase = Double(i % 120) / 120
            // (Held, the drag still moves: a frame the same as the one before is not drawn again.)
            let fraction = o.at.map { $0 + (i % 2 == 0 ? 0 : 0.001) } ?? 0.1 + 0.8 * (phase < 0.5 ? phase * 2 : 2 - phase * 2)
            let t0 = Platform.seconds
            began.append(t0)
            window.handle(PointerEvent(.moved, start + full * fraction, time: time))
            window.advance(to: time)
            list.removeAll()
            Compositor.compose(window.layer, scale: 1, into: &list)
            if o.onion > 0 { OnionSkin(count: o.onion).compose(window, scale: 1, offset: .zero, into: &list) }
            let t1 = Platform.seconds
            try canvas.renderAhead([list], clips: [nil], pixelScale: 1, reading: .onePixel) { _ in finish(handed) }
            if i == 0 {
                // The first frame begins the transition (its animations made from the file's tracks): timed
                // alone, to its last pixel.
                try canvas.finishAhead(reading: .onePixel) { _ in handed = 1 }
                first = Platform.seconds - t0
                finished = (Platform.seconds, cpuSeconds())
            }
            if i >= 10 { compose.add(t1 - t0) }
        }
        // (The last frame, read back with no next one composed meanwhile, is not counted.)
        try canvas.finishAhead(reading: .onePixel) { _ in }
        let wall = Platform.seconds - wallStart
        print("\(name): compose median \(ms(compose.median)) ms p95 \(ms(compose.p95)) · frame median \(ms(interval.median)) ms p95 \(ms(interval.p95)) (latency \(ms(latency.median)) ms; the first, beginning the transition, \(ms(first)) ms), CPU mean \(ms(cpu / Double(max(counted, 1)))) ms · \(String(format: "%.0f", 1 / interval.median)) fps (\(String(format: "%.0f", Double(o.frames) / wall)) wall) · \(list.items.count) items, \(canvas.drawer.lastTriangleCount) triangles, \(canvas.drawer.lastDrawCallCount) draw calls · clear skipped in \(canvas.renderer.clearsSkipped - skippedBefore) of \(o.frames + 11) frames, \(canvas.renderer.keptFramesRestored - restoredBefore) begun from the settled bottom · peak \(peakBytes() >> 20) MB")
        results[name] = ["composeMedianMs": compose.median * 1000, "composeP95Ms": compose.p95 * 1000,
                         "frameMedianMs": interval.median * 1000, "frameP95Ms": interval.p95 * 1000,
                         "latencyMedianMs": latency.median * 1000, "firstFrameMs": first * 1000,
                         "cpuMeanMs": cpu / Double(max(counted, 1)) * 1000, "fps": 1 / interval.median, "peakMB": Double(peakBytes()) / 1_048_576]
    }
    return results
}

/// N running animations, K on each of N/K views (opacity, position, bounds, transform in
/// that order), advanced and composed every frame.
@MainActor func engineBench(_ o: Options) throws -> [String: Any] {
    let window = Window(size: Size(width: 1280, height: 800))
    let columns = 100
    for i in 0..<(o.animations / o.perLayer) {
        let v = View(frame: Rect(x: Double(i % columns) * 12.8, y: Double(i / columns) * 8, width: 10, height: 6))
        v.backgroundColor = Color(red: Double(i % 7) / 7, green: 0.5, blue: 0.8)
        window.containerView.addSubview(v)
    }
    window.advance(to: 0)
    View.animate(withDuration: 1000, curve: .easeInEaseOut, animations: {
        for v in window.containerView.subviews {
            v.alpha = 0.2
            if o.perLayer > 1 { v.center = v.center + Point(x: 40, y: 25) }
            if o.perLayer > 2 { v.bounds = Rect(x: 0, y: 0, width: 14, height: 9) }
            if o.perLayer > 3 { v.transform = .makeRotation(0.5, 0, 0, 1) }
        }
    })
    var list = DisplayList()
    var frame = Stats()
    for i in 0..<130 {
        try Interruption.check()
        let t0 = Platform.seconds
        window.advance(to: Double(i) / 60)
        list.removeAll()
        Compositor.compose(window.layer, into: &list)
        if i >= 10 { frame.add(Platform.seconds - t0) }
    }
    let running = window.containerView.subviews.reduce(0) { $0 + $1.layer.animations.count }
    print("engine: \(running) animations on \(list.items.count) views advanced and composed in \(ms(frame.median)) ms per frame (p95 \(ms(frame.p95)))")
    return ["animations": running, "views": list.items.count, "frameMedianMs": frame.median * 1000, "frameP95Ms": frame.p95 * 1000]
}

/// Transitions back to back, every demo in turn, rendered at a few points each: resident
/// memory after the first 50 and at the end, and live textures before and after.
@MainActor func soakBench(_ o: Options, _ platform: Platform) throws -> [String: Any] {
    let size = Size(width: 375, height: 667)
    let canvas = try OffscreenCanvas(platform: platform, width: 375, height: 667, assetsDirectory: try Assets.directory(),
                                     kind: o.renderer)
    let demos = DemoCatalog.names.map { DemoCatalog.make($0, screenSize: size)! }
    var time = 0.0
    var ended = 0
    for d in demos {
        try canvas.drawer.textures.registerAssets(d.images)
        d.window.observeTransitions { if case .ended = $0 { ended += 1 } }
        d.window.advance(to: 0)
    }
    func render(_ d: Demo) throws {
        _ = try canvas.render(Compositor.compose(d.window.layer), pixelScale: 1)
    }
    func flush() {
        for _ in 0...canvas.drawer.textures.textLifetime + 30 { canvas.drawer.textures.endFrame() }
    }
    try render(demos[0])
    flush()
    let baselineTextures = canvas.drawer.textures.textureCount
    var residentAt50 = 0
    let start = Platform.seconds
    for n in 0..<o.transitions {
        try Interruption.check()
        let d = demos[n % demos.count]
        let before = ended
        if n % 2 == 0, let op = d.nextOperation {
            d.start(op)                                          // as its button does
        } else {
            let (op, p, full) = d.dragPlan                       // a drag, finished or cancelled
            if d.nextOperation != op, let back = d.nextOperation { d.start(back); time += 5; d.window.advance(to: time) }
            d.window.handle(PointerEvent(.down, p, time: time))
            d.window.handle(PointerEvent(.moved, p + full * (n % 4 == 1 ? 0.7 : 0.3), time: time + 0.05))
            d.window.handle(PointerEvent(.up, p + full * (n % 4 == 1 ? 0.7 : 0.3), time: time + 0.3))
        }
        for step in [0.1, 0.4] {
            time += step
            d.window.advance(to: time)
            try render(d)
        }
        time += 5
        d.window.advance(to: time)
        try render(d)
        if ended == before { throw BenchError("transition \(n + 1) (\(d.name)) did not end") }
        if n == 49 { residentAt50 = residentBytes() }
        if (n + 1) % 250 == 0 { print("soak: \(n + 1) transitions, resident \(residentBytes() >> 20) MB") }
    }
    flush()
    let growth = Double(residentBytes() - residentAt50) / 1_048_576
    let textures = canvas.drawer.textures.textureCount
    print("soak: \(o.transitions) transitions (\(ended) ended) in \(String(format: "%.1f", Platform.seconds - start)) s · resident \(String(format: "%+.2f", growth)) MB after the first 50 · textures \(baselineTextures) → \(textures)")
    return ["transitions": o.transitions, "ended": ended, "residentGrowthMB": growth,
            "texturesBefore": baselineTextures, "texturesAfter": textures]
}

Command.run("segue-bench") {
    let args = Array(CommandLine.arguments.dropFirst())
    if args.contains("--help") || args.contains("-h") {
        print(Options.help)
        return 0
    }
    let o = try Options(args)
    let platform = try Platform(headless: true)
    let result: [String: Any]
    switch o.mode {
    case "engine": result = try engineBench(o)
    case "soak": result = try soakBench(o, platform)
    default: result = try framesBench(o, platform)
    }
    print("RESULT " + json(["mode": o.mode, "result": result]))
    return 0
}
