/// Turns a sequence of pointer events into a gesture with a state machine
/// (`UIGestureRecognizer`): possible → began → changed… → ended or cancelled, or
/// possible → failed. Actions run on began, changed, ended and cancelled.
@MainActor
open class GestureRecognizer {
    /// Where a recognizer is in its state machine.
    public enum State: String, Hashable, Sendable {
        /// `possible`: no gesture yet; `began`, `changed`: under way; `ended`: finished;
        /// `cancelled`: interrupted; `failed`: the press is not this gesture.
        case possible, began, changed, ended, cancelled, failed
    }

    /// The current state: `.possible` at first; the recognizer moves it as events arrive.
    public private(set) var state = State.possible
    /// The window it was added to (`Window.addGestureRecognizer`), held weakly; nil before that.
    public internal(set) weak var view: View?
    /// A disabled recognizer ignores events; disabling it cancels a gesture under way and
    /// returns it to `.possible`, so a finished gesture cannot outlive it.
    public var isEnabled = true {
        didSet {
            guard !isEnabled else { return }
            if isActive { setState(.cancelled) }
            state = .possible
        }
    }
    private var actions: [(GestureRecognizer) -> Void] = []

    /// An enabled recognizer in `.possible`, with no actions and no view.
    public init() {}

    /// Adds an action run on every state change that reports progress.
    public func addTarget(_ action: @escaping (GestureRecognizer) -> Void) {
        actions.append(action)
    }

    /// Whether the gesture is under way (began or changed).
    package var isActive: Bool { state == .began || state == .changed }

    /// Whether the current press has been recognized as this gesture (so it is not a tap).
    package var hasRecognizedPress: Bool { isActive || state == .ended }

    /// Feeds one event to `process(_:)` when enabled.
    package func handle(_ event: PointerEvent) {
        if isEnabled { process(event) }
    }

    /// Decides the state changes for one event; subclasses override.
    open func process(_ event: PointerEvent) {}

    /// Moves to `newState` and runs the actions where the state reports progress.
    package func setState(_ newState: State) {
        state = newState
        switch newState {
        case .began, .changed, .ended, .cancelled: for action in actions { action(self) }
        case .possible, .failed: break
        }
    }
}
