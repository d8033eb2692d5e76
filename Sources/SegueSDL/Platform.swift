internal import CSDL2
internal import CSegueSupport
import Foundation
import Segue
import SegueCommandLine
import SegueProcess

/// SDL, SDL_ttf and SDL_image, initialised once for the process and shut down on `deinit`.
package final class Platform {
    /// Initialises video, text and images. `headless` selects SDL's offscreen video driver,
    /// which needs no display (SDL's OpenGL renderer draws there through EGL). SDL installs
    /// no signal handlers: SIGINT and SIGTERM are the process's own (`Interruption`). On X11,
    /// Xlib's error handlers are replaced: a protocol error (the window destroyed by another
    /// program) shows in `displayError`, a lost display ends the process with one line and
    /// status 1 (exit hooks run, so a recording is still written). A window that SDL could
    /// only give to a video driver without a display (offscreen, dummy), which nobody asked
    /// for in `SDL_VIDEODRIVER`, is refused: a window nobody can see is no window.
    package init(headless: Bool) throws {
        SDL_SetMainReady()
        if headless { setenv("SDL_VIDEODRIVER", "offscreen", 1) }
        let environment = ProcessInfo.processInfo.environment
        func given(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if !headless, given("SDL_VIDEODRIVER") == nil, given("DISPLAY") == nil, given("WAYLAND_DISPLAY") == nil {
            throw SDLError(message: "no display: DISPLAY and WAYLAND_DISPLAY are not set (on a console, set SDL_VIDEODRIVER=kmsdrm)")
        }
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        // Before SDL's video starts: SDL chains its own X error handler to the one it finds
        // and puts that one back when it quits (when the errors of a destroyed window arrive).
        if !headless { segue_x11_install_error_handlers(Path.split(CommandLine.arguments.first ?? "segue").name) }
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        try check(SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS), "SDL_Init")
        if !headless, let driver = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }), ["offscreen", "dummy"].contains(driver),
           given("SDL_VIDEODRIVER") != driver {
            SDL_Quit()
            let display = given("DISPLAY").map { "DISPLAY is \(Echo.quoted($0))" } ?? "DISPLAY is not set"
            throw SDLError(message: "no display: no window system answered (\(display))")
        }
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

    /// The display's first protocol error since the window opened (X11), as a sentence, or
    /// nil: after one, the window cannot be trusted to exist.
    package var displayError: String? {
        let code = segue_x11_error()
        guard code != 0 else { return nil }
        let names = [3: "BadWindow", 4: "BadPixmap", 8: "BadMatch", 9: "BadDrawable", 11: "BadAlloc", 13: "BadGC"]
        return "the window is gone (X error \(names[Int(code)] ?? "code \(code)"))"
    }

    deinit {
        IMG_Quit()
        TTF_Quit()
        SDL_Quit()
    }

    /// Puts `text` on the clipboard (X11's CLIPBOARD selection, served while the app runs);
    /// false when SDL cannot.
    @discardableResult
    package func setClipboard(_ text: String) -> Bool { SDL_SetClipboardText(text) == 0 }

    /// The usable size of the primary display in pixels, or nil when SDL cannot tell.
    package var usableDisplaySize: (width: Int, height: Int)? {
        var r = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(0, &r) == 0, r.w > 0, r.h > 0 else { return nil }
        return (Int(r.w), Int(r.h))
    }

    /// The primary display's pixels per 1/96 inch (its horizontal DPI over 96), within
    /// 1…4; 1 when SDL cannot tell or the display reports less (a guess, not a fact, on
    /// many X servers).
    package var displayDensity: Double {
        var dpi: Float = 0
        guard SDL_GetDisplayDPI(0, nil, &dpi, nil) == 0, dpi.isFinite, dpi > 0 else { return 1 }
        return min(max((Double(dpi) / 96 * 4).rounded() / 4, 1), 4)
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
