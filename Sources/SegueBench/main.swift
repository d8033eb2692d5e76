import Foundation
import Segue
import SegueDemos
import SegueSDL

/// `segue-bench`: frame costs of every demo mid-drag, headless, at 1280 × 800 pixels.
///
/// For each demo a synthetic drag scrubs the transition back and forth between 10 % and
/// 90 %; each frame is timed in two parts: compose (advance the clock, flatten the tree to
/// a display list) and draw (tessellate, SDL_RenderGeometry, and a one-pixel read-back so
/// OpenGL has really finished). Wall and process CPU time are both reported.

struct Stats {
    var samples: [Double] = []
    mutating func add(_ v: Double) { samples.append(v) }
    func percentile(_ p: Double) -> Double {
        let s = samples.sorted()
        guard !s.isEmpty else { return .nan }
        return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
    }
    var median: Double { percentile(0.5) }
    var p95: Double { percentile(0.95) }
    var mean: Double { samples.isEmpty ? .nan : samples.reduce(0, +) / Double(samples.count) }
}

func cpuSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func ms(_ v: Double) -> String { String(format: "%.3f", v * 1000) }

let frames = Int(ProcessInfo.processInfo.environment["SEGUE_BENCH_FRAMES"] ?? "") ?? 300
let software = CommandLine.arguments.contains("--software")
let size = Size(width: 1280, height: 800)
let platform = try Platform(headless: true)
let canvas = try OffscreenCanvas(platform: platform, width: 1280, height: 800, assetsDirectory: try Assets.directory(),
                                 software: software)
print("segue-bench: \(frames) frames per demo at 1280×800 pixels, renderer \(canvas.renderer.driverName)")

for name in DemoCatalog.names {
    let demo = DemoCatalog.make(name, screenSize: size)!
    let window = demo.window
    try canvas.drawer.textures.registerAssets(demo.images)
    var time = 0.0
    window.advance(to: time)
    // A drag along the demo's own axis, pressed where its recognizer accepts it.
    let (operation, start, axis) = demo.dragPlan
    demo.prepare(for: operation)
    window.handle(PointerEvent(.down, start, time: time))
    var list = DisplayList()
    var compose = Stats(), draw = Stats(), cpu = Stats()
    let wallStart = Date()
    for i in 0...(frames + 10) {
        time += 1.0 / 60
        let phase = Double(i % 120) / 120
        let fraction = 0.1 + 0.8 * (phase < 0.5 ? phase * 2 : 2 - phase * 2)
        let c0 = cpuSeconds(), t0 = Platform.seconds
        window.handle(PointerEvent(.moved, start + axis * fraction, time: time))
        window.advance(to: time)
        list.items.removeAll(keepingCapacity: true)
        Compositor.compose(window.layer, scale: 1, into: &list)
        let t1 = Platform.seconds
        canvas.renderer.clear(.black)
        canvas.drawer.draw(list, pixelScale: 1)
        canvas.drawer.textures.endFrame()
        _ = try canvas.renderer.readPixel()
        let t2 = Platform.seconds, c1 = cpuSeconds()
        if i >= 10 {   // warm-up frames are not counted
            compose.add(t1 - t0)
            draw.add(t2 - t1)
            cpu.add(c1 - c0)
        }
    }
    let wall = Date().timeIntervalSince(wallStart)
    let frameMedian = compose.median + draw.median
    print("\(name): compose median \(ms(compose.median)) ms p95 \(ms(compose.p95)) ms · draw median \(ms(draw.median)) ms p95 \(ms(draw.p95)) ms · frame CPU median \(ms(cpu.median)) ms · \(String(format: "%.1f", 1 / frameMedian)) fps (\(String(format: "%.1f", Double(frames) / wall)) fps wall) · \(list.items.count) items, \(canvas.drawer.lastTriangleCount) triangles")
}
