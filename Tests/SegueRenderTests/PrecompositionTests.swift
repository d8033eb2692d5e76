import Testing
import Segue
@testable import SegueRender

/// Translucent flat fills blended ahead of time into what they lie on: which items fold, and
/// that the colours drawn come out as drawing everything would.
@MainActor @Suite struct PrecompositionTests {
    /// A page turned 30° about y under a 500-point perspective: folding must not depend on
    /// the plane being flat on screen.
    let page = Transform3D.makeRotation(0.5, 0, 1, 0).concatenating(.makePerspective(distance: 500))
        .concatenating(.makeTranslation(640, 400, 0))
    let pageRect = Rect(x: 0, y: 0, width: 400, height: 600)
    let background = Gradient(colors: [Color(hex: 0xF0E0A0), Color(hex: 0xE0C060)])
    let shadow = Gradient(colors: [.black, Color.black.withAlpha(0.5), Color.white.withAlpha(0.5)],
                          startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))

    func item(_ rect: Rect, at offset: Point = .zero, _ fill: DisplayList.Fill, opacity: Double = 1) -> DisplayList.Item {
        DisplayList.Item(rect: rect, transform: page.prependingTranslation(offset.x, offset.y), opacity: opacity, fill: fill)
    }

    static func isOpaque(_ item: DisplayList.Item) -> Bool {
        guard item.opacity >= 1 else { return false }
        switch item.fill {
        case .color(let c): return c.alpha >= 1
        case .gradient(let g): return g.colors.allSatisfy { $0.alpha >= 1 }
        case .image: return true
        default: return false
        }
    }

    static func close(_ a: Color, _ b: Color) -> Bool {
        abs(a.red - b.red) < 1e-9 && abs(a.green - b.green) < 1e-9 && abs(a.blue - b.blue) < 1e-9 && abs(a.alpha - b.alpha) < 1e-9
    }

    static func close(_ a: Point?, _ b: Point) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9
    }

    func find(_ items: [DisplayList.Item]) -> Precomposition {
        let list = DisplayList(items: items)
        var p = Precomposition()
        p.find(in: list, boxes: items.map { $0.transform.projectedBounds(of: $0.rect) }, isDrawn: { _ in true },
               isOpaque: { Self.isOpaque(items[$0]) }, paintRect: { items[$0].rect })
        return p
    }

    @Test func aPlaneOffsetIsAMoveWithinThePlaneOnly() throws {
        #expect(Self.close(page.planeOffset(to: page.prependingTranslation(30, -12)), Point(x: 30, y: -12)))
        #expect(page.planeOffset(to: page) == Point(x: 0, y: 0))
        #expect(page.planeOffset(to: Transform3D.makeRotation(0.1, 0, 0, 1).concatenating(page)) == nil)
        #expect(page.planeOffset(to: Transform3D.makeScale(2, 2, 1).concatenating(page)) == nil)
        // Lifted off the plane (z), not moved in it.
        #expect(page.planeOffset(to: page.prependingTranslation(0, 0, 5)) == nil)
    }

    /// Hand-worked: 25 % red over mid grey is 0.25 + 0.375 red; a 50 % black tint halves a
    /// colour and keeps its alpha; a 25 % white tint takes it a quarter of the way to white.
    @Test func overAndTintAreSourceOverBlending() {
        #expect(Color(red: 1, green: 0, blue: 0, alpha: 0.25).over(Color(white: 0.5)) == Color(red: 0.625, green: 0.375, blue: 0.375))
        let c = Color(red: 0.8, green: 0.4, blue: 0.2, alpha: 0.6)
        #expect(c.tinted(by: Color.black.withAlpha(0.5)) == Color(red: 0.4, green: 0.2, blue: 0.1, alpha: 0.6))
        #expect(Self.close(c.tinted(by: Color.white.withAlpha(0.25)), Color(red: 0.85, green: 0.55, blue: 0.4, alpha: 0.6)))
    }

    /// A shadow over a page, a translucent card and text on it: the shadow is folded into
    /// all three (the card, alone on the page, is also drawn opaque over it), and each pixel
    /// drawn the folded way equals drawing the page, the card, the text and then the shadow.
    @Test func aTintOverAPageFoldsIntoEverythingOnIt() throws {
        let cardAt = Point(x: 20, y: 200), textAt = Point(x: 30, y: 220)
        let text = TextContent("Chapter", fontSize: 17, color: Color(red: 0.3, green: 0.1, blue: 0, alpha: 0.9))
        let items = [
            item(pageRect, .gradient(background)),
            item(Rect(x: 0, y: 0, width: 360, height: 100), at: cardAt, .color(Color.white.withAlpha(0.4))),
            item(Rect(x: 0, y: 0, width: 300, height: 20), at: textAt, .text(text)),
            item(pageRect, .gradient(shadow), opacity: 0.7),
        ]
        let p = find(items)
        #expect(p.folded == [false, false, false, true])
        #expect(p.over.map { $0?.item } == [3, 3, 3, nil])
        #expect(Self.close(p.over[1]?.offset, cardAt) && Self.close(p.over[2]?.offset, textAt))
        #expect(p.under.map { $0?.item } == [nil, 0, nil, nil])

        let list = DisplayList(items: items)
        let coverage = 0.6   // of a glyph's pixel
        for point in [Point(x: 50, y: 225), Point(x: 200, y: 230), Point(x: 370, y: 210)] {
            let pageColor = try #require(items[0].flatColor(at: point))
            let card = try #require(items[1].flatColor(at: point - cardAt))
            let glyph = text.color.withAlpha(text.color.alpha * coverage)
            let tint = try #require(items[3].flatColor(at: point))
            // Drawn one after the other: the page, the card, a glyph, the shadow.
            let expected = glyph.over(card.over(pageColor)).tinted(by: tint)
            // Folded: the card drawn opaque and tinted, the glyph tinted and blended as before.
            let foldedCard = p.shading(of: 1, in: list).color(card, at: point - cardAt)
            let foldedGlyph = p.shading(of: 2, in: list).color(glyph, at: point - textAt)
            #expect(foldedCard.alpha == 1 && foldedGlyph.alpha == glyph.alpha)
            #expect(Self.close(foldedGlyph.over(foldedCard), expected))
            // Where the page shows, it is tinted.
            #expect(Self.close(p.shading(of: 0, in: list).color(pageColor, at: point), pageColor.tinted(by: tint)))
        }
    }

    @Test func aCardAloneOnItsScreenIsDrawnOpaqueOverIt() throws {
        let items = [
            item(pageRect, .gradient(background)),
            item(Rect(x: 0, y: 0, width: 360, height: 100), at: Point(x: 20, y: 200), .color(Color.white.withAlpha(0.4))),
        ]
        let p = find(items)
        #expect(p.folded == [false, false])
        #expect(p.under[1]?.item == 0 && Self.close(p.under[1]?.offset, Point(x: 20, y: 200)))
        let list = DisplayList(items: items)
        let local = Point(x: 100, y: 50)
        let card = try #require(items[1].flatColor(at: local))
        let shown = p.shading(of: 1, in: list).color(card, at: local)
        #expect(Self.close(shown, card.over(try #require(items[0].flatColor(at: local + Point(x: 20, y: 200))))))
        #expect(shown.alpha == 1)
    }

    /// A card on a page whose shadow was folded earlier is not made opaque over the untinted
    /// page: it is blended over the tinted one, as drawing the shadow first would have it.
    @Test func whatLiesOnAFoldedTintIsDrawnOverIt() {
        let items = [
            item(pageRect, .color(.white)),
            item(Rect(x: 0, y: 0, width: 300, height: 20), at: Point(x: 30, y: 20), .text(TextContent("Title", fontSize: 17))),
            item(pageRect, .color(Color.black.withAlpha(0.3))),
            item(Rect(x: 0, y: 0, width: 360, height: 100), at: Point(x: 20, y: 200), .color(Color.white.withAlpha(0.5))),
        ]
        let p = find(items)
        #expect(p.folded == [false, false, true, false])
        #expect(p.over.map { $0?.item } == [2, 2, nil, nil])
        #expect(p.under[3] == nil)
    }

    /// A strip's copy of a screen: the screen's background (1000 wide) clipped to the strip
    /// (x 200…600), the strip's shadow over exactly that part. Cut exactly to its paint rect
    /// (the strip), the background is a base as an unclipped page is: the shadow alone on it
    /// is drawn opaque over it; clipped some other way (a paint rect past the shadow, or not
    /// cut exactly), it is no base.
    @Test func aBaseClippedExactlyToTheTintTakesIt() {
        let screen = item(Rect(x: -200, y: 0, width: 1000, height: 600), .gradient(background))
        var clipped = screen
        clipped.clip = 0
        let strip = Rect(x: 0, y: 0, width: 400, height: 600)
        let items = [clipped, item(strip, .gradient(shadow), opacity: 0.7)]
        let list = DisplayList(items: items, clips: [DisplayList.Clip(rect: strip, cornerRadius: 0, transform: page)])
        func base(paint: Rect, exactly: Bool) -> Int? {
            var p = Precomposition()
            p.find(in: list, boxes: items.map { $0.transform.projectedBounds(of: $0.rect) }, isDrawn: { _ in true },
                   isOpaque: { Self.isOpaque(items[$0]) }, paintRect: { $0 == 0 ? paint : items[$0].rect }, isCutExactly: { _ in exactly })
            return p.under[1]?.item
        }
        #expect(base(paint: strip, exactly: true) == 0)
        #expect(base(paint: strip, exactly: false) == nil)
        #expect(base(paint: Rect(x: 0, y: 0, width: 400, height: 500), exactly: true) == nil)
    }

    /// Past its rect (a corner grown for anti-aliasing) a gradient runs on as it changes at
    /// the edge, unclamped, along each axis it is past; inside, it is its own colour.
    @Test func aGradientRunsOnPastItsRect() throws {
        let ramp = Gradient(colors: [Color(white: 0.2), Color(white: 0.6, alpha: 0.5)], startPoint: Point(x: 0, y: 0.5),
                            endPoint: Point(x: 1, y: 0.5))
        let strip = item(Rect(x: 10, y: 0, width: 40, height: 20), .gradient(ramp), opacity: 0.8)
        // White changes 0.4 and alpha −0.5 (× 0.8) over 40 points: 0.01 and −0.01 a point.
        let left = try #require(strip.flatColor(at: Point(x: 6, y: 25)))
        #expect(abs(left.red - 0.16) < 1e-6 && abs(left.alpha - 0.84) < 1e-6)
        let right = try #require(strip.flatColor(at: Point(x: 55, y: -3)))
        #expect(abs(right.green - 0.65) < 1e-6 && abs(right.alpha - 0.35) < 1e-6)
        let inside = try #require(strip.flatColor(at: Point(x: 30, y: 10)))
        #expect(abs(inside.blue - 0.4) < 1e-9 && abs(inside.alpha - 0.6) < 1e-9)
        // The stretch that runs on is the one at the edge, however short: here a flat one
        // 0.002 points wide (then the ramp), so past the left edge the colour stays.
        let flatFirst = Gradient(colors: [Color(white: 0.2), Color(white: 0.2), Color(white: 0.6)], locations: [0, 0.00005, 1],
                                 startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))
        let shelf = item(Rect(x: 10, y: 0, width: 40, height: 20), .gradient(flatFirst))
        #expect(shelf.flatColor(at: Point(x: 6, y: 5)) == Color(white: 0.2))
        let beyondRight = try #require(shelf.flatColor(at: Point(x: 54, y: 5)))
        #expect(abs(beyondRight.red - (0.6 + 0.4 / 0.99995 * 0.1)) < 1e-9)
        // A colour is the same everywhere.
        #expect(item(pageRect, .color(.white)).flatColor(at: Point(x: -50, y: 9000)) == .white)
    }

    /// Nothing of zero size is cut or folded (it draws nothing), and nothing traps on it.
    @Test func zeroSizedItemsAreLeftAlone() {
        let base = item(pageRect, .gradient(background))
        let thin = item(Rect(x: 10, y: 10, width: 0, height: 100), .gradient(shadow))
        #expect(find([base, thin]).under == [nil, nil])
        var shading = Shading(thin)
        shading.under = (base, .zero)
        var u: [Double] = [], v: [Double] = []
        #expect(shading.cuts(levelTolerance: 0.5, uStops: &u, vStops: &v) == .whole && u.isEmpty && v.isEmpty)
    }

    @Test func whatCannotTakeTheBlendStopsTheFold() {
        let card = item(Rect(x: 0, y: 0, width: 360, height: 100), at: Point(x: 20, y: 200), .color(Color.white.withAlpha(0.4)))
        let tint = item(pageRect, .gradient(shadow), opacity: 0.7)
        let base = item(pageRect, .gradient(background))
        // An image under the tint: its texels cannot be tinted.
        let image = item(Rect(x: 0, y: 0, width: 100, height: 100), at: Point(x: 50, y: 400),
                         .image(ImageContent(id: "photo", pixelSize: Size(width: 100, height: 100)), source: Rect(x: 0, y: 0, width: 1, height: 1)))
        #expect(find([base, image, tint]).folded == [false, false, false])
        // Something between the card and its screen, where the card lies.
        let under = item(Rect(x: 0, y: 0, width: 100, height: 100), at: Point(x: 40, y: 190), .color(.black))
        #expect(find([base, under, card]).under[2] == nil)
        // The same thing elsewhere on the screen does not matter.
        let apart = item(Rect(x: 0, y: 0, width: 100, height: 100), at: Point(x: 40, y: 420), .color(.black))
        #expect(find([base, apart, card]).under[2]?.item == 0)
        // A tint larger than its page would darken what is around the page.
        let wide = item(Rect(x: 0, y: 0, width: 500, height: 600), .color(Color.black.withAlpha(0.3)))
        #expect(find([base, card, wide]).folded == [false, false, false])
        // Another plane where the card lies.
        var tilted = base
        tilted.transform = Transform3D.makeRotation(0.2, 1, 0, 0).concatenating(page)
        #expect(find([tilted, card]).under[1] == nil)
    }

    /// Where no factor varies with another the colour is affine, and nothing is cut for a
    /// product: a card of one colour under the tint whose alpha rises gets no even cuts (its
    /// only stops are its sides) and its colour at the middle is the mean of its sides'; a
    /// tint whose colour and alpha both change, or a gradient under it, is cut.
    @Test func anAffineTintIsNotCutForAProduct() throws {
        let tint = item(pageRect, .gradient(Gradient(colors: [Color.black.withAlpha(0), .black],
                                                     startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))))
        var card = Shading(item(pageRect, .color(Color(hex: 0x4080C0))))
        card.over = (tint, .zero)
        #expect(card.isAffine())
        var uStops: [Double] = [], vStops: [Double] = []
        _ = card.cuts(levelTolerance: 0.5, uStops: &uStops, vStops: &vStops)
        #expect(Set(uStops).isSubset(of: [0, 1]) && vStops.isEmpty, "\(uStops) \(vStops)")
        let left = try #require(card.color(atUnit: 0, 0.3)), right = try #require(card.color(atUnit: 1, 0.3))
        #expect(Self.close(try #require(card.color(atUnit: 0.5, 0.3)), left.interpolated(to: right, at: 0.5)))
        // A tint from clear black to opaque white changes colour and alpha: τ·T is a product.
        var whitening = card
        whitening.over = (item(pageRect, .gradient(Gradient(colors: [Color.black.withAlpha(0), .white],
                                                                startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5)))), .zero)
        #expect(!whitening.isAffine())
        var onGradient = Shading(item(pageRect, .gradient(Gradient(colors: [.white, .black]))))
        onGradient.over = (tint, .zero)
        #expect(!onGradient.isAffine())
        uStops.removeAll()
        _ = onGradient.cuts(levelTolerance: 0.5, uStops: &uStops, vStops: &vStops)
        #expect(uStops.count > 10)
        // Mixed in per pixel (shaded exactly), the tint is a factor of its own: a gradient
        // under it is affine, and cut only at its stops; a tint whose τ·T is a product is not.
        #expect(onGradient.isAffine(tintApart: true) && onGradient.isAffineOnlyWithTintApart)
        #expect(!card.isAffineOnlyWithTintApart && !whitening.isAffine(tintApart: true))
        uStops.removeAll()
        vStops.removeAll()
        _ = onGradient.cuts(levelTolerance: 0.5, tintApart: true, uStops: &uStops, vStops: &vStops)
        #expect(uStops.count <= 2 && vStops.count <= 2, "\(uStops) \(vStops)")
    }

    /// Cut as asked, colours interpolated across each triangle stay within half a level of the
    /// true ones: a vertical gradient under a horizontal tint whose alpha rises, a product
    /// no plane interpolates exactly.
    @Test func cutsKeepAPrecompositedProductWithinTolerance() throws {
        let base = item(pageRect, .gradient(Gradient(colors: [.white, .black])))
        let tint = item(pageRect, .gradient(Gradient(colors: [Color.black.withAlpha(0), .black],
                                                     startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))))
        var shading = Shading(base)
        shading.over = (tint, .zero)
        var uStops: [Double] = [], vStops: [Double] = []
        let precision = shading.cuts(levelTolerance: 0.5, uStops: &uStops, vStops: &vStops)
        guard case .unit = precision else { Issue.record("a gradient needs .unit precision"); return }
        let us = ([0, 1] + uStops).sorted(), vs = ([0, 1] + vStops).sorted()
        #expect(us.count > 10 && vs.count > 10)
        var worst = 0.0
        for j in 0..<(vs.count - 1) {
            for i in 0..<(us.count - 1) {
                let a = try #require(shading.color(atUnit: us[i], vs[j])), c = try #require(shading.color(atUnit: us[i + 1], vs[j + 1]))
                let b = try #require(shading.color(atUnit: us[i + 1], vs[j])), d = try #require(shading.color(atUnit: us[i], vs[j + 1]))
                // The diagonal's middle, and each triangle's centroid.
                let probes: [(Double, Double, Double)] = [
                    ((us[i] + us[i + 1]) / 2, (vs[j] + vs[j + 1]) / 2, (a.red + c.red) / 2),
                    ((us[i] + 2 * us[i + 1]) / 3, (2 * vs[j] + vs[j + 1]) / 3, (a.red + b.red + c.red) / 3),
                    ((2 * us[i] + us[i + 1]) / 3, (vs[j] + 2 * vs[j + 1]) / 3, (a.red + c.red + d.red) / 3),
                ]
                for (u, v, interpolated) in probes {
                    worst = max(worst, abs(try #require(shading.color(atUnit: u, v)).red - interpolated) * 255)
                }
            }
        }
        #expect(worst <= 0.5)
        #expect(worst > 0.05)   // the product is there: uncut, it would be off by 64 levels
    }
}
