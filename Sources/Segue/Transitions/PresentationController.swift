/// Manages a presented screen's place and what surrounds it from the start of its
/// presentation to the end of its dismissal (`UIPresentationController`). The default is a
/// full-screen presentation: the presented view fills the container and the presenting
/// view leaves it. A subclass makes a sheet, a card or a pop-over: the presented view rests
/// at `frameOfPresentedViewInContainerView`, the presenting view stays, and the hooks add
/// and remove what lies around (a dim, the screen behind sunk back).
@MainActor
open class PresentationController {
    /// The controller being presented.
    public let presentedViewController: ViewController
    /// The controller it is presented over.
    public let presentingViewController: ViewController
    /// The container the transitions run in, once the presentation has begun.
    public internal(set) weak var containerView: View?

    /// A presentation of `presentedViewController` over `presentingViewController`.
    public init(presentedViewController: ViewController, presenting presentingViewController: ViewController) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController
    }

    /// Where the presented view rests, in the container's coordinates (default: all of it).
    open var frameOfPresentedViewInContainerView: Rect { containerView?.bounds ?? .zero }

    /// Whether the presenting view leaves the container once the presentation has ended
    /// (default true: nothing shows behind a full-screen presentation).
    open var shouldRemovePresentersView: Bool { true }

    /// Called as the presentation transition starts, before the animator runs.
    open func presentationTransitionWillBegin() {}
    /// Called once the presentation transition has ended, after the views are in place:
    /// `completed` false when it was cancelled.
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    /// Called as the dismissal transition starts, before the animator runs.
    open func dismissalTransitionWillBegin() {}
    /// Called once the dismissal transition has ended: `completed` false when it was
    /// cancelled (the presentation is at rest again).
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
}
