import Testing
import Segue
@testable import SegueRender

/// Items of one state gather into one draw call where no overlap forbids it; overlapping
/// items keep their order. States are letters, boxes span pixel centres.
@MainActor @Suite struct DrawOrderTests {
    func box(_ x: Double, _ y: Double, _ w: Double = 10, _ h: Double = 10) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    func plan(_ items: [(String?, Rect)]) -> (order: [Int], groups: Int) {
        var d = DrawOrder<String>()
        d.plan(states: items.map(\.0), boxes: items.map(\.1))
        return (d.order, d.groupCount)
    }

    /// A screen: background, then title text, a colour tile, body text, another tile. The
    /// texts lie apart from the tiles, so both texts and both tiles share a call each; the
    /// background stays first, under everything.
    @Test func separateItemsOfOneStateGather() {
        let p = plan([("bg", box(0, 0, 100, 100)), ("text", box(5, 5)), ("tile", box(30, 5)),
                      ("text", box(5, 40)), ("tile", box(30, 40))])
        #expect(p.order == [0, 1, 3, 2, 4])
        #expect(p.groups == 3)
    }

    /// Text on a card on a background: each lies on the one before, so nothing moves.
    @Test func overlappingItemsKeepTheirOrder() {
        let p = plan([("colors", box(0, 0, 100, 100)), ("text", box(10, 10)), ("colors", box(5, 5, 30, 30)),
                      ("text", box(12, 12))])
        #expect(p.order == [0, 1, 2, 3])
        #expect(p.groups == 4)
    }

    /// A box that only shares an edge column of pixel centres still overlaps.
    @Test func sharingAnEdgeIsOverlapping() {
        let p = plan([("a", box(0, 0)), ("b", box(10, 0)), ("a", box(20, 0))])
        #expect(p.order == [0, 1, 2])
        let apart = plan([("a", box(0, 0)), ("b", box(10, 0)), ("a", box(20.5, 0))])
        #expect(apart.order == [0, 2, 1])
    }

    /// An item goes back only as far as its latest group of the same state: past groups whose
    /// boxes it does not touch, never past one it does, and skipped items (nil) are left out.
    @Test func joinsTheLatestReachableGroup() {
        let p = plan([("a", box(0, 0)), ("b", box(50, 0)), ("a", box(50, 5)), (nil, box(0, 0)), ("c", box(80, 80)),
                      ("a", box(0, 50))])
        // Item 2 overlaps item 1, so it opens a third group; item 5 joins it, the latest "a".
        #expect(p.order == [0, 1, 2, 5, 4])
        #expect(p.groups == 4)
    }

    /// A group's box is the union of its items': an item inside that box but touching none
    /// of them still stays behind it. And no item looks back further than `reach` groups.
    @Test func groupBoxesAndReachBoundTheSearch() {
        let p = plan([("a", box(0, 0)), ("b", box(0, 0)), ("b", box(40, 40)), ("a", box(20, 20))])
        #expect(p.order == [0, 1, 2, 3])
        var d = DrawOrder<String>()
        d.reach = 1
        d.plan(states: ["a", "b", "c", "a"], boxes: [box(0, 0), box(20, 0), box(40, 0), box(60, 0)])
        #expect(d.order == [0, 1, 2, 3])
        d.reach = 2
        d.plan(states: ["a", "b", "c", "a"], boxes: [box(0, 0), box(20, 0), box(40, 0), box(60, 0)])
        #expect(d.order == [0, 3, 1, 2])
    }
}
