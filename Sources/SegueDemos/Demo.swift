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
