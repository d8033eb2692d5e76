import Segue
import SegueCatalog

/// A demo of a modal transition: a home screen presents a second screen, by its button or
/// by a drag, and the second screen dismisses the same way.
@MainActor
package final class ModalDemo: Demo {
    package let name: String
    package let operations: [TransitionContext.Operation] = [.present, .dismiss]
    package let hint: String
    package let window: Window
    package let home: DemoScreen
    package let modal: DemoScreen
    package let transition: TunableTransition
    package let dragPlan: (operation: TransitionContext.Operation, start: Point, full: Point)

    /// - Parameter makeTransition: builds the transitioning delegate on the window; its
    ///   argument starts whichever operation fits the screen shown.
    package init(name: String, screenSize: Size, home: DemoScreen.Design, modal: DemoScreen.Design, hint: String,
                dragPlan: (TransitionContext.Operation, Point, Point), images: [(id: String, path: String)] = [],
                makeTransition: (Window, @escaping () -> Void) -> TunableTransition) {
        self.name = name
        transitionImages = images
        self.hint = hint
        self.dragPlan = dragPlan
        window = Window(size: screenSize)
        self.home = DemoScreen(design: home, size: screenSize)
        self.modal = DemoScreen(design: modal, size: screenSize)
        var toggle: () -> Void = {}
        transition = makeTransition(window) { toggle() }
        defaultParameters = transition.parameters
        self.modal.transitioningDelegate = transition
        window.rootViewController = self.home
        toggle = { [weak self] in if let self { self.start(self.isPresented ? .dismiss : .present) } }
        self.home.buttonAction = { [weak self] in self?.start(.present) }
        self.modal.buttonAction = { [weak self] in self?.start(.dismiss) }
        window.observeTransitions { [weak self] event in
            if case .ended = event, let self { self.transition.settle(presented: self.isPresented) }
        }
    }

    /// Whether the second screen is presented (at rest, or as a transition starts).
    package var isPresented: Bool { home.presentedViewController != nil }

    package var interactions: [DragInteractionController] { transition.interactions }

    package var parameters: TransitionParameters {
        get { transition.parameters }
        set { transition.parameters = newValue }
    }

    package let defaultParameters: TransitionParameters


    /// The pictures its transition's layers show (absolute paths).
    private let transitionImages: [(id: String, path: String)]

    /// The pictures its transition's layers and its screens show.
    package var images: [(id: String, path: String)] {
        transitionImages + ScreenPictures(base: home.picture, modal: modal.picture).images
    }

    /// What a tap starts the next operation on: the shown screen's button by its lowercased
    /// title, or the whole screen ("screen") while it shows a picture.
    package var targets: [(name: String, frame: Rect)] {
        let target = isPresented ? modal.tapTarget : home.tapTarget
        guard let target, let r = target.convert(target.bounds, to: nil) else { return [] }
        return [(target.layer.name, r)]
    }

    package var showsPictures: Bool { true }

    package func show(_ pictures: ScreenPictures) {
        home.show(pictures.base)
        modal.show(pictures.modal)
    }

    package func screens(for operation: TransitionContext.Operation) -> (from: ViewController, to: ViewController) {
        operation == .dismiss ? (modal, home) : (home, modal)
    }

    package func prepare(for operation: TransitionContext.Operation) {
        if operation == .dismiss && !isPresented {
            home.present(modal, animated: false)
        } else if operation == .present && isPresented {
            modal.dismiss(animated: false)
        }
    }

    package var nextOperation: TransitionContext.Operation? { isPresented ? .dismiss : .present }

    package func start(_ operation: TransitionContext.Operation) {
        switch operation {
        case .present: home.present(modal, animated: true)
        case .dismiss: modal.dismiss(animated: true)
        case .push, .pop: break
        }
    }
}
