import Foundation
import Testing

/// `segue check`: each file is ok (stdout) or every problem it has, one line each on stderr
/// as compilers write them (`FILE:LINE:COLUMN: PLACE: message`); warnings the same with
/// `warning:`; exit 2 if any file is broken, 0 for warnings alone.
@Suite(.serialized) struct CheckCommandTests {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/Transitions")
        .standardized.path

    @Test func theShippedSeedsAreOkAndBrokenFilesAreNamed() throws {
        let assets = Self.assets
        let ok = try CommandLineTests.run(["check", assets + "/flip.json", assets + "/pageturn.json"])
        #expect(ok.status == 0 && ok.stderr.isEmpty)
        #expect(ok.stdout == "\(assets)/flip.json: ok — flip, format 1, 2 layers, 1.0 s\n\(assets)/pageturn.json: ok — pageturn, format 1, 3 layers, 0.8 s\n")

        let dir = try CommandLineTests.temporaryDirectory()
        let bad = dir.appendingPathComponent("bad\nname.json").path
        try Data(#"{"format":1,"name":"x","duration":1,"layers":[{"source":"base","keyframes":[{"t":0.5,"opacity":1},{"t":0.25}]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: bad))
        let r = try CommandLineTests.run(["check", bad, assets + "/flip.json", dir.path + "/none.json"])
        #expect(r.status == 2)
        #expect(r.stdout == "\(assets)/flip.json: ok — flip, format 1, 2 layers, 1.0 s\n")
        let shown = dir.path + "/bad\\nname.json"
        #expect(r.stderr == """
            \(shown):1:104: layers[0].keyframes[1].t: must be above the previous keyframe's t (0.5)
            \(shown):1:99: warning: layers[0].keyframes[1]: has only t: it sets nothing
            '\(dir.path)/none.json': no such file
            segue: 2 of 3 files have problems

            """)
        #expect(try CommandLineTests.run(["check"]).status == 2)
        #expect(try CommandLineTests.run(["check", "--fix", bad]).stderr == "segue: unknown option '--fix' for check (see --help)\n")
    }

    /// Every problem of a file, not only the first, each with its place and its line and
    /// column; and what is legal but likely a mistake, as warnings that leave the exit 0.
    @Test func everyProblemAndWarningIsReported() throws {
        let dir = try CommandLineTests.temporaryDirectory()
        let bad = dir.appendingPathComponent("bad.json").path
        try Data("""
            {
              "format": 2, "name": "Bad", "duration": 0,
              "layers": [
                { "source": "base", "rect": [0, 0, 1], "keyframes": [ { "t": 1, "opacity": 2, "curve": "easeIn" } ] },
                { "source": "modal", "keyframes": [ { "t": 0, "transform": [ {"rotateX": "a"}, {"spin": 3} ] } ], "colour": 1 }
              ]
            }
            """.utf8).write(to: URL(fileURLWithPath: bad))
        let r = try CommandLineTests.run(["check", bad])
        #expect(r.status == 2 && r.stdout.isEmpty)
        #expect(r.stderr == """
            \(bad):2:24: name: must be lowercase letters, digits and '-', not 'Bad'
            \(bad):2:43: duration: must be above 0 and at most 60, not 0
            \(bad):4:33: layers[0].rect: expected a list of 4 numbers, found 3
            \(bad):4:80: layers[0].keyframes[0].opacity: must be at least 0 and at most 1, not 2
            \(bad):5:78: layers[1].keyframes[0].transform[0].rotateX: expected a number, found a string
            \(bad):5:93: layers[1].keyframes[0].transform[1].'spin': unknown transform function (one of: translate, rotateX, rotateY, rotateZ, rotate3d, scale, skew, perspective, matrix3d)
            \(bad):5:113: layers[1].'colour': unknown key
            \(bad):4:92: warning: layers[0].keyframes[0].curve: a curve on the last keyframe shapes no segment
            segue: 1 of 1 file has problems

            """)

        let sheet = dir.appendingPathComponent("sheet.json").path
        try Data("""
            {"format": 2, "name": "sheet", "duration": 0.5,
             "presentation": {"frame": [0, 0.1, 1, 0.9]},
             "layers": [{"source": "base"}, {"source": "modal", "rect": [0, 0.1, 1, 0.9], "keyframes": [{"t": 0, "translate": [0, "100%", 0]}, {"t": 1, "translate": [0, 10, 0]}]}]}
            """.utf8).write(to: URL(fileURLWithPath: sheet))
        let w = try CommandLineTests.run(["check", sheet])
        #expect(w.status == 0)
        #expect(w.stdout == "\(sheet): ok — sheet, format 2, 2 layers, 0.5 s, 1 warning\n")
        #expect(w.stderr == "\(sheet):2:28: warning: presentation.frame: the modal layer comes to rest at [0, 76.7, 375, 600.3] pt, not at this frame's [0, 66.7, 375, 600.3] (on a 375 × 667 screen)\n")
    }

    /// A program made with `Studio.run` says its own name: run as `spin`, its messages start
    /// with `spin:`, not `segue:`.
    @Test func aProgramSaysItsOwnName() throws {
        let dir = try CommandLineTests.temporaryDirectory()
        let spin = dir.appendingPathComponent("spin").path
        try FileManager.default.createSymbolicLink(atPath: spin, withDestinationPath: CommandLineTests.executable)
        let r = try CommandLineTests.run(["check", dir.path + "/none.json"], as: spin)
        #expect(r.status == 2)
        #expect(r.stderr == "'\(dir.path)/none.json': no such file\nspin: 1 of 1 file has problems\n")
    }
}
