internal import CSDL2
import Foundation
import Segue
import SegueRender

/// Draws triangles into a window or a texture, with one of three engines behind the same
/// calls: Segue's own `Rasterizer` on the CPU (the default: on a machine without a GPU it
/// is the fastest), SDL's OpenGL renderer, or SDL's software renderer.
public final class Renderer {
    public enum Kind: String, CaseIterable, Sendable {
        /// Segue's rasterizer, shown through the window's surface.
        case raster
        /// SDL's OpenGL renderer (llvmpipe without a GPU), SDL's software one if it fails.
        case opengl
        /// SDL's software renderer.
        case software
    }

    /// The SDL renderer, nil for the raster engine.
    let handle: OpaquePointer?
    /// Kept so the window outlives the renderer.
    let window: SDLWindow
    /// The engine in use: "raster", "opengl", "software", …
    public let driverName: String
    private let rasterizer = Rasterizer()
    /// The raster engine's window image, remade when the window's size changes.
    private var frame: RasterImage?
    private var clipRect: PixelRect?

    /// A renderer for `window` of `kind`; `vsync` paces SDL's OpenGL presents to the display.
    public init(window: SDLWindow, kind: Kind = .raster, vsync: Bool = false) throws {
        self.window = window
        if kind == .raster {
            // The window's surface straight to the display (X11: shared memory), not
            // through a texture of an OpenGL renderer SDL would otherwise make for it.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            handle = nil
            driverName = kind.rawValue
            return
        }
        var made: OpaquePointer?
        if kind == .opengl {
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "opengl")
            var flags = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue
            if vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
            made = SDL_CreateRenderer(window.handle, -1, flags)
        }
        if made == nil {
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
            made = SDL_CreateRenderer(window.handle, -1, SDL_RENDERER_SOFTWARE.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue)
        }
        guard let h = made else { throw SDLError("SDL_CreateRenderer") }
        handle = h
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(h, &info)
        driverName = info.name.map { String(cString: $0) } ?? "unknown"
    }

    deinit {
        if let handle { SDL_DestroyRenderer(handle) }
    }

    /// The size of the current render target in pixels.
    public var outputSize: (width: Int, height: Int) {
        guard let handle else { return rasterTarget.map { ($0.width, $0.height) } ?? (0, 0) }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    /// The raster engine's current target: a texture's image, or the window's, made anew
    /// whenever the window's size has changed (nil, and nothing drawn, while memory for it
    /// cannot be had).
    private var rasterTarget: RasterImage? {
        if let image = target?.image { return image }
        let size = window.size
        if let f = frame, f.width == size.width, f.height == size.height { return f }
        frame = RasterImage(width: size.width, height: size.height)
        return frame
    }

    // MARK: Textures

    /// A texture holding `surface`'s pixels (the surface is left to the caller). It is
    /// opaque when the surface has neither an alpha channel nor a colour key.
    func makeTexture(from surface: UnsafeMutablePointer<SDL_Surface>) throws -> Texture {
        let opaque = surface.pointee.format.pointee.Amask == 0 && SDL_HasColorKey(surface) == SDL_FALSE
        guard let handle else {
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
            return Texture(image: image, isOpaque: opaque, renderer: self)
        }
        guard let t = SDL_CreateTextureFromSurface(handle, surface) else { throw SDLError("SDL_CreateTextureFromSurface") }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
        return Texture(handle: t, width: Int(surface.pointee.w), height: Int(surface.pointee.h), isOpaque: opaque, renderer: self)
    }

    /// A transparent texture of `width` × `height` pixels, to be filled with
    /// `Texture.update`; `target` if it is to be drawn into. A `coverage` texture (the
    /// glyph atlas) holds white texels whose alpha alone counts, and starts transparent
    /// white: filtered next to a glyph's edge, a clear texel then thins the glyph without
    /// darkening it (transparent black would).
    func makeTexture(width: Int, height: Int, coverage: Bool = false, target: Bool = false) throws -> Texture {
        guard let handle else {
            guard let image = RasterImage(width: width, height: height) else {
                throw SDLError(message: "not enough memory for a \(width)×\(height) texture")
            }
            if coverage {
                image.isCoverage = true
                image.fill(0x00FF_FFFF, PixelRect(x0: 0, y0: 0, x1: image.width, y1: image.height))
            }
            return Texture(image: image, renderer: self)
        }
        let access = target ? SDL_TEXTUREACCESS_TARGET : SDL_TEXTUREACCESS_STATIC
        guard let t = SDL_CreateTexture(handle, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(access.rawValue),
                                        Int32(width), Int32(height)) else {
            throw SDLError("SDL_CreateTexture \(width)×\(height)")
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
        let texture = Texture(handle: t, width: width, height: height, renderer: self)
        if !target {
            // RGBA bytes 255, 255, 255, 0 (or zeros), as words in memory order.
            let clear = [UInt32](repeating: coverage ? UInt32(littleEndian: 0x00FF_FFFF) : 0, count: width * height)
            clear.withUnsafeBytes { texture.update(x: 0, y: 0, w: width, h: height, rgba: $0.baseAddress!, pitch: width * 4) }
        }
        return texture
    }

    /// A texture that can be drawn into, `width` × `height` pixels.
    public func makeTargetTexture(width: Int, height: Int) throws -> Texture {
        try makeTexture(width: width, height: height, target: true)
    }

    /// The texture drawn into, or nil for the window.
    public private(set) var target: Texture?

    /// Draws into `texture` from now on, or into the window when nil, with no clip.
    public func setTarget(_ texture: Texture?) throws {
        applyPendingClear()
        if let handle { try check(SDL_SetRenderTarget(handle, texture?.handle), "SDL_SetRenderTarget") }
        target = texture
        setClip(nil)
    }

    /// Runs `body` drawing into `texture` with no clip, then restores the target and clip.
    func drawing(into texture: Texture, _ body: () throws -> Void) throws {
        let previous = (target: target, clip: clip)
        try setTarget(texture)
        defer {
            try? setTarget(previous.target)
            setClip(previous.clip)
        }
        try body()
    }

    // MARK: Frames

    /// Fills the whole target with `color` and lifts the clip. The fill waits until the
    /// target is next drawn, read, shown or changed, and is skipped if the drawer first
    /// declares that what it draws covers every pixel opaquely (`skipPendingClear`).
    public func clear(_ color: Color) {
        setClip(nil)
        pendingClear = color
    }

    /// A clear not applied yet.
    private var pendingClear: Color?

    /// Drops a pending clear: the caller is about to paint every pixel of the target opaquely.
    func skipPendingClear() {
        if pendingClear != nil { clearsSkipped += 1 }
        pendingClear = nil
    }

    /// How many clears were skipped so far (a figure for the bench and the tests).
    public private(set) var clearsSkipped = 0

    private func applyPendingClear() {
        guard let color = pendingClear else { return }
        pendingClear = nil
        let c = Self.bytes(color)
        guard let handle else {
            if let image = rasterTarget {
                image.fill(Rasterizer.pack(SIMD4(Float(c.r), Float(c.g), Float(c.b), Float(c.a))),
                           PixelRect(x0: 0, y0: 0, x1: image.width, y1: image.height))
            }
            return
        }
        SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, c.a)
        SDL_RenderClear(handle)
    }

    /// Draws `indices.count / 3` triangles of `vertices`, textured by `texture` (times the
    /// vertex colours) or coloured by the vertices alone, blended or stored.
    func drawGeometry(_ vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>,
                      texture: Texture?, blended: Bool) {
        applyPendingClear()
        guard let handle else {
            guard let image = rasterTarget else { return }
            rasterizer.draw(vertices, indices, texture: texture?.image, blended: blended, into: image,
                            clip: clipRect ?? PixelRect(x0: 0, y0: 0, x1: image.width, y1: image.height))
            return
        }
        let mode = blended ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE
        if let t = texture?.handle { SDL_SetTextureBlendMode(t, mode) } else { SDL_SetRenderDrawBlendMode(handle, mode) }
        // The same memory layout (SegueSDLTests checks it).
        vertices.withMemoryRebound(to: SDL_Vertex.self) { v in
            _ = SDL_RenderGeometry(handle, texture?.handle, v.baseAddress, Int32(v.count), indices.baseAddress, Int32(indices.count))
        }
    }

    /// Shows the frame drawn into the window.
    public func present() {
        applyPendingClear()
        guard let handle else {
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
            return
        }
        SDL_RenderPresent(handle)
    }

    /// The pixels of the current target, RGBA, row by row, top first.
    public func readPixels() throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let (w, h) = outputSize
        return (w, h, try read(PixelRect(x0: 0, y0: 0, x1: w, y1: h)))
    }

    /// Reads back one pixel (top-left): on OpenGL, waits until the frame is finished, cheaply.
    public func readPixel() throws -> [UInt8] {
        try read(PixelRect(x0: 0, y0: 0, x1: 1, y1: 1))
    }

    /// The RGBA bytes of `r` (inside the target), row by row.
    private func read(_ r: PixelRect) throws -> [UInt8] {
        applyPendingClear()
        let w = r.x1 - r.x0, h = r.y1 - r.y0
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        try pixels.withUnsafeMutableBytes { buf in
            guard let handle else {
                guard let image = rasterTarget else { throw SDLError(message: "no memory for the frame") }
                try check(SDL_ConvertPixels(Int32(w), Int32(h), SDL_PIXELFORMAT_ARGB8888.rawValue,
                                            image.pixels + r.y0 * image.width + r.x0, Int32(image.width * 4),
                                            SDL_PIXELFORMAT_RGBA32.rawValue, buf.baseAddress, Int32(w * 4)), "SDL_ConvertPixels")
                return
            }
            var rect = SDL_Rect(x: Int32(r.x0), y: Int32(r.y0), w: Int32(w), h: Int32(h))
            try check(SDL_RenderReadPixels(handle, &rect, SDL_PIXELFORMAT_RGBA32.rawValue, buf.baseAddress, Int32(w * 4)),
                      "SDL_RenderReadPixels")
        }
        return pixels
    }

    /// The whole-pixel rectangle drawing is limited to, nil for none.
    public private(set) var clip: Rect?

    /// Limits drawing to `rect` (pixels) rounded to whole pixels, or lifts the limit when
    /// nil; returns the whole-pixel rectangle it limits drawing to (nil: none), which is what
    /// the drawer must be told (`DisplayListRenderer.draw(_:pixelScale:clip:)`).
    @discardableResult
    public func setClip(_ rect: Rect?) -> Rect? {
        guard let r = rect else {
            clip = nil
            clipRect = nil
            if let handle { SDL_RenderSetClipRect(handle, nil) }
            return nil
        }
        let x = Int(r.minX.rounded()), y = Int(r.minY.rounded()), w = Int(r.width.rounded()), h = Int(r.height.rounded())
        clipRect = PixelRect(x0: x, y0: y, x1: x + w, y1: y + h)
        if let handle {
            var c = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(w), h: Int32(h))
            SDL_RenderSetClipRect(handle, &c)
        }
        clip = Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h))
        return clip
    }

    static func byte(_ v: Double) -> UInt8 { UInt8(min(max(v, 0), 1) * 255 + 0.5) }

    static func bytes(_ c: Color) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (byte(c.red), byte(c.green), byte(c.blue), byte(c.alpha))
    }
}
