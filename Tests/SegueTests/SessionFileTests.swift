import Foundation
import Testing
@testable import Segue
@testable import SegueDemos
@testable import SegueStudio

/// A session on a transition file: it opens on it, tells when it loads, reloads it after a
/// save (keeping the screen that shows, after a drag under way ends), and keeps the last good
/// version through a broken save, which the HUD shows.
@MainActor @Suite struct SessionFileTests {
    private func flipText(duration: Double) -> String {
        flipFileText.replacingOccurrences(of: #""duration": 1.0"#, with: #""duration": \#(duration)"#)
    }

    @Test func aFileReloadsWhileTheAppRuns() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("mine.json").path
        try flipText(duration: 1).write(toFile: path, atomically: true, encoding: .utf8)
        var options = SessionOptions()
        options.transitionFiles = [path]
        let d = SessionDriver(options)
        let s = d.session
        #expect(s.hud.demos == ["flip", "pageturn", "magicmove", "flip"] && s.current == 3)
        #expect(d.lines.isEmpty)
        s.emitReady(renderer: "raster", reason: "asked for")
        #expect(d.lines.last == #"{"event":"loaded","file":"\#(path)","name":"flip"}"#)

        // Presented by its button, then a new duration saved: the modal stays, the new version runs.
        let (x, y) = d.target("flip")
        d.click(x, y)
        d.run(1.2)
        #expect(s.demo.nextOperation == .dismiss)
        try flipText(duration: 0.5).write(toFile: path, atomically: true, encoding: .utf8)
        s.pollFiles()
        #expect(d.lines.last?.contains(#""event":"screen""#) == true)
        #expect(d.lines.contains(#"{"event":"loaded","file":"\#(path)","name":"flip"}"#))
        #expect(s.demo.parameters.duration == 0.5 && s.demo.nextOperation == .dismiss)
        // Put in place at once, the modal is no transition: none is told or shown.
        #expect(d.transitionLines.count == 2 && !d.lines.contains { $0.contains(#""transition":"none""#) }, "\(d.transitionLines)")
        d.frame()
        #expect(s.hud.transition != "none")

        // A broken save: told, shown in red, the last good version stays.
        try "{ \"format\": 1,".write(toFile: path, atomically: true, encoding: .utf8)
        s.pollFiles()
        let error = try #require(d.lines.last)
        #expect(error.hasPrefix(#"{"event":"error","file":"\#(path)","message":"'\#(path)': line 1, column 15:"#), "\(error)")
        #expect(s.hud.problem?.contains("line 1, column 15") == true && s.demo.parameters.duration == 0.5)

        // A save during a drag: the drag finishes on the version it began with, then the new one is in place.
        let (dx, dy) = d.target("dismiss")
        d.frame([.mouseDown(x: dx, y: dy - 300)])
        d.frame([.mouseMoved(x: dx, y: dy - 100)])
        #expect(s.demo.window.activeTransition?.duration == 0.5)
        try flipText(duration: 2).write(toFile: path, atomically: true, encoding: .utf8)
        s.pollFiles()
        #expect(s.hud.problem == nil && s.demo.window.activeTransition?.duration == 0.5)
        d.frame([.mouseMoved(x: dx, y: dy + 300), .mouseUp(x: dx, y: dy + 300, inside: true)])
        d.run(1)
        #expect(d.transitionLines.last == #"{"cancelled":false,"event":"ended","operation":"dismiss","transition":"flip"}"#)
        #expect(s.demo.parameters.duration == 2 && s.demo.nextOperation == .present)
    }
}

/// The files of the user's folder join a session's list; its recording names them, so the
/// replay (and an export of it) offers the same list and shows what the live run showed.
@MainActor @Suite struct RecordedFolderTests {
    @Test func aReplayOffersTheFilesTheLiveRunDid() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("mine.json").path
        try flipFileText.replacingOccurrences(of: #""name": "flip""#, with: #""name": "mine""#)
            .write(toFile: file, atomically: true, encoding: .utf8)
        let live = Session(options: SessionOptions(), window: (900, 915), moreFiles: [file])
        var recording = Recording(options: SessionOptions(), window: (900, 915))
        recording.moreFiles = [file]
        var lines: [String] = []
        live.emit = { lines.append($0) }
        let index = live.entries.count
        #expect(live.hud.demos.last == "mine")
        for (t, input) in [(0.1, InputEvent.key(.digit(index), shift: false))] {
            recording.append(input, at: t)
            live.handle(input, at: t)
        }
        #expect(live.demo.name == "mine")
        let path = dir.appendingPathComponent("run.json").path
        try recording.write(to: path)
        let (read, options) = try Recording.read(path)
        #expect(read.moreFiles == [file])
        var replayed: [String] = []
        Replayer(recording: read, options: options).run(emit: { replayed.append($0) }) { _, _, _ in }
        #expect(replayed.filter { $0.contains(#""event":"screen""#) } == lines.filter { $0.contains(#""event":"screen""#) })
        #expect(replayed.contains { $0.contains(#""demo":"mine""#) })
    }
}
