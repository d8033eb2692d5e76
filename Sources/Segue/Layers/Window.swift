/// The device screen (`UIWindow`): the root of the view tree, the holder of the clock, the
/// gesture recognizers that live on the whole screen, and the running transition.
///
/// The owner drives it: `handle(_:)` for every pointer event, then `advance(to:)` once per
/// frame before composing. Time is whatever the owner says it is.
@MainActor
public final class Window: View {
    /// What a transition reports to the window's observers.
    package enum TransitionEvent {
        case began(TransitionContext)
        case ended(TransitionContext, cancelled: Bool)
        /// The transition's animator broke the contract (`TransitionContext`'s checks): one
        /// line saying how, as UIKit logs it.
        case mistake(TransitionContext, String)
    }

    /// Holds the screen's current view controller views; transitions animate inside it.
    public let containerView: View
    package private(set) var gestureRecognizers: [GestureRecognizer] = []
    /// The transition in progress, if any.
    public internal(set) var activeTransition: TransitionContext?
    private var displayLinks: [DisplayLink] = []
    private var transitionObservers: [(id: Int, observer: (TransitionEvent) -> Void)] = []
    private var nextObserverID = 0
    private weak var pressedView: View?

    /// A screen of `size` points, its container filling it, its clock at 0 s.
    public init(size: Size) {
        containerView = View(frame: Rect(origin: .zero, size: size), name: "container")
        super.init(frame: Rect(origin: .zero, size: size), name: "window")
        layer.clockTime = 0
        addSubview(containerView)
    }

    /// The view controller whose view fills the screen at rest (modals sit above it).
    public var rootViewController: ViewController? {
        didSet {
            oldValue?.view.removeFromSuperview()
            guard let vc = rootViewController else { return }
            vc.view.frame = containerView.bounds
            containerView.addSubview(vc.view)
        }
    }

    /// The view controller shown at rest: the root's last presented one.
    public var topViewController: ViewController? {
        var vc = rootViewController
        while let next = vc?.presentedViewController { vc = next }
        return vc?.visibleViewController
    }

    /// Whether a transition is in progress (`activeTransition` is set).
    public var isTransitioning: Bool { activeTransition != nil }

    /// Whether advancing the clock alone can change what shows: a display link runs, or an
    /// animation runs in a layer whose clock moves (not under a paused layer, as the
    /// container is while a drag drives a transition). False lets an app sleep until input.
    package var changesWithTime: Bool {
        !displayLinks.isEmpty || layer.hasAnimationsUnderMovingClock()
    }

    // MARK: Time

    /// The current time in seconds, as last passed to `advance(to:)`.
    public var time: Double { layer.clockTime }

    /// Moves the clock to `time`, runs the display links, then ends every animation that
    /// has played out (running completion handlers). Compose after this.
    public func advance(to time: Double) {
        layer.clockTime = time
        for link in displayLinks { link.fire(time) }
        displayLinks.removeAll { !$0.isValid }
        layer.completeEndedAnimations()
        activeTransition?.checkDeadline(at: time)
    }

    /// Registers `callback` to run on every `advance(to:)` until the link is invalidated.
    package func addDisplayLink(_ callback: @escaping (Double) -> Void) -> DisplayLink {
        let link = DisplayLink(callback)
        displayLinks.append(link)
        return link
    }

    // MARK: Input

    /// Attaches `recognizer` to the window, where it sees every event passed to `handle(_:)`.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view = self
        gestureRecognizers.append(recognizer)
    }

    /// Routes one event: every recognizer sees it; a press released on the view it began on,
    /// that no recognizer took as a gesture, taps that view. No taps during a transition.
    public func handle(_ event: PointerEvent) {
        for r in gestureRecognizers { r.handle(event) }
        switch event.phase {
        case .down:
            pressedView = isTransitioning ? nil : hitTest(event.location)
        case .moved:
            break
        case .up:
            defer { pressedView = nil }
            guard let v = pressedView, !isTransitioning,
                  !gestureRecognizers.contains(where: { $0.isEnabled && $0.hasRecognizedPress }),
                  hitTest(event.location) === v else { return }
            v.didTap()
        case .cancelled:
            pressedView = nil
        }
    }

    // MARK: Transitions

    /// A registration made by `observeTransitions(_:)`; `cancel()` ends it.
    @MainActor
    package struct Observation {
        fileprivate weak var window: Window?
        fileprivate let id: Int

        /// Stops the observer being called (again); nothing when already stopped.
        package func cancel() {
            window?.transitionObservers.removeAll { $0.id == id }
        }
    }

    /// Registers `observer` for the began and ended events of every transition until the
    /// returned observation is cancelled. Observers are called in the order registered; the
    /// window keeps them, so they should hold their owner weakly.
    @discardableResult
    package func observeTransitions(_ observer: @escaping (TransitionEvent) -> Void) -> Observation {
        nextObserverID += 1
        transitionObservers.append((nextObserverID, observer))
        return Observation(window: self, id: nextObserverID)
    }

    func notify(_ event: TransitionEvent) {
        for o in transitionObservers { o.observer(event) }
    }
}
