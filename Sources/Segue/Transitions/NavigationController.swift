/// Supplies the animator for each push and pop, and optionally an interaction controller
/// for it (`UINavigationControllerDelegate`). Nil means the default slide (or none, when
/// not animated); no interaction controller means the animation runs.
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
    /// The animator for a push or pop from `from` to `to`; nil: the default slide.
    func navigationController(_ nav: NavigationController, animationControllerFor operation: TransitionContext.Operation,
                              from: ViewController, to: ViewController) -> ViewControllerAnimatedTransitioning?
    /// The interaction controller to drive `animator`'s transition; nil: the animation just runs.
    func navigationController(_ nav: NavigationController, interactionControllerFor animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
}

extension NavigationControllerDelegate {
    /// No animator of its own: the default slide.
    public func navigationController(_ nav: NavigationController, animationControllerFor operation: TransitionContext.Operation,
                                     from: ViewController, to: ViewController) -> ViewControllerAnimatedTransitioning? { nil }
    /// No interaction controller: the animation runs on its own.
    public func navigationController(_ nav: NavigationController, interactionControllerFor animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? { nil }
}

/// A stack of view controllers shown one at a time under a navigation bar with the top
/// one's title and a back button (`UINavigationController`).
///
/// Pushes and pops run as transitions in `contentView`, the area under the bar; the stack
/// changes when the transition completes, and not at all when it is cancelled.
@MainActor
public final class NavigationController: ViewController {
    /// The navigation bar's height, points; the content area starts below it.
    public static let barHeight = 56.0

    /// The stack, root first, top last; it changes only when a push or pop completes.
    public private(set) var viewControllers: [ViewController]
    /// Not retained, as in UIKit.
    public weak var delegate: NavigationControllerDelegate?
    /// The size of the controller's view, points, fixed at creation.
    public let size: Size
    /// The area under the bar, where the top view rests and transitions run; nil until loaded.
    public private(set) var contentView: View!
    /// The bar's title, the top controller's; nil until the view loads.
    public private(set) var titleLabel: Label!
    /// The bar's back button, hidden at the root, popping when tapped; nil until the view loads.
    public private(set) var backButton: Button!

    /// A stack holding `rootViewController` alone, titled as it, with a view of `size` points.
    public init(rootViewController: ViewController, size: Size) {
        viewControllers = [rootViewController]
        self.size = size
        super.init(title: rootViewController.title)
        rootViewController.navigationController = self
    }

    /// The last controller on the stack: the one shown at rest.
    public var topViewController: ViewController { viewControllers[viewControllers.count - 1] }
    override public var visibleViewController: ViewController { topViewController }

    override public func loadView() -> View {
        let root = View(frame: Rect(origin: .zero, size: size), name: "navigation")
        root.backgroundColor = .white
        contentView = View(frame: Rect(x: 0, y: Self.barHeight, width: size.width, height: size.height - Self.barHeight),
                           name: "navigation-content")
        root.addSubview(contentView)
        let bar = View(frame: Rect(x: 0, y: 0, width: size.width, height: Self.barHeight), name: "navigation-bar")
        bar.backgroundColor = Color(hex: 0xF8FAFC)
        let hairline = View(frame: Rect(x: 0, y: Self.barHeight - 1, width: size.width, height: 1), name: "hairline")
        hairline.backgroundColor = Color(white: 0.8)
        bar.addSubview(hairline)
        titleLabel = Label(frame: Rect(x: 90, y: 16, width: size.width - 180, height: 26),
                           text: TextContent(topViewController.title, fontSize: 18, weight: .bold, alignment: .center))
        bar.addSubview(titleLabel)
        backButton = Button(frame: Rect(x: 8, y: 10, width: 76, height: 36), title: "‹ Back", color: .clear,
                            titleColor: Color(hex: 0x2563EB), name: "back") { [weak self] in self?.popViewController(animated: true) }
        bar.addSubview(backButton)
        root.addSubview(bar)
        let top = topViewController.view
        top.frame = contentView.bounds
        contentView.addSubview(top)
        updateBar()
        return root
    }

    private func updateBar() {
        titleLabel.text.string = topViewController.title
        backButton.isHidden = viewControllers.count < 2
    }

    /// Pushes `vc` on the stack, animated by the delegate's animator (or a slide). Ignored
    /// while a transition runs or when `vc` is already on a stack.
    public func pushViewController(_ vc: ViewController, animated: Bool) {
        guard vc.navigationController == nil else { return }
        transition(.push, from: topViewController, to: vc, animated: animated) { [weak self] in
            guard let self else { return }
            vc.navigationController = self
            self.viewControllers.append(vc)
        }
    }

    /// Pops the top view controller, animated as for a push. Ignored at the root or while a
    /// transition runs.
    public func popViewController(animated: Bool) {
        guard viewControllers.count > 1 else { return }
        let top = topViewController, below = viewControllers[viewControllers.count - 2]
        transition(.pop, from: top, to: below, animated: animated) { [weak self] in
            self?.viewControllers.removeLast()
            top.navigationController = nil
        }
    }

    private func transition(_ operation: TransitionContext.Operation, from: ViewController, to: ViewController,
                            animated: Bool, apply: @escaping () -> Void) {
        guard isViewLoaded, let window = view.window, !window.isTransitioning else {
            if !isViewLoaded { apply() }
            return
        }
        var animator: ViewControllerAnimatedTransitioning?
        if animated {
            animator = delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to)
                ?? SlideAnimator(operation: operation)
        }
        let interactor = animator.flatMap { delegate?.navigationController(self, interactionControllerFor: $0) }
        let context = TransitionContext(operation: operation, from: from, to: to, containerView: contentView,
                                        animator: animator, interactionController: interactor) { [weak self] completed in
            guard completed, let self else { return }
            apply()
            self.updateBar()
        }
        if animated { crossFadeTitle(to: to.title, following: context, in: window) }
        context.start()
    }

    /// Fades the bar's title into `title` as `context` progresses (so an interactive pop
    /// fades it under the finger, and a cancel fades it back), and the back button in or
    /// out when the stack's depth crosses one; the bar settles when the transition ends.
    private func crossFadeTitle(to title: String, following context: TransitionContext, in window: Window) {
        let incoming = Label(frame: titleLabel.frame, text: TextContent(title, fontSize: titleLabel.text.fontSize,
                                                                          weight: .bold, alignment: .center))
        incoming.alpha = 0
        titleLabel.superview?.addSubview(incoming)
        let backFades = (context.operation == .push) == (viewControllers.count == 1)
        var link: DisplayLink?
        link = window.addDisplayLink { [weak self, weak context] _ in
            guard let self, let context, !context.phase.isOver else {
                incoming.removeFromSuperview()
                self?.titleLabel.alpha = 1
                self?.backButton.alpha = 1
                link?.invalidate()
                return
            }
            let f = context.fractionComplete
            incoming.alpha = f
            self.titleLabel.alpha = 1 - f
            if backFades {
                self.backButton.isHidden = false
                self.backButton.alpha = context.operation == .push ? f : 1 - f
            }
        }
    }
}

extension ViewController {
    /// The navigation controller whose stack holds this controller, if any.
    public internal(set) var navigationController: NavigationController? {
        get { navigationOwner }
        set { navigationOwner = newValue }
    }
}
