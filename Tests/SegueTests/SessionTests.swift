import Foundation
import Testing
@testable import Segue
@testable import SegueDemos
@testable import SegueStudio
import SegueCommandLine

@MainActor @Suite struct SessionTests {
    @Test func slowMotionRunsTheClockTenTimesSlower() throws {
        let d = SessionDriver()
        d.frame([.key(.character("s"), shift: false)])
        let (x, y) = d.target("flip")
        d.click(x, y)
        let c = try #require(d.session.demo.window.activeTransition)
        let before = d.session.sceneTime
        d.run(2)
        #expect(close(d.session.sceneTime - before, 0.2, 1e-9))
        #expect(close(c.fractionComplete, (d.session.sceneTime - c.animationStartTime!) / 1.0, 1e-12))
        #expect(d.session.demo.window.isTransitioning)
        d.run(8.2)
        #expect(d.transitionLines.last == #"{"cancelled":false,"event":"ended","operation":"present","transition":"flip"}"#)
    }

    /// Released where it began, a drag cancels and ends within the frame: the HUD says so.
    @Test func theHUDTellsACancelThatEndsInTheFrameOfTheRelease() {
        let d = SessionDriver()
        let (x, y) = d.target("flip")
        d.frame([.mouseDown(x: x, y: y - 200)])
        d.frame([.mouseMoved(x: x, y: y - 300)])
        #expect(d.session.hud.phase == .interactive)
        d.frame([.mouseMoved(x: x, y: y - 200), .mouseUp(x: x, y: y - 200, inside: true)])
        #expect(d.transitionLines.last?.contains(#""cancelled":true"#) == true)
        #expect(d.session.hud.phase == .cancelled && d.session.hud.percent == 0)
        // And a finish, the same.
        d.frame([.mouseDown(x: x, y: y - 100)])
        d.frame([.mouseMoved(x: x, y: y - 700), .mouseUp(x: x, y: y - 700, inside: true)])
        d.run(2)
        #expect(d.session.hud.phase == .finished && d.session.hud.percent == 1)
    }

    @Test func pauseAndStepMoveOneFrameAtATime() throws {
        let d = SessionDriver()
        let (x, y) = d.target("flip")
        d.click(x, y)
        d.run(0.3)
        d.frame([.key(.space, shift: false)])
        let paused = d.session.sceneTime
        d.run(1)
        #expect(d.session.sceneTime == paused && d.session.isPaused)
        d.frame([.key(.right, shift: false)])
        d.frame([.key(.right, shift: false)])
        #expect(close(d.session.sceneTime, paused + 2.0 / 60, 1e-12))
        d.frame([.key(.left, shift: false)])
        #expect(close(d.session.sceneTime, paused + 1.0 / 60, 1e-12))
        // Stepping back stops at the transition's start.
        for _ in 0..<100 { d.frame([.key(.left, shift: false)]) }
        let start = try #require(d.session.demo.window.activeTransition?.animationStartTime)
        #expect(d.session.sceneTime == start)
        #expect(d.session.demo.window.activeTransition?.fractionComplete == 0)
    }

    @Test func theProgressBarScrubsATransitionFromRest() throws {
        let d = SessionDriver()
        let bar = HUD.controls(d.session.hud, in: d.session.layout.hud).first { $0.control == .scrubBar }!.rect
        d.frame([.mouseDown(x: bar.minX + bar.width * 0.5, y: bar.midY)])
        let c = try #require(d.session.demo.window.activeTransition)
        #expect(c.operation == .present && d.session.isPaused)
        #expect(close(c.fractionComplete, 0.5, 1e-9))
        d.frame([.mouseMoved(x: bar.minX + bar.width * 0.25, y: bar.midY)])
        #expect(close(c.fractionComplete, 0.25, 1e-9))
        d.frame([.mouseMoved(x: bar.maxX + 50, y: bar.midY), .mouseUp(x: bar.maxX + 50, y: bar.midY, inside: true)])
        #expect(d.session.demo.window.isTransitioning)        // held just short of the end
        d.frame([.key(.space, shift: false)])
        d.run(0.1)
        #expect(!d.session.demo.window.isTransitioning)
    }

    /// In a linear scrub the bar shows the percent, so a press on it puts that percent under
    /// the pointer (the time that shows it), not the time fraction.
    @Test func theProgressBarScrubsToThePercentItShows() throws {
        var options = SessionOptions()
        options.tuning[.scrub] = "linear"
        let d = SessionDriver(options)
        let bar = HUD.controls(d.session.hud, in: d.session.layout.hud).first { $0.control == .scrubBar }!.rect
        d.frame([.mouseDown(x: bar.minX + bar.width * 0.25, y: bar.midY)])
        d.frame()
        #expect(abs(d.session.hud.percent - 0.25) < 1e-6, "\(d.session.hud.percent)")
        let c = try #require(d.session.demo.window.activeTransition)
        #expect(abs(c.fractionComplete - Easing.bezier(.easeInEaseOut).timeFraction(reaching: 0.25)) < 1e-6)
    }

    @Test func keysAndButtonsTuneTheParametersAndTheHUDMarksChanges() {
        let d = SessionDriver()
        d.frame([.key(.character("d"), shift: false), .key(.character("t"), shift: true), .key(.character("r"), shift: false)])
        let p = d.session.demo.parameters
        #expect(close(p.duration, 1.1) && close(p.threshold, 0.45) && p.releaseRule == .velocity)
        let plus = HUD.controls(d.session.hud, in: d.session.layout.hud).first { $0.control == .adjust(.completionSpeed, 1) }!.rect
        d.click(plus.midX, plus.midY)
        #expect(d.session.demo.parameters.completionSpeed == 1.25)
        var list = DisplayList()
        d.session.composeHUD(into: &list)
        let marked = list.items.compactMap { item -> String? in
            if case .text(let t) = item.fill, t.string.hasPrefix("• ") { return t.string } else { return nil }
        }
        #expect(marked == ["• 1.10 s", "• 0.45", "• 1.25×", "• velocity"])
        d.frame([.key(.digit(0), shift: false)])
        #expect(d.session.demo.parameters == d.session.demo.defaultParameters)
    }

    @Test func commandLineTuningAppliesToEveryDemo() throws {
        let options = try SessionOptions(parsing: ["--demo", "pageturn", "--duration", "0.5", "--perspective", "800", "--release", "projected"])
        let d = SessionDriver(options)
        let p = d.session.demo.parameters
        #expect(p.duration == 0.5 && p.perspectiveDistance == 800 && p.releaseRule == .projected)
        #expect(d.session.demo.interactions.allSatisfy { $0.releaseRule == .projected })
        d.frame([.key(.digit(1), shift: false)])
        #expect(d.session.demo.name == "flip" && d.session.demo.parameters.duration == 0.5)
    }
}
