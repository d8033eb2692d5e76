import Segue
import SegueSDL
import SegueStudio

/// A window that draws a session: the platform, the SDL window and renderer, the event pump.
@MainActor
final class WindowHost {
    let platform: Platform
    let window: SDLWindow
    let drawer: DisplayListRenderer
    let pump: EventPump
    private var screenList = DisplayList()
    private var hudList = DisplayList()
    private var drawnScreen = DisplayList()
    private var drawnHUD = DisplayList()
    private var hasDrawn = false
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

    /// Draws the session's screen (clipped to it) and HUD and presents — unless what they
    /// show is what the window already shows and `force` is false (the window's contents
    /// were kept): an idle app draws nothing. Returns whether it drew. Throws when the
    /// display has failed (`Platform.displayError`).
    @discardableResult
    func draw(_ session: Session, force: Bool = false) throws -> Bool {
        if let problem = platform.displayError { throw SDLError(message: problem) }
        session.composeScreen(into: &screenList)
        session.composeHUD(into: &hudList)
        guard force || !hasDrawn || pump.contentsLost || drawnScreen != screenList || drawnHUD != hudList else { return false }
        if loadedDemo !== session.demo {
            try drawer.textures.registerAssets(session.demo.images)
            loadedDemo = session.demo
        }
        let renderer = drawer.renderer
        renderer.clear(Color(hex: 0x0F1115))
        let clip = renderer.setClip(session.layout.screen)
        drawer.draw(screenList, pixelScale: session.layout.scale, clip: clip)
        renderer.setClip(nil)
        drawer.draw(hudList, pixelScale: 1)
        renderer.present()
        drawer.textures.endFrame()
        swap(&screenList, &drawnScreen)
        swap(&hudList, &drawnHUD)
        hasDrawn = true
        return true
    }
}
