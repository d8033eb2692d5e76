import Segue

/// A texture an engine other than Segue's rasterizer keeps (an SDL renderer's): the engine
/// that made it updates its pixels and knows when they were drawn into.
package protocol NativeTexture: AnyObject {
    /// Replaces the pixels of `x, y, w, h` with `rgba` (RGBA bytes, `pitch` bytes a row).
    func update(x: Int, y: Int, w: Int, h: Int, rgba: UnsafeRawPointer, pitch: Int)
    /// It was drawn into as a target: what depends on its pixels (mip levels) is stale.
    func contentsChanged()
}

/// A texture with its size in pixels, in the form its renderer's engine draws: an image in
/// memory for Segue's rasterizer, or another engine's own.
package final class Texture {
    /// Where the pixels are: one engine's kind of texture.
    package enum Storage {
        /// Pixels in memory, drawn by Segue's rasterizer through `drawnBy`, whose calls may
        /// still be reading them.
        case image(RasterImage, drawnBy: RasterPipeline)
        /// Another engine's texture.
        case native(any NativeTexture)
    }

    package let storage: Storage
    package let width: Int
    package let height: Int
    /// Whether every pixel is opaque, so it can be drawn without blending.
    package let isOpaque: Bool

    package init(_ storage: Storage, width: Int, height: Int, isOpaque: Bool = false) {
        self.storage = storage
        self.width = width
        self.height = height
        self.isOpaque = isOpaque
    }

    /// How many times its pixels were replaced (`update`) or drawn into (`contentsChanged`):
    /// what was drawn from it at one version is drawn alike while it stays.
    private(set) var version = 0

    /// Tells the texture it was drawn into (as a target): its mip levels are made again
    /// before it is next sampled minified.
    package func contentsChanged() {
        version += 1
        switch storage {
        case .native(let texture): texture.contentsChanged()
        case .image(let image, let pipeline):
            pipeline.wait()
            image.pixelsChanged()
        }
    }

    /// Replaces the pixels of `x, y, w, h` (inside the texture) with `rgba` (RGBA bytes,
    /// `pitch` bytes a row).
    package func update(x: Int, y: Int, w: Int, h: Int, rgba: UnsafeRawPointer, pitch: Int) {
        version += 1
        switch storage {
        case .native(let texture):
            texture.update(x: x, y: y, w: w, h: h, rgba: rgba, pitch: pitch)
        case .image(let image, let pipeline):
            pipeline.wait()
            for row in 0..<h {
                RasterImage.swapRedAndBlue(rgba + row * pitch, to: image.pixels + (y + row) * image.width + x, count: w)
            }
            image.pixelsChanged(in: PixelRect(x0: x, y0: y, x1: x + w, y1: y + h))
        }
    }
}
