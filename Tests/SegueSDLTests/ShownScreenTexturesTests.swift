import Foundation
import Segue
@testable import SegueLive
@testable import SegueRender
import SegueSDL
import SegueProcess
@testable import SegueStudio
import SegueTestSupport
import Testing

/// `--screens`: only the pair shown is loaded as textures; stepping lets go of what left
/// (in `GoldenFrameTests`: SDL is global).
extension GoldenFrameTests {
    @Test func onlyThePairShownIsLoaded() throws {
        let dir = try temporaryFolder("segue-shown")
        for name in ["a.png", "b.png", "c.png"] {
            try ImageFile.writePNG([UInt8](repeating: 200, count: 4 * 4 * 4), width: 4, height: 4, to: dir + "/" + name)
        }
        let screens = try ScreenSequence.folder(dir)
        let platform = try Platform(headless: true)
        let canvas = try OffscreenCanvas(platform: platform, width: 8, height: 8, assetsDirectory: try Assets.directory())
        let textures = canvas.drawer.textures
        func loaded() -> [String] { ["a", "b", "c"].filter { textures.image("screen:\(dir)/\($0).png") != nil } }
        var shown = ShownScreenTextures()
        try shown.show(0, of: screens, on: textures)
        #expect(loaded() == ["a", "b"])
        try shown.show(1, of: screens, on: textures)
        #expect(loaded() == ["b", "c"])
        try shown.show(2, of: screens, on: textures)
        #expect(loaded() == ["a", "b"])
        // A picture whose data does not decode is named with its option when its pair shows.
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 4, 0, 0, 0, 4, 8, 6, 0, 0, 0])
            .write(to: URL(fileURLWithPath: dir + "/c.png"))
        #expect(throws: UsageError("--screens: cannot decode image '\(dir)/c.png': Read Error")) { try shown.show(1, of: screens, on: textures) }
    }
}
