internal import CSDL2
import SegueRender

/// A texture with its size in pixels: an `SDL_Texture*` it owns on SDL's renderers, an
/// image in memory on the raster one. It keeps its renderer alive: SDL destroys a
/// renderer's textures with it.
public final class Texture {
    let handle: OpaquePointer?
    let image: RasterImage?
    private let renderer: Renderer
    public let width: Int
    public let height: Int
    /// Whether every pixel is opaque (its source had no alpha channel), so it can be drawn
    /// without blending.
    public let isOpaque: Bool

    init(handle: OpaquePointer, width: Int, height: Int, isOpaque: Bool = false, renderer: Renderer) {
        self.handle = handle
        image = nil
        self.renderer = renderer
        self.width = width
        self.height = height
        self.isOpaque = isOpaque
    }

    init(image: RasterImage, isOpaque: Bool = false, renderer: Renderer) {
        handle = nil
        self.image = image
        self.renderer = renderer
        width = image.width
        height = image.height
        self.isOpaque = isOpaque
    }

    deinit {
        if let handle { SDL_DestroyTexture(handle) }
    }

    /// Replaces the pixels of `x, y, w, h` with `rgba` (RGBA bytes, `pitch` bytes a row).
    func update(x: Int, y: Int, w: Int, h: Int, rgba: UnsafeRawPointer, pitch: Int) {
        if let handle {
            var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(w), h: Int32(h))
            SDL_UpdateTexture(handle, &rect, rgba, Int32(pitch))
        } else if let image {
            _ = SDL_ConvertPixels(Int32(w), Int32(h), SDL_PIXELFORMAT_RGBA32.rawValue, rgba, Int32(pitch),
                                  SDL_PIXELFORMAT_ARGB8888.rawValue, image.pixels + y * image.width + x, Int32(image.width * 4))
        }
    }
}
