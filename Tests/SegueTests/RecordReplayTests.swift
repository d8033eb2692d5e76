import Foundation
import Testing
@testable import Segue
@testable import SegueDemos
@testable import SegueStudio
import SegueCommandLine
import SegueProcess


@MainActor @Suite struct RecordReplayTests {
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
        options.tuning[.duration] = "0.93"
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
        (#"{"version":1,"arguments":["--demo","No pe"],"window":[900,900],"events":[]}"#, "bad options"),
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
