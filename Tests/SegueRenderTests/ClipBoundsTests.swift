import Testing
import Segue
@testable import SegueRender

/// Where an item's clip regions let it show, in its own coordinates: hand-worked regions.
@Suite struct ClipBoundsTests {
    func bounds(_ item: Transform3D, _ clips: [DisplayList.Clip], clip: Int? = 0) -> Rect? {
        ClipBounds.rect(seenThrough: clip, of: item, in: clips)
    }

    func expectClose(_ r: Rect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ tolerance: Double = 1e-3) {
        guard let r else {
            Issue.record("no bounds")
            return
        }
        #expect(close(r.minX, x, tolerance) && close(r.minY, y, tolerance) && close(r.width, w, tolerance) && close(r.height, h, tolerance),
                "\(r) is not (\(x), \(y), \(w), \(h))")
    }

    /// A tile's copy of a screen: the region (0, 0, 40, 30) of a layer at (120, 60), seen
    /// from a copy placed at (100, 50), is its (20, 10, 40, 30) — also when both turn in
    /// perspective together.
    @Test func aRegionOfTheItemsPlaneIsItsRectMovedIntoTheItemsCoordinates() {
        let region = DisplayList.Clip(rect: Rect(x: 0, y: 0, width: 40, height: 30), cornerRadius: 0, transform: .makeTranslation(120, 60, 0))
        expectClose(bounds(.makeTranslation(100, 50, 0), [region]), 20, 10, 40, 30)
        let turn = Transform3D.makeRotation(0.6, 0.3, 1, 0).concatenating(.makePerspective(distance: 500)).concatenating(.makeTranslation(400, 300, 0))
        let tilted = DisplayList.Clip(rect: region.rect, cornerRadius: 8, transform: turn.prependingTranslation(120, 60))
        expectClose(bounds(turn.prependingTranslation(100, 50), [tilted]), 20, 10, 40, 30)
    }

    /// The exact rect: square-cornered regions seen upright (or turned a quarter) from the
    /// item's plane show exactly their rect; a rounded one, or one turned otherwise, only
    /// within its box.
    @Test func squareUprightRegionsShowExactlyTheirRect() {
        let region = DisplayList.Clip(rect: Rect(x: 0, y: 0, width: 40, height: 30), cornerRadius: 0, transform: .makeTranslation(120, 60, 0))
        expectClose(ClipBounds.shown(through: 0, of: .makeTranslation(100, 50, 0), in: [region])?.exact, 20, 10, 40, 30, 1e-9)
        let quarter = Transform3D.makeRotation(.pi / 2, 0, 0, 1).concatenating(.makeTranslation(120, 60, 0))
        #expect(ClipBounds.shown(through: 0, of: quarter, in: [region])?.exact != nil)
        var rounded = region
        rounded.cornerRadius = 4
        #expect(ClipBounds.shown(through: 0, of: .makeTranslation(100, 50, 0), in: [rounded])?.exact == nil)
        let turned = Transform3D.makeRotation(0.3, 0, 0, 1).concatenating(.makeTranslation(120, 60, 0))
        #expect(ClipBounds.shown(through: 0, of: turned, in: [region])?.exact == nil)
    }

    /// The rect surely shown: a region (0, 0, 40, 30) at (120, 60), rounded by 4, is the
    /// rect (20, 10, 40, 30) of an item at (100, 50) but for its corners. Less its corners'
    /// columns it surely shows (24, 10, 32, 30), 960 square points, more than the 880 left
    /// less their rows; a tall thin region keeps its columns instead; the radius is seen
    /// stretched with the copy, a quarter turn making its width its height; a parent's region
    /// cuts it; seen turned otherwise or in perspective, or of no size, a region shows no
    /// rect for sure.
    @Test func aRoundedRegionSurelyShowsItsRectLessItsCorners() {
        let region = DisplayList.Clip(rect: Rect(x: 0, y: 0, width: 40, height: 30), cornerRadius: 4, transform: .makeTranslation(120, 60, 0))
        let item = Transform3D.makeTranslation(100, 50, 0)
        // Rows off: 40 × 22 = 880; columns off: 32 × 30 = 960, the larger.
        expectClose(ClipBounds.shown(through: 0, of: item, in: [region])?.inner, 24, 10, 32, 30)
        let wide = DisplayList.Clip(rect: Rect(x: 0, y: 0, width: 100, height: 30), cornerRadius: 4, transform: .makeTranslation(120, 60, 0))
        // Rows off: 100 × 22 = 2200; columns off: 92 × 30 = 2760; still columns. Tall and thin:
        let tall = DisplayList.Clip(rect: Rect(x: 0, y: 0, width: 10, height: 100), cornerRadius: 4, transform: .makeTranslation(120, 60, 0))
        expectClose(ClipBounds.shown(through: 0, of: item, in: [wide])?.inner, 24, 10, 92, 30)
        // Rows off: 10 × 92 = 920; columns off: 2 × 100 = 200: rows.
        expectClose(ClipBounds.shown(through: 0, of: item, in: [tall])?.inner, 20, 14, 10, 92)
        // Seen from a copy stretched 2× across, the region is (10, 10, 20, 30) of it, its
        // corners 2 wide and 4 high: columns off leave 16 × 30 = 480, rows off 20 × 22 = 440.
        let stretched = Transform3D.makeScale(2, 1, 1).concatenating(.makeTranslation(100, 50, 0))
        expectClose(ClipBounds.shown(through: 0, of: stretched, in: [region])?.inner, 12, 10, 16, 30)
        // Inside a square-cornered parent that cuts its left part off, the two intersect.
        let parent = DisplayList.Clip(rect: Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 0, transform: .makeTranslation(140, 0, 0))
        var child = region
        child.parent = 0
        expectClose(ClipBounds.shown(through: 1, of: item, in: [parent, child])?.inner, 40, 10, 16, 30)
        // The region turned a quarter (x′ = −y, y′ = x) at (120, 60) is the screen's (90…120,
        // 60…100), a copy stretched 2× across sees (−5, 10, 15, 40) of it, whose corners are
        // 4 · 15 / 30 = 2 wide (its width is the region's height) and 4 high: rows off leave
        // 15 × 32 = 480, columns off 11 × 40 = 440.
        var quarter = region
        quarter.transform = Transform3D.makeRotation(.pi / 2, 0, 0, 1).concatenating(.makeTranslation(120, 60, 0))
        expectClose(ClipBounds.shown(through: 0, of: stretched, in: [quarter])?.inner, -5, 14, 15, 32)
        // Seen from an item turned by other than a quarter, or a region in perspective or of
        // no size: nothing for sure.
        let turned = Transform3D.makeRotation(0.3, 0, 0, 1).concatenating(.makeTranslation(120, 60, 0))
        #expect(ClipBounds.shown(through: 0, of: turned, in: [region])?.inner == nil)
        var tilted = region
        tilted.transform = Transform3D.makeRotation(0.6, 0, 1, 0).concatenating(.makePerspective(distance: 500)).concatenating(.makeTranslation(120, 60, 0))
        #expect(ClipBounds.shown(through: 0, of: item, in: [tilted])?.inner == nil)
        var none = region
        none.rect = Rect(x: 0, y: 0, width: -40, height: 30)
        #expect(ClipBounds.shown(through: 0, of: item, in: [none])?.inner == nil)
        #expect(ClipBounds.shown(through: 1, of: item, in: [parent, DisplayList.Clip(rect: none.rect, cornerRadius: 0, transform: none.transform,
                                                                                        parent: 0)])?.inner == nil)
    }

    /// A copy stretched 2× over its layer: the layer's region (0, 0, 100, 100) is the copy's
    /// (0, 0, 50, 50); and the copy's own rotation about z turns the region's box with it.
    @Test func aScaledOrTurnedCopySeesTheRegionScaledOrTurned() {
        let region = DisplayList.Clip(rect: Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 0, transform: .makeTranslation(10, 0, 0))
        expectClose(bounds(Transform3D.makeScale(2, 2, 1).concatenating(.makeTranslation(10, 0, 0)), [region]), 0, 0, 50, 50)
        // Turned 90° about z within the region's plane: (x, y) of the copy lands at (−y, x).
        let quarter = Transform3D.makeRotation(.pi / 2, 0, 0, 1).concatenating(.makeTranslation(10, 0, 0))
        expectClose(bounds(quarter, [region]), 0, -100, 100, 100)
    }

    /// Regions nest: what shows lies in each, so the bounds are their boxes' intersection;
    /// disjoint, nothing shows (empty).
    @Test func nestedRegionsIntersect() {
        let outer = DisplayList.Clip(rect: Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 0, transform: .identity)
        let inner = DisplayList.Clip(rect: Rect(x: 50, y: 60, width: 100, height: 100), cornerRadius: 0, transform: .identity, parent: 0)
        expectClose(bounds(.identity, [outer, inner], clip: 1), 50, 60, 50, 40)
        let apart = DisplayList.Clip(rect: Rect(x: 200, y: 0, width: 10, height: 10), cornerRadius: 0, transform: .identity, parent: 0)
        let empty = bounds(.identity, [outer, apart], clip: 1)
        #expect(empty != nil && (empty!.width == 0 || empty!.height == 0))
    }

    /// No region, an item seen edge-on, or a region whose image in the item's plane reaches
    /// its horizon (a flat screen-wide region seen from a plane turned 80° in perspective,
    /// whose horizon crosses the screen): no bounds.
    @Test func unboundedCasesGiveNoBounds() {
        let screen = DisplayList.Clip(rect: Rect(x: -400, y: -300, width: 800, height: 600), cornerRadius: 0, transform: .makeTranslation(400, 300, 0))
        #expect(bounds(.identity, [screen], clip: nil) == nil)
        let edgeOn = Transform3D.makeScale(0, 1, 1)
        #expect(bounds(edgeOn, [screen]) == nil)
        let steep = Transform3D.makeRotation(80 * .pi / 180, 1, 0, 0).concatenating(.makePerspective(distance: 300))
            .concatenating(.makeTranslation(400, 300, 0))
        #expect(bounds(steep, [screen]) == nil)
        // The same region a tenth the size stays short of the horizon: bounded.
        let small = DisplayList.Clip(rect: Rect(x: -40, y: -30, width: 80, height: 60), cornerRadius: 0, transform: .makeTranslation(400, 300, 0))
        #expect(bounds(steep, [small]) != nil)
    }
}
