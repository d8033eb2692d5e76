import Segue

/// One of the app's demos: a window with its screens, the transition wiring, and the
/// handles the app, the headless renderer and the tests need.
public protocol Demo: AnyObject {
    /// The name used on the command line and in events ("flip").
    static var name: String { get }
    /// The operations the demo's transition performs, in the order a user meets them.
    static var operations: [TransitionContext.Operation] { get }
    var window: Window { get }
    /// The drag that scrubs the transition, for the HUD.
    var interaction: DragInteractionController { get }
    /// Seconds the transition lasts.
    var duration: Double { get set }
    /// The curve over the transition's whole timeline.
    var curve: TimingCurve { get set }
    /// The screens the `operation` goes from and to.
    func screens(for operation: TransitionContext.Operation) -> (from: ViewController, to: ViewController)
    /// Puts the demo at rest where `operation` starts, without animation.
    func prepare(for operation: TransitionContext.Operation)
    /// Starts `operation` animated, as its button does (no-op when it cannot start now).
    func start(_ operation: TransitionContext.Operation)
}

/// The demos the app ships, by name.
public enum DemoCatalog {
    public static let names = [FlipDemo.name]

    /// A new demo called `name` on a screen of `size` points, or nil for an unknown name.
    public static func make(_ name: String, screenSize: Size) -> Demo? {
        switch name {
        case FlipDemo.name: return FlipDemo(screenSize: screenSize)
        default: return nil
        }
    }
}

extension Demo {
    /// Replaces the whole content of `vc`'s screen with `image`, scaled to cover the screen.
    public func replaceContent(of vc: ViewController, with image: ImageContent) {
        let view = vc.view
        for sub in view.subviews { sub.removeFromSuperview() }
        view.layer.gradient = nil
        var content = image
        content.gravity = .resizeAspectFill
        view.addSubview(ImageView(frame: Rect(origin: .zero, size: view.bounds.size), image: content))
    }
}

extension DemoCatalog {
    /// The operations of the demo called `name` (empty for an unknown name).
    public static func operations(of name: String) -> [TransitionContext.Operation] {
        switch name {
        case FlipDemo.name: return FlipDemo.operations
        default: return []
        }
    }
}

/// A demo could not reach the state asked for.
public struct DemoError: Error, CustomStringConvertible {
    public let description: String
}

extension Demo {
    /// The display list the demo shows at fraction `progress` (0…1) of `operation`'s
    /// animation time, started from rest at time 0 with points mapped to pixels by `scale`.
    /// Use on a fresh demo: it moves the demo's clock.
    public func frame(of operation: TransitionContext.Operation, atProgress progress: Double,
                      scale: Double) throws -> DisplayList {
        window.advance(to: 0)
        prepare(for: operation)
        start(operation)
        guard window.isTransitioning else {
            throw DemoError(description: "the \(operation.rawValue) transition of \(Self.name) did not start")
        }
        window.advance(to: min(max(progress, 0), 1) * duration)
        return Compositor.compose(window.layer, scale: scale)
    }
}

/// Where a synthetic drag of each demo starts and which way it goes (a full-percent
/// displacement), for benchmarks and stress tests.
public enum DragPlan {
    public static func plan(for name: String, screen: Size) -> (start: Point, axis: Point) {
        switch name {
        default: return (Point(x: screen.width / 2, y: screen.height * 0.95), Point(x: 0, y: -screen.height))
        }
    }
}
