import Testing
@testable import Segue

/// `Window.present(_:animatedBy:atProgress:)` and `dismissPresented`: a transition held at a
/// moment, for a still frame, in one call.
@MainActor @Suite struct HeldTransitionTests {
    /// Fades the to-view in over 2 s (a present) or the from-view out (a dismiss), linearly;
    /// `adds` false breaks UIKit's contract.
    final class Fade: ViewControllerAnimatedTransitioning {
        let adds: Bool
        init(adds: Bool = true) { self.adds = adds }
        var transitionName: String { "fade" }
        func transitionDuration(using context: TransitionContext?) -> Double { 2 }
        func animateTransition(using context: TransitionContext) {
            let presenting = context.operation == .present
            let to = context.view(forKey: .to), from = context.view(forKey: .from)
            to.frame = context.containerView.bounds
            if adds { presenting ? context.containerView.addSubview(to) : context.containerView.insertSubview(to, at: 0) }
            let moving = presenting ? to : from
            moving.alpha = presenting ? 0 : 1
            View.animate(withDuration: 2, curve: .linear, animations: { moving.alpha = presenting ? 1 : 0 }, completion: { _ in
                context.completeTransition(!context.transitionWasCancelled)
            })
        }
    }

    /// A window at `time` showing a root controller.
    func window(at time: Double = 0) -> (Window, ViewController) {
        let window = Window(size: Size(width: 100, height: 200))
        window.advance(to: time)
        let root = ViewController(title: "root")
        window.rootViewController = root
        return (window, root)
    }

    /// Whether the container holds exactly `views`, back to front.
    func shows(_ window: Window, _ views: [View]) -> Bool {
        let shown = window.containerView.subviews
        return shown.count == views.count && zip(shown, views).allSatisfy { $0 === $1 }
    }

    /// A transitioning delegate of the test's own: it supplies the presentation controller
    /// (none) and counts how often it was asked.
    final class Own: ViewControllerTransitioningDelegate {
        var asked = 0
        func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> PresentationController? {
            asked += 1
            return nil
        }
    }

    @Test func aPresentHeldAtAProgressShowsThatMomentOfItsDuration() throws {
        let (window, root) = window(at: 5)
        let detail = ViewController(title: "detail")
        let own = Own()
        detail.transitioningDelegate = own
        try window.present(detail, animatedBy: Fade(), atProgress: 0.25)
        // 0.25 of 2 s past the clock's 5 s: a linear fade a quarter of the way in.
        #expect(window.time == 5.5 && window.isTransitioning)
        #expect(detail.view.layer.presentation.opacity == 0.25)
        #expect(shows(window, [root.view, detail.view]))
        // The controller's own delegate was asked for the presentation controller, and is back.
        #expect(detail.transitioningDelegate === own && own.asked == 1)
    }

    @Test func atProgressOneTheTransitionHasCompletedAndOutOfRangeIsClamped() throws {
        let (window, root) = window()
        let detail = ViewController(title: "detail")
        try window.present(detail, animatedBy: Fade(), atProgress: 7)
        #expect(window.time == 2 && !window.isTransitioning)
        #expect(root.presentedViewController === detail && window.topViewController === detail)
        #expect(shows(window, [detail.view]))

        let (other, _) = self.window()
        try other.present(ViewController(), animatedBy: Fade(), atProgress: .nan)
        #expect(other.time == 0 && other.isTransitioning)
    }

    @Test func aDismissIsHeldTheSameWay() throws {
        let (window, root) = window()
        let detail = ViewController(title: "detail")
        root.present(detail, animated: false)
        try window.dismissPresented(animatedBy: Fade(), atProgress: 0.75)
        #expect(window.time == 1.5 && window.isTransitioning)
        #expect(detail.view.layer.presentation.opacity == 0.25)
        #expect(shows(window, [root.view, detail.view]))
    }

    /// Under a navigation controller: the present is made from the navigation controller
    /// itself (not its top child), so the dismiss finds it.
    @Test func aNavigationRootPresentsAndDismisses() throws {
        let window = Window(size: Size(width: 100, height: 200))
        let nav = NavigationController(rootViewController: ViewController(title: "list"), size: Size(width: 100, height: 200))
        window.rootViewController = nav
        let detail = ViewController(title: "detail")
        try window.present(detail, animatedBy: Fade(), atProgress: 1)
        #expect(nav.presentedViewController === detail)
        try window.dismissPresented(animatedBy: Fade(), atProgress: 1)
        #expect(nav.presentedViewController == nil && !window.isTransitioning)
    }

    @Test func whatCannotBeHeldIsNamed() throws {
        let bare = Window(size: Size(width: 10, height: 10))
        #expect(throws: TransitionMistake(description: "the window has no root view controller to present over")) {
            try bare.present(ViewController(), animatedBy: Fade(), atProgress: 0.5)
        }
        let (window, root) = window()
        #expect(throws: TransitionMistake(description: "the window presents no view controller to dismiss")) {
            try window.dismissPresented(animatedBy: Fade(), atProgress: 0.5)
        }
        #expect(throws: TransitionMistake(description: "transition 'fade' did not start")) {
            try window.present(root, animatedBy: Fade(), atProgress: 0.5)
        }
        try window.present(ViewController(), animatedBy: Fade(), atProgress: 0.5)
        #expect(throws: TransitionMistake(description: "a transition is already running")) {
            try window.present(ViewController(), animatedBy: Fade(), atProgress: 0.5)
        }
        let (careless, _) = self.window()
        #expect(throws: TransitionMistake(description: "transition 'fade' never added the to-view to the container")) {
            try careless.present(ViewController(), animatedBy: Fade(adds: false), atProgress: 0.5)
        }
    }
}
