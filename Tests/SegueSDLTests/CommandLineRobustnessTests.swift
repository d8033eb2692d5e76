import CSDL2
import Foundation
import SegueCommandLine
import SegueSDL
import Testing
import SegueProcess
import SegueRender

/// The contract under hostile input (issue 12): bad input is one line, exit 2 and nothing
/// written; a failing disk exit 1 with nothing partial left; SIGINT / SIGTERM 130 / 143
/// with nothing partial left; input echoed in messages escaped.
@Suite(.serialized) struct CommandLineRobustnessTests {
    struct Outcome {
        let status: Int32
        let stderr: String
        let seconds: Double
        var lines: Int { stderr.split(separator: "\n", omittingEmptySubsequences: false).count - 1 }
    }

    /// Runs `segue` in `folder`, sending `signal` after `delay` seconds if given; `environment`
    /// lies over the test's own.
    static func run(_ args: [String], in folder: String? = nil, signal: Int32? = nil, after delay: Double = 0,
                    environment: [String: String] = [:]) throws -> Outcome {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CommandLineTests.executable)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        env["DISPLAY"] = environment["DISPLAY"]
        p.environment = env
        if let folder { p.currentDirectoryURL = URL(fileURLWithPath: folder) }
        // stderr goes to a file, not a pipe: a read of a pipe can be cut by SIGCHLD here.
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("segue-err-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: errFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errFile) }
        let err = try FileHandle(forWritingTo: errFile)
        defer { try? err.close() }
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        try p.run()
        var sent = Date()
        if let signal {
            Thread.sleep(forTimeInterval: delay)
            sent = Date()
            kill(p.processIdentifier, signal)
        }
        p.waitUntilExit()
        let seconds = Date().timeIntervalSince(sent)
        let e = try Data(contentsOf: errFile)
        return Outcome(status: p.terminationStatus, stderr: String(decoding: e, as: UTF8.self), seconds: seconds)
    }

    static func folder() throws -> String { try CommandLineTests.temporaryDirectory().path }

    static func contents(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    static func write(_ text: String, _ path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }

    static let render = ["render", "--transition", "flip", "--operation", "present", "--progress", "0.5"]
    static let tap = #"[{"t":0.5,"type":"down","x":300,"y":500},{"t":0.6,"type":"up","x":300,"y":500,"inside":true}]"#

    @Test func oneCharacterOutputNamesAreFiles() throws {
        let dir = try Self.folder()
        try Self.write(#"{"version":1,"arguments":[],"window":[900,900],"events":\#(Self.tap)}"#, dir + "/R.json")
        for name in ["a", "1", "-"] {
            let r = try Self.run(Self.render + ["--out", name], in: dir)
            #expect(r.status == 0 && Path.kind(dir + "/" + name) == .file, "\(name): \(r.stderr)")
        }
        #expect(try Self.run(["curve", "linear", "--out", "c"], in: dir).status == 0)
        #expect(try Self.run(["replay", "R.json", "--headless", "--out", "f"], in: dir).status == 0)
        // Of the idle replay half a second stays at 60 per second, and the tap's pointer dot.
        #expect((30...40).contains(Self.contents(dir + "/f").count))
        for (args, message) in [(Self.render + ["--out", "."], "it names a folder"), (Self.render + ["--out", "x/"], "it names a folder"),
                                (["--record", "."], "cannot write --record '.': it names a folder")] {
            let r = try Self.run(args, in: dir)
            #expect(r.status == 2 && r.lines == 1 && r.stderr.contains(message), "\(r.stderr)")
        }
        #expect(Self.contents(dir) == ["-", "1", "R.json", "a", "c", "f"])
    }

    /// Without a display the app and a replay that shows a window say so and exit 1 at
    /// once, instead of running invisibly on SDL's offscreen driver: with no display named,
    /// and with one named that does not answer. (This process's own headless platform sets
    /// SDL_VIDEODRIVER=offscreen, which its children would inherit as asked for: cleared.)
    @Test func noDisplayIsOneLineAndExitOne() throws {
        let dir = try Self.folder()
        try Self.write(#"{"version":1,"arguments":[],"window":[900,900],"events":\#(Self.tap)}"#, dir + "/R.json")
        for args in [["--no-saved-tuning"], ["replay", "R.json"]] {
            let r = try Self.run(args, in: dir, environment: ["WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""])
            #expect(r.status == 1 && r.lines == 1 && r.stderr.contains("cannot open a window (no display: DISPLAY and WAYLAND_DISPLAY are not set (on a console, set SDL_VIDEODRIVER=kmsdrm))"),
                    "\(args): \(r.status) \(r.stderr)")
            let wrong = try Self.run(args, in: dir, environment: ["WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "", "DISPLAY": ":97"])
            #expect(wrong.status == 1 && wrong.stderr.contains("no display"), "\(args): \(wrong.status) \(wrong.stderr)")
        }
    }

    /// A frames folder written again holds the new replay's frames alone (an earlier, longer
    /// export's are gone); one holding a file segue did not write is refused, untouched.
    @Test func aFramesFolderIsReplacedWholeOrRefused() throws {
        let dir = try Self.folder()
        try Self.write(#"{"version":1,"arguments":[],"window":[900,900],"events":\#(Self.tap)}"#, dir + "/R.json")
        try FileManager.default.createDirectory(atPath: dir + "/f", withIntermediateDirectories: false)
        try Self.write("stale", dir + "/f/frame-00415.png")
        #expect(try Self.run(["replay", "R.json", "--headless", "--out", "f"], in: dir).status == 0)
        let frames = Self.contents(dir + "/f")
        #expect(!frames.contains("frame-00415.png") && frames.count > 10 && frames.allSatisfy { $0.hasPrefix("frame-") })
        try Self.write("mine", dir + "/f/notes.txt")
        let r = try Self.run(["replay", "R.json", "--headless", "--out", "f"], in: dir)
        #expect(r.status == 2 && r.lines == 1 && r.stderr.contains("it holds 'notes.txt', which segue did not write"), "\(r.stderr)")
        #expect(Self.contents(dir + "/f") == (frames + ["notes.txt"]).sorted())
    }

    @Test func targetsThatAreNotRegularFilesAreRefusedAndLeftAlone() throws {
        let dir = try Self.folder()
        mkfifo(dir + "/fifo", 0o644)
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
        for target in ["/dev/null", "/dev/full", dir + "/fifo", dir + "/sub"] {
            for args in [Self.render + ["--out", target], ["curve", "linear", "--out", target]] {
                let r = try Self.run(args)
                #expect(r.status == 2 && r.lines == 1 && r.stderr.contains("cannot write --out"), "\(target): \(r.stderr)")
            }
        }
        #expect(Path.kind("/dev/null") == .other("a character device") && Path.kind(dir + "/fifo") == .other("a FIFO"))
        #expect(Self.contents(dir) == ["fifo", "sub"] && Self.contents(dir + "/sub").isEmpty)
    }

    @Test func signalsStopEveryLongCommandAndLeaveNothing() throws {
        let dir = try Self.folder()
        try Self.write(#"{"version":1,"arguments":[],"window":[900,900],"events":[{"t":0.5,"type":"down","x":300,"y":500},{"t":86400,"type":"quit"}]}"#, dir + "/day.json")
        let quiet = try Self.run(["replay", "day.json", "--headless"], in: dir, signal: SIGTERM, after: 0.5)
        #expect(quiet.status == 143 && quiet.seconds < 1, "\(quiet)")
        let events = try Self.run(["replay", "day.json", "--headless", "--events"], in: dir, signal: SIGINT, after: 0.5)
        #expect(events.status == 130 && events.seconds < 1, "\(events)")
        let frames = try Self.run(["replay", "day.json", "--headless", "--out", "frames", "--no-frame-limit"], in: dir, signal: SIGINT, after: 1.5)
        #expect(frames.status == 130 && frames.seconds < 1, "\(frames)")
        let big = try Self.run(Self.render + ["--size", "1000x1000", "--scale", "4", "--out", "big.png"], in: dir, signal: SIGTERM, after: 0.3)
        #expect(big.status == 143 && big.stderr.isEmpty, "\(big)")
        // The terminal closing (SIGHUP) and the other signals that end a process take the same
        // path: 128 + the signal, within a second, nothing left.
        for signal in [SIGHUP, SIGUSR1, SIGQUIT, SIGPIPE] {
            let r = try Self.run(["replay", "day.json", "--headless", "--out", "frames", "--no-frame-limit"], in: dir, signal: signal, after: 1.5)
            #expect(r.status == 128 + signal && r.seconds < 1 && r.stderr.isEmpty, "signal \(signal): \(r)")
        }
        // A reader gone (`segue … --events | head -1`) sends SIGPIPE at every write after it:
        // the first takes the clean path, the ones after wait for it (a second 5 ms later,
        // while the video's ffmpeg is being ended: an exit of 141 and nothing left, not a
        // death by the second with the partial video behind).
        try Self.write(#"{"version":1,"arguments":[],"window":[900,900],"events":[{"t":0.5,"type":"down","x":300,"y":500},{"t":60,"type":"quit"}]}"#, dir + "/minute.json")
        do {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CommandLineTests.executable)
            p.arguments = ["replay", "minute.json", "--out", "v.webm", "--no-trim-idle"]
            p.currentDirectoryURL = URL(fileURLWithPath: dir)
            p.standardError = FileHandle.nullDevice
            try p.run()
            Thread.sleep(forTimeInterval: 2)
            kill(p.processIdentifier, SIGPIPE)
            Thread.sleep(forTimeInterval: 0.005)
            kill(p.processIdentifier, SIGPIPE)
            p.waitUntilExit()
            #expect(p.terminationReason == .exit && p.terminationStatus == 141, "\(p.terminationReason) \(p.terminationStatus)")
            #expect(Self.contents(dir) == ["day.json", "minute.json"])
        }
        // Started with SIGINT and SIGHUP ignored (a shell's background job, nohup): `kill -INT`
        // still stops it, the ignored SIGHUP stays ignored.
        for (signal, status) in [(SIGINT, Int32(130)), (SIGHUP, -1)] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", #"trap "" INT HUP; exec "$0" replay day.json --headless"#, CommandLineTests.executable]
            p.currentDirectoryURL = URL(fileURLWithPath: dir)
            try p.run()
            Thread.sleep(forTimeInterval: 0.5)
            kill(p.processIdentifier, signal)
            Thread.sleep(forTimeInterval: 0.5)
            #expect(p.isRunning == (status == -1), "signal \(signal)")
            if p.isRunning { kill(p.processIdentifier, SIGTERM) }
            p.waitUntilExit()
            #expect(p.terminationStatus == (status == -1 ? 143 : status), "signal \(signal)")
        }
        // A video: the terminal closing ends its ffmpeg too (it runs in a process group of its
        // own) and leaves no partial file.
        let video = try Self.run(["replay", "minute.json", "--out", "v.webm", "--no-trim-idle"], in: dir, signal: SIGHUP, after: 2)
        #expect(video.status == 129 && video.seconds < 1, "\(video)")
        // No process (ffmpeg) is left with the folder in its command line (read from /proc:
        // a new machine may have no pgrep).
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { pid in
            guard Int(pid) != nil, let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: line, as: UTF8.self).contains(dir)
        }
        #expect(left.isEmpty, "processes still run on \(dir): \(left)")
        try FileManager.default.removeItem(atPath: dir + "/minute.json")
        #expect(Self.contents(dir) == ["day.json"])
        // Without --no-frame-limit the day-long recording is refused up front, with the count.
        let refused = try Self.run(["replay", "day.json", "--headless", "--out", "frames"], in: dir)
        #expect(refused.status == 2 && refused.lines == 1 && refused.stderr.contains("about 5184001 frames") && refused.stderr.contains("--no-frame-limit"), "\(refused.stderr)")
        #expect(Self.contents(dir) == ["day.json"])
    }

    @Test(arguments: [
        (#"["--size","10000x10000","--scale","8"]"#, "[900,900]", "80000×80000-pixel frames"),
        (#"["--size","1x1","--scale","0.1"]"#, "[900,900]", "0×0-pixel frames"),
        ("[]", "[16384,16384]", "-pixel frames"),
    ])
    func framesThatCannotBeDrawnAreRefusedBeforeWriting(_ arguments: String, _ window: String, _ message: String) throws {
        let dir = try Self.folder()
        try Self.write(#"{"version":1,"arguments":\#(arguments),"window":\#(window),"events":\#(Self.tap)}"#, dir + "/r.json")
        let r = try Self.run(["replay", "r.json", "--headless", "--out", "frames"], in: dir)
        #expect(r.status == 2 && r.lines == 1 && r.stderr.contains(message), "\(r.stderr)")
        #expect(Self.contents(dir) == ["r.json"])
    }

    @Test func hostileImagesAreRefusedBeforeDecodingAndLibpngStaysQuiet() throws {
        let dir = try Self.folder()
        var tga: [UInt8] = [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 32, 0]
        tga += [UInt8](repeating: 0, count: 100)
        try Data(tga).write(to: URL(fileURLWithPath: dir + "/huge.tga"))
        try Self.write("GIF89a\u{FF}\u{FF}\u{FF}\u{FF}\0\0\0", dir + "/huge.gif")
        try Self.write("P6\n60000 60000\n255\n", dir + "/huge.ppm")
        try Data([0xFF, 0xD8] + ImageHeaderTests.sof(width: 65_500, height: 65_500) + [0xFF, 0xD9]).write(to: URL(fileURLWithPath: dir + "/huge.jpg"))
        for (file, message) in [("huge.tga", "not a PNG or JPEG file"), ("huge.gif", "not a PNG or JPEG file"),
                                ("huge.ppm", "not a PNG or JPEG file"), ("huge.jpg", "65500×65500 pixels, larger than 8192")] {
            let r = try Self.run(Self.render + ["--to", file, "--out", "o.png"], in: dir)
            #expect(r.status == 2 && r.lines == 1 && r.stderr.contains(message) && r.seconds < 10, "\(file): \(r.stderr)")
        }
        // A PNG libpng warns about (an ancillary chunk's CRC) draws silently; a corrupt one is one line.
        let good = try Self.pngChunks(text: false, corruptData: false)
        try Data(good).write(to: URL(fileURLWithPath: dir + "/good.png"))
        try Data(try Self.pngChunks(text: true, corruptData: false)).write(to: URL(fileURLWithPath: dir + "/warn.png"))
        try Data(try Self.pngChunks(text: false, corruptData: true)).write(to: URL(fileURLWithPath: dir + "/bad.png"))
        let warn = try Self.run(Self.render + ["--to", "warn.png", "--out", "w.png"], in: dir)
        #expect(warn.status == 0 && warn.stderr.isEmpty, "\(warn.stderr)")
        let bad = try Self.run(Self.render + ["--to", "bad.png", "--out", "b.png"], in: dir)
        #expect(bad.status == 2 && bad.lines == 1 && bad.stderr.contains("--to: cannot decode image 'bad.png'") && !bad.stderr.contains("libpng"), "\(bad.stderr)")
        // A real JPEG (written by SDL_image) is read.
        let surface = SDL_CreateRGBSurfaceWithFormat(0, 8, 8, 32, SDL_PIXELFORMAT_RGBA32.rawValue)!
        SDL_FillRect(surface, nil, 0xFF3366CC)
        #expect(IMG_SaveJPG(surface, dir + "/real.jpg", 90) == 0)
        SDL_FreeSurface(surface)
        let jpeg = try Self.run(Self.render + ["--to", "real.jpg", "--out", "j.png"], in: dir)
        #expect(jpeg.status == 0 && jpeg.stderr.isEmpty, "\(jpeg.stderr)")
        #expect(Self.contents(dir).filter { $0.hasSuffix(".png") } == ["bad.png", "good.png", "j.png", "w.png", "warn.png"])
    }

    /// A 4 × 4 red PNG; with a tEXt chunk whose CRC is wrong, or with IDAT data that is not zlib.
    static func pngChunks(text: Bool, corruptData: Bool) throws -> [UInt8] {
        let dir = try Self.folder()
        try ImageFile.writePNG([UInt8](repeating: 0xFF, count: 64), width: 4, height: 4, to: dir + "/p.png")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/p.png")))
        let ihdrEnd = 8 + 8 + 13 + 4
        if text {
            bytes.insert(contentsOf: [0, 0, 0, 4] + Array("tEXtab\0c".utf8) + [1, 2, 3, 4], at: ihdrEnd)
        }
        if corruptData {
            // The first IDAT's data bytes (after its length and type) turned to garbage.
            for i in (ihdrEnd + 8)..<(ihdrEnd + 12) { bytes[i] = 0x55 }
        }
        return bytes
    }

    @Test func controlCharactersInEchoedInputAreEscaped() throws {
        let dir = try Self.folder()
        let transition = try Self.run(["render", "--transition", "fl\nip\u{1B}[31m", "--operation", "present", "--progress", "0.5", "--out", "o.png"], in: dir)
        #expect(transition.status == 2 && transition.lines == 1 && transition.stderr.contains(#"'fl\nip\e[31m'"#), "\(transition.stderr)")
        let out = try Self.run(Self.render + ["--out", "no\nsuch/o.png"], in: dir)
        #expect(out.status == 2 && out.lines == 1 && out.stderr.contains(#"'no\nsuch'"#), "\(out.stderr)")
        try Self.write(#"{"version":1,"arguments":["--demo","\u001b[2J\nx"],"window":[900,900],"events":[]}"#, dir + "/r.json")
        let recording = try Self.run(["replay", "r.json", "--headless"], in: dir)
        #expect(recording.status == 2 && recording.lines == 1 && recording.stderr.contains(#"--demo takes a name of a-z, 0-9 and -, at most 64 characters, not '\e[2J\nx'"#), "\(recording.stderr)")
        #expect(!(transition.stderr + out.stderr + recording.stderr).unicodeScalars.contains { $0 == "\u{1B}" })
    }

    @Test(arguments: [
        ["cubic-bezier", "--points", "0,1e300,1,1"], ["linear", "--duration", "1e-300"],
        ["spring", "--duration", "1", "--damping-ratio", "1e-300"], ["spring", "--duration", "1e-300", "--damping-ratio", "0.5"],
    ])
    func curvesThatCannotBeComputedAreRefused(_ args: [String]) throws {
        let r = try Self.run(["curve"] + args)
        #expect(r.status == 2 && r.lines == 1, "\(r.stderr)")
    }

    /// A new folder holding a tmpfs of `size` (needs root).
    static func smallDisk(size: String = "200k") throws -> String {
        let dir = try Self.folder()
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", dir]
        mount.standardError = FileHandle.nullDevice
        try mount.run()
        mount.waitUntilExit()
        try #require(mount.terminationStatus == 0, "cannot mount a tmpfs at \(dir)")
        return dir
    }

    static func unmount(_ dir: String) {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [dir]
        try? umount.run()
        umount.waitUntilExit()
    }

    /// On a full disk (a 200 kB tmpfs, when this runs as root and may mount one): exit 1,
    /// one line, the existing file untouched, no partial frames.
    @Test(.enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
    func aFullDiskIsOneLineAndLeavesNothingPartial() throws {
        let dir = try Self.smallDisk()
        defer { Self.unmount(dir) }
        try Self.write("keep", dir + "/keep.png")
        try Data(count: 150_000).write(to: URL(fileURLWithPath: dir + "/filler"))
        try Self.write(#"{"version":1,"arguments":[],"window":[900,900],"events":\#(Self.tap)}"#, dir + "/R.json")
        let render = try Self.run(["render", "--transition", "magicmove", "--operation", "push", "--progress", "0.3", "--scale", "2", "--out", "keep.png"], in: dir)
        #expect(render.status == 1 && render.stderr == "segue: cannot write 'keep.png': No space left on device\n", "\(render.stderr)")
        #expect(try String(contentsOfFile: dir + "/keep.png", encoding: .utf8) == "keep")
        let replay = try Self.run(["replay", "R.json", "--headless", "--out", "frames"], in: dir)
        #expect(replay.status == 1 && replay.lines == 1 && replay.stderr.contains("No space left on device"), "\(replay.stderr)")
        #expect(Self.contents(dir) == ["R.json", "filler", "keep.png"])
    }
}
