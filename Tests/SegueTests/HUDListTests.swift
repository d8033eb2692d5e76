import Testing
@testable import Segue
@testable import SegueDemos
@testable import SegueStudio
@testable import SegueCatalog

/// The HUD's list stays usable with many entries: pages that each fit one row, page
/// buttons, the page of the current entry shown, and ↑ ↓ stepping through the whole list.
@MainActor @Suite struct HUDListTests {
    static let names = ["flip", "pageturn", "magicmove", "cards", "cover", "crossfade", "cube", "explode", "fold",
                        "pageturn-away", "portal", "slide-over", "swing", "turn", "zoom", "mine"]

    /// The panel's text is clipped to the panel, and the hint is left out where not even
    /// its first line fits above the panel's foot (a window too short for a forced scale).
    @Test func thePanelsTextStaysInsideThePanel() {
        var model = HUDModel(demos: Self.names, currentDemo: 0, parameters: .init(duration: 1, curve: .linear),
                             defaults: .init(duration: 1, curve: .linear))
        model.hint = "the hint"
        func hints(_ height: Double) -> (texts: [DisplayList.Item], list: DisplayList) {
            var list = DisplayList()
            HUD.compose(model, in: Rect(x: 500, y: 24, width: 380, height: height), fit: .estimate, into: &list)
            return (list.items.filter { if case .text = $0.fill { true } else { false } }, list)
        }
        let (tall, list) = hints(800)
        #expect(!tall.isEmpty && tall.allSatisfy { $0.clip != nil && list.clips[$0.clip!].rect == Rect(x: 500, y: 24, width: 380, height: 800) })
        #expect(tall.contains { if case .text(let t) = $0.fill { t.string == "the hint" } else { false } })
        let (short, _) = hints(300)
        #expect(!short.contains { if case .text(let t) = $0.fill { t.string == "the hint" } else { false } })
    }

    @Test(arguments: [HUD.panelHeight, 800])
    func pagesFitTheirRowsAndCoverTheListInOrder(_ height: Double) {
        let panel = Rect(x: 500, y: 24, width: 380, height: height)
        let rows = HUD.listRows(panel)
        #expect(rows == (height == 800 ? 4 : 1))
        let pages = HUD.demoPages(Self.names, width: panel.width - 32, rows: rows)
        #expect(pages.count > 1)
        #expect(pages.flatMap { Array($0) } == Array(Self.names.indices))
        for (i, _) in pages.enumerated() {
            var model = HUDModel(demos: Self.names, currentDemo: 0, parameters: .init(duration: 1, curve: .linear),
                                 defaults: .init(duration: 1, curve: .linear))
            model.demoPage = i
            let rects = HUD.controls(model, in: panel).compactMap { c -> Rect? in
                switch c.control {
                case .demo, .page: return c.rect
                default: return nil
                }
            }
            // Every button of the rows, the page buttons too, lies inside the panel, in the
            // list's rows.
            for r in rects {
                #expect(r.minX >= panel.minX + 16 - 1e-9 && r.maxX <= panel.maxX - 16 + 1e-9, "page \(i): \(r)")
                #expect(r.minY >= panel.minY + 50 && r.maxY <= panel.minY + 50 + Double(rows - 1) * 32 + 24, "page \(i): \(r)")
            }
            let shown = HUD.controls(model, in: panel).compactMap { if case .demo(let k) = $0.control { k } else { nil } }
            #expect(shown == Array(pages[i]))
        }
        // Few entries: one page, no page buttons.
        #expect(HUD.demoPages(["flip", "pageturn", "magicmove"], width: 348) == [0..<3])
    }

    /// In a 1600 × 1000 window the panel has room for four rows: a page holds 11 of the
    /// catalog's transitions, not 3.
    @Test func aTallPanelShowsMoreOfTheList() {
        let layout = Layout(window: (1600, 1000), screen: Size(width: 375, height: 667))
        let pages = HUD.demoPages(Self.names, width: layout.hud.width - 32, rows: HUD.listRows(layout.hud))
        #expect(HUD.listRows(layout.hud) == 4 && pages[0].count >= 10, "\(pages)")
    }

    @Test func theListFollowsTheCurrentEntryAndPagesOnClick() {
        var model = HUDModel(demos: Self.names, currentDemo: 14, parameters: .init(duration: 1, curve: .linear),
                             defaults: .init(duration: 1, curve: .linear))
        let panel = Rect(x: 0, y: 0, width: 380, height: 800)
        let last = HUD.shownPage(model, in: panel)
        #expect(last.entries.contains(14))
        model.demoPage = 0
        #expect(HUD.shownPage(model, in: panel).entries.contains(0))
        // Choosing an entry shows its page again.
        model.currentDemo = 14
        #expect(HUD.shownPage(model, in: panel).index == last.index)
    }

    /// ↓ and ↑ step through every entry (Swift transitions included), at the ends staying put;
    /// the page buttons move the row without switching.
    @Test func arrowKeysStepThroughTheListAndPageButtonsMoveTheRow() {
        let own = (1...40).map { n in
            CustomTransition(name: "t\(n)", duration: 0.3) { presenting, _ in SlideAnimator(operation: presenting ? .push : .pop) }
        }
        let d = SessionDriver(SessionOptions(), transitions: own)
        let s = d.session
        #expect(s.hud.demos.count == 43)
        for n in 1...42 {
            d.frame([.key(.down, shift: false)])
            #expect(s.current == n)
        }
        d.frame([.key(.down, shift: false)])
        #expect(s.current == 42)
        d.frame([.key(.up, shift: false)])
        #expect(s.current == 41 && s.demo.name == "t39")
        let page = HUD.shownPage(s.hud, in: s.layout.hud)
        let previous = HUD.controls(s.hud, in: s.layout.hud).first { $0.control == .page(-1) }!.rect
        d.click(previous.midX, previous.midY)
        #expect(HUD.shownPage(s.hud, in: s.layout.hud).index == page.index - 1 && s.current == 41)
    }
}
