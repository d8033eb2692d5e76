import Foundation
import SegueCommandLine
import Testing
@testable import SegueRender

/// `segue replay REC --out FILE.mp4|.webm|.gif|DIR` (issue 17): videos through ffmpeg, checked
/// with ffprobe; idle stretches cut; the shaping options; bad input, a missing ffmpeg, a
/// full disk and signals leaving nothing behind.
@Suite(.serialized) struct ExportCommandTests {
    typealias CLI = CommandLineRobustnessTests

    /// A flip presented by a drag down the screen of a 900 × 900 window: idle for 1 s, the
    /// drag from 1.0 to 1.5 s, the rest playing out, then idle until a hover at 4 s.
    static let drag: String = {
        var events = [#"{"t":1,"type":"down","x":250,"y":200}"#]
        for i in 1...30 { events.append(#"{"t":\#(1 + Double(i) / 60),"type":"move","x":250,"y":\#(200 + i * 16)}"#) }
        events.append(#"{"t":1.5,"type":"up","x":250,"y":680,"inside":true}"#)
        events.append(#"{"t":4,"type":"move","x":600,"y":100}"#)
        return #"{"version":1,"arguments":["--demo","flip"],"window":[900,900],"events":[\#(events.joined(separator: ","))]}"#
    }()

    static func folderWithDrag() throws -> String {
        let dir = try CLI.folder()
        try CLI.write(drag, dir + "/drag.json")
        return dir
    }

    /// ffprobe's width, height and counted frames of the first video stream, and the duration.
    static func probe(_ path: String) throws -> (width: Int, height: Int, frames: Int, seconds: Double) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        p.arguments = ["-v", "error", "-count_frames", "-select_streams", "v:0",
                       "-show_entries", "stream=width,height,nb_read_frames:format=duration", "-of", "default=noprint_wrappers=1", path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let kv = line.split(separator: "=", maxSplits: 1).map(String.init)
            if kv.count == 2 { fields[kv[0]] = kv[1] }
        }
        return (Int(fields["width"] ?? "") ?? -1, Int(fields["height"] ?? "") ?? -1,
                Int(fields["nb_read_frames"] ?? "") ?? -1, Double(fields["duration"] ?? "") ?? -1)
    }

    /// The frame count the last stderr line tells ("segue: wrote 'F' (S): N frames at F per second …").
    static func announced(_ stderr: String) -> Int? {
        guard let line = stderr.split(separator: "\n").last, line.hasPrefix("segue: wrote "), let range = line.range(of: #"\d+ frames"#, options: .regularExpression) else { return nil }
        return Int(line[range].split(separator: " ")[0])
    }

    /// At half scale the screen is 224 × 398 pixels (375 × 667 points fitted beside the HUD at 1.195).
    @Test(arguments: [("drag.mp4", 60.0), ("drag.webm", 60.0), ("drag.gif", 30.0)])
    func aDragExportsAsAVideoOfTheAnnouncedFrames(_ name: String, _ fps: Double) throws {
        let dir = try Self.folderWithDrag()
        let r = try CLI.run(["replay", "drag.json", "--out", name, "--scale", "0.5"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let frames = try #require(Self.announced(r.stderr), "\(r.stderr)")
        // The replay runs about 2.2 s until the flip has finished, then idles to the hover at
        // 4 s: of its idle stretches (1 s before the drag, 2 s after) half a second each stays.
        let all = Int(4 * fps) + 1
        #expect(frames < all - Int(2 * fps) && frames > Int(1.2 * fps), "\(frames) of \(all)")
        // Any progress lines (it writes them once it has taken 2 s: on a quick machine none)
        // name the target and the percent; the last says what it wrote, how big, how many
        // frames, how long it took.
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.last?.hasPrefix("segue: wrote '\(name)' (") == true && r.stderr.hasSuffix(" s\n"), "\(r.stderr)")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("segue: replay → '\(name)': ") && $0.contains("% (") }, "\(r.stderr)")
        let video = try Self.probe(dir + "/" + name)
        #expect(video.width == 224 && video.height == 398, "\(video)")
        #expect(video.frames == frames, "\(video) against \(frames)")
        #expect(abs(video.seconds - Double(frames) / fps) < 0.1, "\(video)")
        #expect(CLI.contents(dir) == ["drag.json", name].sorted())
    }

    /// A designer's own screens in a replay's frames: `--from` and `--to` recorded with the
    /// run, the base picture first, the modal's after a tap anywhere on the screen presented
    /// it, each fitted and letterboxed on the stage's colour.
    @Test func ownScreensAreInAReplaysFrames() throws {
        let dir = try CLI.folder()
        for (name, colour) in [("a.png", [UInt8](arrayLiteral: 220, 40, 40, 255)), ("b.png", [40, 40, 220, 255])] {
            try ImageFile.writePNG(Array([[UInt8]](repeating: colour, count: 64).joined()), width: 8, height: 8, to: dir + "/" + name)
        }
        try CLI.write(#"{"version":1,"arguments":["--demo","flip","--from","\#(dir)/a.png","--to","\#(dir)/b.png"],"window":[900,900],"#
                      + #""events":[{"t":0.5,"type":"down","x":250,"y":400},{"t":0.55,"type":"up","x":250,"y":400,"inside":true},{"t":1.7,"type":"move","x":600,"y":100}]}"#,
                      dir + "/own.json")
        let r = try CLI.run(["replay", "own.json", "--out", "f", "--no-trim-idle"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let names = CLI.contents(dir + "/f")
        for (name, picture) in [(names.first!, [UInt8](arrayLiteral: 220, 40, 40)), (names.last!, [40, 40, 220])] {
            let frame = try ImageFile.readRGBA(dir + "/f/" + name)
            func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(frame.rgba[(y * frame.width + x) * 4..<(y * frame.width + x) * 4 + 3]) }
            // A square picture on a tall screen: the middle is the picture, top and bottom the stage.
            #expect(pixel(frame.width / 2, frame.height / 2) == picture, "\(name)")
            #expect(pixel(frame.width / 2, 2) == [0x0F, 0x11, 0x15] && pixel(frame.width / 2, frame.height - 3) == [0x0F, 0x11, 0x15], "\(name)")
        }
        // A picture whose header reads but whose data does not is bad input, found before a
        // frame is written.
        let whole = try Data(contentsOf: URL(fileURLWithPath: dir + "/b.png"))
        try whole.prefix(40).write(to: URL(fileURLWithPath: dir + "/b.png"))
        let broken = try CLI.run(["replay", "own.json", "--out", "g"], in: dir)
        #expect(broken.status == 2 && broken.stderr == "segue: --to: cannot decode image '\(dir)/b.png': Read Error\n", "\(broken.stderr)")
        #expect(!CLI.contents(dir).contains("g"))
    }

    @Test func pngFramesTakeTheRangeRateScaleAndHUD() throws {
        let dir = try Self.folderWithDrag()
        let r = try CLI.run(["replay", "drag.json", "--out", "f", "--fps", "30", "--start", "1", "--end", "2",
                             "--no-trim-idle", "--scale", "0.25", "--hud"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        // Frames at 30/30 … 60/30 s: 31, the whole 900 × 900 window at a quarter.
        let names = CLI.contents(dir + "/f")
        #expect(names.count == 31 && names.first == "frame-00001.png" && names.last == "frame-00031.png", "\(names)")
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/f/frame-00001.png"))
        func be32(_ o: Int) -> Int { png[o..<(o + 4)].reduce(0) { $0 << 8 | Int($1) } }
        #expect(be32(16) == 225 && be32(20) == 225)
        // Trimmed, the 4 s replay keeps the drag and its playing out, and half a second of each rest.
        let trimmed = try CLI.run(["replay", "drag.json", "--out", "t", "--fps", "30"], in: dir)
        let untrimmed = try CLI.run(["replay", "drag.json", "--out", "u", "--fps", "30", "--no-trim-idle"], in: dir)
        #expect(trimmed.status == 0 && untrimmed.status == 0)
        #expect(CLI.contents(dir + "/u").count == 121, "\(untrimmed.stderr)")
        #expect((36...70).contains(CLI.contents(dir + "/t").count), "\(trimmed.stderr)")
        #expect(trimmed.stderr.contains("idle ones cut"), "\(trimmed.stderr)")
    }

    @Test(arguments: [
        (["--out", "x.mp4", "--fps", "0"], "--fps must be within 1…240, not '0'"),
        (["--out", "x.gif", "--fps", "60"], "--fps of a GIF must be within 1…50"),
        (["--out", "x.mp4", "--end", "30"], "--end 30 is past the end: the replay ends at 4"),
        (["--out", "x.mp4", "--start", "9"], "--start 9 is past the end"),
        (["--out", "x.mp4", "--start", "2", "--end", "1"], "--start (2 s) must come before --end (1 s)"),
        (["--out", "x.mp4", "--scale", "9"], "--scale must be within 0.1…4"),
        (["--out", "x.mov"], "not .mov"),
        (["--out", "no/such/x.mp4"], "folder 'no/such' does not exist"),
        (["--headless", "--hud"], "--hud shapes --out's frames"),
        (["--fps", "30"], "--fps shapes --out's frames"),
    ])
    func badExportOptionsAreOneLineAndWriteNothing(_ args: [String], _ message: String) throws {
        let dir = try Self.folderWithDrag()
        let r = try CLI.run(["replay", "drag.json"] + args, in: dir)
        #expect(r.status == 2 && r.lines == 1 && r.stderr.contains(message), "\(r.stderr)")
        #expect(CLI.contents(dir) == ["drag.json"])
    }

    /// A split into A and B halves the screen: a video of the screen cannot hold both sizes,
    /// one of the whole window can (both screens and the HUD), and PNG frames can.
    @Test func aVideoHasOneFrameSize() throws {
        let dir = try CLI.folder()
        try CLI.write(Self.drag.replacingOccurrences(of: #""events":["#, with: #""layout":2,"events":[{"t":0.3,"type":"key","key":"b","shift":false},"#),
                      dir + "/split.json")
        let screen = try CLI.run(["replay", "split.json", "--out", "s.mp4", "--scale", "0.5"], in: dir)
        #expect(screen.status == 2 && screen.lines == 1 && screen.stderr.contains("the frames change size within the export (224×398, "), "\(screen.stderr)")
        #expect(CLI.contents(dir) == ["split.json"])
        let window = try CLI.run(["replay", "split.json", "--out", "w.mp4", "--scale", "0.5", "--hud"], in: dir)
        #expect(window.status == 0, "\(window.stderr)")
        let video = try Self.probe(dir + "/w.mp4")
        #expect(video.width == 450 && video.height == 450, "\(video)")
        #expect(try CLI.run(["replay", "split.json", "--out", "f", "--scale", "0.5"], in: dir).status == 0)
    }

    @Test func oneLetterNamesAndAReadOnlyFolder() throws {
        let dir = try Self.folderWithDrag()
        #expect(try CLI.run(["replay", "drag.json", "--out", "a.gif", "--scale", "0.2"], in: dir).status == 0)
        #expect(try CLI.run(["replay", "drag.json", "--out", "g", "--scale", "0.2"], in: dir).status == 0)
        #expect(CLI.contents(dir) == ["a.gif", "drag.json", "g"])
        guard getuid() != 0 else { return }  // root writes anywhere
        try FileManager.default.createDirectory(atPath: dir + "/ro", withIntermediateDirectories: false, attributes: [.posixPermissions: 0o555])
        let r = try CLI.run(["replay", "drag.json", "--out", "ro/x.mp4"], in: dir)
        #expect(r.status == 2 && r.lines == 1 && r.stderr.contains("not writable"), "\(r.stderr)")
    }

    @Test func withoutFFmpegAVideoIsOneLineNamingThePackage() throws {
        let dir = try Self.folderWithDrag()
        let r = try CLI.run(["replay", "drag.json", "--out", "x.mp4"], in: dir, environment: ["PATH": "/nonexistent"])
        #expect(r.status == 1 && r.lines == 1 && r.stderr.contains("needs ffmpeg") && r.stderr.contains("apt-get install ffmpeg"), "\(r.stderr)")
        #expect(CLI.contents(dir) == ["drag.json"])
    }

    /// A minute of dragging: long enough to be stopped half way.
    static let minute: String = {
        var events = [#"{"t":0.5,"type":"down","x":250,"y":200}"#]
        for i in 1...3600 { events.append(#"{"t":\#(0.5 + Double(i) / 60),"type":"move","x":250,"y":\#(200 + (i % 120) * 4)}"#) }
        return #"{"version":1,"arguments":["--demo","flip"],"window":[900,900],"events":[\#(events.joined(separator: ","))]}"#
    }()

    @Test(arguments: [("long.mp4", SIGINT), ("long.gif", SIGTERM), ("frames", SIGINT)])
    func aSignalStopsAnExportWithinASecondAndLeavesNothing(_ name: String, _ signal: Int32) throws {
        let dir = try CLI.folder()
        try CLI.write(Self.minute, dir + "/long.json")
        let args = ["replay", "long.json", "--out", name] + (name.hasSuffix(".gif") ? ["--end", "20"] : [])
        if !name.contains(".") {
            // A folder of frames that exists keeps what it had.
            try FileManager.default.createDirectory(atPath: dir + "/" + name, withIntermediateDirectories: false)
        } else {
            try CLI.write("keep", dir + "/" + name)
        }
        let r = try CLI.run(args, in: dir, signal: signal, after: 5)
        #expect(r.status == 128 + signal && r.seconds < 1, "\(r)")
        // Off a terminal a progress line every 2 s: the signal came while it drew.
        #expect(r.stderr.contains("% (") && r.stderr.contains(" left\n"), "stopped before it drew: \(r.stderr)")
        #expect(CLI.contents(dir) == ["long.json", name].sorted())
        if name.contains(".") {
            #expect(try String(contentsOfFile: dir + "/" + name, encoding: .utf8) == "keep")
        } else {
            #expect(CLI.contents(dir + "/" + name).isEmpty)
        }
    }

    @Test(.enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
    func aFullDiskFailsTheVideoInOneLineAndKeepsTheTarget() throws {
        // A GIF's failure ffmpeg tells (on closing its file), named as the target.
        let small = try CLI.smallDisk(size: "64k")
        defer { CLI.unmount(small) }
        try CLI.write(Self.drag, small + "/drag.json")
        let gif = try CLI.run(["replay", "drag.json", "--out", "g.gif"], in: small)
        #expect(gif.status == 1 && gif.stderr.hasSuffix("No space left on device\n") && !gif.stderr.contains(".tmp"), "\(gif.stderr)")
        #expect(CLI.contents(small) == ["drag.json"])
        let dir = try CLI.smallDisk(size: "64k")
        defer { CLI.unmount(dir) }
        try CLI.write(Self.drag, dir + "/drag.json")
        try CLI.write("keep", dir + "/keep.mp4")
        try Data(count: 40_000).write(to: URL(fileURLWithPath: dir + "/filler"))
        let r = try CLI.run(["replay", "drag.json", "--out", "keep.mp4"], in: dir)
        // ffmpeg ends well and its file is cut short: ffprobe finds it out.
        #expect(r.status == 1 && r.stderr.hasSuffix("segue: cannot write 'keep.mp4': No space left on device\n"), "\(r.stderr)")
        #expect(try String(contentsOfFile: dir + "/keep.mp4", encoding: .utf8) == "keep")
        #expect(CLI.contents(dir) == ["drag.json", "filler", "keep.mp4"])
    }
}
