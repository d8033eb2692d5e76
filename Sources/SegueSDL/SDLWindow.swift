internal import CSDL2

/// An SDL window (owns the `SDL_Window*`; keeps SDL up while it lives).
package final class SDLWindow {
    let handle: OpaquePointer
    let platform: Platform

    /// A window of `width` × `height` pixels, centred; `hidden` for offscreen rendering.
    package init(platform: Platform, title: String, width: Int, height: Int, resizable: Bool = true, hidden: Bool = false) throws {
        self.platform = platform
        var flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        flags |= hidden ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue
        let pos = segue_windowpos_centered()
        guard let h = SDL_CreateWindow(title, pos, pos, Int32(width), Int32(height), flags) else {
            throw SDLError("SDL_CreateWindow \(width)×\(height)")
        }
        handle = h
    }

    deinit { SDL_DestroyWindow(handle) }

    /// The window's size in SDL's window coordinates, which its events use too: pixels on
    /// X11 (on a scaled display elsewhere, the drawable may have more).
    package var size: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    package var id: UInt32 { SDL_GetWindowID(handle) }

    package func setMinimumSize(width: Int, height: Int) {
        SDL_SetWindowMinimumSize(handle, Int32(width), Int32(height))
    }

    /// Whether the window covers its display ("desktop" full screen: the display keeps its
    /// mode, the window takes its size, and a resize event follows).
    package var isFullScreen: Bool {
        get { SDL_GetWindowFlags(handle) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue == SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        set { SDL_SetWindowFullscreen(handle, newValue ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0) }
    }
}
