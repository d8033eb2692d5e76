import Foundation
import Segue
import SegueDemos
import SegueSDL

/// The interactive app: a window with the device screen and the HUD, driven by the mouse.
final class LiveApp {
    struct Options {
        var demo = "flip"
        var size = Size(width: 375, height: 667)
        var scale: Double?
        var windowSize: (width: Int, height: Int)?
        var events = false
        var software = false

        init(_ args: [String]) throws {
            var a = Arguments(args)
            if let d = try a.value("--demo") {
                guard DemoCatalog.names.contains(d) else {
                    throw UsageError("unknown demo '\(d)' (one of: \(DemoCatalog.names.joined(separator: ", ")))")
                }
                demo = d
            }
            if let s = try a.value("--size") { size = try Arguments.size(s, "--size") }
            if let s = try a.value("--scale") { scale = try Arguments.number(s, "--scale", in: 0.1...8) }
            if let s = try a.value("--window") {
                let wh = try Arguments.size(s, "--window")
                windowSize = (Int(wh.width), Int(wh.height))
            }
            events = try a.flag("--events")
            software = try a.flag("--software")
            try a.finish()
        }
    }

    /// Where the screen and the HUD sit in the window, in pixels.
    struct Layout {
        static let margin = 24.0
        static let hudWidth = 340.0
        var screen: Rect
        var scale: Double
        var hud: Rect

        /// The screen scaled to fit beside the HUD (or at `fixedScale`), the pair centred.
        init(window: (width: Int, height: Int), screen size: Size, fixedScale: Double?) {
            let m = Self.margin, w = Double(window.width), h = Double(window.height)
            let fit = min((w - Self.hudWidth - 3 * m) / size.width, (h - 2 * m) / size.height)
            scale = fixedScale ?? max(fit, 0.05)
            let sw = size.width * scale, sh = size.height * scale
            let left = max(m, (w - sw - m - Self.hudWidth) / 2)
            screen = Rect(x: left, y: max(m, (h - sh) / 2), width: sw, height: sh)
            hud = Rect(x: screen.maxX + m, y: m, width: Self.hudWidth, height: max(h - 2 * m, 200))
        }

        /// The window size that shows the screen at `scale` beside the HUD.
        static func windowSize(screen size: Size, scale: Double) -> (width: Int, height: Int) {
            (Int((size.width * scale + hudWidth + 3 * margin).rounded()),
             Int(max(size.height * scale + 2 * margin, 560).rounded()))
        }

        func toScreen(x: Double, y: Double) -> Point {
            Point(x: (x - screen.minX) / scale, y: (y - screen.minY) / scale)
        }
    }

    private let options: Options
    private let platform: Platform
    private let window: SDLWindow
    private let drawer: DisplayListRenderer
    private let pump: EventPump
    private var demo: Demo
    private var layout: Layout
    private var pressed = false
    private var running = true
    private var hud: HUDModel
    private var screenList = DisplayList()
    private var hudList = DisplayList()
    private var inputs: [InputEvent] = []
    /// The drag the HUD reports: the one under way, else the last one.
    private weak var lastDrag: DragInteractionController?
    private var clockStart = 0.0
    private var now = 0.0
    /// Seconds between frame starts while the pointer was pressed, and the work per frame.
    private var dragIntervals: [Double] = []
    private var frameWork: [Double] = []

    init(options: Options) throws {
        self.options = options
        if options.events { Platform.lineBufferStandardOutput() }
        do {
            platform = try Platform(headless: false)
        } catch {
            throw SDLError(message: "cannot open a window (\(error)); `segue render` makes frames without a display")
        }
        let scale = options.scale ?? Self.fittingScale(for: options.size, display: platform.usableDisplaySize)
        let size = options.windowSize ?? Layout.windowSize(screen: options.size, scale: scale)
        window = try SDLWindow(platform: platform, title: "Segue", width: size.width, height: size.height)
        window.setMinimumSize(width: 480, height: 360)
        let renderer = try Renderer(window: window, software: options.software, vsync: true)
        drawer = DisplayListRenderer(renderer: renderer, textures: ContentTextures(renderer: renderer, assetsDirectory: try Assets.directory()))
        pump = EventPump(window: window)
        demo = DemoCatalog.make(options.demo, screenSize: options.size)!
        layout = Layout(window: window.size, screen: options.size, fixedScale: options.windowSize == nil ? options.scale : options.scale)
        hud = HUDModel(demos: DemoCatalog.names, currentDemo: options.demo)
        hud.renderer = renderer.driverName
        install(demo)
    }

    /// The largest scale (≤ 2) at which the screen and the HUD fit the display.
    private static func fittingScale(for size: Size, display: (width: Int, height: Int)?) -> Double {
        guard let d = display else { return 1 }
        let m = Layout.margin
        let s = min((Double(d.height) - 2 * m - 80) / size.height, (Double(d.width) - Layout.hudWidth - 3 * m) / size.width, 2)
        return max((s * 20).rounded(.down) / 20, 0.25)
    }

    private func install(_ demo: Demo) {
        do {
            try drawer.textures.registerAssets(demo.images)
        } catch {
            FileHandle.standardError.write(Data("segue: \(error)\n".utf8))
        }
        self.demo = demo
        lastDrag = nil
        demo.window.advance(to: now)
        hud.currentDemo = demo.name
        hud.transition = "—"; hud.operation = "—"; hud.state = "idle"; hud.percent = 0
        demo.window.observeTransitions { [unowned self] event in
            switch event {
            case .began(let c):
                self.hud.transition = c.transitionName
                self.hud.operation = c.operation.rawValue
                self.emit(#"{"event":"began","transition":"\#(c.transitionName)","operation":"\#(c.operation.rawValue)","interactive":\#(c.isInteractive),"time":\#(String(format2: self.now))}"#)
            case .ended(let c, let cancelled):
                self.emit(#"{"event":"ended","transition":"\#(c.transitionName)","operation":"\#(c.operation.rawValue)","cancelled":\#(cancelled),"time":\#(String(format2: self.now))}"#)
                self.emitScreen()
            }
        }
    }

    private func emit(_ line: String) {
        if options.events { Platform.printLine(line) }
    }

    // MARK: Loop

    func run() throws -> Int32 {
        clockStart = Platform.seconds
        var frames = 0, fpsFrames = 0, fpsStart = clockStart, lastFrameStart = clockStart
        while running {
            let frameStart = Platform.seconds
            if pressed { dragIntervals.append(frameStart - lastFrameStart) }
            lastFrameStart = frameStart
            now = frameStart - clockStart
            inputs.removeAll(keepingCapacity: true)
            pump.poll(into: &inputs)
            for input in inputs { handle(input) }
            demo.window.advance(to: now)
            updateHUD()
            draw()
            if frames == 0 { emitReady() }
            frames += 1
            fpsFrames += 1
            if frameStart - fpsStart >= 0.5 {
                hud.fps = Double(fpsFrames) / (frameStart - fpsStart)
                fpsFrames = 0
                fpsStart = frameStart
            }
            let work = Platform.seconds - frameStart
            frameWork.append(work)
            Platform.sleep(1.0 / 60 - work - 0.0005)
        }
        emitStats(frames: frames)
        return 0
    }

    /// The run's frame figures: frames per second while dragging, and the work per frame
    /// (events, advance, compose, draw, present), median and 95th percentile in ms.
    private func emitStats(frames: Int) {
        func percentile(_ v: [Double], _ p: Double) -> Double {
            let s = v.sorted()
            return s.isEmpty ? 0 : s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
        }
        let dragFPS = dragIntervals.isEmpty ? 0 : Double(dragIntervals.count) / dragIntervals.reduce(0, +)
        emit(#"{"event":"stats","frames":\#(frames),"dragFrames":\#(dragIntervals.count),"dragFps":\#(String(format1: dragFPS)),"frameWorkMs":{"median":\#(String(format2: percentile(frameWork, 0.5) * 1000)),"p95":\#(String(format2: percentile(frameWork, 0.95) * 1000))}}"#)
    }

    private func emitReady() {
        let (w, h) = window.size
        emit(#"{"event":"ready","window":{"width":\#(w),"height":\#(h)},"screen":\#(json(layout.screen)),"demo":"\#(demo.name)","renderer":"\#(drawer.renderer.driverName)","targets":\#(targetsJSON())}"#)
    }

    /// Announces what the screen now shows and what can be tapped on it.
    private func emitScreen() {
        emit(#"{"event":"screen","demo":"\#(demo.name)","screen":\#(json(layout.screen)),"targets":\#(targetsJSON())}"#)
    }

    /// A rectangle in window pixels as a JSON object, rounded to whole pixels.
    private func json(_ r: Rect) -> String {
        #"{"x":\#(Int(r.minX.rounded())),"y":\#(Int(r.minY.rounded())),"width":\#(Int(r.width.rounded())),"height":\#(Int(r.height.rounded()))}"#
    }

    /// The demo's tappable targets in window pixels.
    private func targetsJSON() -> String {
        let items = demo.targets.map { target -> String in
            let r = target.frame
            let px = Rect(x: layout.screen.minX + r.minX * layout.scale, y: layout.screen.minY + r.minY * layout.scale,
                          width: r.width * layout.scale, height: r.height * layout.scale)
            return #"{"name":"\#(target.name)","#+json(px).dropFirst()
        }
        return "[" + items.joined(separator: ",") + "]"
    }

    private func send(_ phase: PointerEvent.Phase, x: Double, y: Double) {
        demo.window.handle(PointerEvent(phase, layout.toScreen(x: x, y: y), time: now))
    }

    private func handle(_ input: InputEvent) {
        switch input {
        case .quit:
            running = false
        case .resized:
            layout = Layout(window: window.size, screen: options.size, fixedScale: options.scale)
            emitScreen()
        case .focusLost:
            cancelPress()
        case .mouseDown(let x, let y):
            if layout.screen.contains(Point(x: x, y: y)) {
                pressed = true
                send(.down, x: x, y: y)
            } else if let hit = HUD.demoButtons(hud, in: layout.hud).first(where: { $0.rect.contains(Point(x: x, y: y)) }) {
                switchDemo(to: hit.name)
            }
        case .mouseMoved(let x, let y):
            if pressed { send(.moved, x: x, y: y) }
        case .mouseUp(let x, let y, let inside):
            guard pressed else { return }
            pressed = false
            send(inside ? .up : .cancelled, x: x, y: y)
        case .key(.escape):
            cancelPress()
        case .key(.quit):
            running = false
        case .key(.digit(let n)):
            if n <= DemoCatalog.names.count { switchDemo(to: DemoCatalog.names[n - 1]) }
        case .key:
            break
        }
    }

    private func cancelPress() {
        guard pressed else { return }
        pressed = false
        demo.window.handle(PointerEvent(.cancelled, .zero, time: now))
    }

    /// Switches to the demo called `name` when nothing is running.
    private func switchDemo(to name: String) {
        guard name != demo.name, !pressed, !demo.window.isTransitioning,
              let next = DemoCatalog.make(name, screenSize: options.size) else { return }
        install(next)
        emitScreen()
    }

    private func updateHUD() {
        if let active = demo.interactions.first(where: { $0.recognizer.isActive }) { lastDrag = active }
        let pan = (lastDrag ?? demo.interactions[0]).recognizer
        hud.translation = pan.isActive ? pan.translation : hud.translation
        hud.velocity = pan.isActive || pan.state == .ended ? pan.velocity : .zero
        hud.duration = demo.duration
        hud.curve = demo.timingDescription
        hud.threshold = demo.interactions[0].threshold
        if let c = demo.window.activeTransition {
            hud.state = c.phase.rawValue
            hud.percent = c.fractionComplete
        } else if hud.state == "interactive" || hud.state == "finishing" || hud.state == "cancelling" {
            hud.state = hud.state == "cancelling" ? "cancelled" : "finished"
            hud.percent = hud.state == "finished" ? 1 : 0
        }
        hud.screen = "\(Int(options.size.width))×\(Int(options.size.height)) pt @ \(String(format2: layout.scale))x"
        hud.hint = demo.hint + " Esc cancels a drag · keys 1–\(DemoCatalog.names.count) or the list above switch demos · Q quits."
    }

    private func draw() {
        let renderer = drawer.renderer
        renderer.clear(Color(hex: 0x0F1115))
        screenList.items.removeAll(keepingCapacity: true)
        Compositor.compose(demo.window.layer, scale: layout.scale, offset: layout.screen.origin, into: &screenList)
        renderer.setClip(layout.screen)
        drawer.draw(screenList, pixelScale: layout.scale, clip: layout.screen)
        renderer.setClip(nil)
        hudList.items.removeAll(keepingCapacity: true)
        HUD.compose(hud, in: layout.hud, into: &hudList)
        drawer.draw(hudList, pixelScale: 1)
        renderer.present()
        drawer.textures.endFrame()
    }
}
