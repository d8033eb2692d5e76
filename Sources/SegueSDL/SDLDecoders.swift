internal import CSDL2
import SegueProcess
import SegueRender

/// The platform's decoders for the render stages: fonts through SDL_ttf, JPEG through
/// SDL_image. Keeps SDL (and SDL_ttf) up while it lives.
package final class SDLDecoders: ContentDecoders {
    private let platform: Platform

    package init(platform: Platform) {
        self.platform = platform
    }

    package func openFont(path: String, pixels: Int) throws -> any GlyphFont {
        try TTFFont(path: path, pixels: pixels, platform: platform)
    }

    package func decodeJPEG(path: String) throws -> DecodedImage {
        guard let rw = SDL_RWFromFile(path, "rb"), let surface = IMG_LoadTyped_RW(rw, 1, "JPG") else {
            throw RenderError("cannot decode image \(Echo.quoted(path)): \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(surface) }
        return try Self.image(of: surface)
    }

    /// `surface`'s pixels as straight-alpha ARGB words, through SDL's conversion (which reads
    /// palettes and turns a colour key into alpha).
    static func image(of surface: UnsafeMutablePointer<SDL_Surface>) throws -> DecodedImage {
        guard let argb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw RenderError("cannot convert an image: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(argb) }
        let w = Int(argb.pointee.w), h = Int(argb.pointee.h), pitch = Int(argb.pointee.pitch)
        let words = [UInt32](unsafeUninitializedCapacity: w * h) { buffer, initialized in
            for y in 0..<h {
                (buffer.baseAddress! + y * w).update(from: (argb.pointee.pixels + y * pitch).assumingMemoryBound(to: UInt32.self), count: w)
            }
            initialized = w * h
        }
        return DecodedImage(argb: words, width: w, height: h)
    }
}

/// A font opened by SDL_ttf at one pixel size; keeps SDL_ttf up while it lives.
private final class TTFFont: GlyphFont {
    let handle: OpaquePointer
    private let platform: Platform

    init(path: String, pixels: Int, platform: Platform) throws {
        guard let f = TTF_OpenFont(path, Int32(pixels)) else { throw SDLError("TTF_OpenFont \(path)") }
        handle = f
        self.platform = platform
    }

    deinit { TTF_CloseFont(handle) }

    var lineSkip: Int { Int(TTF_FontLineSkip(handle)) }

    func glyph(_ scalar: UInt32) -> RenderedGlyph? {
        var minx: Int32 = 0, maxx: Int32 = 0, miny: Int32 = 0, maxy: Int32 = 0, advance: Int32 = 0
        guard TTF_GlyphMetrics32(handle, scalar, &minx, &maxx, &miny, &maxy, &advance) == 0,
              let rendered = TTF_RenderGlyph32_Blended(handle, scalar, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
        defer { SDL_FreeSurface(rendered) }
        guard let surface = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(surface) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let rgba = [UInt8](unsafeUninitializedCapacity: w * h * 4) { buffer, initialized in
            for y in 0..<h {
                (buffer.baseAddress! + y * w * 4).update(from: (surface.pointee.pixels + y * pitch).assumingMemoryBound(to: UInt8.self),
                                                         count: w * 4)
            }
            initialized = w * h * 4
        }
        return RenderedGlyph(rgba: rgba, width: w, height: h, advance: Int(advance))
    }

    func kerning(_ a: UInt32, _ b: UInt32) -> Int {
        Int(TTF_GetFontKerningSizeGlyphs32(handle, a, b))
    }

    func width(of text: Substring) -> Int? {
        var w: Int32 = 0
        return TTF_SizeUTF8(handle, String(text), &w, nil) == 0 ? Int(w) : nil
    }
}

extension OffscreenCanvas {
    /// A canvas of `width` × `height` pixels drawn by a renderer of `kind`, with SDL's
    /// decoders: the rasterizer in memory, or SDL's engines on a hidden window (SDL's
    /// offscreen driver when headless).
    package convenience init(platform: Platform, width: Int, height: Int, assetsDirectory: String, kind: Renderer.Kind = .raster) throws {
        let renderer: Renderer
        if kind == .raster {
            renderer = .offscreen(width: 1, height: 1)
        } else {
            let window = try SDLWindow(platform: platform, title: "Segue offscreen", width: 64, height: 64, resizable: false, hidden: true)
            renderer = try Renderer(window: window, kind: kind)
        }
        try self.init(renderer: renderer, width: width, height: height, assetsDirectory: assetsDirectory,
                      decoders: SDLDecoders(platform: platform))
    }
}
