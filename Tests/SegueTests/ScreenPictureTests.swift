import Foundation
import Testing
@testable import Segue
@testable import SegueDemos
@testable import SegueStudio
@testable import SegueRender
import SegueCommandLine
import SegueProcess
import SegueTestSupport

/// A designer's own screens: `--from`/`--to` and `--screens DIR` put pictures in place of the
/// demos' two screens, fitted and letterboxed, tappable anywhere, stepped with `[` and `]`.
@MainActor @Suite struct ScreenPictureTests {
    /// A folder holding `names` as small PNGs of one colour each (name → colour's red).
    func pictures(_ names: [String], size: (Int, Int) = (4, 2)) throws -> String {
        let dir = try temporaryFolder("segue-screens")
        for (i, name) in names.enumerated() {
            let rgba = [UInt8](repeating: 0, count: size.0 * size.1 * 4).enumerated().map { $0.offset % 4 == 0 ? UInt8(40 * (i + 1)) : 255 }
            try ImageFile.writePNG(rgba, width: size.0, height: size.1, to: dir + "/" + name)
        }
        return dir
    }

    @Test func aPictureIsFittedToTheScreenAndCentred() {
        // 300 × 600 in 375 × 667: the height binds, k = 667/600; 333.5 wide, 20.75 in.
        let tall = ScreenPicture(path: "/t.png", pixelSize: Size(width: 300, height: 600))
        #expect(tall.fitted(in: Size(width: 375, height: 667)) == Rect(x: 20.75, y: 0, width: 333.5, height: 667))
        // 4 × 2 in 100 × 100: the width binds, 100 × 50, 25 down.
        let wide = ScreenPicture(path: "/w.png", pixelSize: Size(width: 4, height: 2))
        #expect(wide.fitted(in: Size(width: 100, height: 100)) == Rect(x: 0, y: 25, width: 100, height: 50))
    }

    @Test func fromAndToAreTheBaseAndModalScreensAndATapAnywherePresentsAndDismisses() throws {
        let dir = try pictures(["a.png", "b.png"])
        let options = try SessionOptions(parsing: ["--from", dir + "/a.png", "--to", dir + "/b.png"])
        let d = SessionDriver(options)
        let demo = try #require(d.session.demo as? ModalDemo)
        #expect(demo.home.picture?.path == dir + "/a.png" && demo.modal.picture?.path == dir + "/b.png")
        #expect(demo.home.button == nil && demo.images.map(\.id).suffix(2) == ["screen:\(dir)/a.png", "screen:\(dir)/b.png"])
        // The whole screen is the target: a tap near a corner presents.
        let screen = d.session.layout.screen
        #expect(demo.targets.map(\.name) == ["screen"] && d.session.layout.toWindow(demo.targets[0].frame) == screen)
        d.click(screen.minX + 10, screen.maxY - 10)
        d.run(1.5)
        #expect(d.transitionLines.count == 2 && d.transitionLines[0].contains(#""operation":"present""#), "\(d.transitionLines)")
        d.click(screen.maxX - 10, screen.minY + 10)
        d.run(1.5)
        #expect(d.transitionLines.count == 4 && d.transitionLines[2].contains(#""operation":"dismiss""#), "\(d.transitionLines)")
        // Another demo shows them too; magic move keeps its grid and detail.
        d.frame([.key(.digit(2), shift: false)])
        #expect((d.session.demo as? ModalDemo)?.home.picture?.path == dir + "/a.png")
        d.frame([.key(.digit(3), shift: false)])
        #expect(d.session.demo.name == "magicmove" && !d.session.demo.images.contains { $0.id.hasPrefix("screen:") })
    }

    @Test func aFolderIsWalkedPairByPairWithTheBrackets() throws {
        let dir = try pictures(["10-c.png", "2-b.PNG", "1-a.jpg.png", "notes.txt", ".hidden.png"])
        let options = try SessionOptions(parsing: ["--screens", dir])
        // By name as people count (2 before 10); only pictures, none hidden.
        #expect(options.screens?.pictures.map { $0.map { Path.split($0.path).name } } == ["1-a.jpg.png", "2-b.PNG", "10-c.png"])
        let d = SessionDriver(options)
        func shown() -> [String] {
            let demo = d.session.demo as! ModalDemo
            return [demo.home.picture, demo.modal.picture].map { $0.map { Path.split($0.path).name } ?? "design" }
        }
        #expect(shown() == ["1-a.jpg.png", "2-b.PNG"])
        d.frame([.key(.character("]"), shift: false)])
        #expect(shown() == ["2-b.PNG", "10-c.png"] && d.session.hud.toast?.text == "Screens 2→3 of 3: 2-b.PNG → 10-c.png")
        d.frame([.key(.character("]"), shift: false)])
        #expect(shown() == ["1-a.jpg.png", "2-b.PNG"])
        d.frame([.key(.character("["), shift: false)])
        #expect(shown() == ["2-b.PNG", "10-c.png"])
        // Not while a transition runs (a tap anywhere started it).
        let screen = d.session.layout.screen
        d.click(screen.midX, screen.midY)
        d.frame([.key(.character("]"), shift: false)])
        #expect(shown() == ["2-b.PNG", "10-c.png"])
        // A recording keeps the folder and the keys, and replays to the same screens.
        #expect(try SessionOptions(parsing: options.arguments) == options)
        let path = try temporaryFolder("segue-screens-rec") + "/run.json"
        try d.recording.write(to: path)
        let (recording, replayedOptions) = try Recording.read(path)
        var last: [String?] = []
        Replayer(recording: recording, options: replayedOptions).run(emit: { _ in }) { session, _, _ in
            let demo = session.demo as! ModalDemo
            last = [demo.home.picture, demo.modal.picture].map { $0?.path }
        }
        #expect(last == [dir + "/2-b.PNG", dir + "/10-c.png"])
    }

    @Test func whatIsNoPairOfPicturesIsOneLine() throws {
        let one = try pictures(["only.png"])
        let junk = try pictures(["a.png"])
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: junk + "/b.png"))
        let cases: [([String], String)] = [
            (["--screens", one], "--screens: '\(one)' holds 1 pictures (.png, .jpg, .jpeg); it needs two or more"),
            (["--screens", junk], "--screens: cannot decode image '\(junk)/b.png': not a PNG or JPEG file"),
            (["--screens", one + "/nothing"], "--screens: cannot read the folder '\(one)/nothing'"),
            (["--screens", junk, "--from", one + "/only.png"], "--screens takes the place of --from and --to; give one or the other"),
            (["--from", one + "/missing.png"], "--from: cannot read image '\(one)/missing.png': no such readable file"),
            (["--to", junk + "/b.png"], "--to: cannot decode image '\(junk)/b.png': not a PNG or JPEG file"),
        ]
        for (args, message) in cases {
            #expect(throws: UsageError(message)) { try SessionOptions(parsing: args) }
        }
    }
}
