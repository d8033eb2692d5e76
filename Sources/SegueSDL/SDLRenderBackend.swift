internal import CSDL2
import SegueRender

/// An `SDL_Texture*`, destroyed with this. It keeps its renderer alive: SDL destroys a
/// renderer's textures with it.
final class SDLTexture: NativeTexture {
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

    func update(x: Int, y: Int, w: Int, h: Int, rgba: UnsafeRawPointer, pitch: Int) {
        var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(w), h: Int32(h))
        SDL_UpdateTexture(handle, &rect, rgba, Int32(pitch))
        levelsAreStale = true
    }

    func contentsChanged() {
        levelsAreStale = true
    }
}

/// SDL's own renderer: OpenGL (llvmpipe without a GPU), or software. OpenGL multisamples
/// the window 4× where it can; textures drawn into (offscreen frames) are not.
final class SDLRenderBackend: RenderBackend {
    let handle: OpaquePointer
    let driverName: String
    /// Kept so the window outlives the renderer (its textures keep this alive).
    private let window: SDLWindow

    /// SDL's OpenGL renderer for `.opengl` (SDL's software one if it cannot be had), its
    /// software renderer otherwise; `vsync` paces OpenGL's presents to the display.
    init(window: SDLWindow, kind: Renderer.Kind, vsync: Bool) throws {
        self.window = window
        var made: OpaquePointer?
        if kind == .opengl {
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "opengl")
            var flags = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue
            if vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
            // Edges smoothed by 4× multisampling where the display has such a visual (SDL
            // remakes the window for OpenGL with these attributes), else drawn hard.
            for samples: Int32 in [4, 0] where made == nil {
                SDL_GL_SetAttribute(SDL_GL_MULTISAMPLEBUFFERS, samples > 0 ? 1 : 0)
                SDL_GL_SetAttribute(SDL_GL_MULTISAMPLESAMPLES, samples)
                made = SDL_CreateRenderer(window.handle, -1, flags)
            }
            // Not asked of windows made later (SDL keeps the attributes process-wide).
            SDL_GL_SetAttribute(SDL_GL_MULTISAMPLEBUFFERS, 0)
            SDL_GL_SetAttribute(SDL_GL_MULTISAMPLESAMPLES, 0)
        }
        if made == nil {
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
            made = SDL_CreateRenderer(window.handle, -1, SDL_RENDERER_SOFTWARE.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue)
        }
        guard let made else { throw SDLError("SDL_CreateRenderer") }
        handle = made
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(made, &info)
        driverName = info.name.map { String(cString: $0) } ?? "unknown"
    }

    deinit { SDL_DestroyRenderer(handle) }

    var outputSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    /// The `SDL_Texture*` of `texture`, which must be this engine's.
    private static func handle(_ texture: Texture) -> OpaquePointer {
        sdlTexture(texture).handle
    }

    /// The SDL texture of `texture`, which must be this engine's.
    private static func sdlTexture(_ texture: Texture) -> SDLTexture {
        guard case .native(let t as SDLTexture) = texture.storage else { preconditionFailure("another engine's texture given to SDL's renderer") }
        return t
    }

    /// A texture filtered linearly and blended, from `made` (nil: `call` failed).
    private func texture(_ made: OpaquePointer?, _ call: String, width: Int, height: Int, isOpaque: Bool,
                         coverage: Bool = false) throws -> Texture {
        guard let made else { throw SDLError(call) }
        SDL_SetTextureBlendMode(made, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(made, SDL_ScaleModeLinear)
        return Texture(.native(SDLTexture(handle: made, owner: self, isCoverage: coverage)), width: width, height: height, isOpaque: isOpaque)
    }

    /// OpenGL's entry points for mipmaps, where the renderer is OpenGL's.
    private lazy var mipmaps: (generate: @convention(c) (UInt32) -> Void, parameter: @convention(c) (UInt32, UInt32, Int32) -> Void)? = {
        guard driverName == "opengl", let g = SDL_GL_GetProcAddress("glGenerateMipmap"),
              let p = SDL_GL_GetProcAddress("glTexParameteri") else { return nil }
        return (unsafeBitCast(g, to: (@convention(c) (UInt32) -> Void).self),
                unsafeBitCast(p, to: (@convention(c) (UInt32, UInt32, Int32) -> Void).self))
    }()

    /// Makes `texture`'s mip levels again when its pixels changed, and has OpenGL sample the
    /// nearest level bilinearly when it is minified — as Segue's rasterizer does (a glyph
    /// atlas to level `Rasterizer.coverageLevelLimit`).
    private func prepareLevels(_ texture: SDLTexture) {
        guard texture.levelsAreStale, let gl = mipmaps else { return }
        let texture2D: UInt32 = 0x0DE1, minFilter: UInt32 = 0x2801, linearMipmapNearest: Int32 = 0x2701, maxLevel: UInt32 = 0x813D
        // Commands batched for the texture as it was must reach OpenGL first.
        SDL_RenderFlush(handle)
        guard SDL_GL_BindTexture(texture.handle, nil, nil) == 0 else { return }
        if texture.isCoverage { gl.parameter(texture2D, maxLevel, Int32(Rasterizer.coverageLevelLimit)) }
        gl.generate(texture2D)
        gl.parameter(texture2D, minFilter, linearMipmapNearest)
        SDL_GL_UnbindTexture(texture.handle)
        texture.levelsAreStale = false
    }

    func makeTexture(argb: UnsafePointer<UInt32>, width: Int, height: Int, rowLength: Int, isOpaque: Bool) throws -> Texture {
        let made = try texture(SDL_CreateTexture(handle, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                                 Int32(width), Int32(height)),
                               "SDL_CreateTexture \(width)×\(height)", width: width, height: height, isOpaque: isOpaque)
        SDL_UpdateTexture(Self.handle(made), nil, argb, Int32(rowLength * 4))
        return made
    }

    func makeTexture(width: Int, height: Int, coverage: Bool, target: Bool) throws -> Texture {
        let access = target ? SDL_TEXTUREACCESS_TARGET : SDL_TEXTUREACCESS_STATIC
        let texture = try texture(SDL_CreateTexture(handle, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(access.rawValue),
                                                    Int32(width), Int32(height)),
                                  "SDL_CreateTexture \(width)×\(height)", width: width, height: height, isOpaque: false,
                                  coverage: coverage)
        if !target {
            // RGBA bytes 255, 255, 255, 0 (or zeros), as words in memory order.
            let clear = [UInt32](repeating: coverage ? UInt32(littleEndian: 0x00FF_FFFF) : 0, count: width * height)
            clear.withUnsafeBytes { texture.update(x: 0, y: 0, w: width, h: height, rgba: $0.baseAddress!, pitch: width * 4) }
        }
        return texture
    }

    func setTarget(_ texture: Texture?) throws {
        try check(SDL_SetRenderTarget(handle, texture.map(Self.handle)), "SDL_SetRenderTarget")
    }

    func setClip(_ rect: PixelRect?) {
        guard let r = rect else {
            SDL_RenderSetClipRect(handle, nil)
            return
        }
        var c = SDL_Rect(x: Int32(r.x0), y: Int32(r.y0), w: Int32(r.x1 - r.x0), h: Int32(r.y1 - r.y0))
        SDL_RenderSetClipRect(handle, &c)
    }

    /// A GPU clears every pixel about as quickly as it would spare some.
    func clear(_ c: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), sparing: CoveredPixels) {
        SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, c.a)
        SDL_RenderClear(handle)
    }

    /// OpenGL smooths edges by multisampling where the window has it, not by coverage.
    let drawsEdgeCoverage = false
    /// SDL interpolates the vertex colours affinely: layers in perspective are cut finely.
    let drawsExactShading = false

    /// A GPU draws covered pixels about as quickly as it would skip them: they are drawn.
    func draw(_ vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>,
              edges: Rasterizer.TriangleEdges?, shades: UnsafeBufferPointer<VertexShade>?, texture: Texture?, blended: Bool,
              covered: CoveredPixels) {
        precondition(shades == nil, "SDL's renderers shade affinely")
        let mode = blended ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE
        if let texture { prepareLevels(Self.sdlTexture(texture)) }
        let t = texture.map(Self.handle)
        if let t { SDL_SetTextureBlendMode(t, mode) } else { SDL_SetRenderDrawBlendMode(handle, mode) }
        // The same memory layout (SegueSDLTests checks it).
        vertices.withMemoryRebound(to: SDL_Vertex.self) { v in
            _ = SDL_RenderGeometry(handle, t, v.baseAddress, Int32(v.count), indices.baseAddress, Int32(indices.count))
        }
    }

    /// (The GPU draws a frame again sooner than it is copied; SDL's software renderer keeps none either.)
    let keepsFrames = false

    func keepFrame() -> Bool { false }

    func restoreKeptFrame(sparing: CoveredPixels) -> Bool { false }

    func dropKeptFrame() {}

    func present() {
        SDL_RenderPresent(handle)
    }

    func read(_ r: PixelRect, into rgba: UnsafeMutableRawBufferPointer) throws {
        var rect = SDL_Rect(x: Int32(r.x0), y: Int32(r.y0), w: Int32(r.x1 - r.x0), h: Int32(r.y1 - r.y0))
        try check(SDL_RenderReadPixels(handle, &rect, SDL_PIXELFORMAT_RGBA32.rawValue, rgba.baseAddress, Int32((r.x1 - r.x0) * 4)),
                  "SDL_RenderReadPixels")
    }
}
