import Testing
@testable import Segue
@testable import SegueCatalog
@testable import SegueDemos

/// A Swift animator that only turns a view gets depth from the transition's perspective: the
/// tuned eye is the container's while it runs, and gone when it ends; a file's animator keeps
/// it on its own stage.
@MainActor @Suite struct InPerspectiveTests {
    /// Turns the to-view (present) or the from-view (dismiss) about Y and nothing more.
    final class Tilt: ViewControllerAnimatedTransitioning {
        let presenting: Bool
        init(presenting: Bool) { self.presenting = presenting }
        var transitionName: String { "tilt" }
        func transitionDuration(using context: TransitionContext?) -> Double { 1 }
        func animateTransition(using context: TransitionContext) {
            let to = context.view(forKey: .to), from = context.view(forKey: .from)
            to.frame = context.containerView.bounds
            context.containerView.addSubview(to)
            let turned = presenting ? to : from
            turned.transform = presenting ? .makeRotation(1, 0, 1, 0) : .identity
            View.animate(withDuration: 1, curve: .linear, animations: {
                turned.transform = self.presenting ? .identity : .makeRotation(1, 0, 1, 0)
            }, completion: { _ in
                turned.transform = .identity
                context.completeTransition(!context.transitionWasCancelled)
            })
        }
    }

    @Test func theTunedPerspectiveReachesTheContainerWhileItRuns() {
        let tilt = CustomTransition(name: "tilt", duration: 1, perspective: .points(500)) { presenting, _ in Tilt(presenting: presenting) }
        let demo = DemoCatalog.make(tilt, screenSize: Size(width: 375, height: 667))
        let h = Harness(demo)
        let container = demo.window.containerView.layer
        #expect(container.sublayerTransform == .identity)
        demo.start(.present)
        h.run(0.5)
        #expect(container.sublayerTransform == .makePerspective(distance: 500))
        h.run(1)
        #expect(h.log.last == "ended tilt present cancelled=false" && container.sublayerTransform == .identity)
        // Tuned: the next transition is seen from the new distance.
        demo.parameters.perspectiveDistance = 800
        demo.start(.dismiss)
        h.run(0.5)
        #expect(container.sublayerTransform == .makePerspective(distance: 800))
        h.run(1)
        #expect(container.sublayerTransform == .identity)
    }

    @Test func aFilesAnimatorKeepsItOnItsStage() throws {
        let file = try TransitionFile.read(#"""
            {"format":1,"name":"turn","duration":1,"perspective":500,
             "layers":[{"source":"base"},{"source":"modal","keyframes":[{"t":0,"rotateY":60},{"t":1,"rotateY":0}]}]}
            """#)
        let demo = DemoCatalog.make(CustomTransition(file: file), screenSize: Size(width: 375, height: 667))
        let h = Harness(demo)
        demo.start(.present)
        h.run(0.5)
        #expect(demo.window.containerView.layer.sublayerTransform == .identity)
        let stage = demo.window.containerView.subviews.first(where: { $0.layer.name == "transition turn" })
        #expect(stage?.layer.sublayerTransform == .makePerspective(distance: 500))
    }
}
