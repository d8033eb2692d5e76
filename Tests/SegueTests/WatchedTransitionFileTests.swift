import Foundation
import Testing
@testable import Segue
@testable import SegueStudio

@MainActor @Suite struct WatchedTransitionFileTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func text(_ name: String, duration: Double = 1) -> String {
        #"{"format":1,"name":"\#(name)","duration":\#(duration),"layers":[{"source":"base"}]}"#
    }

    /// Saves as editors make them — in place, by rename, half written, deleted and made
    /// again — each seen on the next look, the last good version kept through bad ones.
    @Test func savesOfEveryKindAreSeen() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("t.json").path
        try text("one").write(toFile: path, atomically: false, encoding: .utf8)
        let w = WatchedTransitionFile(path: path)
        guard case .loaded(let first)? = w.poll() else { Issue.record("not loaded"); return }
        #expect(first.name == "one" && w.poll() == nil)

        // Replaced by rename, as editors save.
        let temp = dir.appendingPathComponent(".t.json.swp").path
        try text("two").write(toFile: temp, atomically: false, encoding: .utf8)
        #expect(rename(temp, path) == 0)
        #expect(w.poll().map { if case .loaded(let f) = $0 { return f.name } else { return "" } } == "two")

        // Half written: reported once, the last good version stays.
        try String(text("three").prefix(30)).write(toFile: path, atomically: false, encoding: .utf8)
        guard case .failed(let message)? = w.poll() else { Issue.record("not failed"); return }
        #expect(message.hasPrefix("'" + path + "': line 1, column 31:"), "\(message)")
        #expect(w.poll() == nil && w.current?.name == "two" && w.problem == message)

        // Deleted, then made again.
        try FileManager.default.removeItem(atPath: path)
        #expect(w.poll() == .failed("'" + path + "': no such file"))
        #expect(w.poll() == nil && w.current?.name == "two")
        try text("four").write(toFile: path, atomically: false, encoding: .utf8)
        #expect(w.poll().map { if case .loaded(let f) = $0 { return f.name } else { return "" } } == "four")
        #expect(w.problem == nil)
    }

    @Test func aFolderOrAHugeFileIsRefusedUnread() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(WatchedTransitionFile(path: dir.path).poll() == .failed("'" + dir.path + "': not a regular file"))
        let big = dir.appendingPathComponent("big.json").path
        FileManager.default.createFile(atPath: big, contents: Data(count: WatchedTransitionFile.maxBytes + 1))
        #expect(WatchedTransitionFile(path: big).poll() == .failed("'" + big + "': \(WatchedTransitionFile.maxBytes + 1) bytes, more than \(WatchedTransitionFile.maxBytes)"))
    }
}
