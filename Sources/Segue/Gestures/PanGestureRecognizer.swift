/// A drag (`UIPanGestureRecognizer`): it begins once the pointer has moved
/// `minimumDistance` points from the press, reports translation from the press point and a
/// velocity over the last `velocityWindow` seconds, and ends on release.
@MainActor
open class PanGestureRecognizer: GestureRecognizer {
    /// Points the pointer must move, pressed, before the pan begins (so a click stays a tap).
    public var minimumDistance = 4.0
    /// Seconds of recent samples the velocity is measured over.
    package var velocityWindow = 0.1

    package private(set) var startLocation = Point.zero
    /// Where the pointer last was while pressed, in screen points; `.zero` before the first press.
    public private(set) var location = Point.zero
    private var samples: [(time: Double, location: Point)] = []
    private var isPressed = false

    /// A pan that begins after `minimumDistance` (4 by default) points of movement.
    override public init() {
        super.init()
    }

    /// Whether a press at `location` may turn into this pan; a screen-edge pan narrows it.
    open func shouldBegin(at location: Point) -> Bool { true }

    /// The drag's displacement from the press point, in screen points.
    public var translation: Point { location - startLocation }

    /// Points per second over the most recent `velocityWindow` seconds of samples; zero when
    /// fewer than two samples fall within it.
    public var velocity: Point {
        guard let last = samples.last, let first = samples.first(where: { $0.time >= last.time - velocityWindow }),
              last.time - first.time > 1e-4 else { return .zero }
        return (last.location - first.location) * (1 / (last.time - first.time))
    }

    /// A press makes it `.possible` (`.failed` if `shouldBegin` refuses); moving `minimumDistance`
    /// points begins it, then `.changed`; release ends it, cancel cancels it (unbegun: `.failed`).
    override open func process(_ event: PointerEvent) {
        switch event.phase {
        case .down:
            // A press while one is under way (a lost release): the old gesture is cancelled first.
            if isActive { setState(.cancelled) }
            isPressed = true
            startLocation = event.location
            location = event.location
            samples.removeAll(keepingCapacity: true)
            record(event)
            setState(shouldBegin(at: event.location) ? .possible : .failed)
        case .moved:
            guard isPressed else { return }
            location = event.location
            record(event)
            if state == .possible && translation.length >= minimumDistance {
                setState(.began)
            } else if isActive {
                setState(.changed)
            }
        case .up:
            guard isPressed else { return }
            isPressed = false
            location = event.location
            record(event)
            setState(isActive ? .ended : .failed)
        case .cancelled:
            guard isPressed else { return }
            isPressed = false
            setState(isActive ? .cancelled : .failed)
        }
    }

    private func record(_ event: PointerEvent) {
        samples.append((event.time, event.location))
        let horizon = event.time - velocityWindow * 2
        if let firstKept = samples.firstIndex(where: { $0.time >= horizon }), firstKept > 0 {
            samples.removeFirst(firstKept)
        }
    }
}
