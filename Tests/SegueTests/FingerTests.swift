import Testing
@testable import Segue
@testable import SegueDemos
@testable import SegueStudio

/// What a drag moves stays under the finger where the transition's reference keeps it there
/// (the iOS navigation push and page sheet, a page turned by its edge, the fold's last strip):
/// each is dragged headless from where its present starts, and its leading edge lies within
/// 5 % of the screen's size of the pointer at every 5 % of the drag, to its end.
@MainActor @Suite struct FingerTests {
    /// The catalog entries with an edge to follow: the item (by layer name) whose edge leads,
    /// and which edge of its projected quad that is.
    enum Edge { case left, right, top }
    static let leading: [(name: String, item: String, edge: Edge)] = [
        ("slide-over", "Modal", .left), ("cover", "Modal", .top), ("pageturn-away", "Segue", .right), ("fold", "strip4", .right),
    ]

    @Test(arguments: [0, 1, 2, 3])
    func theLeadingEdgeStaysUnderThePointer(_ index: Int) throws {
        let (name, itemName, edge) = Self.leading[index]
        let size = Size(width: 375, height: 667)
        let transition = try #require(PlayWithoutDragTests.catalog.first { $0.name == name })
        #expect(transition.interaction?.scrub == .linear, "\(name) scrubs linearly by default")
        let h = Harness(DemoCatalog.make(transition, screenSize: size))
        let plan = h.demo.dragPlan
        h.run(3)
        h.send(.down, plan.start)
        var done = 0.0
        for percent in (1...20).map({ Double($0) / 20 }) {
            // Three frames from the last stop to this one, as a hand moves.
            for i in 1...3 {
                h.step()
                h.send(.moved, plan.start + plan.full * (done + (percent - done) * Double(i) / 3))
            }
            done = percent
            h.step()
            let pointer = plan.start + plan.full * percent
            let list = Compositor.compose(h.window.layer, scale: 1)
            let item = try #require(list.items.last { $0.name == itemName }, "\(name): no item \(itemName)")
            let r = item.rect
            let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
                .compactMap { item.transform.project($0) }
            #expect(corners.count == 4)
            let (at, target, extent): (Double, Double, Double)
            switch edge {
            case .left: (at, target, extent) = (corners.map(\.x).min()!, pointer.x, size.width)
            case .right: (at, target, extent) = (corners.map(\.x).max()!, pointer.x, size.width)
            case .top: (at, target, extent) = (corners.map(\.y).min()!, pointer.y, size.height)
            }
            #expect(abs(at - target) <= 0.05 * extent, "\(name) at \(percent): edge at \(at), pointer at \(target)")
        }
        h.send(.up, plan.start + plan.full * done)
        h.run(2)
        #expect(!h.window.isTransitioning && h.demo.nextOperation == .dismiss)
    }
}

/// In a linear scrub the HUD shows the percent a release decides by: its bar and percent are
/// the drag's percent, the threshold marker is where the decision turns. Dragged to just short
/// of the threshold it cancels, just past it finishes, as the bar showed.
@MainActor @Suite struct HUDPercentTests {
    @Test(arguments: [0.45, 0.55])
    func theBarShowsWhatTheReleaseDecides(_ percent: Double) throws {
        let d = SessionDriver(transitions: PlayWithoutDragTests.catalog)
        let s = d.session
        let index = try #require(s.entries.firstIndex { $0.name == "slide-over" })
        d.frame([.key(.digit(index + 1), shift: false)])
        #expect(s.demo.name == "slide-over" && s.demo.parameters.scrub == .linear)
        d.run(1)
        let plan = s.demo.dragPlan
        func window(_ p: Point) -> (Double, Double) {
            let r = s.layout.toWindow(Rect(x: p.x, y: p.y, width: 0, height: 0))
            return (r.minX, r.minY)
        }
        let start = window(plan.start)
        d.frame([.mouseDown(x: start.0, y: start.1)])
        for i in 1...10 {
            let (x, y) = window(plan.start + plan.full * (percent * Double(i) / 10))
            d.frame([.mouseMoved(x: x, y: y)])
        }
        #expect(abs(s.hud.percent - percent) < 1e-6, "HUD \(s.hud.percent) for a drag at \(percent)")
        #expect(s.hud.parameters.threshold == 0.5)
        let (x, y) = window(plan.start + plan.full * percent)
        d.frame([.mouseUp(x: x, y: y, inside: true)])
        d.run(1)
        let finishes = percent >= 0.5
        #expect(d.transitionLines.last?.contains(#""cancelled":\#(!finishes)"#) == true, "\(d.transitionLines)")
        #expect(s.hud.percent == (finishes ? 1 : 0))
    }
}
