import Foundation
import Testing
@testable import Segue
@testable import SegueDemos
@testable import SegueStudio
@testable import SegueCatalog

@MainActor @Suite struct SessionClockTests {
    /// Two moves 8 ms apart that reach the session in one poll: the pan's velocity is taken
    /// between their own times, not the frame's. 12 window pixels in 8 ms at the layout's
    /// scale s is 12 / s points over 0.008 s, upward.
    @Test func velocityComesFromEachInputsOwnTime() throws {
        let d = SessionDriver()
        let s = d.session
        let (x, y) = d.target("flip")
        s.handle(.mouseDown(x: x, y: y - 200), at: 1.0)
        s.advance(to: 1.0)
        s.handle(.mouseMoved(x: x, y: y - 230), at: 1.100)
        s.handle(.mouseMoved(x: x, y: y - 242), at: 1.108)
        s.advance(to: 1.1167)
        let pan = s.demo.interactions[0].recognizer
        #expect(pan.isActive)
        let expected = -12 / s.layout.scale / 0.008
        #expect(close(pan.velocity.y, expected, 1e-6), "\(pan.velocity.y) pt/s, expected \(expected)")
        #expect(pan.velocity.x == 0)
    }

    /// Real time never runs back: an input or a frame stamped earlier than one already seen
    /// counts as that one, and the scene moves by exactly the real time that passed.
    @Test func anEarlierTimeCountsAsTheLatestSeen() throws {
        let d = SessionDriver()
        let (x, y) = d.target("flip")
        d.click(x, y)
        let s = d.session
        let t0 = d.time, scene0 = s.sceneTime
        s.handle(.key(.character("x"), shift: false), at: t0 - 0.5)
        s.advance(to: t0 - 0.25)
        #expect(s.sceneTime == scene0)
        s.advance(to: t0 + 0.125)
        #expect(s.sceneTime == scene0 + 0.125)
        let c = try #require(s.demo.window.activeTransition)
        #expect(close(c.fractionComplete, (s.sceneTime - c.animationStartTime!) / c.duration, 1e-12))
    }

    /// Slow motion scales the real time that passed; a pause holds the scene.
    @Test func slowMotionAndPauseScaleOnlyWhatPasses() {
        let d = SessionDriver()
        let s = d.session
        s.advance(to: 10)
        let scene0 = s.sceneTime
        s.handle(.key(.character("s"), shift: false), at: 10)
        s.advance(to: 11)
        #expect(close(s.sceneTime, scene0 + 0.1, 1e-12))
        s.handle(.key(.space, shift: false), at: 11)
        s.advance(to: 20)
        #expect(close(s.sceneTime, scene0 + 0.1, 1e-12))
    }
}

@MainActor @Suite struct SessionEventTests {
    /// The event lines are JSON whatever the names hold: quotes, backslashes and control
    /// characters are escaped, and the keys are sorted (the same text every run).
    @Test func eventLinesAreValidJSONForAnyName() throws {
        let name = "a\"b\\c\nd\u{1B}[31m"
        let e = SessionEvent.began(.init(transition: name, operation: "present"), interactive: true)
        let line = e.jsonLine
        #expect(!line.contains("\n") && !line.contains("\u{1B}"))
        #expect(line.hasPrefix(#"{"event":"began","interactive":true,"operation":"present","transition":"a\"b\\c\nd"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["transition"] as? String == name)
        #expect(object["interactive"] as? Bool == true)
        #expect(object.count == 4)
    }

    /// Each kind carries exactly its documented keys, and nothing of another kind's.
    @Test func eachKindHasItsKeys() throws {
        let screen = SessionEvent.ScreenState(demo: "flip", screen: .init(Rect(x: 0, y: 0, width: 10, height: 10)), screens: nil,
                                              hud: "panel", targets: [])
        let tuning = SessionEvent.Tuning(TransitionParameters(duration: 1, curve: .linear))
        let t = SessionEvent.TransitionState(transition: "flip", operation: "present", variant: "B")
        let cases: [(SessionEvent, Set<String>)] = [
            (.ready(screen, window: .init(width: 1, height: 1), renderer: "raster", rendererReason: "asked for", tuning: tuning),
             ["event", "demo", "screen", "hud", "targets", "window", "renderer", "rendererReason", "tuning"]),
            (.screen(screen), ["event", "demo", "screen", "hud", "targets"]),
            (.began(t, interactive: false), ["event", "transition", "operation", "variant", "interactive"]),
            (.ended(t, cancelled: true), ["event", "transition", "operation", "variant", "cancelled"]),
            (.stats(frames: 1, dragIntervals: [], frameWork: [], inputLatencies: []),
             ["event", "frames", "dragFrames", "dragFps", "frameWorkMs", "inputToPresentMs"]),
            (.loaded(file: "f", name: "n"), ["event", "file", "name"]),
            (.error(file: "f", message: "m"), ["event", "file", "message"]),
            (.tuning(demo: "flip", tuning: tuning, command: "segue", swift: "//", variant: nil), ["event", "demo", "tuning", "command", "swift"]),
            (.exported(file: "f"), ["event", "file"]),
        ]
        for (event, keys) in cases {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(event.jsonLine.utf8)) as? [String: Any])
            #expect(Set(object.keys) == keys && object["event"] as? String == event.kind, "\(event.kind): \(object.keys.sorted())")
        }
    }

    /// `ready` carries the window, the screen and the targets in whole window pixels.
    @Test func readyNamesTheWindowScreenAndTargets() throws {
        let d = SessionDriver()
        d.session.emitReady(renderer: "raster", reason: "no GPU: OpenGL is llvmpipe")
        let line = try #require(d.lines.last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["event"] as? String == "ready")
        #expect(object["window"] as? [String: Int] == ["width": 900, "height": 915])
        let screen = d.session.layout.screen
        #expect(object["screen"] as? [String: Int] == ["x": Int(screen.minX.rounded()), "y": Int(screen.minY.rounded()),
                                                       "width": Int(screen.width.rounded()), "height": Int(screen.height.rounded())])
        let targets = try #require(object["targets"] as? [[String: Any]])
        #expect(targets.map { $0["name"] as? String } == ["flip"])
        #expect(object["renderer"] as? String == "raster" && object["demo"] as? String == "flip")
        #expect(object["rendererReason"] as? String == "no GPU: OpenGL is llvmpipe")
        #expect(d.session.hud.renderer == "raster · no GPU")
    }

    @Test func statsRoundToHundredthsOfAMillisecond() throws {
        // Three drag frames in 1/15 s: 45 per second. Nearest rank: of 0.5 ms, 1.234 ms and
        // 9.8765 ms the median is 1.234 ms → 1.23, the 95th (rank 1.9 → 2) 9.8765 ms → 9.88.
        guard case .stats(let e) = SessionEvent.stats(frames: 10, dragIntervals: [1.0 / 60, 1.0 / 60, 1.0 / 30],
                                                     frameWork: [0.009_8765, 0.000_5, 0.001_234], inputLatencies: []),
              case .stats(let none) = SessionEvent.stats(frames: 0, dragIntervals: [], frameWork: [], inputLatencies: []) else {
            Issue.record("not a stats event")
            return
        }
        #expect(e.frames == 10 && e.dragFrames == 3 && e.dragFps == 45)
        #expect(e.frameWorkMs.median == 1.23 && e.frameWorkMs.p95 == 9.88)
        #expect(e.inputToPresentMs.median == 0 && e.inputToPresentMs.p95 == 0)
        #expect(none.dragFps == 0)
    }
}

@MainActor @Suite struct TransitionObservationTests {
    /// A cancelled observation is not called again; the others still are.
    @Test func aCancelledObserverIsNotCalled() {
        let demo = DemoCatalog.make("flip", screenSize: Size(width: 375, height: 667))!
        var kept = 0, cancelled = 0
        demo.window.observeTransitions { _ in kept += 1 }
        let observation = demo.window.observeTransitions { _ in cancelled += 1 }
        demo.window.advance(to: 0)
        demo.start(.present)
        demo.window.advance(to: 2)
        #expect(kept == 2 && cancelled == 2)
        observation.cancel()
        observation.cancel()
        demo.start(.dismiss)
        demo.window.advance(to: 4)
        #expect(kept == 4 && cancelled == 2)
    }
}
