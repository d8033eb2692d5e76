internal import CSDL2
import Segue
import SegueCommandLine
import SegueProcess

/// An input and when it happened: seconds on the frame clock of its consumer.
package struct TimedInput: Hashable, Sendable {
    package var input: InputEvent
    package var time: Double

    package init(_ input: InputEvent, at time: Double) {
        self.input = input
        self.time = time
    }
}

/// Places SDL's event timestamps (milliseconds of `SDL_GetTicks`) on a frame clock:
/// an event `age` ms old at `now` happened at `now − age`, kept no later than `now` and no
/// earlier than the input before it (or the clock's start, for the first), so inputs stay
/// in order and never come from the future.
package struct InputClock: Sendable {
    /// The time given to the last input (the clock's start before any).
    package private(set) var lastTime: Double

    package init(start: Double = 0) { lastTime = start }

    /// The frame-clock time of an event stamped `eventTicks`, read at `nowTicks` (the same
    /// moment as `now`). The ticks may wrap (32-bit milliseconds); a stamp "ahead" of
    /// `nowTicks` counts as now.
    package mutating func time(eventTicks: UInt32, nowTicks: UInt32, now: Double) -> Double {
        let age = nowTicks &- eventTicks
        let seconds = age > UInt32.max / 2 ? 0 : Double(age) / 1000
        let t = min(max(now - seconds, lastTime), now)
        lastTime = t
        return t
    }
}

/// Takes SDL's events as `TimedInput`s (left mouse button only), each with its own time on
/// the caller's frame clock. Between frames, `wait` sleeps in `SDL_WaitEventTimeout` and
/// takes events as they arrive, so their times are when they came, not when the frame
/// began; `poll` hands over those and whatever else is queued.
package final class EventPump {
    private let window: SDLWindow
    private var clock = InputClock()
    private var repair = SwallowedPressRepair()
    private var taken: [TimedInput] = []
    private var repaired: [InputEvent] = []
    private var takenContentsLost = false
    private var takenOldestPointer: Double?

    package init(window: SDLWindow) {
        self.window = window
    }

    /// When the oldest pointer event handed over by the last `poll` happened, in
    /// `Platform.ticks` seconds, or nil when it had none.
    package private(set) var oldestPointerEventTime: Double?

    /// Whether the last `poll` saw the window's contents lost (uncovered, restored): the
    /// frame must be drawn again even if nothing changed.
    package private(set) var contentsLost = false

    /// Sleeps until `deadline` (on the frame clock `now`), taking events as they arrive; with
    /// `returnOnInput`, returns at the first input (or lost contents) instead. Returns early, too, once a signal
    /// has arrived (SDL's wait is cut into slices of at most 250 ms to notice it).
    package func wait(until deadline: Double, returnOnInput: Bool, now: () -> Double) {
        while Interruption.signal == nil {
            // To the nearest millisecond, SDL's resolution: on average on time.
            let ms = Int32(min(((deadline - now()) * 1000).rounded(), 250))
            if ms <= 0 { return }
            var e = SDL_Event()
            guard SDL_WaitEventTimeout(&e, ms) != 0 else { continue }
            let before = taken.count
            take(e, now: now())
            if returnOnInput && (taken.count > before || takenContentsLost) { return }
        }
    }

    /// Appends every input taken since the last poll and every pending one, with its time
    /// (at most `now`, the frame's time).
    package func poll(into events: inout [TimedInput], now: Double) {
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 { take(e, now: now) }
        for i in taken.indices where taken[i].time > now { taken[i].time = now }
        events += taken
        taken.removeAll(keepingCapacity: true)
        contentsLost = takenContentsLost
        oldestPointerEventTime = takenOldestPointer
        takenContentsLost = false
        takenOldestPointer = nil
    }

    private func take(_ e: SDL_Event, now: Double) {
        if SDL_EventType(rawValue: e.type) == SDL_WINDOWEVENT,
           [SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_SHOWN]
            .contains(SDL_WindowEventID(rawValue: UInt32(e.window.event))) {
            takenContentsLost = true
        }
        guard let translated = translate(e) else { return }
        switch translated {
        case .mouseDown, .mouseMoved, .mouseUp:
            if takenOldestPointer == nil { takenOldestPointer = Double(e.common.timestamp) / 1000 }
        default: break
        }
        let time = clock.time(eventTicks: e.common.timestamp, nowTicks: SDL_GetTicks(), now: now)
        repaired.removeAll(keepingCapacity: true)
        repair.pass(translated, into: &repaired)
        for input in repaired { taken.append(TimedInput(input, at: time)) }
    }

    private func translate(_ e: SDL_Event) -> InputEvent? {
        switch SDL_EventType(rawValue: e.type) {
        case SDL_QUIT:
            return .quit
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(rawValue: UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                // The size the window has, not the one SDL says (`SDLWindow.measureSize`).
                let (w, h) = window.measureSize()
                return .resized(width: w, height: h)
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
            case Int32(SDLK_TAB.rawValue): key = .tab
            case Int32(SDLK_F11.rawValue): key = .fullScreen
            case Int32(SDLK_F1.rawValue): key = .help
            case Int32(SDLK_SLASH.rawValue) where shift: key = .help
            case Int32(SDLK_0.rawValue)...Int32(SDLK_9.rawValue): key = .digit(Int(sym - Int32(SDLK_0.rawValue)))
            case 97...122, Int32(SDLK_LEFTBRACKET.rawValue), Int32(SDLK_RIGHTBRACKET.rawValue):
                key = .character(Character(Unicode.Scalar(UInt8(sym))))
            default: return nil
            }
            return .key(key, shift: shift)
        default:
            return nil
        }
    }
}
