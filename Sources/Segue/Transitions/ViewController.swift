/// Owns one screen's view and presents others over it (`UIViewController`).
@MainActor
open class ViewController {
    /// The name shown in a navigation bar, and the default view's layer name.
    public var title: String
    /// Supplies the animator and interaction controller when this controller is presented
    /// or dismissed. Not retained, as in UIKit.
    public weak var transitioningDelegate: ViewControllerTransitioningDelegate?
    /// The controller this one presents, from its presentation's completion to its dismissal's.
    public internal(set) var presentedViewController: ViewController?
    /// The controller presenting this one (held weakly), while the presentation is complete.
    public internal(set) weak var presentingViewController: ViewController?
    /// The controller of this one's presentation while it is presented (its transitioning
    /// delegate's), nil for a full-screen one.
    public internal(set) var presentationController: PresentationController?
    private var loadedView: View?
    weak var navigationOwner: NavigationController?

    /// A controller titled `title`; its view loads on first use.
    public init(title: String = "") {
        self.title = title
    }

    /// The controller's view, created by `loadView()` on first use.
    public var view: View {
        if let v = loadedView { return v }
        let v = loadView()
        loadedView = v
        viewDidLoad()
        return v
    }

    /// Whether the view has been created (`view` was read).
    public var isViewLoaded: Bool { loadedView != nil }

    /// Creates the view; the default is a plain white view.
    open func loadView() -> View {
        let v = View(name: title.isEmpty ? "screen" : title)
        v.backgroundColor = .white
        return v
    }

    /// Called once after `loadView()`.
    open func viewDidLoad() {}

    /// The controller actually on screen for this one (a navigation controller answers with
    /// its top controller).
    open var visibleViewController: ViewController { self }

    /// Presents `vc` full screen over this controller, animated by its transitioning
    /// delegate's animator (and driven by its interaction controller, if it returns one).
    /// Ignored while a transition runs, or when this controller already presents one.
    public func present(_ vc: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
        guard let window = view.window, !window.isTransitioning, presentedViewController == nil,
              vc.presentingViewController == nil, vc !== self else { return }
        let delegate = vc.transitioningDelegate
        let animator = animated ? delegate?.animationController(forPresented: vc, presenting: self, source: self) : nil
        let interactor = animator.flatMap { delegate?.interactionControllerForPresentation(using: $0) }
        let presentation = delegate?.presentationController(forPresented: vc, presenting: self, source: self)
        vc.presentationController = presentation
        TransitionContext(operation: .present, from: self, to: vc, containerView: window.containerView,
                          animator: animator, interactionController: interactor, presentation: presentation) { [weak self] completed in
            guard completed, let self else {
                vc.presentationController = nil
                return
            }
            self.presentedViewController = vc
            vc.presentingViewController = self
            completion?()
        }.start()
    }

    /// Dismisses the controller this one presents, or, when it presents none, this one.
    /// Ignored while a transition runs.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        guard let presented = presentedViewController ?? (presentingViewController == nil ? nil : self),
              let presenting = presented.presentingViewController,
              let window = presented.view.window ?? presenting.view.window, !window.isTransitioning else { return }
        let delegate = presented.transitioningDelegate
        let animator = animated ? delegate?.animationController(forDismissed: presented) : nil
        let interactor = animator.flatMap { delegate?.interactionControllerForDismissal(using: $0) }
        TransitionContext(operation: .dismiss, from: presented, to: presenting, containerView: window.containerView,
                          animator: animator, interactionController: interactor, presentation: presented.presentationController) { completed in
            guard completed else { return }
            presenting.presentedViewController = nil
            presented.presentingViewController = nil
            presented.presentationController = nil
            completion?()
        }.start()
    }
}
