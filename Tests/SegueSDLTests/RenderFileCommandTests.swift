import Foundation
import Testing

/// `segue render --transition-file`: a file's frame, with `render --transition`'s options.
@Suite(.serialized) struct RenderFileCommandTests {
    @Test func aSeedAsAFileRendersTheSeedsFrame() throws {
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/Transitions")
            .standardized.path
        let dir = try CommandLineTests.temporaryDirectory()
        let common = ["--operation", "present", "--progress", "0.3", "--scale", "0.5"]
        let a = try CommandLineTests.run(["render", "--transition", "flip", "--out", dir.path + "/a.png"] + common)
        let b = try CommandLineTests.run(["render", "--transition-file", assets + "/flip.json", "--out", dir.path + "/b.png"] + common)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("a.png")) == Data(contentsOf: dir.appendingPathComponent("b.png")))

        let both = try CommandLineTests.run(["render", "--transition", "flip", "--transition-file", assets + "/flip.json",
                                             "--out", dir.path + "/c.png"] + common)
        #expect(both.status == 2 && both.stderr == "segue: render takes --transition or --transition-file, not both\n")
        let bad = dir.appendingPathComponent("bad.json").path
        try Data(#"{"format":1,"name":"x","duration":99,"layers":[{"source":"base"}]}"#.utf8).write(to: URL(fileURLWithPath: bad))
        let broken = try CommandLineTests.run(["render", "--transition-file", bad, "--out", dir.path + "/d.png"] + common)
        #expect(broken.status == 2 && broken.stderr == "segue: '\(bad)': duration: must be above 0 and at most 60, not 99\n")
        let push = try CommandLineTests.run(["render", "--transition-file", assets + "/flip.json", "--operation", "push",
                                             "--progress", "0.5", "--out", dir.path + "/e.png"])
        #expect(push.status == 2 && push.stderr == "segue: unknown operation 'push' for flip (one of: present, dismiss)\n")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/c.png") && !FileManager.default.fileExists(atPath: dir.path + "/d.png"))
    }
}
