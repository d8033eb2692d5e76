import Segue
import SegueCommandLine

/// Renders display lists into an exact-size RGBA image without showing anything: a hidden
/// window (SDL's offscreen driver when headless) and a target texture.
package final class OffscreenCanvas {
    package let width: Int
    package let height: Int
    package let drawer: DisplayListRenderer
    private let window: SDLWindow
    private let target: Texture

    /// A canvas of `width` × `height` pixels drawn by a renderer of `kind`.
    package init(platform: Platform, width: Int, height: Int, assetsDirectory: String, kind: Renderer.Kind = .raster) throws {
        guard width > 0, height > 0, width <= ImageFile.maxSide, height <= ImageFile.maxSide else {
            throw SDLError(message: "canvas \(width)×\(height) pixels is out of range (1…\(ImageFile.maxSide) a side)")
        }
        self.width = width
        self.height = height
        window = try SDLWindow(platform: platform, title: "Segue offscreen", width: 64, height: 64, resizable: false, hidden: true)
        let renderer = try Renderer(window: window, kind: kind)
        target = try renderer.makeTargetTexture(width: width, height: height)
        try renderer.setTarget(target)
        drawer = DisplayListRenderer(renderer: renderer, textures: ContentTextures(renderer: renderer, assetsDirectory: assetsDirectory))
    }

    package var renderer: Renderer { drawer.renderer }

    /// Clears to `background`, draws `list` and reads the pixels back; throws `Interrupted`
    /// when a signal came meanwhile.
    package func render(_ list: DisplayList, pixelScale: Double, background: Color = .black) throws -> [UInt8] {
        try render([(list, pixelScale, nil)], background: background)
    }

    /// Clears to `background`, draws each of `parts` in order — at its pixel scale, limited
    /// to its clip (pixels) when it has one — and reads the pixels back; throws
    /// `Interrupted` when a signal came meanwhile.
    package func render(_ parts: [(list: DisplayList, pixelScale: Double, clip: Rect?)], background: Color = .black) throws -> [UInt8] {
        renderer.clear(background)
        for part in parts {
            let limit = renderer.setClip(part.clip)
            drawer.draw(part.list, pixelScale: part.pixelScale, clip: limit)
        }
        renderer.setClip(nil)
        drawer.textures.endFrame()
        // A signal that came while drawing (which then stopped) ends it here, before the
        // read-back of what may be 8192² pixels.
        try Interruption.check()
        return try renderer.readPixels().rgba
    }
}
