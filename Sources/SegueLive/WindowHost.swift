import Segue
import SegueCommandLine
import SegueSDL
import SegueDemos
import SegueStudio
import SegueRender

/// A window that draws a session: the platform, the SDL window and renderer, the event pump.
@MainActor
final class WindowHost {
    let platform: Platform
    let window: SDLWindow
    let drawer: DisplayListRenderer
    let pump: EventPump
    /// Each screen's display list (A, and B while split), and the HUD's; then as drawn last.
    private var screenLists: [DisplayList] = []
    private var hudList = DisplayList()
    private var drawnScreens: [DisplayList] = []
    private var drawnHUD = DisplayList()
    private var drawnLayout: Layout?
    /// The demos whose images are loaded.
    private var loadedDemos: [ObjectIdentifier] = []
    /// The screen pair whose pictures were registered with them, and their textures.
    private var loadedScreenPair = 0
    private var shownScreens = ShownScreenTextures()

    /// The session's options as this window shows them: with the display's density where
    /// none was given, and with `fitsDisplay` a `--scale` too large for the display lowered.
    let options: SessionOptions

    /// A window sized to show `options.size` at its scale (or fitted to the display) beside
    /// the HUD, unless `windowSize` is given; with `fitsDisplay`, never larger than the
    /// display (clamped, saying so in one line on stderr) — a replay keeps its recorded size.
    init(options: SessionOptions, windowSize: (width: Int, height: Int)?, renderer kind: Renderer.Kind,
         fitsDisplay: Bool = true, fullScreen: Bool = false) throws {
        do {
            platform = try Platform(headless: false)
        } catch {
            throw SDLError(message: "cannot open a window (\(error)); `segue render` and `segue replay --headless` need no display")
        }
        var o = options
        if fitsDisplay && o.displayDensity == nil { o.displayDensity = platform.displayDensity }
        let display = platform.usableDisplaySize
        let density = o.displayDensity ?? 1
        let fitting = Layout.fittingScale(for: o.size, display: display, density: density, hudScale: o.hudScale)
        var size = windowSize ?? Layout.windowSize(screen: o.size, scale: o.scale ?? fitting, density: density, hudScale: o.hudScale)
        if fitsDisplay, let d = display, size.width > d.width || size.height > d.height {
            var said = "a \(size.width)×\(size.height) window does not fit the \(d.width)×\(d.height) display"
            if let s = o.scale, s > fitting {
                o.scale = fitting
                said += "; --scale \(String(format2: s)) lowered to \(String(format2: fitting))"
                if windowSize == nil { size = Layout.windowSize(screen: o.size, scale: fitting, density: density, hudScale: o.hudScale) }
            }
            size = (min(size.width, d.width), min(size.height, d.height))
            Command.report("\(said): opened at \(size.width)×\(size.height)")
        }
        self.options = o
        window = try SDLWindow(platform: platform, title: "Segue", width: size.width, height: size.height)
        window.setMinimumSize(width: 160, height: 120)
        if fullScreen { window.isFullScreen = true }
        let renderer = try Renderer(window: window, kind: kind, vsync: true)
        drawer = DisplayListRenderer(renderer: renderer, textures: ContentTextures(renderer: renderer, assetsDirectory: try Assets.directory(),
                                                                                   decoders: SDLDecoders(platform: platform)))
        try shownScreens.show(0, of: o.screens, on: drawer.textures)
        pump = EventPump(window: window)
    }

    /// The HUD's text measured by this window's font engine.
    var textFit: TextFit { drawer.textures.textFit }

    /// Draws the session's screen (clipped to it) and HUD and presents — unless what they
    /// show is what the window already shows and `force` is false (the window's contents
    /// were kept): an idle app draws nothing. Returns whether it drew. Throws when the
    /// display has failed (`Platform.displayError`).
    @discardableResult
    func draw(_ session: Session, force: Bool = false) throws -> Bool {
        if let problem = platform.displayError { throw SDLError(message: problem) }
        session.composeScreens(into: &screenLists)
        let count = screenLists.count
        while drawnScreens.count < count { drawnScreens.append(DisplayList()) }
        session.composeHUD(into: &hudList)
        guard force || drawnLayout != session.layout || pump.contentsLost || drawnHUD != hudList
                || (0..<count).contains(where: { drawnScreens[$0] != screenLists[$0] }) else {
            drawer.textures.releasePicturesUnusedByLastFrame()
            return false
        }
        let demos = session.variants.lazy.map { ObjectIdentifier($0.demo) }
        if !loadedDemos.elementsEqual(demos) || loadedScreenPair != session.screenPair {
            try shownScreens.show(session.screenPair, of: session.options.screens, on: drawer.textures)
            for v in session.variants { try drawer.textures.registerAssets(v.demo.images) }
            loadedDemos = Array(demos)
            loadedScreenPair = session.screenPair
        }
        let renderer = drawer.renderer
        renderer.clear(ScreenPicture.stage)
        drawer.draw(screenLists, clips: session.layout.screens.lazy.map { Optional($0) }, pixelScale: session.layout.scale,
                    overlay: hudList, overlayScale: session.layout.hudScale)
        renderer.present()
        drawer.textures.endFrame()
        for i in 0..<count { swap(&screenLists[i], &drawnScreens[i]) }
        swap(&hudList, &drawnHUD)
        drawnLayout = session.layout
        return true
    }
}
