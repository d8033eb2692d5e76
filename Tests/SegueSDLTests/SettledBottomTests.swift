import Segue
@testable import SegueSDL
import Testing
@testable import SegueRender

/// Which frames keep their settled bottom and which begin from it (`SettledBottom`).
@Suite struct SettledBottomPlanTests {
    private func list(bottom: [Color], top: Double, clipped: Bool = false, clipX: Double = 0) -> DisplayList {
        var list = DisplayList()
        if clipped { list.clips.append(DisplayList.Clip(rect: Rect(x: clipX, y: 0, width: 50, height: 50), cornerRadius: 0, transform: .identity)) }
        for (k, c) in bottom.enumerated() {
            list.items.append(DisplayList.Item(rect: Rect(x: Double(k) * 10, y: 0, width: 10, height: 10), transform: .identity,
                                               opacity: 1, fill: .color(c), clip: clipped ? 0 : nil))
        }
        list.items.append(DisplayList.Item(rect: Rect(x: top, y: 20, width: 10, height: 10), transform: .identity, opacity: 1,
                                           fill: .color(.white)))
        return list
    }

    /// Two items that stay under one that moves: drawn whole until they have begun two lists
    /// alike (frames 1 and 2), kept on the third, begun from on the fourth and fifth; a change
    /// to the second sends the frames back to drawing whole until the new two have begun two
    /// lists alike, then they are kept; at another pixel scale they are kept anew, not begun from.
    @Test func framesKeepTheirSettledBottomAndBeginFromIt() {
        var planner = SettledBottom()
        let red = Color(hex: 0xFF0000), green = Color(hex: 0x00FF00), blue = Color(hex: 0x0000FF)
        var plans: [SettledBottom.Plan] = []
        func frame(_ bottom: [Color], _ top: Double, scale: Double = 1) {
            let plan = planner.plan(for: list(bottom: bottom, top: top), pixelScale: scale)
            plans.append(plan)
            switch plan {
            case .keep(let n): planner.kept(n, pixelScale: scale)
            case .restore: break
            case .drawWhole: planner.kept(0, pixelScale: scale)
            }
        }
        for t in 0..<5 { frame([red, green], Double(t)) }
        frame([red, blue], 5)
        frame([red, blue], 6)
        frame([red, blue], 7)
        frame([red, blue], 8, scale: 2)
        #expect(plans == [.drawWhole, .drawWhole, .keep(2), .restore(2), .restore(2), .drawWhole, .drawWhole, .keep(2), .keep(2)])
    }

    /// Items alike seen through clip regions that differ are not the same.
    @Test func itemsAreTheSameOnlyThroughTheSameClips() {
        let a = list(bottom: [.black], top: 0, clipped: true), b = list(bottom: [.black], top: 0, clipped: true, clipX: 5)
        #expect(SettledBottom.commonPrefix(a, a) == 2)
        #expect(SettledBottom.commonPrefix(a, b) == 0)
        #expect(SettledBottom.commonPrefix(a, list(bottom: [.black], top: 1, clipped: true)) == 1)
    }
}

/// Frames begun from their kept bottom (in `GoldenFrameTests`, whose tests run one at a
/// time: SDL is global).
extension GoldenFrameTests {
    /// A screen at rest — a background, a photograph, text — under a card that moves and a
    /// translucent square that moves over the photograph, drawn over the whole canvas or
    /// within a clip (a window's stage), with a HUD drawn over it after: every frame begun
    /// from the kept bottom has the very pixels of the frame drawn whole, and from the third
    /// frame on the frames begin from it.
    @Test(arguments: [nil, Rect(x: 12, y: 6, width: 130, height: 80)])
    func framesBegunFromTheSettledBottomAreTheFramesDrawnWhole(_ clip: Rect?) throws {
        let (w, h) = (160, 100)
        func canvas() throws -> OffscreenCanvas {
            let c = try OffscreenCanvas(platform: try Platform(headless: true), width: w, height: h,
                                        assetsDirectory: try Assets.directory())
            try c.drawer.textures.registerAssets([(id: "photo", path: "Pictures/photo-1.png")])
            return c
        }
        let kept = try canvas(), whole = try canvas()
        whole.drawer.keepsSettledBottom = false
        let photo = ImageContent(id: "photo", pixelSize: Size(width: 480, height: 360))
        for t in 0..<6 {
            var list = DisplayList()
            func add(_ rect: Rect, _ fill: DisplayList.Fill, opacity: Double = 1) {
                list.items.append(DisplayList.Item(rect: rect, transform: .identity, opacity: opacity, fill: fill))
            }
            add(Rect(x: 0, y: 0, width: 160, height: 100), .color(Color(hex: 0x203040)))
            add(Rect(x: 10.5, y: 8.25, width: 90, height: 67.5), .image(photo, source: Rect(x: 0, y: 0, width: 1, height: 1)))
            add(Rect(x: 8, y: 80, width: 140, height: 16), .text(TextContent("Settled", fontSize: 12, color: .white)))
            add(Rect(x: 100 - Double(t) * 7.3, y: 20, width: 40, height: 30), .color(Color(hex: 0xE04020)))
            add(Rect(x: 20 + Double(t) * 5.1, y: 30, width: 30, height: 30), .color(Color(hex: 0x2060FF)), opacity: 0.5)
            var hud = DisplayList()
            hud.items.append(DisplayList.Item(rect: Rect(x: 140, y: 0, width: 20, height: 20), transform: .identity, opacity: 0.8,
                                              fill: .color(Color(hex: 0x303030))))
            let a = try kept.render(list, pixelScale: 1, clip: clip, overlay: hud)
            let b = try whole.render(list, pixelScale: 1, clip: clip, overlay: hud)
            let off = stride(from: 0, to: a.count, by: 4).filter { a[$0..<$0 + 4] != b[$0..<$0 + 4] }
            #expect(off.isEmpty, "frame \(t): \(off.count) pixels differ, first at \((off.first ?? 0) / 4)")
        }
        #expect(kept.renderer.keptFramesRestored == 3)
        #expect(whole.renderer.keptFramesRestored == 0)
    }

    /// A photograph (the image `id`, 20 × 20 pixels) at rest beside a white square `t` pixels on.
    private func photoBesideACard(id: String, _ t: Int) -> DisplayList {
        let photo = ImageContent(id: id, pixelSize: Size(width: 480, height: 360))
        return DisplayList(items: [
            DisplayList.Item(rect: Rect(x: 0, y: 0, width: 20, height: 20), transform: .identity, opacity: 1,
                             fill: .image(photo, source: Rect(x: 0, y: 0, width: 1, height: 1))),
            DisplayList.Item(rect: Rect(x: 20 + Double(t), y: 0, width: 5, height: 5), transform: .identity, opacity: 1, fill: .color(.white)),
        ])
    }

    /// A texture the kept bottom was drawn from that changes (its pixels replaced) puts the
    /// kept frame out of date: the next frame is drawn whole and shows the new pixels.
    @Test func aTextureThatChangesPutsTheKeptBottomOutOfDate() throws {
        let canvas = try OffscreenCanvas(platform: try Platform(headless: true), width: 40, height: 20,
                                         assetsDirectory: try Assets.directory())
        try canvas.drawer.textures.registerAssets([(id: "photo", path: "Pictures/photo-1.png")])
        func frame(_ t: Int) throws -> [UInt8] { try canvas.render(photoBesideACard(id: "photo", t), pixelScale: 1) }
        for t in 0..<4 { _ = try frame(t) }
        #expect(canvas.renderer.keptFramesRestored == 1)
        let green = (0..<480 * 360 * 4).map { UInt8($0 % 4 == 1 || $0 % 4 == 3 ? 255 : 0) }
        let texture = try #require(canvas.drawer.textures.image("photo"))
        green.withUnsafeBytes { texture.update(x: 0, y: 0, w: 480, h: 360, rgba: $0.baseAddress!, pitch: 480 * 4) }
        let after = try frame(4)
        #expect(Array(after[(10 * 40 + 10) * 4..<(10 * 40 + 10) * 4 + 4]) == [0, 255, 0, 255])
        #expect(canvas.renderer.keptFramesRestored == 1)
    }

    /// A settled item sharing a side with one that changes (two halves of a bar, one lit),
    /// off the pixel lines: drawn apart, each would anti-alias the side and let the black
    /// beneath show through a seam, so the side is found on the whole list and stays hard on
    /// both — the very pixels of frames never split; once the lit half moves off, the kept
    /// bottom (its side hard) is out of date and the frame is drawn whole.
    @Test func aSideTheBottomSharesWithTheRestStaysHard() throws {
        func canvas() throws -> OffscreenCanvas {
            try OffscreenCanvas(platform: try Platform(headless: true), width: 40, height: 10, assetsDirectory: try Assets.directory())
        }
        let kept = try canvas(), whole = try canvas()
        whole.drawer.keepsSettledBottom = false
        for t in 0..<6 {
            var list = DisplayList()
            list.items.append(DisplayList.Item(rect: Rect(x: 0, y: 0, width: 20.5, height: 10), transform: .identity, opacity: 1,
                                               fill: .color(Color(hex: 0xC0C0C0))))
            list.items.append(DisplayList.Item(rect: Rect(x: t < 4 ? 20.5 : 23.5, y: 0, width: 16.5, height: 10), transform: .identity,
                                               opacity: 1, fill: .color(Color(red: 1, green: Double(t) / 6, blue: 0, alpha: 1))))
            let a = try kept.render(list, pixelScale: 1), b = try whole.render(list, pixelScale: 1)
            #expect(a == b, "frame \(t): \(zip(a, b).filter { $0 != $1 }.count) bytes differ")
            // The seam's column: the halves meet at pixel 20's centre, which goes wholly to
            // one of them — no black blended in.
            let lit: [UInt8] = [255, UInt8((Double(t) / 6 * 255).rounded()), 0], seam = Array(a[20 * 4..<20 * 4 + 3])
            if t < 4 { #expect(seam == [0xC0, 0xC0, 0xC0] || seam == lit, "frame \(t): \(seam)") }
        }
        #expect(kept.renderer.keptFramesRestored == 1)
    }

    /// An image the settled bottom shows before it is loaded draws nothing; loaded later (a
    /// texture made since the bottom was kept), it shows at once.
    @Test func anImageLoadedLaterShowsUnderTheSettledBottom() throws {
        let canvas = try OffscreenCanvas(platform: try Platform(headless: true), width: 40, height: 20,
                                         assetsDirectory: try Assets.directory())
        func frame(_ t: Int) throws -> [UInt8] { try canvas.render(photoBesideACard(id: "later", t), pixelScale: 1) }
        for t in 0..<4 { #expect(try frame(t)[(10 * 40 + 10) * 4 + 3] == 255) }
        #expect(Array(try frame(4)[(10 * 40 + 10) * 4..<(10 * 40 + 10) * 4 + 3]) == [0, 0, 0])
        #expect(canvas.renderer.keptFramesRestored == 2)
        _ = try canvas.drawer.textures.registerImage(id: "later", path: try Assets.directory() + "/Pictures/photo-1.png")
        #expect(Array(try frame(5)[(10 * 40 + 10) * 4..<(10 * 40 + 10) * 4 + 3]) != [0, 0, 0])
        #expect(canvas.renderer.keptFramesRestored == 2)
    }

}
