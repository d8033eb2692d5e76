import Foundation
import Testing

/// `segue check`: each file is ok (stdout) or one line naming it and the problem (stderr);
/// exit 2 if any is broken.
@MainActor @Suite(.serialized) struct CheckCommandTests {
    @Test func theShippedSeedsAreOkAndBrokenFilesAreNamed() throws {
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/Transitions")
            .standardized.path
        let ok = try CommandLineTests.run(["check", assets + "/flip.json", assets + "/pageturn.json"])
        #expect(ok.status == 0 && ok.stderr.isEmpty)
        #expect(ok.stdout == "\(assets)/flip.json: ok — flip, 2 layers, 1.0 s\n\(assets)/pageturn.json: ok — pageturn, 3 layers, 0.8 s\n")

        let dir = try CommandLineTests.temporaryDirectory()
        let bad = dir.appendingPathComponent("bad\nname.json").path
        try Data(#"{"format":1,"name":"x","duration":1,"layers":[{"source":"base","keyframes":[{"t":0.5},{"t":0.25}]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: bad))
        let r = try CommandLineTests.run(["check", bad, assets + "/flip.json", dir.path + "/none.json"])
        #expect(r.status == 2)
        #expect(r.stdout == "\(assets)/flip.json: ok — flip, 2 layers, 1.0 s\n")
        let shown = dir.path + "/bad\\nname.json"
        #expect(r.stderr == "segue: '\(shown)': layers[0].keyframes[1].t: must be above the previous keyframe's t (0.5)\nsegue: '\(dir.path)/none.json': no such file\n")
        #expect(try CommandLineTests.run(["check"]).status == 2)
        #expect(try CommandLineTests.run(["check", "--fix", bad]).stderr == "segue: unknown option '--fix' for check (see --help)\n")
    }
}
