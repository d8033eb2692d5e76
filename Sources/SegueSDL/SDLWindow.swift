internal import CSDL2
internal import CSegueSupport

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
        size = (width, height)
        size = measureSize()
    }

    deinit { SDL_DestroyWindow(handle) }

    /// The window's size in SDL's window coordinates, which its events use too (pixels on
    /// X11; on a scaled display elsewhere, the drawable may have more), as last measured:
    /// when it opened and at every size change SDL reports (`measureSize`).
    package private(set) var size: (width: Int, height: Int)

    /// Measures the window's size anew and keeps it in `size`. On X11 the X server is asked:
    /// SDL reports the display's size for a full screen no window manager granted (a kiosk,
    /// a bare X server), while the window stays as it was.
    @discardableResult
    package func measureSize() -> (width: Int, height: Int) {
        var info = SegueWindowSystemInfo()
        info.version = SDL_version(major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        var w: Int32 = 0, h: Int32 = 0
        if SDL_GetWindowWMInfo(handle, &info) == SDL_TRUE, info.subsystem == segue_syswm_x11(),
           segue_x11_window_size(info.info.x11.display, info.info.x11.window, &w, &h) != 0, w > 0, h > 0 {
            size = (Int(w), Int(h))
        } else {
            SDL_GetWindowSize(handle, &w, &h)
            size = (Int(w), Int(h))
        }
        return size
    }

    package var id: UInt32 { SDL_GetWindowID(handle) }

    package func setMinimumSize(width: Int, height: Int) {
        SDL_SetWindowMinimumSize(handle, Int32(width), Int32(height))
    }

    /// How the window covers its display, if it does.
    private enum Covering {
        case none
        /// Asked of the window manager ("desktop" full screen: the display keeps its mode, the
        /// window takes its size) at `asked` (SDL's milliseconds), granted or not yet.
        case desktop(asked: UInt32, granted: Bool, windowed: SDL_Rect)
        /// A borderless window of the display's size, where no window manager granted it.
        case borderless(windowed: SDL_Rect)
    }
    private var covering = Covering.none

    /// Milliseconds a window manager has to grant a full screen before the window becomes a
    /// borderless one of the display's size instead.
    static let grantWait: UInt32 = 400

    /// Whether the window covers its display: full screen as the desktop does it, or where
    /// that is not granted within `grantWait` (no window manager), a borderless window of the
    /// display's size (`settleFullScreen`). Turning it off puts the window back as it was.
    package var isFullScreen: Bool {
        get {
            // A window manager may take a granted full screen back (a key of its own).
            if case .desktop(_, true, _) = covering, SDL_GetWindowFlags(handle) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue == 0 {
                covering = .none
            }
            if case .none = covering { return false } else { return true }
        }
        set {
            switch (newValue, covering) {
            case (true, .none):
                let windowed = frame
                SDL_SetWindowFullscreen(handle, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
                covering = .desktop(asked: SDL_GetTicks(), granted: false, windowed: windowed)
            case (false, .desktop):
                SDL_SetWindowFullscreen(handle, 0)
                covering = .none
            case (false, .borderless(let windowed)):
                SDL_SetWindowBordered(handle, SDL_TRUE)
                SDL_SetWindowSize(handle, windowed.w, windowed.h)
                SDL_SetWindowPosition(handle, windowed.x, windowed.y)
                covering = .none
            default: break
            }
        }
    }

    /// Whether a full screen was asked of the desktop and is neither granted nor replaced yet
    /// (the app keeps looking, `settleFullScreen`).
    package var awaitsFullScreen: Bool {
        if case .desktop(_, false, _) = covering { true } else { false }
    }

    /// Called as the app runs: a full screen asked of the desktop and not granted within
    /// `grantWait` (the window kept its size) becomes a borderless window of the display's
    /// size. Returns whether it did (its size events follow).
    @discardableResult
    package func settleFullScreen() -> Bool {
        guard case .desktop(let asked, false, let windowed) = covering else { return false }
        var display = SDL_Rect()
        guard SDL_GetDisplayBounds(max(SDL_GetWindowDisplayIndex(handle), 0), &display) == 0 else { return false }
        let measured = measureSize()
        if measured.width == Int(display.w) && measured.height == Int(display.h) {
            covering = .desktop(asked: asked, granted: true, windowed: windowed)
            return false
        }
        guard SDL_GetTicks() &- asked >= Self.grantWait else { return false }
        SDL_SetWindowFullscreen(handle, 0)
        SDL_SetWindowBordered(handle, SDL_FALSE)
        SDL_SetWindowPosition(handle, display.x, display.y)
        SDL_SetWindowSize(handle, display.w, display.h)
        covering = .borderless(windowed: windowed)
        return true
    }

    /// Where the window is and its size, in SDL's window coordinates.
    private var frame: SDL_Rect {
        var r = SDL_Rect()
        SDL_GetWindowPosition(handle, &r.x, &r.y)
        SDL_GetWindowSize(handle, &r.w, &r.h)
        return r
    }
}
