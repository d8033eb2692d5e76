import Foundation
import Segue
import SegueSDL
import Testing
import SegueRender

/// The `segue` executable run as a user would, for its answers to good and bad input.
@Suite(.serialized) struct CommandLineTests {
    /// `segue` beside the test bundle (both are built into the same folder).
    nonisolated static let executable: String = {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = testBinary.deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent("segue").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../.build/debug/segue").standardized.path
    }()

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static func run(_ args: [String], as program: String? = nil) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program ?? executable)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The picture samples the curve at every pixel across, whatever `--samples` prints: with
    /// five rows printed, the curve at an eighth of its time (between two rows) is drawn where
    /// easeInEaseOut is there, not on the chord between the rows (8 pixels lower).
    @Test func aCurvesPictureIsSampledFinely() throws {
        let dir = try Self.temporaryDirectory().path
        let r = try Self.run(["curve", "easeInEaseOut", "--samples", "5", "--out", dir + "/c.png"])
        #expect(r.status == 0 && r.stdout.split(separator: "\n").count == 7, "\(r.stderr)")
        let image = try ImageFile.readRGBA(dir + "/c.png")
        // The plot is x 56…688, y 64…392 in a 720 × 440 picture, values 0…1 up.
        let x = 56 + 632 / 8
        let amber = (0..<image.height).filter { y in
            let i = (y * image.width + x) * 4
            return image.rgba[i] > 200 && (100...200).contains(image.rgba[i + 1]) && image.rgba[i + 2] < 90
        }
        let expected = 392 - 328 * TimingCurve.easeInEaseOut.value(at: 0.125)
        let mean = Double(amber.reduce(0, +)) / Double(max(amber.count, 1))
        #expect(!amber.isEmpty && abs(mean - expected) < 2, "amber rows \(amber), expected about \(expected)")
    }

    @Test func renderWritesExactlyTheAskedSizeWithoutADisplay() throws {
        let dir = try Self.temporaryDirectory()
        let out = dir.appendingPathComponent("f.png").path
        let r = try Self.run(["render", "--transition", "flip", "--operation", "dismiss", "--progress", "0.4",
                              "--size", "300x500", "--scale", "0.5", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        // PNG IHDR: width and height, big-endian, at bytes 16…23.
        func be32(_ o: Int) -> Int { data[o..<(o + 4)].reduce(0) { $0 << 8 | Int($1) } }
        #expect(be32(16) == 150 && be32(20) == 250)
    }

    /// `--curve cubic-bezier:…` draws the frame its four numbers describe: those of
    /// easeInEaseOut draw easeInEaseOut's frame, an overshooting one another.
    @Test func aCurveOfOnesOwnIsDrawn() throws {
        let dir = try Self.temporaryDirectory()
        func frame(_ curve: String) throws -> Data {
            let out = dir.appendingPathComponent("\(curve.hashValue).png").path
            let r = try Self.run(["render", "--transition", "flip", "--operation", "present", "--progress", "0.3",
                                  "--size", "120x200", "--curve", curve, "--out", out])
            #expect(r.status == 0, "\(r.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: out))
        }
        let named = try frame("easeInEaseOut")
        #expect(try frame("cubic-bezier:0.42,0,0.58,1") == named)
        #expect(try frame("cubic-bezier:0.2,1.6,0.4,1") != named)
        #expect(try frame("spring:0.4,0") != named)
    }

    @Test(arguments: [
        (["--progress", "1.5"], "--progress must be within"),
        (["--progress", "-0.1"], "--progress must be within"),
        (["--progress", "nan"], "--progress must be a number"),
        (["--progress", "0.5", "--bogus"], "unknown option '--bogus'"),
        (["--progress", "0.5", "--curve", "wobbly"], "unknown curve 'wobbly'"),
        (["--progress", "0.5", "--curve", "cubic-bezier:0.2,1.6,0.4"], "--curve cubic-bezier takes four numbers"),
        (["--progress", "0.5", "--curve", "cubic-bezier:1.5,0,0.4,1"], "--curve cubic-bezier's x1 and x2 must be within 0…1"),
        (["--progress", "0.5", "--curve", "cubic-bezier:0.2,inf,0.4,1"], "--curve cubic-bezier takes four numbers"),
        (["--progress", "0.5", "--curve", "spring:0.5"], "--curve spring takes two numbers"),
        (["--progress", "0.5", "--curve", "spring:0,1"], "--curve spring's damping ratio must be within 0.001…1000"),
        (["--progress", "0.5", "--curve", "spring:0.5,5000"], "--curve spring's velocity must be within"),
        (["--progress", "0.5", "--size", "0x10"], "--size sides must be within"),
        (["--progress", "0.5", "--scale", "0"], "--scale must be within"),
        (["--progress", "0.5", "--size", "4000x4000", "--scale", "4"], "the frame would be 16000×16000"),
        (["--progress"], "--progress needs a value"),
        (["--progress", "0.5", "--from", "/nonexistent/picture.png"], "--from: cannot read image"),
    ])
    func badRenderInputExitsTwoWithOneLineAndWritesNothing(_ extra: [String], _ message: String) throws {
        let dir = try Self.temporaryDirectory()
        let out = dir.appendingPathComponent("f.png").path
        let r = try Self.run(["render", "--transition", "flip", "--operation", "present", "--out", out] + extra)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// render takes the tuning the app takes, from the same table: a perspective of its own
    /// draws another frame, one out of range is refused as the app refuses it.
    @Test func renderTakesTheAppsTuning() throws {
        let dir = try Self.temporaryDirectory()
        func frame(_ extra: [String]) throws -> Data {
            let out = dir.appendingPathComponent("f.png").path
            let r = try Self.run(["render", "--transition", "cube", "--operation", "present", "--progress", "0.4", "--out", out] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: out))
        }
        let plain = try frame([]), near = try frame(["--perspective", "250"])
        // The cube's own is 160 % of the width, 600 points.
        let same = try frame(["--perspective", "600"])
        #expect(plain != near && plain == same)
        let far = try Self.run(["render", "--transition", "cube", "--operation", "present", "--progress", "0.4", "--perspective", "5",
                                "--out", dir.appendingPathComponent("g.png").path])
        #expect(far.status == 2 && far.stderr.hasPrefix("segue: --perspective must be"), "\(far.stderr)")
    }

    @Test func corruptImageAndUnwritableOutputExitTwo() throws {
        let dir = try Self.temporaryDirectory()
        let bad = dir.appendingPathComponent("bad.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(to: bad)
        let out = dir.appendingPathComponent("f.png").path
        let corrupt = try Self.run(["render", "--transition", "flip", "--operation", "present", "--progress", "0.5",
                                    "--from", bad.path, "--out", out])
        #expect(corrupt.status == 2 && corrupt.stderr.contains("--from: cannot decode image"), "\(corrupt.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let nowhere = try Self.run(["render", "--transition", "flip", "--operation", "present", "--progress", "0.5",
                                    "--out", dir.appendingPathComponent("missing/f.png").path])
        #expect(nowhere.status == 2 && nowhere.stderr.contains("does not exist"), "\(nowhere.stderr)")
        // A name of another image kind would hold a PNG: refused, nothing written.
        let jpeg = dir.appendingPathComponent("f.jpg").path
        let wrongKind = try Self.run(["render", "--transition", "flip", "--operation", "present", "--progress", "0.5", "--out", jpeg])
        #expect(wrongKind.status == 2 && wrongKind.stderr == "segue: --out '\(jpeg)': Segue writes PNG files, so the name must end in .png, not .jpg\n")
        #expect(!FileManager.default.fileExists(atPath: jpeg))
        #expect(try Self.run(["curve", "linear", "--out", dir.appendingPathComponent("c.gif").path]).status == 2)
    }

    @Test func imagesThatClaimHugeSizesOrAreEmptyAreRefused() throws {
        let dir = try Self.temporaryDirectory()
        // A PNG whose header claims 100000 × 100000 pixels.
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        png += Data([0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 2, 0, 0, 0, 0, 0, 0, 0])
        let huge = dir.appendingPathComponent("huge.png"), empty = dir.appendingPathComponent("empty.png")
        try png.write(to: huge)
        try Data().write(to: empty)
        let out = dir.appendingPathComponent("f.png").path
        for (image, message) in [(huge.path, "100000×100000 pixels"), (empty.path, "cannot decode image")] {
            let r = try Self.run(["render", "--transition", "flip", "--operation", "present", "--progress", "0.5",
                                  "--from", image, "--out", out])
            #expect(r.status == 2 && r.stderr.contains(message), "\(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func replayOfACorruptFileExitsTwo() throws {
        let dir = try Self.temporaryDirectory()
        let truncated = dir.appendingPathComponent("t.json")
        try Data(#"{"version":1,"arguments":[],"window":[900,"#.utf8).write(to: truncated)
        let r = try Self.run(["replay", truncated.path, "--headless", "--events"])
        #expect(r.status == 2 && r.stderr.contains("not a valid Segue recording"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    /// A directory or a device where a file is expected: one clear line and exit 2, never
    /// Foundation's error text (or a pipe read forever).
    @Test func inputsThatAreNotRegularFilesExitTwo() throws {
        let dir = try Self.temporaryDirectory()
        let out = dir.appendingPathComponent("f.png").path
        for input in [dir.path, "/dev/null"] {
            let replay = try Self.run(["replay", input, "--headless"])
            #expect(replay.status == 2 && replay.stderr == "segue: cannot read recording '\(input)': not a regular file\n", "\(replay.stderr)")
            let render = try Self.run(["render", "--transition", "flip", "--operation", "present", "--progress", "0.5",
                                       "--from", input, "--out", out])
            #expect(render.status == 2 && render.stderr.contains("cannot read image '\(input)': not a regular file"), "\(render.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        // A link to a file is that file.
        let recording = dir.appendingPathComponent("r.json"), link = dir.appendingPathComponent("link.json")
        try Data(#"{"version":1,"arguments":[],"window":[900,"#.utf8).write(to: recording)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: recording)
        let linked = try Self.run(["replay", link.path, "--headless"])
        #expect(linked.status == 2 && linked.stderr.contains("not a valid Segue recording"), "\(linked.stderr)")
    }

    /// `render --onion`: the ghosts lie under the live frame, so they change only what the
    /// frame leaves uncovered (the black around the turning screen, and its edges' partly
    /// covered pixels).
    @Test func renderDrawsTheOnionSkinUnderTheFrame() throws {
        let dir = try Self.temporaryDirectory()
        let base = ["render", "--transition", "flip", "--operation", "present", "--progress", "0.45", "--size", "200x300"]
        let plain = try Self.run(base + ["--out", dir.appendingPathComponent("p.png").path])
        let onion = try Self.run(base + ["--onion", "3", "--out", dir.appendingPathComponent("o.png").path])
        #expect(plain.status == 0 && onion.status == 0, "\(plain.stderr) \(onion.stderr)")
        let p = try ImageFile.readRGBA(dir.appendingPathComponent("p.png").path).rgba
        let o = try ImageFile.readRGBA(dir.appendingPathComponent("o.png").path).rgba
        var changed = 0, wereBlack = 0
        for i in stride(from: 0, to: p.count, by: 4) where p[i..<i + 3] != o[i..<i + 3] {
            changed += 1
            if p[i..<i + 3].allSatisfy({ $0 == 0 }) { wereBlack += 1 }
        }
        #expect(changed > 2000 && Double(wereBlack) >= 0.97 * Double(changed), "\(changed) changed, \(wereBlack) black")
    }

    @Test func toImageReplacesTheModalScreen() throws {
        let dir = try Self.temporaryDirectory()
        // A 4 × 2 picture: left half red, right half blue; fitted to the screen (100 × 50 in
        // the middle), letterboxed on the stage's colour above and below.
        var rgba: [UInt8] = []
        for _ in 0..<2 { for x in 0..<4 { rgba += x < 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        let picture = dir.appendingPathComponent("p.png").path
        try ImageFile.writePNG(rgba, width: 4, height: 2, to: picture)
        let out = dir.appendingPathComponent("f.png").path
        let r = try Self.run(["render", "--transition", "flip", "--operation", "present", "--progress", "1",
                              "--size", "100x100", "--to", picture, "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let frame = try ImageFile.readRGBA(out)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(frame.rgba[(y * frame.width + x) * 4..<(y * frame.width + x) * 4 + 3]) }
        #expect(pixel(20, 50) == [255, 0, 0] && pixel(20, 30) == [255, 0, 0])
        #expect(pixel(80, 50) == [0, 0, 255] && pixel(80, 70) == [0, 0, 255])
        #expect(pixel(50, 10) == [0x0F, 0x11, 0x15] && pixel(50, 90) == [0x0F, 0x11, 0x15])
        // A navigation demo keeps its own screens: asked for pictures, it says so.
        let push = try Self.run(["render", "--transition", "magicmove", "--operation", "push", "--progress", "0.5", "--to", picture, "--out", out + ".2.png"])
        #expect(push.status == 2 && push.stderr == "segue: --from and --to are a modal transition's two screens; magicmove keeps its own\n", "\(push.stderr)")
    }

    @Test func helpDocumentsEveryOptionAndSubcommand() throws {
        let r = try Self.run(["--help"])
        #expect(r.status == 0)
        for word in ["render", "--demo", "--size", "--scale", "--events", "--transition", "--operation", "--progress",
                     "--curve", "--from", "--to", "--out", "--window", "--renderer"] {
            #expect(r.stdout.contains(word), "help does not mention \(word)")
        }
    }

    /// Each subcommand's `--help` (or `segue help COMMAND`) is its own: its usage, its section
    /// and the exit status, not the whole.
    @Test func eachCommandHasItsOwnHelp() throws {
        let whole = try Self.run(["--help"]).stdout
        let sections = ["replay": "REPLAY\n", "render": "RENDER (", "curve": "CURVE\n", "check": "CHECK\n", "import-css": "IMPORT-CSS\n",
                        "export-css": "EXPORT-CSS\n", "catalog": "CATALOG\n"]
        for (command, heading) in sections {
            for args in [[command, "--help"], ["help", command]] {
                let r = try Self.run(args)
                #expect(r.status == 0 && r.stdout.contains(heading) && r.stdout.contains("EXIT STATUS"), "\(args)")
                #expect(r.stdout.contains("  segue \(command)") && !r.stdout.contains("TUNING"), "\(args)")
                for (other, otherHeading) in sections where other != command {
                    #expect(!r.stdout.contains(otherHeading), "\(args) shows \(other)'s help")
                }
                #expect(r.stdout.count < whole.count / 2, "\(args)")
            }
        }
        for args in [["help", "nosuch"], ["nosuch", "--help"]] {
            let r = try Self.run(args)
            #expect(r.status == 2 && r.stderr.hasPrefix("segue: unknown command 'nosuch' (one of: replay, render"), "\(args): \(r.stderr)")
        }
    }

    /// `segue catalog` lists the built-in demos, then the catalog's files by name, one line
    /// each; `--json` gives each its file (null for Swift ones) and its interaction as a file
    /// writes it; every name renders.
    @Test func theCatalogListsEveryTransition() throws {
        let plain = try Self.run(["catalog"])
        #expect(plain.status == 0)
        let names = plain.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        #expect(Array(names.prefix(3)) == ["flip", "pageturn", "magicmove"] && names.count >= 15)
        #expect(Array(names.dropFirst(3)) == names.dropFirst(3).sorted())
        let json = try Self.run(["catalog", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == names.map { Optional($0) })
        #expect(entries.allSatisfy { Set($0.keys) == ["name", "description", "file", "interaction"] })
        #expect(entries[0]["file"] is NSNull)
        let cube = try #require(entries.first { $0["name"] as? String == "cube" })
        #expect((cube["file"] as? String)?.hasSuffix("Assets/Transitions/cube.json") == true)
        let present = (cube["interaction"] as? [String: Any])?["present"] as? [String: Any]
        #expect(present?["pan"] as? String == "left" && present?["distance"] as? String == "width" && present?["edge"] is NSNull)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-catalog-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Self.run(["render", "--transition", "explode", "--operation", "present", "--progress", "0.5",
                              "--scale", "0.2", "--out", dir + "/e.png"])
        #expect(r.status == 0 && FileManager.default.fileExists(atPath: dir + "/e.png"), "\(r.stderr)")
    }

    @Test func unknownDemoAndArgumentsExitTwo() throws {
        let demo = try Self.run(["--demo", "nope"])
        #expect(demo.status == 2 && demo.stderr.contains("unknown demo 'nope' (one of: flip, pageturn, magicmove, cards,"), "\(demo.stderr)")
        #expect(try Self.run(["bogus"]).status == 2)
        let renderer = try Self.run(["render", "--transition", "flip", "--operation", "present", "--progress", "0.5",
                                     "--out", "/tmp/never.png", "--renderer", "vulkan"])
        #expect(renderer.status == 2 && renderer.stderr.contains("unknown renderer 'vulkan'"), "\(renderer.stderr)")
    }
}

@Suite(.serialized) struct CurveCommandTests {
    @Test func springPrintsItsParametersThenRowsFromZeroToTheDuration() throws {
        let r = try CommandLineTests.run(["curve", "spring", "--duration", "0.75", "--damping-ratio", "0.55",
                                          "--velocity", "1.8181818181818181", "--samples", "4"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("# spring mass=1.0 stiffness="))
        for key in ["damping=", "initialVelocity=1.81818", "duration=0.75"] { #expect(lines[0].contains(key)) }
        #expect(lines[1] == "time,value,velocity")
        #expect(lines.count == 6)
        #expect(lines[2] == "0.000000,0.000000,1.818182")
        #expect(lines[5].hasPrefix("0.750000,1.000000,"))
    }

    @Test func namedAndCustomBeziers() throws {
        let named = try CommandLineTests.run(["curve", "easeInEaseOut", "--samples", "3"])
        #expect(named.status == 0)
        #expect(named.stdout.contains("0.500000,0.500000,"))
        let custom = try CommandLineTests.run(["curve", "cubic-bezier", "--points", "0,0,1,1", "--duration", "2", "--samples", "3"])
        #expect(custom.stdout.split(separator: "\n").last == "2.000000,1.000000,0.500000")
    }

    @Test(arguments: [
        (["spring", "--duration", "0", "--damping-ratio", "0.5"], "duration must be a positive"),
        (["spring", "--duration", "-1", "--damping-ratio", "0.5"], "duration must be a positive"),
        (["spring", "--duration", "nan", "--damping-ratio", "0.5"], "--duration must be a finite number"),
        (["spring", "--duration", "1", "--damping-ratio", "0"], "damping ratio must be a positive"),
        (["spring", "--duration", "1", "--damping-ratio", "-2"], "damping ratio must be a positive"),
        (["spring", "--damping-ratio", "0.5"], "needs --duration"),
        (["cubic-bezier", "--points", "1,2,3"], "--points must be four numbers"),
        (["cubic-bezier", "--points", "1.5,0,0.5,1"], "x1 and x2 must be within"),
        (["wobble"], "unknown curve 'wobble'"),
        (["linear", "--samples", "1"], "--samples must be a whole number"),
        (["linear", "--duration", "0"], "duration must be a positive"),
    ])
    func badParametersExitTwoWithOneLine(_ args: [String], _ message: String) throws {
        let r = try CommandLineTests.run(["curve"] + args)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stdout.isEmpty)
    }

    @Test func plotIsWritten() throws {
        let dir = try CommandLineTests.temporaryDirectory()
        let out = dir.appendingPathComponent("plot.png").path
        let r = try CommandLineTests.run(["curve", "spring", "--duration", "1", "--damping-ratio", "0.3", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let plot = try ImageFile.readRGBA(out)
        #expect(plot.width == 720 && plot.height == 440)
        // Some pixels carry the curve's amber.
        let amber = stride(from: 0, to: plot.rgba.count, by: 4).filter { plot.rgba[$0] > 200 && plot.rgba[$0 + 2] < 60 }
        #expect(amber.count > 500)
    }
}
