internal import CSDL2
import Foundation
import Segue

/// An SDL renderer (owns the `SDL_Renderer*`): OpenGL when it can be had, else SDL's
/// software renderer; the same calls drive both.
public final class Renderer {
    let handle: OpaquePointer
    /// Kept so the window outlives the renderer.
    let window: SDLWindow
    /// The SDL driver in use ("opengl", "software", …).
    public let driverName: String

    /// A renderer for `window`. With `software` false it asks for OpenGL first (in a window
    /// and headless through EGL) and falls back to the software renderer.
    public init(window: SDLWindow, software: Bool = false, vsync: Bool = false) throws {
        var made: OpaquePointer?
        if !software {
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
        self.window = window
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(h, &info)
        driverName = info.name.map { String(cString: $0) } ?? "unknown"
    }

    deinit { SDL_DestroyRenderer(handle) }

    /// The size of the current render target in pixels.
    public var outputSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    // MARK: Textures

    /// A texture holding `surface`'s pixels (the surface is left to the caller).
    func makeTexture(from surface: UnsafeMutablePointer<SDL_Surface>) throws -> Texture {
        guard let t = SDL_CreateTextureFromSurface(handle, surface) else { throw SDLError("SDL_CreateTextureFromSurface") }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
        let opaque = surface.pointee.format.pointee.Amask == 0
        return Texture(handle: t, width: Int(surface.pointee.w), height: Int(surface.pointee.h), isOpaque: opaque, renderer: self)
    }

    /// A texture of `width` × `height` RGBA pixels, transparent, to be filled with
    /// `SDL_UpdateTexture` (the glyph atlas).
    func makeTexture(width: Int, height: Int) throws -> Texture {
        guard let t = SDL_CreateTexture(handle, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                        Int32(width), Int32(height)) else {
            throw SDLError("SDL_CreateTexture \(width)×\(height)")
        }
        let clear = [UInt8](repeating: 0, count: width * height * 4)
        clear.withUnsafeBytes { _ = SDL_UpdateTexture(t, nil, $0.baseAddress, Int32(width * 4)) }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
        return Texture(handle: t, width: width, height: height, renderer: self)
    }

    /// A texture that can be rendered into, `width` × `height` RGBA pixels.
    public func makeTargetTexture(width: Int, height: Int) throws -> Texture {
        guard let t = SDL_CreateTexture(handle, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                        Int32(width), Int32(height)) else {
            throw SDLError("SDL_CreateTexture \(width)×\(height)")
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
        return Texture(handle: t, width: width, height: height, renderer: self)
    }

    /// The texture drawn into, or nil for the window.
    public private(set) var target: Texture?

    /// Draws into `texture` from now on, or into the window when nil.
    public func setTarget(_ texture: Texture?) throws {
        try check(SDL_SetRenderTarget(handle, texture?.handle), "SDL_SetRenderTarget")
        target = texture
    }

    /// Runs `body` drawing into `texture` with no clip, then restores the target and clip.
    func drawing(into texture: Texture, _ body: () throws -> Void) throws {
        let previous = target
        var clip = SDL_Rect()
        let clipped = SDL_RenderIsClipEnabled(handle) == SDL_TRUE
        SDL_RenderGetClipRect(handle, &clip)
        try setTarget(texture)
        SDL_RenderSetClipRect(handle, nil)
        defer {
            try? setTarget(previous)
            if clipped { SDL_RenderSetClipRect(handle, &clip) } else { SDL_RenderSetClipRect(handle, nil) }
        }
        try body()
    }

    // MARK: Frames

    public func clear(_ color: Color) {
        SDL_SetRenderDrawColor(handle, Self.byte(color.red), Self.byte(color.green), Self.byte(color.blue), Self.byte(color.alpha))
        SDL_RenderSetClipRect(handle, nil)
        SDL_RenderClear(handle)
    }

    public func present() { SDL_RenderPresent(handle) }

    /// The pixels of the current target, RGBA, row by row, top first.
    public func readPixels() throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let (w, h) = outputSize
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        try pixels.withUnsafeMutableBytes { buf in
            try check(SDL_RenderReadPixels(handle, nil, SDL_PIXELFORMAT_RGBA32.rawValue, buf.baseAddress, Int32(w * 4)),
                      "SDL_RenderReadPixels")
        }
        return (w, h, pixels)
    }

    /// Limits drawing to `rect` (pixels) rounded to whole pixels, or lifts the limit when
    /// nil; returns the whole-pixel rectangle it limits drawing to (nil: none), which is what
    /// the drawer must be told (`DisplayListRenderer.draw(_:pixelScale:clip:)`).
    @discardableResult
    public func setClip(_ rect: Rect?) -> Rect? {
        guard let r = rect else {
            SDL_RenderSetClipRect(handle, nil)
            return nil
        }
        var c = SDL_Rect(x: Int32(r.minX.rounded()), y: Int32(r.minY.rounded()),
                         w: Int32(r.width.rounded()), h: Int32(r.height.rounded()))
        SDL_RenderSetClipRect(handle, &c)
        return Rect(x: Double(c.x), y: Double(c.y), width: Double(c.w), height: Double(c.h))
    }

    static func byte(_ v: Double) -> UInt8 { UInt8(min(max(v, 0), 1) * 255 + 0.5) }
}

extension Renderer {
    /// Reads back one pixel (top-left): waits until the GPU has finished the frame, cheaply.
    public func readPixel() throws -> [UInt8] {
        var pixel = [UInt8](repeating: 0, count: 4)
        var r = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
        try pixel.withUnsafeMutableBytes { buf in
            try check(SDL_RenderReadPixels(handle, &r, SDL_PIXELFORMAT_RGBA32.rawValue, buf.baseAddress, 4), "SDL_RenderReadPixels")
        }
        return pixel
    }
}
