import Foundation
import Segue
import SegueSDL
import SegueStudio

/// `segue replay FILE.json [--headless] [--events] [--out DIR]`: plays a recording back,
/// deterministically, in a window at its own pace or headless as fast as it can.
@MainActor
struct ReplayCommand {
    var path: String
    var headless = false
    var events = false
    var out: String?
    var renderer = Renderer.Kind.raster

    init(_ args: [String]) throws {
        guard let file = args.first, !file.hasPrefix("--") else { throw UsageError("replay needs a recording: segue replay FILE.json") }
        path = file
        var a = Arguments(Array(args.dropFirst()))
        headless = try a.flag("--headless")
        events = try a.flag("--events")
        renderer = try Renderer.Kind.read(&a)
        if let o = try a.value("--out") {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: o, isDirectory: &isDir) {
                guard isDir.boolValue else { throw UsageError("--out '\(o)' is a file, not a folder") }
            } else if let reason = ImageFile.unwritableReason(o) {
                throw UsageError("cannot make --out folder '\(o)': \(reason)")
            }
            out = o
        }
        try a.finish()
    }

    func run() throws {
        let (recording, options) = try Recording.read(path)
        if events { Platform.lineBufferStandardOutput() }
        let emit: (String) -> Void = events ? { Platform.printLine($0) } : { _ in }
        if let out { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) }
        if headless {
            try runHeadless(recording, options, emit)
        } else {
            try runInWindow(recording, options, emit)
        }
    }

    /// Frames are rendered only when they are written (`--out`).
    private func runHeadless(_ recording: Recording, _ options: SessionOptions, _ emit: @escaping (String) -> Void) throws {
        let platform = try Platform(headless: true)
        var canvas: OffscreenCanvas?
        var list = DisplayList()
        try Replayer(recording: recording, options: options).run(emit: emit) { session, number, _ in
            if number == 1 { session.emitReady(renderer: canvas?.renderer.driverName ?? "none") }
            guard let out else { return }
            let screen = session.layout.screen
            let w = Int(screen.width.rounded()), h = Int(screen.height.rounded())
            if canvas == nil || canvas!.width != w || canvas!.height != h {
                canvas = try OffscreenCanvas(platform: platform, width: w, height: h, assetsDirectory: try Assets.directory(),
                                             kind: renderer)
            }
            try canvas!.drawer.textures.registerAssets(session.demo.images)
            session.composeScreen(into: &list, inWindow: false)
            let pixels = try canvas!.render(list, pixelScale: session.layout.scale)
            try ImageFile.writePNG(pixels, width: w, height: h, to: out + "/" + Self.frameName(number))
            if number % 60 == 0 { FileHandle.standardError.write(Data("segue: replay wrote \(number) frames\n".utf8)) }
        }
    }

    /// In a window: each frame is shown when its time comes.
    private func runInWindow(_ recording: Recording, _ options: SessionOptions, _ emit: @escaping (String) -> Void) throws {
        let host = try WindowHost(options: options, windowSize: (recording.window[0], recording.window[1]), renderer: renderer)
        let start = Platform.seconds
        var ignored: [InputEvent] = []
        try Replayer(recording: recording, options: options).run(emit: emit) { session, number, time in
            try host.draw(session)
            if number == 1 { session.emitReady(renderer: host.drawer.renderer.driverName) }
            ignored.removeAll(keepingCapacity: true)
            host.pump.poll(into: &ignored)
            if ignored.contains(.quit) { throw ReplayStopped() }
            Platform.sleep(time - (Platform.seconds - start))
        }
    }

    struct ReplayStopped: Error {}

    static func frameName(_ number: Int) -> String {
        let digits = String(number)
        return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }
}
