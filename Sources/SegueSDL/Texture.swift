internal import CSDL2

/// A GPU texture (owns the `SDL_Texture*`), with its size in pixels. It keeps its renderer
/// alive: SDL destroys a renderer's textures with it.
public final class Texture {
    let handle: OpaquePointer
    private let renderer: Renderer
    public let width: Int
    public let height: Int
    /// Whether every pixel is opaque (its source had no alpha channel), so it can be drawn
    /// without blending.
    public let isOpaque: Bool

    init(handle: OpaquePointer, width: Int, height: Int, isOpaque: Bool = false, renderer: Renderer) {
        self.isOpaque = isOpaque
        self.renderer = renderer
        self.handle = handle
        self.width = width
        self.height = height
    }

    deinit {
        SDL_DestroyTexture(handle)
    }
}
