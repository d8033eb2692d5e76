internal import CSDL2
import SegueRender
import SegueCommandLine
import SegueProcess

/// Segue's rasterizer on the CPU, its frames shown through the window's surface.
final class RasterBackend: RenderBackend {
    let driverName = Renderer.Kind.raster.rawValue
    private let window: SDLWindow
    /// Draws on a thread of its own while the next call is prepared (`RasterPipeline`).
    private let pipeline = RasterPipeline(rasterizer: Rasterizer(isCancelled: { Interruption.signal != nil }))
    /// The window's image, made anew whenever the window's size has changed.
    private var frame: RasterImage?
    /// The image of the texture drawn into, nil for the window's.
    private var textureTarget: RasterImage?
    private var clip: PixelRect?
    /// The target's pixels `keepFrame` copied.
    private var kept: RasterImage?

    init(window: SDLWindow) {
        self.window = window
        // The window's surface straight to the display (X11: shared memory), not through a
        // texture of an OpenGL renderer SDL would otherwise make for it.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    }

    /// The image drawn into: a texture's, or the window's (nil, and nothing drawn, while
    /// memory for it cannot be had).
    private var target: RasterImage? {
        if let textureTarget { return textureTarget }
        let size = window.size
        if let f = frame, f.width == size.width, f.height == size.height { return f }
        frame = RasterImage(width: size.width, height: size.height)
        return frame
    }

    var outputSize: (width: Int, height: Int) { target.map { ($0.width, $0.height) } ?? (0, 0) }

    /// The image of `texture`, which must be this engine's.
    private static func image(_ texture: Texture) -> RasterImage {
        guard case .image(let image, _) = texture.storage else { preconditionFailure("an SDL renderer's texture given to the rasterizer") }
        return image
    }

    func makeTexture(from surface: UnsafeMutablePointer<SDL_Surface>, isOpaque: Bool) throws -> Texture {
        // Through SDL's conversion, which reads palettes and turns a colour key into alpha.
        guard let argb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw SDLError("SDL_ConvertSurfaceFormat")
        }
        defer { SDL_FreeSurface(argb) }
        guard let image = RasterImage(width: Int(argb.pointee.w), height: Int(argb.pointee.h)) else {
            throw SDLError(message: "not enough memory for a \(argb.pointee.w)×\(argb.pointee.h) image")
        }
        for y in 0..<image.height {
            (image.pixels + y * image.width).update(from: (argb.pointee.pixels + y * Int(argb.pointee.pitch))
                .assumingMemoryBound(to: UInt32.self), count: image.width)
        }
        return Texture(.image(image, drawnBy: pipeline), width: image.width, height: image.height, isOpaque: isOpaque)
    }

    func makeTexture(width: Int, height: Int, coverage: Bool, target: Bool) throws -> Texture {
        guard let image = RasterImage(width: width, height: height) else {
            throw SDLError(message: "not enough memory for a \(width)×\(height) texture")
        }
        if coverage {
            image.isCoverage = true
            image.fill(0x00FF_FFFF, image.bounds)
        }
        return Texture(.image(image, drawnBy: pipeline), width: image.width, height: image.height)
    }

    func setTarget(_ texture: Texture?) throws {
        textureTarget = texture.map(Self.image)
    }

    func setClip(_ rect: PixelRect?) {
        clip = rect
    }

    func clear(_ c: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), sparing: CoveredPixels) {
        guard let image = target else { return }
        pipeline.fill(Rasterizer.pack(SIMD4(Float(c.r), Float(c.g), Float(c.b), Float(c.a))), image.bounds, sparing: sparing, into: image)
    }

    let drawsEdgeCoverage = true
    let drawsExactShading = true

    func draw(_ vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>,
              edges: Rasterizer.TriangleEdges?, shades: UnsafeBufferPointer<VertexShade>?, texture: Texture?, blended: Bool,
              covered: CoveredPixels) {
        guard let image = target else { return }
        pipeline.draw(vertices, indices, edges: edges, shades: shades, texture: texture.map(Self.image), blended: blended, into: image,
                      clip: clip ?? image.bounds, covered: covered)
    }

    let keepsFrames = true

    func keepFrame() -> Bool {
        guard let frame = target else { return false }
        if kept?.width != frame.width || kept?.height != frame.height { kept = RasterImage(width: frame.width, height: frame.height) }
        guard let kept else { return false }
        pipeline.copy(from: frame, frame.bounds, sparing: .none, into: kept)
        return true
    }

    func restoreKeptFrame(sparing: CoveredPixels) -> Bool {
        guard let frame = target, let kept, kept.width == frame.width, kept.height == frame.height else { return false }
        pipeline.copy(from: kept, clip ?? frame.bounds, sparing: sparing, into: frame)
        return true
    }

    func dropKeptFrame() {
        kept = nil
    }

    func present() {
        pipeline.wait()
        guard let frame, let surface = SDL_GetWindowSurface(window.handle) else { return }
        let w = min(Int(surface.pointee.w), frame.width), h = min(Int(surface.pointee.h), frame.height)
        let format = surface.pointee.format.pointee.format
        if format == SDL_PIXELFORMAT_ARGB8888.rawValue || format == SDL_PIXELFORMAT_RGB888.rawValue {
            // The same words (X11's usual 24-bit visual ignores the top byte): row copies,
            // several times faster than SDL's general conversion.
            let pitch = Int(surface.pointee.pitch)
            for y in 0..<h {
                (surface.pointee.pixels + y * pitch).copyMemory(from: frame.pixels + y * frame.width, byteCount: w * 4)
            }
        } else {
            SDL_ConvertPixels(Int32(w), Int32(h), SDL_PIXELFORMAT_ARGB8888.rawValue, frame.pixels, Int32(frame.width * 4),
                              format, surface.pointee.pixels, surface.pointee.pitch)
        }
        SDL_UpdateWindowSurface(window.handle)
    }

    func read(_ r: PixelRect, into rgba: UnsafeMutableRawBufferPointer) throws {
        pipeline.wait()
        guard let image = target else { throw SDLError(message: "no memory for the frame") }
        try check(SDL_ConvertPixels(Int32(r.x1 - r.x0), Int32(r.y1 - r.y0), SDL_PIXELFORMAT_ARGB8888.rawValue,
                                    image.pixels + r.y0 * image.width + r.x0, Int32(image.width * 4),
                                    SDL_PIXELFORMAT_RGBA32.rawValue, rgba.baseAddress, Int32((r.x1 - r.x0) * 4)), "SDL_ConvertPixels")
    }
}
