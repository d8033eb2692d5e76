import Foundation
import Segue
import SegueCommandLine
@testable import SegueStudio
import Testing
import SegueCatalog

/// Each demo keeps its tuning when the session switches away and back, and across runs
/// (the store on disk); `0` resets it; a broken or unwritable file costs a message, never
/// the session; a replay starts from the tunings its recording kept.
@MainActor @Suite struct TuningStoreTests {
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "segue-tuning-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func session(_ store: TuningStore, _ options: SessionOptions = SessionOptions()) -> Session {
        Session(options: options, window: (900, 915), tunings: store)
    }

    func file(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    @Test func aDemoKeepsItsTuningAcrossSwitchesAndRuns() throws {
        let path = try folder() + "/config/segue/tuning.json"
        let s = session(TuningStore(path: path))
        s.adjust(.duration, by: 1)
        s.adjust(.release, by: 1)
        #expect(s.demo.parameters.duration == 1.1 && s.demo.parameters.releaseRule == .velocity)
        s.switchDemo(to: .pageturn)
        #expect(s.demo.parameters == s.demo.defaultParameters)
        s.switchDemo(to: .flip)
        #expect(s.demo.parameters.duration == 1.1 && s.demo.parameters.releaseRule == .velocity)
        // The first change is written at once, the next within the write interval or at
        // the end: whole, as the options that differ from the reference.
        #expect(try file(path)["tunings"] as? [String: [String]] == ["flip": ["--duration", "1.1"]])
        s.advance(to: TuningStore.writeInterval)
        #expect(try file(path)["tunings"] as? [String: [String]] == ["flip": ["--duration", "1.1", "--release", "velocity"]])
        #expect(try file(path)["version"] as? Int == 1)
        let next = session(TuningStore(path: path))
        #expect(next.demo.parameters.duration == 1.1 && next.demo.parameters.releaseRule == .velocity)
        #expect(next.tunings.problem == nil)
    }

    /// The command line's values lie over what was kept on the first visit, and are not
    /// kept themselves; what is tuned in the session stands after that.
    @Test func theCommandLineGoesOverTheKeptTuningUntilTunedAgain() throws {
        let path = try folder() + "/tuning.json"
        let store = TuningStore(path: path)
        store.keep(TransitionParameters(duration: 0.7, curve: .easeInEaseOut), over: TransitionParameters(duration: 1, curve: .easeInEaseOut),
                   for: "flip", at: 0)
        var options = SessionOptions()
        options.tuning[.duration] = "0.4"
        let s = session(store, options)
        #expect(s.demo.parameters.duration == 0.4)
        s.adjust(.threshold, by: 1)
        s.switchDemo(to: .pageturn)
        #expect(s.demo.parameters.duration == 0.4)
        s.switchDemo(to: .flip)
        #expect(s.demo.parameters.duration == 0.4 && s.demo.parameters.threshold == 0.55)
        store.flush()
        // Kept: the threshold tuned; not the duration the command line gave.
        #expect(try file(path)["tunings"] as? [String: [String]] == ["flip": ["--threshold", "0.55"]])
    }

    @Test func zeroResetsAndForgets() throws {
        let path = try folder() + "/tuning.json"
        let s = session(TuningStore(path: path))
        s.adjust(.threshold, by: 1)
        #expect(s.tunings.tunings["flip"] == ["--threshold", "0.55"])
        s.handle(.key(.digit(0), shift: false), at: 0)
        #expect(s.demo.parameters == s.demo.defaultParameters && s.tunings.tunings["flip"] == nil)
        s.tunings.flush()
        #expect(session(TuningStore(path: path)).demo.parameters == s.demo.defaultParameters)
    }

    @Test(arguments: ["not json", #"{"version": 1, "tunings": {"flip": 3}}"#, #"{"tunings": {}}"#])
    func aBrokenFileIsSetAsideAndWrittenAnew(_ text: String) throws {
        let path = try folder() + "/tuning.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let store = TuningStore(path: path)
        #expect(store.problem?.hasPrefix("cannot read the saved tuning") == true)
        let s = session(store)
        #expect(s.demo.parameters == s.demo.defaultParameters)
        s.adjust(.duration, by: -1)
        #expect(store.problem == nil)
        #expect(TuningStore(path: path).tunings == ["flip": ["--duration", "0.9"]])
        #expect(try String(contentsOfFile: path + ".bad", encoding: .utf8) == text)
    }

    /// Anything but a file in its place (a folder; a FIFO would block a read) is not read,
    /// and the message says what it is.
    @Test func aFolderInItsPlaceIsNotRead() throws {
        let path = try folder() + "/tuning.json"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let store = TuningStore(path: path)
        #expect(store.problem?.contains("(it is a folder, not a file)") == true && store.tunings.isEmpty)
    }

    /// A newer Segue's file is used as far as it reads and never written over.
    @Test func aNewerFileIsNotWrittenOver() throws {
        let path = try folder() + "/tuning.json"
        let text = #"{"version": 2, "tunings": {"flip": ["--duration", "0.7"]}, "more": true}"#
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let s = session(TuningStore(path: path))
        #expect(s.demo.parameters.duration == 0.7 && s.tunings.problem?.contains("newer Segue") == true)
        s.adjust(.duration, by: 1)
        s.tunings.flush()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    /// The file replaced while the app runs: by a newer Segue's, it is never written over;
    /// by a hand edit with a typo, it is set aside as at start and every tuning the session
    /// knows is written, not only the one just changed.
    @Test func aFileChangedUnderfootIsNeitherLostNorWrittenOver() throws {
        let path = try folder() + "/tuning.json"
        try #"{"version": 1, "tunings": {"flip": ["--duration", "0.7"], "cube": ["--threshold", "0.4"]}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let s = session(TuningStore(path: path))
        let newer = #"{"version": 2, "tunings": {"flip": ["--duration", "0.7"]}}"#
        try newer.write(toFile: path, atomically: true, encoding: .utf8)
        s.adjust(.duration, by: 1)
        s.tunings.flush()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == newer)
        #expect(s.tunings.problem?.contains("became a newer Segue's (version 2)") == true)

        try #"{"version": 1, "tunings": {"flip": ["--duration", "0.7"], "cube": ["--threshold", "0.4"]}}"#
            .write(toFile: path + ".2", atomically: true, encoding: .utf8)
        let u = session(TuningStore(path: path + ".2"))
        #expect(u.tunings.tunings.count == 2)
        let typo = #"{"version": 1, "tunings": {"flip": ["--duration" "0.7"]}}"#
        try typo.write(toFile: path + ".2", atomically: true, encoding: .utf8)
        u.switchDemo(to: .pageturn)
        u.adjust(.threshold, by: 1)
        u.tunings.flush()
        #expect(try String(contentsOfFile: path + ".2.bad", encoding: .utf8) == typo)
        #expect(TuningStore(path: path + ".2").tunings == ["flip": ["--duration", "0.7"], "cube": ["--threshold", "0.4"],
                                                           "pageturn": ["--threshold", "0.55"]])
    }

    /// Two apps at once: each writes its own changes into the file as it finds it.
    @Test func writesMergeIntoTheFileAsItIsThen() throws {
        let path = try folder() + "/tuning.json"
        let a = session(TuningStore(path: path)), b = session(TuningStore(path: path))
        a.adjust(.duration, by: 1)
        b.switchDemo(to: .pageturn)
        b.adjust(.threshold, by: 1)
        #expect(TuningStore(path: path).tunings == ["flip": ["--duration", "1.1"], "pageturn": ["--threshold", "0.55"]])
    }

    /// A kept entry that no longer reads (out of range, unknown option) is dropped, not
    /// laid over the demo.
    @Test func anEntryThatDoesNotReadIsDropped() {
        let store = TuningStore(tunings: ["flip": ["--duration", "9999"], "pageturn": ["--bogus"]])
        let s = session(store)
        #expect(s.demo.parameters == s.demo.defaultParameters && store.tunings["flip"] == nil)
    }

    @Test func aFileThatCannotBeWrittenIsToldOnceAndTheSessionGoesOn() throws {
        let blocker = try folder() + "/file"
        try "x".write(toFile: blocker, atomically: true, encoding: .utf8)
        let store = TuningStore(path: blocker + "/segue/tuning.json")
        var told: [String] = []
        store.onProblem = { told.append($0) }
        let s = session(store)
        s.adjust(.duration, by: 1)
        s.advance(to: 1)
        s.adjust(.duration, by: 1)
        s.advance(to: 2)
        #expect(s.demo.parameters.duration == 1.2)
        #expect(told.count == 1 && told[0].hasPrefix("cannot save the tuning to"))
    }

    /// A file's transition keeps its tuning under its path, apart from a demo of its name.
    @Test func aFilesTransitionIsKeptUnderItsPath() throws {
        let flipFile = try folder() + "/mine.json"
        try flipFileText.write(toFile: flipFile, atomically: true, encoding: .utf8)
        var options = SessionOptions()
        options.transitionFiles = [flipFile]
        let s = session(TuningStore(), options)
        #expect(s.entries[s.current].name == "flip" && s.entries[s.current].tuningKey == "file:" + flipFile)
        s.adjust(.duration, by: 1)
        s.switchDemo(to: .flip)
        #expect(s.demo.parameters == s.demo.defaultParameters)
        #expect(s.tunings.tunings.keys.sorted() == ["file:" + flipFile])
    }

    /// The ready event carries the demo's tuning; a replay starts from the tunings its
    /// recording kept.
    @Test func readyCarriesTheTuningAndReplaysStartFromTheKeptOnes() throws {
        let store = TuningStore(tunings: ["flip": ["--duration", "0.6", "--curve", "cubic-bezier:0.2,1.6,0.4,1.0"]])
        let s = session(store)
        var lines: [String] = []
        s.emit = { lines.append($0) }
        s.emitReady(renderer: "raster", reason: "asked for")
        let ready = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let tuning = try #require(ready["tuning"] as? [String: Any])
        #expect(tuning["duration"] as? Double == 0.6 && tuning["curve"] as? String == "cubic-bezier:0.2,1.6,0.4,1.0")
        #expect(tuning["release"] as? String == "uikit" && tuning["perspective"] as? Double == s.demo.defaultParameters.perspectiveDistance)
        var recording = Recording(options: SessionOptions(), window: (900, 915))
        recording.tuning = store.tunings
        let decoded = try JSONDecoder().decode(Recording.self, from: try recording.encoded())
        var duration = 0.0
        Replayer(recording: decoded, options: SessionOptions()).run(emit: { _ in }) { session, _, _ in
            duration = session.demo.parameters.duration
        }
        #expect(duration == 0.6)
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(TuningStore.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/segue/tuning.json")
        #expect(TuningStore.defaultPath(environment: ["XDG_CONFIG_HOME": "", "HOME": "/h"]) == "/h/.config/segue/tuning.json")
        #expect(TuningStore.defaultPath(environment: [:]) == nil)
    }
}

/// `y` carries the tuning back to code: a command line that reproduces it and the Swift
/// that would, on the clipboard, as an event, and as a toast that passes.
@MainActor @Suite struct TuningCodeTests {
    @Test func theCommandLineReproducesTheTuning() throws {
        let s = Session(options: SessionOptions(), window: (900, 915))
        s.adjust(.duration, by: 1)
        s.adjust(.release, by: 1)
        let command = TuningCode.command(s.entries[s.current], s.demo.parameters, defaults: s.demo.defaultParameters)
        #expect(command == "segue --demo flip --duration 1.1 --release velocity")
        // Parsed back, it gives the same parameters.
        let options = try SessionOptions(parsing: Array(command.split(separator: " ").dropFirst().map(String.init)))
        #expect(options.applied(to: s.demo.defaultParameters) == s.demo.parameters)
        #expect(TuningCode.shellQuoted("/tmp/my file's.json") == #"'/tmp/my file'\''s.json'"#)
        #expect(TuningCode.shellQuoted("cubic-bezier:0.2,1.6,0.4,1.0") == "cubic-bezier:0.2,1.6,0.4,1.0")
    }

    @Test func theSwiftStatesEveryValue() {
        var p = TransitionParameters(duration: 0.6, curve: .bezier(TimingCurve(0.2, 1.6, 0.4, 1)), perspectiveDistance: 500)
        p.threshold = 0.4
        p.completionSpeed = 1.5
        p.completionCurve = .default
        p.releaseRule = .projected
        let swift = TuningCode.swift("flip", p)
        #expect(swift.contains("let duration: TimeInterval = 0.6"))
        #expect(swift.contains("UICubicTimingParameters(controlPoint1: CGPoint(x: 0.2, y: 1.6), controlPoint2: CGPoint(x: 0.4, y: 1.0))"))
        #expect(swift.contains("perspective.m34 = -1.0 / 500.0"))
        #expect(swift.contains("interaction.completionSpeed = 1.5"))
        #expect(swift.contains("interaction.timingCurve = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.25, y: 0.1)"))
        #expect(swift.contains("let finishes = percent + velocity / 1000 * 0.998 / (1 - 0.998) >= 0.4"))
        p.completionCurve = .easeOut
        p.releaseRule = .velocity
        let named = TuningCode.swift("flip", p)
        #expect(named.contains("interaction.completionCurve = .easeOut"))
        #expect(named.contains("let finishes = abs(velocity) >= 1.0 ? velocity > 0 : percent >= 0.4"))
        p.springCompletion = true
        let spring = TuningCode.swift("flip", p)
        #expect(spring.contains("let left = (finishes ? 1 : 0) - percent\ninteraction.timingCurve = UISpringTimingParameters(dampingRatio: 1, initialVelocity: CGVector(dx: left == 0 ? 0 : velocity / left, dy: 0))"))
        #expect(spring.range(of: "let finishes")!.lowerBound < spring.range(of: "let left")!.lowerBound)
        #expect(!spring.contains("completionCurve") && spring.components(separatedBy: "interaction.timingCurve").count == 2)
        p.springCompletion = false
        p.completionCurve = .spring(dampingRatio: 0.7, velocity: 0)
        #expect(TuningCode.swift("flip", p).contains("interaction.timingCurve = UISpringTimingParameters(dampingRatio: 0.7"))
        p.curve = .spring(dampingRatio: 0.55, velocity: 2)
        #expect(TuningCode.swift("magicmove", p).contains("let timing = UISpringTimingParameters(dampingRatio: 0.55, initialVelocity: CGVector(dx: 2.0, dy: 0))"))
    }

    /// Numbers to the thousandth: a dragged handle or a perspective worked out from a
    /// percentage carries no float noise into the code.
    @Test func numbersAreRoundedToWhatMatters() {
        #expect(TuningCode.number(0.6559715831739302) == "0.656")
        #expect(TuningCode.number(499.87512) == "499.875" && TuningCode.number(2) == "2.0" && TuningCode.number(-0.0004) == "-0.0")
        let p = TransitionParameters(duration: 0.6000000000000001, curve: .bezier(TimingCurve(0.6559715831739302, 0, 0.35, 1)),
                                     perspectiveDistance: 666.6666666666666)
        let swift = TuningCode.swift("flip", p)
        #expect(swift.contains("= 0.6\n") && swift.contains("CGPoint(x: 0.656, y: 0.0)") && swift.contains("-1.0 / 666.667"), "\(swift)")
    }

    /// The spring ending's velocity is UIKit's: the release velocity over the distance left.
    /// Released at 60 % going 2.4 transitions a second, the spring starts at 2.4 / 0.4 = 6
    /// distances a second, so the percent moves on at the release velocity: 2.4 per second.
    @Test func theSpringEndingStartsAtTheReleaseVelocity() {
        let h = Harness()
        let drag = h.demo.interactions[0]
        drag.springCompletion = true
        let size = h.window.bounds.size
        let start = Point(x: size.width / 2, y: size.height * 0.05)
        // A steady drag down at 2.4 heights a second, released at 60 %.
        h.send(.down, start)
        for i in 1...15 {
            h.step()
            h.send(.moved, start + Point(x: 0, y: size.height * 0.6 * Double(i) / 15))
        }
        h.send(.up, start + Point(x: 0, y: size.height * 0.6))
        let release = drag.lastRelease!
        #expect(close(release.percent, 0.6, 1e-9) && close(release.velocity, 2.4, 0.05), "\(release)")
        let dt = 0.001
        h.step(dt)
        let slope = (drag.percentComplete - 0.6) / dt
        #expect(close(slope, release.velocity, 0.02 * release.velocity), "slope \(slope), release \(release.velocity)")
    }

    @Test func yCopiesAndTellsAndToastsAMoment() throws {
        let d = SessionDriver()
        var copied: [String] = []
        d.session.copy = { copied.append($0) }
        d.frame([.key(.character("t"), shift: false)])
        d.frame([.key(.character("y"), shift: false)])
        #expect(copied.count == 1 && copied[0].hasPrefix("// segue --demo flip --threshold 0.55\n// flip, as tuned in Segue."))
        let event = try #require(try JSONSerialization.jsonObject(with: Data(d.lines.last!.utf8)) as? [String: Any])
        #expect(event["event"] as? String == "tuning" && event["command"] as? String == "segue --demo flip --threshold 0.55")
        #expect((event["tuning"] as? [String: Any])?["threshold"] as? Double == 0.55)
        #expect((event["swift"] as? String)?.contains("let finishes = percent >= 0.55") == true)
        #expect(d.session.hud.toast?.text == "Copied flip's tuning as Swift and a segue command")
        d.run(Session.toastSeconds + 0.1)
        #expect(d.session.hud.toast == nil)
    }
}
