import Foundation
import Testing
import Segue
@testable import SegueDemos
@testable import SegueSDL
import SegueRender

/// The renderer's shortcuts change no pixel: catalog transitions mid-flight drawn with each
/// shortcut and without it are the same bytes.
@MainActor @Suite(.serialized) struct FrameEqualityTests {
    static let screen = Size(width: 375, height: 667)

    /// `name`'s present transition at `progress`, drawn at `scale` with `setUp` applied to the
    /// renderer first: its pixels and the list drawn.
    private func render(_ name: String, _ progress: Double, scale: Double,
                        _ setUp: (DisplayListRenderer) -> Void) throws -> (rgba: [UInt8], list: DisplayList) {
        let platform = try Platform(headless: true)
        let w = Int((Self.screen.width * scale).rounded()), h = Int((Self.screen.height * scale).rounded())
        let canvas = try OffscreenCanvas(platform: platform, width: w, height: h, assetsDirectory: try Assets.directory())
        setUp(canvas.drawer)
        let path = try Assets.directory() + "/Transitions/\(name).json"
        let file = try TransitionFile.read(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self))
        let demo = DemoCatalog.make(CustomTransition(file: file), screenSize: Self.screen)
        let list = try demo.frame(of: .present, atProgress: progress, scale: scale)
        return (try canvas.render(list, pixelScale: scale), list)
    }

    /// Skipping what clip regions cut away (`ClipBounds`): the tiles and strips of screens cut
    /// in pieces, turned in perspective, each a copy of a whole screen clipped to its piece
    /// (and not trivially: some of explode's tiles' items lie wholly beyond their tiles).
    @Test(arguments: [("explode", 0.3), ("explode", 0.6), ("fold", 0.4), ("cube", 0.5), ("portal", 0.5)])
    func skippingWhatTheClipCutsAwayChangesNoPixel(_ name: String, _ progress: Double) throws {
        let skipped = try render(name, progress, scale: 1) { $0.skipsClippedAway = true }
        let cut = try render(name, progress, scale: 1) { $0.skipsClippedAway = false }
        #expect(skipped.rgba == cut.rgba, "\(name) at \(progress): \(zip(skipped.rgba, cut.rgba).filter { $0 != $1 }.count) bytes differ")
        let beyond = skipped.list.items.filter { item in
            ClipBounds.rect(seenThrough: item.clip, of: item.transform, in: skipped.list.clips).map { !$0.overlaps(item.rect) } ?? false
        }
        #expect(name != "explode" || !beyond.isEmpty)
    }
}
