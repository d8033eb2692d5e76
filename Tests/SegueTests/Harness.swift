@testable import Segue
import SegueDemos

/// Drives a demo with a manual clock and synthetic pointer events, recording the window's
/// transition events as text.
@MainActor
final class Harness {
    let demo: Demo
    private(set) var time = 0.0
    private(set) var log: [String] = []
    static let frame = 1.0 / 60

    init(_ demo: Demo) {
        self.demo = demo
        demo.window.observeTransitions { [unowned self] event in
            switch event {
            case .began(let c): self.log.append("began \(c.transitionName) \(c.operation.rawValue) interactive=\(c.isInteractive)")
            case .ended(let c, let cancelled): self.log.append("ended \(c.transitionName) \(c.operation.rawValue) cancelled=\(cancelled)")
            case .mistake(_, let message): self.log.append("mistake: \(message)")
            }
        }
        window.advance(to: 0)
    }

    convenience init(size: Size = Size(width: 375, height: 667)) {
        self.init(DemoCatalog.make("flip", screenSize: size)!)
    }

    var window: Window { demo.window }

    /// Advances the clock by `dt` seconds in one step.
    func step(_ dt: Double = Harness.frame) {
        time += dt
        window.advance(to: time)
    }

    /// Advances frame by frame for `seconds`.
    func run(_ seconds: Double) {
        let end = time + seconds
        while time + Harness.frame <= end + 1e-9 { step() }
        if end > time { step(end - time) }
    }

    func send(_ phase: PointerEvent.Phase, _ p: Point) {
        window.handle(PointerEvent(phase, p, time: time))
    }

    /// Presses at `from`, moves to `to` in `steps` frames, and releases unless told not to.
    func drag(from: Point, to: Point, steps: Int = 12, release: Bool = true) {
        send(.down, from)
        for i in 1...steps {
            step()
            let f = Double(i) / Double(steps)
            send(.moved, from + (to - from) * f)
        }
        if release {
            step()
            send(.up, to)
        }
    }

    func tap(_ p: Point) {
        send(.down, p)
        step()
        send(.up, p)
    }

    /// The centre of `view` in window coordinates.
    func center(of view: View?) -> Point {
        let view = view!
        return view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)!
    }

    /// The names of the screens in the transition container, back to front.
    var screens: [String] { window.containerView.subviews.map(\.layer.name) }
}
