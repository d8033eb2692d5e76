import Foundation
import Testing
@testable import Segue
@testable import SegueDemos
@testable import SegueStudio
import SegueCommandLine

@Suite struct ReleaseRuleTests {
    @Test func projectionCarriesTheVelocityHalfASecond() {
        // r/(1−r)/1000 with r = 0.998 is 0.499 s.
        #expect(close(ReleaseRule.projectedPercent(0.3, velocity: 1), 0.3 + 0.499, 1e-12))
    }

    @Test(arguments: [
        // percent, velocity, uikit, velocity rule, projected
        (0.6, 0.0, true, true, true),      // slow, past the threshold
        (0.3, 2.5, false, true, true),     // fast flick, short of it
        (0.6, -2.5, true, false, false),   // fast flick back
        (0.45, 0.3, false, false, true),   // slow, short, but carried over
        (0.2, 0.9, false, false, true),    // under a flick, projected to 0.65
    ])
    func eachRuleDecides(_ p: Double, _ v: Double, _ uikit: Bool, _ velocity: Bool, _ projected: Bool) {
        #expect(ReleaseRule.uikit.finishes(percent: p, velocity: v, threshold: 0.5) == uikit)
        #expect(ReleaseRule.velocity.finishes(percent: p, velocity: v, threshold: 0.5) == velocity)
        #expect(ReleaseRule.projected.finishes(percent: p, velocity: v, threshold: 0.5) == projected)
    }

    /// Synthetic drags on the flip, each rule in turn.
    private func release(_ rule: ReleaseRule, path: [(dy: Double, dt: Double)]) -> String? {
        let h = Harness()
        var p = h.demo.parameters
        p.releaseRule = rule
        h.demo.parameters = p
        let start = Point(x: 187, y: 600)
        h.send(.down, start)
        var y = 0.0
        for (dy, dt) in path {
            h.step(dt)
            y += dy
            h.send(.moved, start + Point(x: 0, y: y))
        }
        h.send(.up, start + Point(x: 0, y: y))
        h.run(2)
        return h.log.last
    }

    /// Moves `total` points up in `steps` frames of 1/60 s.
    private func move(_ total: Double, steps: Int) -> [(Double, Double)] {
        Array(repeating: (-total / Double(steps), 1.0 / 60), count: steps)
    }

    @Test func slowPastTheThresholdFinishesUnderEveryRule() {
        // 400 points (0.6) over two seconds, then a rest: no velocity left at release.
        let path = move(400, steps: 120) + [(0, 0.2)]
        for rule in ReleaseRule.allCases {
            #expect(release(rule, path: path) == "ended flip present cancelled=false", "\(rule)")
        }
    }

    @Test func aFastFlickShortOfTheThresholdFinishesOnlyWithVelocity() {
        // 200 points (0.3) in 0.1 s: about 3 screen heights per second.
        let path = move(200, steps: 6)
        #expect(release(.uikit, path: path) == "ended flip present cancelled=true")
        #expect(release(.velocity, path: path) == "ended flip present cancelled=false")
        #expect(release(.projected, path: path) == "ended flip present cancelled=false")
    }

    @Test func aFastFlickBackCancelsOnlyWithVelocity() {
        // Up 530 points (0.8) slowly, then 130 points back down in 0.1 s: released at 0.6.
        let path = move(530, steps: 60) + move(-130, steps: 6)
        #expect(release(.uikit, path: path) == "ended flip present cancelled=false")
        #expect(release(.velocity, path: path) == "ended flip present cancelled=true")
        #expect(release(.projected, path: path) == "ended flip present cancelled=true")
    }

    /// The rest after a release on a spring: it starts at the release velocity and ends
    /// exactly when the completion time is up.
    @Test func springCompletionStartsAtTheReleaseVelocity() throws {
        let h = Harness()
        var p = h.demo.parameters
        p.springCompletion = true
        h.demo.parameters = p
        let start = Point(x: 187, y: 600)
        h.drag(from: start, to: start - Point(x: 0, y: 400), steps: 12)   // 0.6 in 0.2 s, released moving
        let interaction = h.demo.interactions[0]
        let v = interaction.releaseVelocity
        #expect(v > 1)
        let from = interaction.percentComplete
        let seconds = (1 - from) * 1.0
        let spring = Spring(duration: seconds, dampingRatio: 1, initialVelocity: v / (1 - from))
        h.step(0.1)
        #expect(close(interaction.percentComplete, from + (1 - from) * spring.value(at: 0.1), 1e-9))
        h.run(seconds - 0.1 - 0.01)
        #expect(h.log.count == 1)
        h.run(0.02)
        #expect(h.log.last == "ended flip present cancelled=false")
    }
}

/// A session driven by hand: real time and inputs in window pixels, as the live app would.
final class SessionDriver {
    let session: Session
    var time = 0.0
    var lines: [String] = []
    var recording: Recording

    init(_ options: SessionOptions = SessionOptions(), window: (Int, Int) = (900, 915)) {
        session = Session(options: options, window: window)
        recording = Recording(options: options, window: window)
        session.emit = { [unowned self] in self.lines.append($0) }
        session.advance(to: 0)
    }

    func frame(_ inputs: [InputEvent] = [], dt: Double = 1.0 / 60) {
        time += dt
        for i in inputs {
            recording.append(i, at: time)
            session.handle(i, at: time)
        }
        session.advance(to: time)
    }

    func run(_ seconds: Double) {
        for _ in 0..<Int((seconds * 60).rounded()) { frame() }
    }

    /// The centre of the target called `name`, in window pixels.
    func target(_ name: String) -> (Double, Double) {
        let r = session.layout.toWindow(session.demo.targets.first { $0.name == name }!.frame)
        return (r.midX, r.midY)
    }

    func click(_ x: Double, _ y: Double) {
        frame([.mouseDown(x: x, y: y)])
        frame([.mouseUp(x: x, y: y, inside: true)])
    }

    var transitionLines: [String] { lines.filter { $0.contains("\"began\"") || $0.contains("\"ended\"") } }
}

@Suite struct SessionTests {
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
        #expect(d.transitionLines.last == #"{"event":"ended","transition":"flip","operation":"present","cancelled":false}"#)
    }

    /// Released where it began, a drag cancels and ends within the frame: the HUD says so.
    @Test func theHUDTellsACancelThatEndsInTheFrameOfTheRelease() {
        let d = SessionDriver()
        let (x, y) = d.target("flip")
        d.frame([.mouseDown(x: x, y: y - 200)])
        d.frame([.mouseMoved(x: x, y: y - 300)])
        #expect(d.session.hud.state == "interactive")
        d.frame([.mouseMoved(x: x, y: y - 200), .mouseUp(x: x, y: y - 200, inside: true)])
        #expect(d.transitionLines.last?.contains(#""cancelled":true"#) == true)
        #expect(d.session.hud.state == "cancelled" && d.session.hud.percent == 0)
        // And a finish, the same.
        d.frame([.mouseDown(x: x, y: y - 100)])
        d.frame([.mouseMoved(x: x, y: y - 700), .mouseUp(x: x, y: y - 700, inside: true)])
        d.run(2)
        #expect(d.session.hud.state == "finished" && d.session.hud.percent == 1)
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

@Suite struct RecordReplayTests {
    /// A live-like run: a drag that presents, a short one that cancels, a tap, a key.
    private func liveRun() -> SessionDriver {
        let d = SessionDriver()
        let x = 260.0
        d.frame([.mouseDown(x: x, y: 800)])
        for i in 1...20 { d.frame([.mouseMoved(x: x, y: 800 - Double(i) * 25)]) }
        d.frame([.mouseUp(x: x, y: 300, inside: true)])
        d.run(1)
        d.frame([.mouseDown(x: x, y: 300)])
        for i in 1...8 { d.frame([.mouseMoved(x: x, y: 300 + Double(i) * 20)]) }
        d.frame([.mouseUp(x: x, y: 460, inside: true)])
        d.run(1)
        let (bx, by) = d.target("dismiss")
        d.click(bx, by)
        d.run(1.2)
        return d
    }

    @Test func aReplayPrintsTheLiveRunsEventsAndTheSameFramesEachTime() throws {
        let live = liveRun()
        #expect(live.transitionLines.count == 6)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-\(UUID().uuidString).json").path
        try live.recording.write(to: path)
        let (recording, options) = try Recording.read(path)
        func replay() -> ([String], [DisplayList]) {
            var lines: [String] = [], frames: [DisplayList] = []
            Replayer(recording: recording, options: options).run(emit: { lines.append($0) }) { session, _, _ in
                var list = DisplayList()
                session.composeScreen(into: &list)
                frames.append(list)
            }
            return (lines, frames)
        }
        let (a, framesA) = replay()
        let (b, framesB) = replay()
        #expect(a.filter { $0.contains("\"began\"") || $0.contains("\"ended\"") } == live.transitionLines)
        #expect(a == b)
        #expect(framesA == framesB && framesA.count > 100)
    }

    /// Live frames at 120 Hz, and a tap 1 ms after the frame that ended a transition: inputs
    /// catch the clock up to their own time, so the replay's 60 Hz frames see the same
    /// sequence.
    @Test func replayKeepsInputsOnTheSameSideOfAnEndAsLive() throws {
        // A 0.93 s flip started off the 60 Hz grid, so the replay's frames fall elsewhere.
        var options = SessionOptions()
        options.duration = 0.93
        let live = SessionDriver(options)
        let (x, y) = live.target("flip")
        live.frame([.mouseDown(x: x, y: y)], dt: 0.007)
        live.frame([.mouseUp(x: x, y: y, inside: true)], dt: 0.007)
        while live.session.demo.window.isTransitioning { live.frame(dt: 1.0 / 120) }
        let (dx, dy) = live.target("dismiss")
        live.frame([.mouseDown(x: dx, y: dy), .mouseUp(x: dx, y: dy, inside: true)], dt: 0.001)
        live.run(1.5)
        #expect(live.transitionLines.count == 4)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-\(UUID().uuidString).json").path
        try live.recording.write(to: path)
        let (recording, replayOptions) = try Recording.read(path)
        var lines: [String] = []
        Replayer(recording: recording, options: replayOptions).run(emit: { lines.append($0) }) { _, _, _ in }
        #expect(lines.filter { $0.contains("\"began\"") || $0.contains("\"ended\"") } == live.transitionLines)
    }

    private func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-\(UUID().uuidString).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: [
        (#"{"version":1,"arguments":[],"window":[900,900],"events":[{"t":0.1,"type":"down","#, "truncated or corrupt"),
        ("not json at all", "truncated or corrupt"),
        (#"{"version":2,"arguments":[],"window":[900,900],"events":[]}"#, "version 2"),
        (#"{"version":1,"arguments":["--demo","nope"],"window":[900,900],"events":[]}"#, "bad options"),
        (#"{"version":1,"arguments":[],"window":[0,900],"events":[]}"#, "window must be"),
        (#"{"version":1,"arguments":[],"window":[900,900],"events":[{"t":2,"type":"quit"},{"t":1,"type":"quit"}]}"#, "times must rise"),
        (#"{"version":1,"arguments":[],"window":[900,900],"events":[{"t":1,"type":"down","x":1}]}"#, "malformed"),
        (#"{"version":1,"arguments":[],"window":[900,900],"events":[{"t":1,"type":"teleport"}]}"#, "malformed"),
    ])
    func badRecordingsAreRefusedWithAReason(_ text: String, _ reason: String) throws {
        let path = try write(text)
        #expect { try Recording.read(path) } throws: { error in
            (error as? UsageError)?.description.contains(reason) == true
        }
    }

    @Test func deepNestingAndNonUTF8AreRefusedWithoutParsing() throws {
        let deep = #"{"version":1,"arguments":[],"window":[900,900],"events":"# + String(repeating: "[", count: 100_000)
            + String(repeating: "]", count: 100_000) + "}"
        #expect { try Recording.read(try write(deep)) } throws: { ($0 as? UsageError)?.description.contains("nests deeper") == true }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-\(UUID().uuidString).json").path
        try Data([0x7B, 0xFF, 0xFE, 0x7D]).write(to: URL(fileURLWithPath: path))
        #expect { try Recording.read(path) } throws: { ($0 as? UsageError)?.description.contains("corrupt") == true }
    }

    @Test func aMissingRecordingIsNamed() {
        #expect { try Recording.read("/nonexistent/rec.json") } throws: { error in
            (error as? UsageError)?.description.contains("no such readable file") == true
        }
    }
}
