internal import CSDL2
import Segue

/// Drains SDL's event queue into `InputEvent`s (left mouse button only).
package final class EventPump {
    private let window: SDLWindow

    package init(window: SDLWindow) {
        self.window = window
    }

    /// When the oldest pointer event of the last `poll` happened, in `Platform.ticks`
    /// seconds, or nil when it had none.
    package private(set) var oldestPointerEventTime: Double?

    /// Whether the last `poll` saw the window's contents lost (uncovered, restored): the
    /// frame must be drawn again even if nothing changed.
    package private(set) var contentsLost = false

    private var repair = SwallowedPressRepair()

    /// Appends every pending event to `events`.
    package func poll(into events: inout [InputEvent]) {
        oldestPointerEventTime = nil
        contentsLost = false
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {
            if SDL_EventType(rawValue: e.type) == SDL_WINDOWEVENT,
               [SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_SHOWN]
                .contains(SDL_WindowEventID(rawValue: UInt32(e.window.event))) {
                contentsLost = true
            }
            guard let translated = translate(e) else { continue }
            switch translated {
            case .mouseDown, .mouseMoved, .mouseUp:
                if oldestPointerEventTime == nil { oldestPointerEventTime = Double(e.common.timestamp) / 1000 }
            default: break
            }
            repair.pass(translated, into: &events)
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
            let shift = Int32(e.key.keysym.mod) & Int32(KMOD_SHIFT.rawValue) != 0
            let key: InputEvent.Key
            switch sym {
            case Int32(SDLK_ESCAPE.rawValue): key = .escape
            case Int32(SDLK_q.rawValue): key = .quit
            case Int32(SDLK_SPACE.rawValue): key = .space
            case Int32(SDLK_LEFT.rawValue): key = .left
            case Int32(SDLK_RIGHT.rawValue): key = .right
            case Int32(SDLK_UP.rawValue): key = .up
            case Int32(SDLK_DOWN.rawValue): key = .down
            case Int32(SDLK_0.rawValue)...Int32(SDLK_9.rawValue): key = .digit(Int(sym - Int32(SDLK_0.rawValue)))
            case 97...122: key = .character(Character(Unicode.Scalar(UInt8(sym))))
            default: return nil
            }
            return .key(key, shift: shift)
        default:
            return nil
        }
    }
}
