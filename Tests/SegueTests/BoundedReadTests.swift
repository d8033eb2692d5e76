import Foundation
import Testing
@testable import Segue
@testable import SegueStudio
import SegueCommandLine
@testable import SegueCatalog
@testable import SegueProcess

/// Every read of an outside file stops at its cap, whatever size the file reports: a file
/// that says 0 bytes and never ends (`/proc/self/pagemap`) is refused after its cap, not
/// read until memory runs out.
@MainActor @Suite struct BoundedReadTests {
    static let endless = "/proc/self/pagemap"

    @Test func aFileThatNeverEndsIsRefusedAtItsCap() throws {
        #expect(RegularFile.size(atPath: Self.endless) == 0)
        #expect(RegularFile.read(atPath: Self.endless, limit: 1 << 20) == .failure(.tooLarge(size: nil, limit: 1 << 20)))
        #expect(RegularFile.ReadFailure.tooLarge(size: nil, limit: 8).description == "more than 8 bytes")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-read-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Exactly the cap reads; one byte more is refused with the size the file reports.
        try Data(repeating: 65, count: 8).write(to: URL(fileURLWithPath: dir + "/eight"))
        #expect(RegularFile.read(atPath: dir + "/eight", limit: 8) == .success(Data(repeating: 65, count: 8)))
        #expect(RegularFile.read(atPath: dir + "/eight", limit: 7) == .failure(.tooLarge(size: 8, limit: 7)))
        #expect(RegularFile.read(atPath: dir, limit: 7) == .failure(.notRegular))
        #expect(RegularFile.read(atPath: dir + "/none", limit: 7) == .failure(.notRegular))
        #expect(RegularFile.read(atPath: dir + "/eight", limit: 100) == .success(Data(repeating: 65, count: 8)))
        // A FIFO with no writer is refused at once, not waited on.
        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        #expect(RegularFile.read(atPath: dir + "/fifo", limit: 100) == .failure(.notRegular))
        #expect(WatchedTransitionFile.load(dir + "/fifo").failureMessage == "'\(dir)/fifo': not a regular file")
    }

    /// Each reader: a transition file (also a recording's `moreFiles` and `--transition-file`,
    /// and `check`), a recording, the tuning file (linked to the endless file).
    @Test func everyReaderStopsAtItsCap() throws {
        #expect(WatchedTransitionFile.load(Self.endless).failureMessage == "'\(Self.endless)': more than \(WatchedTransitionFile.maxBytes) bytes")
        #expect { try Recording.read(Self.endless) } throws: {
            ($0 as? UsageError)?.description == "recording '\(Self.endless)' is more than \(Recording.maxFileSize) bytes"
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-tuning-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/tuning.json", withDestinationPath: Self.endless)
        let store = TuningStore(path: dir + "/tuning.json")
        #expect(store.problem?.contains("over") == true, "\(String(describing: store.problem))")
    }
}

extension Result where Success == TransitionFile, Failure == WatchedTransitionFile.Problem {
    var failureMessage: String? {
        if case .failure(let p) = self { return p.message }
        return nil
    }
}

/// Switched away from, a transition's demo (its windows, views and snapshots) is let go:
/// nothing of the session holds it, after a transition ran on it too.
@MainActor @Suite struct SwitchedAwayTests {
    @Test func aDemoSwitchedAwayFromIsReleased() throws {
        let d = SessionDriver(transitions: PlayWithoutDragTests.catalog)
        let index = try #require(d.session.entries.firstIndex { $0.name == "explode" })
        d.frame([.key(.digit(index + 1), shift: false)])
        weak let demo = d.session.demo
        weak let window = d.session.demo.window
        let (x, y) = d.target("explode")
        d.click(x, y)
        d.run(1.5)
        #expect(demo != nil && d.session.demo.nextOperation == .dismiss)
        d.frame([.key(.digit(1), shift: false)])
        d.run(0.1)
        #expect(d.session.demo.name == "flip")
        #expect(demo == nil && window == nil)
    }
}
