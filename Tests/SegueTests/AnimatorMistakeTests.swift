import Testing
@testable import Segue
@testable import SegueCatalog
@testable import SegueDemos
@testable import SegueStudio

/// An animator that breaks UIKit's contract is named, as UIKit's own logging names it, and the
/// screen is brought to rest: one that never calls `completeTransition` (past its duration
/// and a second), one that never adds the to-view.
@MainActor @Suite struct AnimatorMistakeTests {
    /// Adds the to-view (or not) and animates it for 1 s, and calls `completeTransition` (or not).
    final class Sloppy: ViewControllerAnimatedTransitioning {
        let adds: Bool, completes: Bool
        init(adds: Bool, completes: Bool) { (self.adds, self.completes) = (adds, completes) }
        var transitionName: String { "spin" }
        func transitionDuration(using context: TransitionContext?) -> Double { 1 }
        func animateTransition(using context: TransitionContext) {
            let to = context.view(forKey: .to)
            to.frame = context.containerView.bounds
            if adds { context.containerView.addSubview(to) }
            to.transform = .makeRotation(1, 0, 0, 1)
            View.animate(withDuration: 1, curve: .linear, animations: { to.transform = .makeRotation(0.5, 0, 0, 1) }, completion: { _ in
                if self.completes { context.completeTransition(!context.transitionWasCancelled) }
            })
        }
    }

    func demo(adds: Bool, completes: Bool) -> (Harness, ModalDemo) {
        let spin = CustomTransition(name: "spin", duration: 1) { _, _ in Sloppy(adds: adds, completes: completes) }
        let demo = DemoCatalog.make(spin, screenSize: Size(width: 375, height: 667))
        return (Harness(demo), demo)
    }

    @Test func anAnimatorThatNeverCompletesIsNamedAndTheScreenComesToRest() {
        let (h, demo) = demo(adds: true, completes: false)
        demo.start(.present)
        h.run(1.9)
        #expect(demo.window.isTransitioning && h.log == ["began spin present interactive=false"])
        h.run(0.2)
        #expect(h.log == ["began spin present interactive=false",
                          "mistake: transition 'spin' did not call completeTransition within its duration + 1 s",
                          "ended spin present cancelled=false"])
        let shown = demo.window.containerView.subviews
        #expect(shown.count == 1 && shown[0] === demo.modal.view && shown[0].transform == .identity && !shown[0].isHidden)
        #expect(!demo.window.isTransitioning && demo.nextOperation == .dismiss)
    }

    @Test func anAnimatorThatNeverAddsTheToViewIsNamed() {
        let (h, demo) = demo(adds: false, completes: true)
        demo.start(.present)
        h.run(1.2)
        // Said as it starts, the to-view put in its place: the transition then plays and ends.
        #expect(h.log == ["began spin present interactive=false",
                          "mistake: transition 'spin' never added the to-view to the container",
                          "ended spin present cancelled=false"])
        let shown = demo.window.containerView.subviews
        #expect(shown.count == 1 && shown[0] === demo.modal.view)
    }

    /// In the app: one line on stderr, an `error` event with the transition, the HUD's message.
    @Test func theSessionSaysItThreeWays() {
        let spin = CustomTransition(name: "spin", duration: 1) { _, _ in Sloppy(adds: true, completes: false) }
        var options = SessionOptions()
        options.demo = "spin"
        let driver = SessionDriver(options, transitions: [spin])
        var said: [String] = []
        driver.session.report = { said.append($0) }
        driver.session.demo.start(TransitionContext.Operation.present)
        driver.run(2.5)
        let message = "transition 'spin' did not call completeTransition within its duration + 1 s"
        #expect(said == [message] && driver.session.hud.problem == message)
        #expect(driver.lines.contains(#"{"event":"error","message":"\#(message)","transition":"spin"}"#), "\(driver.lines)")
    }
}
