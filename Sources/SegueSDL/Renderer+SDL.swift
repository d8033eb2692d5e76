internal import CSDL2
import SegueRender

extension Renderer {
    /// The engines a window can be drawn with.
    package enum Kind: String, CaseIterable, Sendable {
        /// OpenGL on a GPU, else the rasterizer (`Renderer.reason` says which and why).
        case auto
        /// Segue's rasterizer, shown through the window's surface.
        case raster
        /// SDL's OpenGL renderer (llvmpipe without a GPU), SDL's software one if it fails.
        case opengl
        /// SDL's software renderer.
        case software
    }

    /// A renderer for `window` of `kind`; `vsync` paces SDL's OpenGL presents to the display.
    /// `auto` takes OpenGL where its context is a real GPU, else the rasterizer (on a machine
    /// without a GPU it is the fastest).
    package convenience init(window: SDLWindow, kind: Kind = .raster, vsync: Bool = false) throws {
        switch kind {
        case .raster:
            self.init(backend: RasterBackend(output: RasterWindowOutput(window: window)))
        case .opengl, .software:
            self.init(backend: try SDLRenderBackend(window: window, kind: kind, vsync: vsync))
        case .auto:
            let name = Self.openGLName(platform: window.platform)
            if let name, !Self.isSoftware(openGL: name) {
                if let gl = try? SDLRenderBackend(window: window, kind: .opengl, vsync: vsync), gl.driverName == Kind.opengl.rawValue {
                    self.init(backend: gl, reason: "GPU: \(name)")
                } else {
                    self.init(backend: RasterBackend(output: RasterWindowOutput(window: window)),
                              reason: "OpenGL failed: \(name) could not draw in the window")
                }
            } else {
                self.init(backend: RasterBackend(output: RasterWindowOutput(window: window)),
                          reason: name.map { "no GPU: OpenGL is \($0)" } ?? "no OpenGL")
            }
        }
    }

    /// Whether an OpenGL renderer of this name runs on the CPU (Mesa's llvmpipe, softpipe
    /// or swrast), where Segue's rasterizer is faster.
    package static func isSoftware(openGL name: String) -> Bool {
        let lower = name.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer"].contains { lower.contains($0) }
    }

    /// The `GL_RENDERER` of SDL's OpenGL renderer on `platform`'s display, made on a hidden
    /// window and let go; nil when SDL cannot make one.
    private static func openGLName(platform: Platform) -> String? {
        guard let probe = try? SDLWindow(platform: platform, title: "Segue", width: 16, height: 16, resizable: false,
                                         hidden: true) else { return nil }
        return withExtendedLifetime(probe) {
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "opengl")
            guard let renderer = SDL_CreateRenderer(probe.handle, -1, SDL_RENDERER_ACCELERATED.rawValue) else { return nil }
            defer { SDL_DestroyRenderer(renderer) }
            var info = SDL_RendererInfo()
            SDL_GetRendererInfo(renderer, &info)
            guard info.name.map({ String(cString: $0) }) == Kind.opengl.rawValue,
                  let getString = SDL_GL_GetProcAddress("glGetString") else { return nil }
            let glRenderer: UInt32 = 0x1F01
            let call = unsafeBitCast(getString, to: (@convention(c) (UInt32) -> UnsafePointer<UInt8>?).self)
            return call(glRenderer).map { String(cString: $0) }
        }
    }
}

/// The rasterizer's frames shown through a window's surface.
final class RasterWindowOutput: RasterOutput {
    private let window: SDLWindow

    init(window: SDLWindow) {
        self.window = window
        // The window's surface straight to the display (X11: shared memory), not through a
        // texture of an OpenGL renderer SDL would otherwise make for it.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    }

    var size: (width: Int, height: Int) { window.size }

    func present(_ frame: RasterImage) {
        guard let surface = SDL_GetWindowSurface(window.handle) else { return }
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
}
