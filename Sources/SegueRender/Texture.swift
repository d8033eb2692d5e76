internal import CSDL2
import SegueRender

/// A texture with its size in pixels, in the form its renderer's engine draws: an image in
/// memory for Segue's rasterizer, an `SDL_Texture` for SDL's renderers.
package final class Texture {
    /// Where the pixels are: one engine's kind of texture.
    enum Storage {
        /// Pixels in memory, drawn by Segue's rasterizer through `drawnBy`, whose calls may
        /// still be reading them.
        case image(RasterImage, drawnBy: RasterPipeline)
        /// A texture of an SDL renderer.
        case sdl(SDLTexture)
    }

    let storage: Storage
    package let width: Int
    package let height: Int
    /// Whether every pixel is opaque (its source had no alpha channel), so it can be drawn
    /// without blending.
    package let isOpaque: Bool

    init(_ storage: Storage, width: Int, height: Int, isOpaque: Bool = false) {
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
    func contentsChanged() {
        version += 1
        switch storage {
        case .sdl(let texture): texture.levelsAreStale = true
        case .image(let image, let pipeline):
            pipeline.wait()
            image.pixelsChanged()
        }
    }

    /// Replaces the pixels of `x, y, w, h` (inside the texture) with `rgba` (RGBA bytes,
    /// `pitch` bytes a row).
    func update(x: Int, y: Int, w: Int, h: Int, rgba: UnsafeRawPointer, pitch: Int) {
        version += 1
        switch storage {
        case .sdl(let texture):
            var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(w), h: Int32(h))
            SDL_UpdateTexture(texture.handle, &rect, rgba, Int32(pitch))
            texture.levelsAreStale = true
        case .image(let image, let pipeline):
            pipeline.wait()
            _ = SDL_ConvertPixels(Int32(w), Int32(h), SDL_PIXELFORMAT_RGBA32.rawValue, rgba, Int32(pitch),
                                  SDL_PIXELFORMAT_ARGB8888.rawValue, image.pixels + y * image.width + x, Int32(image.width * 4))
            image.pixelsChanged(in: PixelRect(x0: x, y0: y, x1: x + w, y1: y + h))
        }
    }
}

/// An `SDL_Texture*`, destroyed with this. It keeps its renderer alive: SDL destroys a
/// renderer's textures with it.
final class SDLTexture {
    let handle: OpaquePointer
    private let owner: SDLRenderBackend
    /// Whether its mip levels must be made again before it is drawn (OpenGL).
    var levelsAreStale = true
    /// Whether it holds glyph coverage (its levels stop where glyphs would blend).
    let isCoverage: Bool

    init(handle: OpaquePointer, owner: SDLRenderBackend, isCoverage: Bool = false) {
        self.handle = handle
        self.owner = owner
        self.isCoverage = isCoverage
    }

    deinit { SDL_DestroyTexture(handle) }
}
