import Foundation
import Testing
import Segue
@testable import SegueDemos
@testable import SegueSDL
@testable import SegueRender
import SegueCatalog

/// The renderer's shortcuts change no pixel: catalog transitions mid-flight drawn with each
/// shortcut and without it are the same bytes.
@MainActor @Suite(.serialized) struct FrameEqualityTests {
    static let screen = Size(width: 375, height: 667)

    /// The demo or catalog transition `name` on a screen of `screen`'s size.
    private static func demo(_ name: String) throws -> Demo {
        if let builtIn = DemoCatalog.make(name, screenSize: screen) { return builtIn }
        let path = try Assets.directory() + "/Transitions/\(name).json"
        let file = try TransitionFile.read(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self))
        return DemoCatalog.make(CustomTransition(file: file), screenSize: screen)
    }

    /// The demo or catalog transition `name` (its first operation) at `progress`, drawn with
    /// `setUp` applied to the renderer first (and `drawn` after): its pixels and the list drawn.
    private func render(_ name: String, _ progress: Double, _ setUp: (DisplayListRenderer) -> Void,
                        drawn: (DisplayListRenderer) -> Void = { _ in }) throws -> (rgba: [UInt8], list: DisplayList) {
        let platform = try Platform(headless: true)
        let canvas = try OffscreenCanvas(platform: platform, width: Int(Self.screen.width), height: Int(Self.screen.height),
                                         assetsDirectory: try Assets.directory())
        setUp(canvas.drawer)
        let demo = try Self.demo(name)
        try canvas.drawer.textures.registerAssets(demo.images)
        let list = try demo.frame(of: demo.operations[0], atProgress: progress, scale: 1)
        let rgba = try canvas.render(list, pixelScale: 1)
        drawn(canvas.drawer)
        return (rgba, list)
    }

    /// Skipping what clip regions cut away (`ClipBounds`): the tiles and strips of screens cut
    /// in pieces, turned in perspective, each a copy of a whole screen clipped to its piece
    /// (drawn from its items, not a picture, and not trivially: some of explode's tiles'
    /// items lie wholly beyond their tiles).
    @Test(arguments: [("explode", 0.3), ("explode", 0.6), ("fold", 0.4), ("cube", 0.5), ("portal", 0.5)])
    func skippingWhatTheClipCutsAwayChangesNoPixel(_ name: String, _ progress: Double) throws {
        let skipped = try render(name, progress) { $0.skipsClippedAway = true; $0.drawsPictures = false }
        let cut = try render(name, progress) { $0.skipsClippedAway = false; $0.drawsPictures = false }
        #expect(skipped.rgba == cut.rgba, "\(name) at \(progress): \(zip(skipped.rgba, cut.rgba).filter { $0 != $1 }.count) bytes differ")
        var items = DisplayList(clips: skipped.list.clips)
        for item in skipped.list.items { items.appendContents(of: item) }
        let beyond = items.items.filter { item in
            ClipBounds.rect(seenThrough: item.clip, of: item.transform, in: items.clips).map { !$0.overlaps(item.rect) } ?? false
        }
        #expect(name != "explode" || !beyond.isEmpty)
    }

    /// Leaving undrawn what opaque items drawn later replace (`Covers`): the pictures under
    /// the one flying over them, the screens' backgrounds under their pictures and bars, the
    /// clear under screens turned in perspective, and the screen a rounded sheet covers.
    @Test(arguments: [("magicmove", 0.2), ("magicmove", 0.5), ("magicmove", 0.9), ("explode", 0.1), ("explode", 0.5),
                      ("fold", 0.4), ("cube", 0.5), ("pageturn", 0.5), ("flip", 0.3), ("cover", 0.5), ("cover", 0.9)])
    func leavingCoveredPixelsUndrawnChangesNoPixel(_ name: String, _ progress: Double) throws {
        let skipped = try render(name, progress) { $0.skipsCoveredPixels = true }
        let drawn = try render(name, progress) { $0.skipsCoveredPixels = false }
        let differing = (0..<(skipped.rgba.count / 4)).filter { skipped.rgba[4 * $0..<4 * $0 + 4] != drawn.rgba[4 * $0..<4 * $0 + 4] }
        let width = Int(Self.screen.width)
        #expect(differing.isEmpty, "\(name) at \(progress): \(differing.count) pixels differ, first at \(differing.first.map { ($0 % width, $0 / width) } as Any)")
    }

    /// Blending ahead of time (`Precomposition`), here each strip's shadow folded into the
    /// copy of the screen it lies on, cut exactly to the strip: the frames stay as close to
    /// blending each shadow as it is drawn as the page turn's folded shadow always has (a
    /// product of colours drawn affinely, and edges where the unfolded shadow's coverage
    /// compounds with its page's).
    @Test(arguments: [("fold", 0.3), ("fold", 0.7), ("pageturn", 0.5)])
    func blendingAheadOfTimeStaysWithinRounding(_ name: String, _ progress: Double) throws {
        let ahead = try render(name, progress) { $0.precomposes = true }
        let drawn = try render(name, progress) { $0.precomposes = false }
        let differences = zip(ahead.rgba, drawn.rgba).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        #expect(mean < 0.5 && differences.filter { $0 > 2 }.count < differences.count / 100, "\(name) at \(progress): mean \(mean)")
    }

    /// Shading exactly (`VertexShade`: each of a fold's strips in perspective as one cell,
    /// its shadow mixed in per pixel) against cutting for perspective and for the shadow's
    /// product: fewer triangles, and every pixel within two levels (the cuts' half level,
    /// rounding of each way's vertex colours, and half a level of chord). At 58 % of its time
    /// the strips stand at 67.5°; later, where the first strip is a sliver a pixel wide seen
    /// at 80°, the two ways shade that one column up to 24 levels apart (a known limit).
    @Test(arguments: [0.3, 0.58])
    func shadingExactlyStaysWithinTheCutsTolerance(_ progress: Double) throws {
        var triangles = (exact: 0, cut: 0)
        let exact = try render("fold", progress) { r in
            r.shadesExactly = true
            #expect(r.shadesExactly, "the raster engine shades exactly")
        } drawn: { triangles.exact = $0.lastTriangleCount }
        let cut = try render("fold", progress) { $0.shadesExactly = false } drawn: { triangles.cut = $0.lastTriangleCount }
        #expect(triangles.exact < triangles.cut * 3 / 4, "\(triangles)")
        let worst = zip(exact.rgba, cut.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 2, "fold at \(progress): \(worst) levels apart")
    }

    /// Beginning frames from their settled bottom (`SettledBottom`): frame after frame of a
    /// drag, the screen at rest beneath kept (the third) and copied (the fourth on: only the
    /// blocks the frame before drew in, `PixelBlocks`, while the drag moves on, leaps ahead
    /// and comes back), the same pixels as frames drawn whole — but where a translucent item
    /// over the bottom is no longer blended into it ahead of time (`Precomposition`: the
    /// cross-fade's fading screen), within two levels. The cube's two screens both turn:
    /// nothing settles.
    @Test(arguments: [("magicmove", 0.3, true), ("explode", 0.55, true), ("crossfade", 0.4, true),
                      ("fold", 0.4, true), ("cube", 0.5, false)])
    func framesBegunFromTheirSettledBottomAreTheFramesDrawnWhole(_ name: String, _ progress: Double, _ settles: Bool) throws {
        let platform = try Platform(headless: true)
        func canvas(_ keeps: Bool) throws -> OffscreenCanvas {
            let c = try OffscreenCanvas(platform: platform, width: Int(Self.screen.width), height: Int(Self.screen.height),
                                        assetsDirectory: try Assets.directory())
            c.drawer.keepsSettledBottom = keeps
            return c
        }
        let kept = try canvas(true), whole = try canvas(false)
        let demo = try Self.demo(name)
        try kept.drawer.textures.registerAssets(demo.images)
        try whole.drawer.textures.registerAssets(demo.images)
        var worst = 0
        for step in [0, 0.01, 0.02, 0.03, 0.2, 0.04] {
            let list = try demo.frame(of: demo.operations[0], atProgress: progress + step, scale: 1)
            let a = try kept.render(list, pixelScale: 1), b = try whole.render(list, pixelScale: 1)
            worst = max(worst, zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0)
        }
        #expect(worst <= 2, "\(name): off by up to \(worst) levels")
        #expect((kept.renderer.keptFramesRestored > 0) == settles, "\(name): \(kept.renderer.keptFramesRestored) frames begun from it")
    }

    /// Frames drawn ahead (`OffscreenCanvas.renderAhead`: each drawn while the next is given,
    /// into two targets in turn, each begun from the settled bottom with its own blocks drawn
    /// since) are the very frames drawn one at a time, handed over in order, each once — while
    /// the drag moves on, leaps ahead, comes back, and a drawn-ahead run ends and begins again;
    /// whole, or within a clip (a split stage's screen).
    @Test(arguments: [("explode", nil), ("fold", nil), ("magicmove", nil), ("crossfade", nil),
                      ("explode", Rect(x: 20.5, y: 40, width: 300, height: 500))])
    func framesDrawnAheadAreTheFramesDrawnOneAtATime(_ name: String, _ clip: Rect?) throws {
        let platform = try Platform(headless: true)
        func canvas() throws -> OffscreenCanvas {
            try OffscreenCanvas(platform: platform, width: Int(Self.screen.width), height: Int(Self.screen.height),
                                assetsDirectory: try Assets.directory())
        }
        let ahead = try canvas(), alone = try canvas()
        let demo = try Self.demo(name)
        try ahead.drawer.textures.registerAssets(demo.images)
        try alone.drawer.textures.registerAssets(demo.images)
        let steps = [0.4, 0.41, 0.42, 0.43, 0.6, 0.44, 0.45, 0.46]
        var expected: [[UInt8]] = [], handed: [[UInt8]] = []
        for (k, progress) in steps.enumerated() {
            let list = try demo.frame(of: demo.operations[0], atProgress: progress, scale: 1)
            expected.append(try alone.render(list, pixelScale: 1, clip: clip))
            try ahead.renderAhead([list], clips: [clip], pixelScale: 1) { handed.append($0) }
            if k == 4 { try ahead.finishAhead { handed.append($0) } }
        }
        try ahead.finishAhead { handed.append($0) }
        #expect(handed.count == steps.count)
        for (k, (a, b)) in zip(handed, expected).enumerated() {
            let differing = zip(a, b).filter { $0 != $1 }.count
            #expect(a.count == b.count && differing == 0, "\(name), frame \(k): \(differing) bytes differ")
        }
        #expect(ahead.renderer.keptFramesRestored == alone.renderer.keptFramesRestored, "\(name)")
        #expect(ahead.renderer.keptFramesRestored > 0, "\(name): no frame begun from the settled bottom")
    }

}
