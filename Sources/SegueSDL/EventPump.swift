internal import CSDL2

/// A platform event, in window pixels, with SDL left behind.
public enum InputEvent: Equatable, Sendable {
    case quit
    case resized(width: Int, height: Int)
    case focusLost
    case mouseDown(x: Double, y: Double)
    case mouseMoved(x: Double, y: Double)
    /// `inside` is false when the button was released outside the window.
    case mouseUp(x: Double, y: Double, inside: Bool)
    case key(Key)

    public enum Key: Equatable, Sendable {
        case escape, quit, space, left, right, up, down
        case digit(Int)
        case character(Character)
    }
}

/// Drains SDL's event queue into `InputEvent`s (left mouse button only).
public final class EventPump {
    private let window: SDLWindow

    public init(window: SDLWindow) {
        self.window = window
    }

    /// Appends every pending event to `events`.
    public func poll(into events: inout [InputEvent]) {
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {
            if let translated = translate(e) { events.append(translated) }
        }
    }

    private func translate(_ e: SDL_Event) -> InputEvent? {
        switch SDL_EventType(rawValue: e.type) {
        case SDL_QUIT:
            return .quit
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(rawValue: UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                return .resized(width: Int(e.window.data1), height: Int(e.window.data2))
            case SDL_WINDOWEVENT_FOCUS_LOST, SDL_WINDOWEVENT_MINIMIZED, SDL_WINDOWEVENT_HIDDEN:
                return .focusLost
            default:
                return nil
            }
        case SDL_MOUSEBUTTONDOWN where Int32(e.button.button) == SDL_BUTTON_LEFT:
            return .mouseDown(x: Double(e.button.x), y: Double(e.button.y))
        case SDL_MOUSEBUTTONUP where Int32(e.button.button) == SDL_BUTTON_LEFT:
            let (w, h) = window.size
            let x = Int(e.button.x), y = Int(e.button.y)
            return .mouseUp(x: Double(x), y: Double(y), inside: x >= 0 && y >= 0 && x < w && y < h)
        case SDL_MOUSEMOTION:
            return .mouseMoved(x: Double(e.motion.x), y: Double(e.motion.y))
        case SDL_KEYDOWN:
            let sym = e.key.keysym.sym
            switch sym {
            case Int32(SDLK_ESCAPE.rawValue): return .key(.escape)
            case Int32(SDLK_q.rawValue): return .key(.quit)
            case Int32(SDLK_SPACE.rawValue): return .key(.space)
            case Int32(SDLK_LEFT.rawValue): return .key(.left)
            case Int32(SDLK_RIGHT.rawValue): return .key(.right)
            case Int32(SDLK_UP.rawValue): return .key(.up)
            case Int32(SDLK_DOWN.rawValue): return .key(.down)
            case Int32(SDLK_1.rawValue)...Int32(SDLK_9.rawValue): return .key(.digit(Int(sym - Int32(SDLK_0.rawValue))))
            case 32..<127: return .key(.character(Character(Unicode.Scalar(UInt8(sym)))))
            default: return nil
            }
        default:
            return nil
        }
    }
}
