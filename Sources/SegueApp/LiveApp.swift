import Foundation
import Segue
import SegueSDL
import SegueStudio

/// The interactive app: an SDL window showing a session's screen and HUD, fed by the mouse
/// and the keyboard.
@MainActor
final class LiveApp {
    struct Options {
        var session = SessionOptions()
        var windowSize: (width: Int, height: Int)?
        var events = false
        var renderer = Renderer.Kind.raster
        var record: String?

        init(_ args: [String]) throws {
            var a = Arguments(args)
            session = try SessionOptions.read(&a)
            if let s = try a.value("--window") {
                let wh = try Arguments.size(s, "--window")
                windowSize = (Int(wh.width), Int(wh.height))
            }
            events = try a.flag("--events")
            renderer = try Renderer.Kind.read(&a)
            if let r = try a.value("--record") {
                if let reason = ImageFile.unwritableReason(r) { throw UsageError("cannot write --record '\(r)': \(reason)") }
                record = r
            }
            try a.finish()
        }
    }

    private let options: Options
    private let host: WindowHost
    private let session: Session
    private var recording: Recording?
    private var inputs: [InputEvent] = []
    /// The run's frame figures, gathered only when they will be printed (`--events`).
    private struct FrameStats {
        /// Seconds between frame starts while dragging, and the work per frame.
        var dragIntervals: [Double] = []
        var frameWork: [Double] = []
        /// Seconds from a pointer event to the present of the frame that showed it.
        var inputLatencies: [Double] = []
    }
    private var stats: FrameStats?

    init(options: Options) throws {
        self.options = options
        if options.events { Platform.lineBufferStandardOutput() }
        host = try WindowHost(options: options.session, windowSize: options.windowSize, renderer: options.renderer)
        session = Session(options: options.session, window: host.window.size)
        if options.events {
            session.emit = { Platform.printLine($0) }
            stats = FrameStats()
        }
        if options.record != nil { recording = Recording(options: options.session, window: host.window.size) }
    }

    func run() throws -> Int32 {
        let start = Platform.seconds
        var frames = 0, fpsFrames = 0, fpsStart = start, lastFrameStart = start
        while session.isRunning {
            let frameStart = Platform.seconds
            let now = frameStart - start
            if session.isDragging { stats?.dragIntervals.append(frameStart - lastFrameStart) }
            lastFrameStart = frameStart
            inputs.removeAll(keepingCapacity: true)
            host.pump.poll(into: &inputs)
            for input in inputs {
                recording?.append(input, at: now)
                session.handle(input, at: now)
            }
            session.advance(to: now)
            try host.draw(session, changed: !inputs.isEmpty)
            if let t = host.pump.oldestPointerEventTime { stats?.inputLatencies.append(Platform.ticks - t) }
            if frames == 0 { session.emitReady(renderer: host.drawer.renderer.driverName) }
            frames += 1
            fpsFrames += 1
            if frameStart - fpsStart >= 0.5 {
                session.setFPS(Double(fpsFrames) / (frameStart - fpsStart))
                fpsFrames = 0
                fpsStart = frameStart
            }
            let work = Platform.seconds - frameStart
            stats?.frameWork.append(work)
            Platform.sleep(1.0 / 60 - work - 0.0005)
        }
        if let recording, let path = options.record {
            do {
                try recording.write(to: path)
            } catch {
                throw UsageError("cannot write --record '\(path)': \(error.localizedDescription)")
            }
        }
        emitStats(frames: frames)
        return 0
    }

    /// The run's frame figures: frames per second while dragging, and the work per frame
    /// (events, advance, compose, draw, present), median and 95th percentile in ms.
    private func emitStats(frames: Int) {
        guard let stats else { return }
        let drags = stats.dragIntervals
        let dragFPS = drags.isEmpty ? 0 : Double(drags.count) / drags.reduce(0, +)
        func ms(_ v: [Double]) -> String {
            #"{"median":\#(String(format2: (v.percentile(0.5) ?? 0) * 1000)),"p95":\#(String(format2: (v.percentile(0.95) ?? 0) * 1000))}"#
        }
        Platform.printLine(#"{"event":"stats","frames":\#(frames),"dragFrames":\#(drags.count),"dragFps":\#(String(format1: dragFPS)),"frameWorkMs":\#(ms(stats.frameWork)),"inputToPresentMs":\#(ms(stats.inputLatencies))}"#)
    }
}

/// A window that draws a session: the platform, the SDL window and renderer, the event pump.
@MainActor
final class WindowHost {
    let platform: Platform
    let window: SDLWindow
    let drawer: DisplayListRenderer
    let pump: EventPump
    private var screenList = DisplayList()
    private var hudList = DisplayList()
    /// The demo whose images are loaded.
    private weak var loadedDemo: AnyObject?

    /// A window sized to show `options.size` at its scale (or fitted to the display) beside
    /// the HUD, unless `windowSize` is given.
    init(options: SessionOptions, windowSize: (width: Int, height: Int)?, renderer kind: Renderer.Kind) throws {
        do {
            platform = try Platform(headless: false)
        } catch {
            throw SDLError(message: "cannot open a window (\(error)); `segue render` and `segue replay --headless` need no display")
        }
        let scale = options.scale ?? Layout.fittingScale(for: options.size, display: platform.usableDisplaySize)
        let size = windowSize ?? Layout.windowSize(screen: options.size, scale: scale)
        window = try SDLWindow(platform: platform, title: "Segue", width: size.width, height: size.height)
        window.setMinimumSize(width: 480, height: 360)
        let renderer = try Renderer(window: window, kind: kind, vsync: true)
        drawer = DisplayListRenderer(renderer: renderer, textures: ContentTextures(renderer: renderer, assetsDirectory: try Assets.directory()))
        pump = EventPump(window: window)
    }

    /// The HUD last drawn, and whether a frame has been drawn at all.
    private var drawnHUD: HUDModel?

    /// Draws the session's screen (clipped to it) and HUD, and presents — unless nothing
    /// can have changed since the last frame (no input, no animation, the same HUD, the
    /// window's contents kept), so an idle app costs next to nothing.
    func draw(_ session: Session, changed: Bool = true) throws {
        guard changed || pump.contentsLost || session.demo.window.isAnimating || drawnHUD != session.hud else { return }
        drawnHUD = session.hud
        if loadedDemo !== session.demo {
            try drawer.textures.registerAssets(session.demo.images)
            loadedDemo = session.demo
        }
        let renderer = drawer.renderer
        renderer.clear(Color(hex: 0x0F1115))
        session.composeScreen(into: &screenList)
        let clip = renderer.setClip(session.layout.screen)
        drawer.draw(screenList, pixelScale: session.layout.scale, clip: clip)
        renderer.setClip(nil)
        session.composeHUD(into: &hudList)
        drawer.draw(hudList, pixelScale: 1)
        renderer.present()
        drawer.textures.endFrame()
    }
}
