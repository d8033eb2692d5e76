import Testing
import Segue
@testable import SegueRender

/// Which items the renderer may skip: hand-placed quads on a 1000 × 800 output.
@MainActor @Suite struct OcclusionTests {
    let area = Rect(x: 0, y: 0, width: 1000, height: 800)

    func item(_ rect: Rect, _ transform: Transform3D = .identity, alpha: Double = 1) -> DisplayList.Item {
        DisplayList.Item(rect: rect, transform: transform, opacity: 1, fill: .color(Color.white.withAlpha(alpha)), name: "")
    }

    func occlusion(_ items: [DisplayList.Item], clips: [DisplayList.Clip] = [],
                   paintRect: (DisplayList.Item) -> Rect = { $0.rect }) -> Occlusion {
        var list = DisplayList()
        list.items = items
        list.clips = clips
        var occlusion = Occlusion()
        occlusion.find(in: list, area: area, nearW: 0.01, isOpaque: { i in
            if case .color(let c) = items[i].fill { return c.alpha >= 1 && items[i].opacity >= 1 }
            return false
        }, paintRect: { paintRect(items[$0]) })
        return occlusion
    }

    func hidden(_ items: [DisplayList.Item], paintRect: (DisplayList.Item) -> Rect = { $0.rect }) -> [Bool] {
        occlusion(items, paintRect: paintRect).hidden
    }

    /// A card rounded by 40 in its own plane hides what lies within its rect inset by
    /// 40·(1 − 1/√2) ≈ 11.7, where its arcs meet the diagonals, and not what reaches its
    /// corners; a card clipped by another plane's region hides nothing.
    @Test func aRoundedCardHidesWithinItsCornersOnly() {
        let m = Transform3D.makeTranslation(100, 100, 0)
        let card = Rect(x: 0, y: 0, width: 400, height: 300)
        var rounded = item(card, m)
        rounded.clip = 0
        let clips = [DisplayList.Clip(rect: card, cornerRadius: 40, transform: m)]
        let inside = item(Rect(x: 112, y: 112, width: 376, height: 276)), corner = item(Rect(x: 101, y: 101, width: 20, height: 20))
        #expect(occlusion([inside, corner, rounded], clips: clips).hidden == [true, false, false])
        let elsewhere = [DisplayList.Clip(rect: card, cornerRadius: 40, transform: .makeTranslation(100, 101, 0))]
        #expect(occlusion([inside, rounded], clips: elsewhere).hidden == [false, false])
    }

    /// An opaque item over every pixel centre of the output covers it (a clear under it
    /// cannot show); translucent, or one pixel short, it does not.
    @Test func anOpaqueItemOverEveryPixelCentreCoversTheArea() {
        #expect(occlusion([item(Rect(x: 0.4, y: 0.4, width: 999.2, height: 799.2))]).coversArea)
        #expect(!occlusion([item(Rect(x: 0, y: 0, width: 1000, height: 800), alpha: 0.9)]).coversArea)
        #expect(!occlusion([item(Rect(x: 0, y: 0, width: 999, height: 800))]).coversArea)
        #expect(!occlusion([item(Rect(x: 0, y: 0, width: 500, height: 800)), item(Rect(x: 500, y: 0, width: 500, height: 800))]).coversArea)
        // In perspective too (its cells meet without cracks), it hides and covers.
        let tilted = Transform3D.makeRotation(0.05, 0, 1, 0).concatenating(.makePerspective(distance: 5000))
            .concatenating(.makeTranslation(500, 400, 0))
        let big = occlusion([item(Rect(x: 0, y: 0, width: 100, height: 100)), item(Rect(x: -1000, y: -1000, width: 2000, height: 2000), tilted)])
        #expect(big.hidden == [true, false] && big.coversArea)
    }

    /// A rect of no area or negative size (a bounds animation passing zero) draws nothing:
    /// it is hidden, and hides nothing.
    @Test func anEmptyRectIsHiddenAndHidesNothing() {
        let mirrored = occlusion([item(Rect(x: 100, y: 100, width: 10, height: 10)), item(Rect(x: 1000, y: 800, width: -1000, height: -800))])
        #expect(mirrored.hidden == [false, true] && !mirrored.coversArea)
    }

    /// Text that overflows its label paints past its rect: what decides is where it paints.
    @Test func whatPaintsPastItsRectIsJudgedByWhereItPaints() {
        let label = item(Rect(x: 100, y: 100, width: 100, height: 20))
        let cover = item(Rect(x: 50, y: 50, width: 300, height: 100))
        #expect(hidden([label, cover]) == [true, false])
        let overflowing = hidden([label, cover]) { $0.rect.height == 20 ? Rect(x: 100, y: 100, width: 100, height: 60) : $0.rect }
        #expect(overflowing == [false, false])
    }

    @Test func anOpaqueItemHidesWhatLiesInsideItOnly() {
        let small = item(Rect(x: 100, y: 100, width: 200, height: 100))
        let straddling = item(Rect(x: 500, y: 700, width: 100, height: 200))
        let cover = item(Rect(x: 50, y: 50, width: 800, height: 700))
        #expect(hidden([small, straddling, cover]) == [true, false, false])
        // Translucent covers hide nothing.
        #expect(hidden([small, item(Rect(x: 50, y: 50, width: 800, height: 700), alpha: 0.5)]) == [false, false])
        // What is drawn after the cover is not under it.
        #expect(hidden([cover, small]) == [false, false])
    }

    /// A rasterizer paints the pixels whose centres are inside: an item from x = 99.4 has a
    /// column centred at 99.5, left of a cover from x = 100; from 99.6 its first column is
    /// centred at 100.5, under the cover. Sharing the cover's edge hides it.
    @Test func pixelCentresDecide() {
        let cover = item(Rect(x: 100, y: 100, width: 500, height: 500))
        #expect(hidden([item(Rect(x: 99.4, y: 200, width: 100, height: 100)), cover]) == [false, false])
        #expect(hidden([item(Rect(x: 99.6, y: 200, width: 100, height: 100)), cover]) == [true, false])
        #expect(hidden([item(Rect(x: 100, y: 100, width: 500, height: 500)), cover]) == [true, false])
        #expect(hidden([item(Rect(x: 100, y: 100, width: 500.6, height: 500)), cover]) == [false, false])
    }

    @Test func whatIsOffScreenOrBehindTheEyeIsHidden() {
        let offScreen = item(Rect(x: 1200, y: 0, width: 100, height: 100))
        // Pushed 1,000 points behind the eye of a 500-point perspective: w = 1 + 1000/500 · … < 0.
        let behind = item(Rect(x: 0, y: 0, width: 100, height: 100),
                          Transform3D.makeTranslation(0, 0, 1000).concatenating(.makePerspective(distance: 500)))
        #expect(hidden([offScreen, behind]) == [true, true])
    }

    /// A page turned about its left edge (at the output's left) with the eye 500 points from
    /// the centre, as the page turn has it. At −36° its right part is behind the eye: its image
    /// is the part in front of the near plane, which still covers the output and hides the
    /// flat screen under it. At −80° the part in front projects left of the output: nothing
    /// of it shows. Turned away, +30°, it covers only part of the output.
    @Test func aPagePassingTheEyeStillHides() {
        let screen = item(area)
        func page(_ degrees: Double) -> DisplayList.Item {
            item(area, Transform3D.makeTranslation(0, -400, 0)
                .concatenating(.makeRotation(degrees * .pi / 180, 0, 1, 0))
                .concatenating(.makeTranslation(-500, 0, 0))
                .concatenating(.makePerspective(distance: 500))
                .concatenating(.makeTranslation(500, 400, 0)))
        }
        for degrees in [-36.0, -80] {
            #expect(page(degrees).transform.apply(x: 1000, y: 0).w < 0, "the right edge is behind the eye")
        }
        #expect(hidden([screen, page(-36)]) == [true, false])
        #expect(hidden([screen, page(-80)]) == [false, true])
        #expect(hidden([screen, page(30)]) == [false, false])
    }
}
