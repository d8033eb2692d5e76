internal import CSDL2
import Foundation

/// SDL, SDL_ttf and SDL_image, initialised once for the process and shut down on `deinit`.
package final class Platform {
    /// Initialises video, text and images. `headless` selects SDL's offscreen video driver,
    /// which needs no display (SDL's OpenGL renderer draws there through EGL).
    package init(headless: Bool) throws {
        SDL_SetMainReady()
        if headless { setenv("SDL_VIDEODRIVER", "offscreen", 1) }
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        try check(SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS), "SDL_Init")
        guard TTF_Init() == 0 else {
            SDL_Quit()
            throw SDLError("TTF_Init")
        }
        let flags = Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue)
        guard IMG_Init(flags) & Int32(IMG_INIT_PNG.rawValue) != 0 else {
            TTF_Quit()
            SDL_Quit()
            throw SDLError("IMG_Init")
        }
    }

    deinit {
        IMG_Quit()
        TTF_Quit()
        SDL_Quit()
    }

    /// The usable size of the primary display in pixels, or nil when SDL cannot tell.
    package var usableDisplaySize: (width: Int, height: Int)? {
        var r = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(0, &r) == 0, r.w > 0, r.h > 0 else { return nil }
        return (Int(r.w), Int(r.h))
    }

    /// Seconds since SDL started, from the high-resolution counter.
    package static var seconds: Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }

    /// Seconds since SDL started, from its millisecond tick (the clock of event timestamps).
    package static var ticks: Double { Double(SDL_GetTicks64()) / 1000 }

    /// Hands the C allocator's free pages back to the system, so resident memory read next
    /// is what is live (the renderer frees and makes textures every frame).
    package static func releaseFreeMemory() { segue_trim_memory() }

    /// Line-buffers stdout so each event line reaches a reader at once.
    package static func lineBufferStandardOutput() { segue_line_buffer_stdout() }

    /// Writes `line` and a newline to stdout.
    package static func printLine(_ line: String) { segue_print_line(line) }
}

extension Platform {
    /// Sleeps the calling thread for `seconds` (at millisecond resolution).
    package static func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        SDL_Delay(UInt32((seconds * 1000).rounded()))
    }
}
