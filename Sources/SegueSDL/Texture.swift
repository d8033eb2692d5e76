internal import CSDL2

/// A GPU texture (owns the `SDL_Texture*`), with its size in pixels. It keeps its renderer
/// alive: SDL destroys a renderer's textures with it.
public final class Texture {
    let handle: OpaquePointer
    private let renderer: Renderer
    public let width: Int
    public let height: Int

    init(handle: OpaquePointer, width: Int, height: Int, renderer: Renderer) {
        self.renderer = renderer
        self.handle = handle
        self.width = width
        self.height = height
    }

    deinit {
        SDL_DestroyTexture(handle)
    }
}
