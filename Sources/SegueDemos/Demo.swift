import Segue
import SegueCatalog

/// One of the app's demos: a window with its screens, the transition wiring, and the
/// handles the app, the headless renderer and the tests need.
@MainActor
package protocol Demo: AnyObject {
    /// The name used on the command line and in events ("flip").
    var name: String { get }
    /// The operations the demo's transition performs, in the order a user meets them.
    var operations: [TransitionContext.Operation] { get }
    /// One line telling the user what to do.
    var hint: String { get }
    var window: Window { get }
    /// The drags that scrub the transition.
    var interactions: [DragInteractionController] { get }
    /// The transition's tunable parameters, applied from the next transition on.
    var parameters: TransitionParameters { get set }
    /// The parameters the demo starts with: the reference's.
    var defaultParameters: TransitionParameters { get }
    /// The screens the `operation` goes from and to.
    func screens(for operation: TransitionContext.Operation) -> (from: ViewController, to: ViewController)
    /// Puts the demo at rest where `operation` starts, without animation.
    func prepare(for operation: TransitionContext.Operation)
    /// Starts `operation` animated, as its button does (no-op when it cannot start now).
    func start(_ operation: TransitionContext.Operation)
    /// The operation that can start from the screen shown now.
    var nextOperation: TransitionContext.Operation? { get }
    /// A synthetic drag for benchmarks and stress tests: the operation it runs (from rest
    /// after `prepare(for:)`), where it presses, and the displacement that stands for 100 %.
    var dragPlan: (operation: TransitionContext.Operation, start: Point, full: Point) { get }
    /// What a user can tap now, by name, in screen points (for automation).
    var targets: [(name: String, frame: Rect)] { get }
    /// The images the platform must load before drawing: contents id → path.
    var images: [(id: String, path: String)] { get }
    /// Whether the demo has a base and a modal screen that can show pictures (`show`): a
    /// modal demo does, a navigation demo keeps its own screens.
    var showsPictures: Bool { get }
    /// Shows `pictures` as the base and modal screens, each tappable anywhere, where the demo
    /// has those two screens (`showsPictures`); nothing otherwise.
    func show(_ pictures: ScreenPictures)
}

/// One of the demos the app ships, in the order of the keys 1, 2, 3…: the type that names a
/// demo on the command line, in recordings and in events.
package enum BuiltInDemo: String, CaseIterable, Hashable, Sendable {
    case flip, pageturn, magicmove

    /// One line for the catalog, naming the reference it follows.
    package var description: String {
        switch self {
        case .flip: return "The screen turns about X to edge-on and the next turns in from behind (the seed's flip)."
        case .pageturn: return "The new screen swings in about its left edge like a door, under a shadow (the seed's page turn)."
        case .magicmove: return "Navigation push and pop: the tapped picture flies into place on a spring (Keynote's magic move)."
        }
    }

    /// Its two screens, where it is a modal demo.
    package var screens: (base: DemoScreen.Design, modal: DemoScreen.Design)? {
        switch self {
        case .flip: return (.flipHome, .flipModal)
        case .pageturn: return (.pageHome, .pageModal)
        case .magicmove: return nil
        }
    }

    /// Its drags in the transition format's terms; magic move's pop counts as its dismiss
    /// (its push is a tap).
    package var interaction: TransitionFile.Interaction {
        switch self {
        case .flip: return .init(present: .init(.vertical), dismiss: .init(.vertical))
        case .pageturn: return .init(present: .init(.left, edge: .right), dismiss: .init(.right, edge: .left))
        case .magicmove: return .init(present: nil, dismiss: .init(.right, edge: .left))
        }
    }
}

/// The demos the app ships, made by identifier.
@MainActor
package enum DemoCatalog {
    nonisolated package static let names = BuiltInDemo.allCases.map(\.rawValue)

    /// A new `demo` on a screen of `size` points.
    package static func make(_ demo: BuiltInDemo, screenSize size: Size) -> Demo {
        switch demo {
        case .flip:
            return ModalDemo(name: demo.rawValue, screenSize: size, home: .flipHome, modal: .flipModal,
                             hint: "Drag vertically on the screen to flip, or press its button. Release past the marker to finish.",
                             dragPlan: (.present, Point(x: size.width / 2, y: size.height * 0.95), Point(x: 0, y: -size.height))) { window, toggle in
                FlipTransition(window: window, begin: toggle)
            }
        case .pageturn:
            return ModalDemo(name: demo.rawValue, screenSize: size, home: .pageHome, modal: .pageModal,
                             hint: "Drag from the right edge to turn the page in, from the left edge to turn it back, or press the button.",
                             dragPlan: (.present, Point(x: size.width - 4, y: size.height / 2), Point(x: -size.width, y: 0))) { window, toggle in
                PageTurnTransition(window: window, present: toggle, dismiss: toggle)
            }
        case .magicmove:
            return MagicMoveDemo(screenSize: size)
        }
    }

    /// A new demo called `name`, or nil for a name no demo has.
    package static func make(_ name: String, screenSize size: Size) -> Demo? {
        BuiltInDemo(rawValue: name).map { make($0, screenSize: size) }
    }

    /// A demo of `transition` (a transition file's, or a Swift one) between two screens — the
    /// built-in demo's of its name (a seed written as a file), else the flip demo's worded for
    /// it (`DemoScreen.Design.screens(for:)`) — on a screen of `size` points.
    package static func make(_ transition: CustomTransition, screenSize size: Size) -> ModalDemo {
        let screens = BuiltInDemo(rawValue: transition.name)?.screens ?? DemoScreen.Design.screens(for: transition)
        let hint = transition.description ?? "Drag as the transition says, or press the button."
        // The synthetic drag presents as the transition says: from the edge it names (else
        // near the side the pan leaves from) across its whole distance.
        let pan = transition.interaction?.present
        let (w, h) = (size.width, size.height)
        let along: Point
        switch pan?.direction ?? .up {
        case .up, .vertical: along = Point(x: 0, y: -1)
        case .down: along = Point(x: 0, y: 1)
        case .left, .horizontal: along = Point(x: -1, y: 0)
        case .right: along = Point(x: 1, y: 0)
        }
        let distance: Double
        switch pan?.distance ?? .height {
        case .height: distance = h
        case .width: distance = w
        case .points(let p): distance = p
        case .percent(let p): distance = p / 100 * (along.y != 0 ? h : w)
        }
        let full = along * distance
        var start = Point(x: w / 2 - along.x * w * 0.45, y: h / 2 - along.y * h * 0.45)
        switch pan?.edge {
        case .left?: start.x = 4
        case .right?: start.x = w - 4
        case .top?: start.y = 4
        case .bottom?: start.y = h - 4
        case nil: break
        }
        return ModalDemo(name: transition.name, screenSize: size, home: screens.base, modal: screens.modal, hint: hint,
                         dragPlan: (.present, start, full), images: transition.images) { window, toggle in
            CustomTransition.Delegate(transition, window: window, present: toggle, dismiss: toggle)
        }
    }
}

/// A demo could not reach the state asked for.
package struct DemoError: Error, CustomStringConvertible {
    package let description: String
}

extension Demo {
    /// Seconds the transition lasts.
    package var duration: Double {
        get { parameters.duration }
        set { parameters.duration = newValue }
    }

    /// The curve over the transition's whole timeline.
    package var curve: Curve {
        get { parameters.curve }
        set { parameters.curve = newValue }
    }

    /// The display list the demo shows at fraction `progress` (0…1, clamped) of
    /// `operation`'s animation time, started from rest at time 0, points mapped to pixels by
    /// `scale`. Use on a fresh demo: it moves the demo's clock.
    package func frame(of operation: TransitionContext.Operation, atProgress progress: Double,
                      scale: Double) throws -> DisplayList {
        window.advance(to: 0)
        prepare(for: operation)
        start(operation)
        guard window.isTransitioning else {
            throw DemoError(description: "the \(operation.rawValue) transition of \(name) did not start")
        }
        window.advance(to: min(max(progress, 0), 1) * duration)
        return Compositor.compose(window.layer, scale: scale)
    }
}
