import Segue
import SegueProcess

/// A window's frames as pixels, on the CPU, with no platform and no display: its layer tree
/// as it shows at the window's time, drawn by Segue's rasterizer into RGBA bytes — the same
/// pixels the app draws. Images register from PNG files. Text needs a font engine, which
/// only a platform lends (the app's SDL_ttf): without one, text is left out.
@MainActor
public final class FrameRenderer {
    /// The frame's size in pixels.
    public let width: Int
    /// The frame's height in pixels, 1…8192.
    public let height: Int
    private let canvas: OffscreenCanvas

    /// A renderer of `width` × `height` pixel frames (1…8192 a side). Throws a `RenderError`
    /// for a size out of range.
    public convenience init(width: Int, height: Int) throws {
        try self.init(width: width, height: height, assetsDirectory: "", decoders: nil)
    }

    /// One reading images and fonts from `assetsDirectory` through a platform's `decoders`.
    package init(width: Int, height: Int, assetsDirectory: String, decoders: (any ContentDecoders)?) throws {
        self.width = width
        self.height = height
        canvas = try OffscreenCanvas(width: width, height: height, assetsDirectory: assetsDirectory, decoders: decoders)
    }

    /// Loads the PNG at `path` as the image contents `id` (set it as a layer's `contents`).
    /// Throws a `RenderError` naming the file for one missing, unreadable, corrupt or over
    /// 8192 pixels a side.
    public func registerImage(id: String, path: String) throws -> ImageContent {
        try canvas.drawer.textures.registerImage(id: id, path: path)
    }

    /// `window` as it shows now (`Window.advance(to:)` sets the time), `pixelScale` pixels a
    /// point from its top-left corner, over `background`: `width` × `height` pixels of RGBA
    /// bytes, straight alpha, rows top first.
    public func render(_ window: Window, pixelScale: Double = 1, background: Color = .black) throws -> [UInt8] {
        try canvas.render(Compositor.compose(window.layer, scale: pixelScale), pixelScale: pixelScale, background: background)
    }

    /// Writes `rgba` (a frame `render` made: `width` × `height` pixels) as a PNG at `path`,
    /// whole or not at all (an existing file is replaced only by a complete one). Throws a
    /// `RenderError` for a frame of another size, and for a path that cannot be written.
    public func writePNG(_ rgba: [UInt8], to path: String) throws {
        guard rgba.count == width * height * 4 else {
            throw RenderError("a frame of \(rgba.count) bytes is not \(width)×\(height) RGBA pixels")
        }
        do {
            try ImageFile.writePNG(rgba, width: width, height: height, to: OutputFile.target(path, for: "the PNG"))
        } catch let e as RenderError {
            throw e
        } catch {
            throw RenderError("\(error)")
        }
    }
}
