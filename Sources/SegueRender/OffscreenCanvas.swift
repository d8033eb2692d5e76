import Segue
import SegueProcess

/// Renders display lists into an exact-size RGBA image without showing anything: a target
/// texture of a renderer (Segue's rasterizer in memory, or a platform's engine on a hidden
/// window).
package final class OffscreenCanvas {
    package let width: Int
    package let height: Int
    package let drawer: DisplayListRenderer
    private let target: Texture

    /// A canvas of `width` × `height` pixels drawn by `renderer`, its images and fonts read
    /// from `assetsDirectory` through `decoders` (none: PNG only, no text).
    package init(renderer: Renderer, width: Int, height: Int, assetsDirectory: String, decoders: (any ContentDecoders)?) throws {
        guard width > 0, height > 0, width <= ImageFile.maxSide, height <= ImageFile.maxSide else {
            throw RenderError("canvas \(width)×\(height) pixels is out of range (1…\(ImageFile.maxSide) a side)")
        }
        self.width = width
        self.height = height
        target = try renderer.makeTargetTexture(width: width, height: height)
        try renderer.setTarget(target)
        drawer = DisplayListRenderer(renderer: renderer, textures: ContentTextures(renderer: renderer, assetsDirectory: assetsDirectory,
                                                                                   decoders: decoders))
    }

    /// A canvas drawn by Segue's rasterizer in memory: no platform, no display.
    package convenience init(width: Int, height: Int, assetsDirectory: String, decoders: (any ContentDecoders)? = nil) throws {
        try self.init(renderer: .offscreen(width: 1, height: 1), width: width, height: height, assetsDirectory: assetsDirectory,
                      decoders: decoders)
    }

    package var renderer: Renderer { drawer.renderer }

    /// Clears to `background`, draws `list` — limited to `clip` (pixels) when given — then
    /// `overlay` over it unclipped at `overlayScale` (a window's HUD), and reads the pixels
    /// back; throws `Interrupted` when a signal came meanwhile.
    package func render(_ list: DisplayList, pixelScale: Double, clip: Rect? = nil, overlay: DisplayList? = nil,
                        overlayScale: Double = 1, background: Color = .black) throws -> [UInt8] {
        try render([list], clips: [clip], pixelScale: pixelScale, overlay: overlay, overlayScale: overlayScale, background: background)
    }

    /// `render` of several lists, each limited to its clip (the screens of a split stage).
    package func render(_ lists: [DisplayList], clips: [Rect?], pixelScale: Double, overlay: DisplayList? = nil,
                        overlayScale: Double = 1, background: Color = .black) throws -> [UInt8] {
        precondition(lists.count == clips.count, "one clip per list")
        renderer.clear(background)
        drawer.draw(lists, clips: clips, pixelScale: pixelScale, overlay: overlay, overlayScale: overlayScale)
        drawer.textures.endFrame()
        // A signal that came while drawing (which then stopped) ends it here, before the
        // read-back of what may be 8192² pixels — and again after it, which waits for the
        // calls still drawing: one stopped by a signal meanwhile left the frame unfinished.
        try Interruption.check()
        let pixels = try renderer.readPixels().rgba
        try Interruption.check()
        return pixels
    }
}
