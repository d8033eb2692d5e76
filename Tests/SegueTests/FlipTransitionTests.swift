import Testing
@testable import Segue
@testable import SegueDemos
@testable import SegueCatalog

@MainActor @Suite struct FlipTransitionTests {
    let h = Harness()
    var demo: ModalDemo { h.demo as! ModalDemo }
    var interaction: DragInteractionController { demo.interactions[0] }
    let start = Point(x: 187, y: 300)

    @Test func buttonPresentsWithoutTheInteractorAndFinishesAfterOneSecond() {
        h.tap(h.center(of: demo.home.button))
        #expect(h.log == ["began flip present interactive=false"])
        #expect(h.screens == ["Segue", "Modal"])
        h.run(0.98)
        #expect(h.log.count == 1)
        h.run(0.05)
        #expect(h.log == ["began flip present interactive=false", "ended flip present cancelled=false"])
        #expect(h.screens == ["Modal"])
        #expect(demo.modal.view.transform == .identity)
        #expect(h.window.containerView.layer.sublayerTransform == .identity)
        #expect(h.window.topViewController === demo.modal)
    }

    @Test func dismissButtonFlipsBack() {
        h.tap(h.center(of: demo.home.button))
        h.run(1.1)
        h.tap(h.center(of: demo.modal.button))
        h.run(1.1)
        #expect(h.log.suffix(2) == ["began flip dismiss interactive=false", "ended flip dismiss cancelled=false"])
        #expect(h.screens == ["Segue"])
        #expect(h.window.topViewController === demo.home)
    }

    @Test func dragScrubsThenFinishesPastHalf() throws {
        let dy = -400.0                       // 400 / 667 ≈ 0.6
        h.drag(from: start, to: start + Point(x: 0, y: dy), release: false)
        let context = try #require(h.window.activeTransition)
        #expect(context.isInteractive && context.phase == .interactive)
        #expect(close(interaction.percentComplete, 400.0 / 667))
        #expect(close(context.fractionComplete, 400.0 / 667))
        // What shows is the keyframe animation at local time percent · duration, curve applied.
        let p = TimingCurve.easeInEaseOut.value(at: 400.0 / 667)
        let angle = -.pi / 2 * (1 - (p - 0.5) / 0.5)
        #expect(demo.modal.view.layer.presentation.transform.isApproximatelyEqual(to: .makeRotation(angle, 1, 0, 0), tolerance: 1e-9))
        h.step()
        h.send(.up, start + Point(x: 0, y: dy))
        #expect(context.phase == .finishing)
        // The rest takes (1 − 0.6) · 1 s.
        h.run(0.38)
        #expect(h.log.count == 1)
        h.run(0.05)
        #expect(h.log == ["began flip present interactive=true", "ended flip present cancelled=false"])
        #expect(h.screens == ["Modal"])
        #expect(h.window.containerView.layer.timing == .normal)
    }

    /// Scrubbed linearly, the flip shows where its curve has covered the percent: the same
    /// faces as a flip whose curve is linear, scrubbed to that percent — what moves stays
    /// with the finger.
    @Test func linearScrubbingKeepsTheFaceWithTheFinger() throws {
        demo.parameters.scrub = .linear
        let plain = Harness()
        let plainDemo = plain.demo as! ModalDemo
        plainDemo.parameters.curve = .linear
        for dy in [-130.0, -260, -420] {
            h.drag(from: start, to: start + Point(x: 0, y: dy), release: false)
            plain.drag(from: start, to: start + Point(x: 0, y: dy), release: false)
            let context = try #require(h.window.activeTransition)
            let percent = -dy / 667
            #expect(close(interaction.percentComplete, percent))
            // The timeline is shown at the time whose eased progress is the percent.
            #expect(close(TimingCurve.easeInEaseOut.value(at: context.fractionComplete), percent, 1e-9))
            for (a, b) in [(demo.home.view, plainDemo.home.view), (demo.modal.view, plainDemo.modal.view)] {
                #expect(a.layer.presentation.transform.isApproximatelyEqual(to: b.layer.presentation.transform, tolerance: 1e-6))
            }
            h.step(); plain.step()
            h.send(.up, start + Point(x: 0, y: dy)); plain.send(.up, start + Point(x: 0, y: dy))
            h.run(1.1); plain.run(1.1)
            if h.window.topViewController === demo.modal {
                h.tap(h.center(of: demo.modal.button)); plain.tap(plain.center(of: plainDemo.modal.button))
                h.run(1.1); plain.run(1.1)
            }
        }
    }

    /// An easing's inverse: the first time fraction reaching a progress, worked by hand for
    /// linear and the symmetric easeInEaseOut at ½, and a spring's first crossing.
    @Test func anEasingIsInvertedAtItsFirstCrossing() {
        #expect(close(Easing.bezier(.linear).timeFraction(reaching: 0.37), 0.37, 1e-9))
        #expect(close(Easing.bezier(.easeInEaseOut).timeFraction(reaching: 0.5), 0.5, 1e-9))
        #expect(Easing.bezier(.easeIn).timeFraction(reaching: 0) == 0 && close(Easing.bezier(.easeIn).timeFraction(reaching: 2), 1, 1e-4))
        let spring = Easing.spring(Spring(duration: 1, dampingRatio: 0.4, initialVelocity: 0))
        let x = spring.timeFraction(reaching: 1)
        #expect(close(spring.value(at: x), 1, 1e-6) && x < 0.5)
    }

    @Test func dragShortOfHalfCancelsAndLeavesTheFromScreenUntouched() {
        h.drag(from: start, to: start + Point(x: 0, y: 200))  // 0.3
        h.run(0.29)
        #expect(h.log.count == 1)
        #expect(h.window.activeTransition?.phase == .cancelling)
        h.run(0.05)
        #expect(h.log == ["began flip present interactive=true", "ended flip present cancelled=true"])
        #expect(h.screens == ["Segue"])
        #expect(demo.home.view.transform == .identity)
        #expect(demo.home.view.layer.animations.isEmpty)
        #expect(demo.modal.view.transform == .identity)
        // Still interactive: the button works.
        h.tap(h.center(of: demo.home.button))
        #expect(h.log.last == "began flip present interactive=false")
    }

    @Test func releaseAtZeroCancelsOnce() {
        h.send(.down, start)
        h.step(); h.send(.moved, start + Point(x: 0, y: 30))
        h.step(); h.send(.moved, start)
        h.step(); h.send(.up, start)
        h.run(0.1)
        #expect(h.log == ["began flip present interactive=true", "ended flip present cancelled=true"])
        h.run(300)
        #expect(h.log.count == 2)
    }

    @Test func releaseBeyondTheScreenFinishesOnceAndClamps() {
        h.drag(from: Point(x: 187, y: 660), to: Point(x: 187, y: -900), release: false)
        #expect(interaction.percentComplete == 1)
        h.step()
        h.send(.up, Point(x: 187, y: -900))
        h.step()
        #expect(h.log == ["began flip present interactive=true", "ended flip present cancelled=false"])
        h.run(300)
        #expect(h.log.count == 2)
        #expect(h.screens == ["Modal"])
    }

    @Test func aTimeJumpOf300SecondsEndsTheTransitionOnce() {
        h.tap(h.center(of: demo.home.button))
        h.step(300)
        h.step(300)
        #expect(h.log == ["began flip present interactive=false", "ended flip present cancelled=false"])
        #expect(h.screens == ["Modal"])
    }

    @Test func aNewDragDuringTheFinishIsIgnoredThenWorks() {
        h.drag(from: start, to: start + Point(x: 0, y: 500))
        h.drag(from: start, to: start + Point(x: 0, y: 100), steps: 3)  // during the finish
        h.run(1)
        #expect(h.log == ["began flip present interactive=true", "ended flip present cancelled=false"])
        h.drag(from: start, to: start + Point(x: 0, y: -500))
        h.run(1)
        #expect(h.log.suffix(2) == ["began flip dismiss interactive=true", "ended flip dismiss cancelled=false"])
        #expect(h.screens == ["Segue"])
    }

    @Test func focusLossMidDragCancels() {
        h.drag(from: start, to: start + Point(x: 0, y: 500), release: false)
        h.send(.cancelled, start)
        h.run(1)
        #expect(h.log == ["began flip present interactive=true", "ended flip present cancelled=true"])
        #expect(h.screens == ["Segue"])
    }

    @Test func noFrameFlickersAtTheEndOfACancel() {
        h.drag(from: start, to: start + Point(x: 0, y: 300))  // 0.45: the modal is turning in
        var sawEnd = false
        for _ in 0..<60 {
            h.step()
            let list = Compositor.compose(h.window.layer)
            let names = Set(list.items.map(\.name))
            if h.log.count == 2 { sawEnd = true }
            if sawEnd {
                // From the frame the transition ends, only the home screen shows, flat.
                #expect(!names.contains("Modal"))
                let home = list.items.first { $0.name == "Segue" }
                #expect(home?.transform.isApproximatelyEqual(to: .identity, tolerance: 1e-12) == true)
            }
        }
        #expect(sawEnd)
    }

    @Test func percentIsClamped() throws {
        h.drag(from: start, to: start + Point(x: 0, y: 100), release: false)
        interaction.update(7)
        #expect(interaction.percentComplete == 1)
        interaction.update(-2)
        #expect(interaction.percentComplete == 0)
        interaction.update(.nan)
        #expect(interaction.percentComplete == 0)
    }

    @Test func completionSpeedShortensTheRest() {
        interaction.completionSpeed = 2
        h.drag(from: start, to: start + Point(x: 0, y: 400))   // 0.6: (0.4 · 1 s) / 2 = 0.2 s
        h.run(0.18)
        #expect(h.log.count == 1)
        h.run(0.04)
        #expect(h.log.count == 2)
    }

    /// A spring as the completion curve: the rest plays on it, settling as the rest ends
    /// (0.4 of 1 s), overshooting past the end on the way when underdamped (clamped to 1).
    @Test func theRestCanPlayOnASpring() throws {
        interaction.completionCurve = .spring(dampingRatio: 1, velocity: 0)
        let spring = Spring(duration: 0.4, dampingRatio: 1, initialVelocity: 0)
        h.drag(from: start, to: start + Point(x: 0, y: 400), release: false)
        h.step()
        h.send(.up, start + Point(x: 0, y: 400))
        let from = interaction.percentComplete
        let began = h.window.time
        h.step(0.1)
        // (Within the fraction of a frame between the release and the first step.)
        #expect(close(interaction.percentComplete, from + (1 - from) * spring.value(at: h.window.time - began), 2e-3))
        h.run(0.35)
        #expect(h.log.last == "ended flip present cancelled=false")
    }

    @Test func dragOnTheModalDismisses() {
        h.tap(h.center(of: demo.home.button))
        h.run(1.1)
        h.drag(from: start, to: start + Point(x: 0, y: 450))
        h.run(1)
        #expect(h.log.suffix(2) == ["began flip dismiss interactive=true", "ended flip dismiss cancelled=false"])
        #expect(h.screens == ["Segue"])
    }

    @Test func aDragStartingOnTheButtonDoesNotTapIt() {
        let b = h.center(of: demo.home.button)
        h.drag(from: b, to: b + Point(x: 0, y: -100))
        h.run(1)
        #expect(h.log == ["began flip present interactive=true", "ended flip present cancelled=true"])
    }
}
