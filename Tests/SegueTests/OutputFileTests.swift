import Foundation
import Testing
import SegueCommandLine
import SegueProcess

/// The one output writer: whole or nothing, regular files only, no path APIs that trap.
@MainActor @Suite struct OutputFileTests {
    private func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-out-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    private func contents(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    }

    @Test(arguments: [
        ("a", ".", "a"), ("1", ".", "1"), ("-", ".", "-"), ("/a", "/", "a"), ("x/y/a", "x/y", "a"),
        ("x//a", "x", "a"), ("a/", "a", ""), (".", ".", "."), ("/", "/", ""),
    ])
    func pathsSplitWithoutFoundation(_ path: String, _ folder: String, _ name: String) {
        #expect(Path.split(path) == (folder, name))
    }

    @Test func writesWholeFilesAndReplacesOnlyRegularOnes() throws {
        let dir = try folder()
        try OutputFile.write(dir + "/a", bytes: Array("one".utf8))
        try OutputFile.write(dir + "/a", bytes: Array("two".utf8))
        #expect(try String(contentsOfFile: dir + "/a", encoding: .utf8) == "two")
        #expect(try contents(dir) == ["a"])
        mkfifo(dir + "/fifo", 0o644)
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: dir + "/a")
        try FileManager.default.createSymbolicLink(atPath: dir + "/dangling", withDestinationPath: dir + "/nothing")
        for (target, why) in [("/dev/null", "a character device, not a regular file"), (dir + "/fifo", "a FIFO, not a regular file"),
                              (dir + "/sub", "a folder"), (dir + "/sub/", "names a folder"), (dir + "/.", "names a folder"),
                              (dir + "/dangling", "a symbolic link to nothing"), (dir + "/missing/x", "does not exist"), ("", "must name a file")] {
            #expect { try OutputFile.target(target, for: "--out") } throws: { ($0 as? UsageError)?.description.contains(why) == true }
        }
        // A link to a file is written through: the link stays, the file changes.
        try OutputFile.write(dir + "/link", bytes: Array("three".utf8))
        #expect(Path.kind(dir + "/link", follow: false) == .link)
        #expect(try String(contentsOfFile: dir + "/a", encoding: .utf8) == "three")
    }

    @Test func aFailureLeavesTheTargetAsItWasAndNoTemporaryFile() throws {
        let dir = try folder()
        try OutputFile.write(dir + "/keep.png", bytes: Array("keep".utf8))
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try OutputFile.write(dir + "/keep.png") { sink in
                try sink.write(Array(repeating: 7, count: 100_000))
                throw Boom()
            }
        }
        #expect(try String(contentsOfFile: dir + "/keep.png", encoding: .utf8) == "keep")
        #expect(try contents(dir) == ["keep.png"])
        // A write error is one line naming the file and the reason.
        let e = OutputError(writing: "keep.png", errno: ENOSPC)
        #expect(e.description == "cannot write 'keep.png': No space left on device")
    }

    @Test func aFolderAppearsWholeOrNotAtAll() throws {
        let dir = try folder()
        let ours = { (name: String) in name.hasPrefix("f") }
        let created = try OutputFolder(dir + "/frames", isOurs: ours)
        try created.write("f1") { try $0.write(Array("1".utf8)) }
        #expect(Path.kind(dir + "/frames") == nil)
        try created.commit()
        #expect(try contents(dir + "/frames") == ["f1"])
        // Discarded, a new folder is gone and an existing one keeps only what it had.
        let failed = try OutputFolder(dir + "/other", isOurs: ours)
        try failed.write("f1") { try $0.write(Array("1".utf8)) }
        failed.discard()
        let again = try OutputFolder(dir + "/frames", isOurs: ours)
        try again.write("f2") { try $0.write(Array("2".utf8)) }
        again.discard()
        #expect(try contents(dir) == ["frames"])
        #expect(try contents(dir + "/frames") == ["f1"])
        #expect { try OutputFolder.check("/dev/null", for: "--out", isOurs: ours) } throws: { ($0 as? UsageError)?.description.contains("not a folder") == true }
    }

    /// A later, shorter run into the same folder leaves its own files alone: the earlier
    /// run's are gone. A folder holding a file it did not write is refused, untouched.
    @Test func aFolderWrittenAgainHoldsTheNewRunAlone() throws {
        let dir = try folder()
        let ours = { (name: String) in name.hasPrefix("f") }
        let long = try OutputFolder(dir + "/frames", isOurs: ours)
        for i in 1...5 { try long.write("f\(i)") { try $0.write(Array("old".utf8)) } }
        try long.commit()
        let short = try OutputFolder(dir + "/frames", isOurs: ours)
        for i in 1...2 { try short.write("f\(i)") { try $0.write(Array("new".utf8)) } }
        try short.commit()
        #expect(try contents(dir + "/frames") == ["f1", "f2"])
        #expect(try String(contentsOfFile: dir + "/frames/f2", encoding: .utf8) == "new")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/frames/notes.txt"))
        #expect { try OutputFolder(dir + "/frames", isOurs: ours) } throws: {
            ($0 as? UsageError)?.description == "cannot write output folder '\(dir)/frames': it holds 'notes.txt', which segue did not write (name an empty or new folder)"
        }
        #expect(try contents(dir + "/frames") == ["f1", "f2", "notes.txt"])
    }
}
