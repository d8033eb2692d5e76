import Foundation
import Testing
@testable import Segue
@testable import SegueDemos
import SegueStudio
@testable import SegueCatalog

@MainActor @Suite struct MagicMoveTests {
    let h = Harness(DemoCatalog.make("magicmove", screenSize: Size(width: 375, height: 667))!)
    var demo: MagicMoveDemo { h.demo as! MagicMoveDemo }

    private func tapPhoto(_ index: Int) {
        h.tap(h.center(of: demo.grid.cells[index]))
    }

    /// The screens in the navigation content view, back to front.
    private var content: [String] { demo.navigation.contentView.subviews.map(\.layer.name) }

    private var animator: MagicMoveAnimator? { h.window.activeTransition?.animator as? MagicMoveAnimator }

    @Test func tappingAPicturePushesItsDetailWithTheSpring() throws {
        tapPhoto(2)
        #expect(h.log == ["began magicmove push interactive=false"])
        let animator = try #require(self.animator)
        let cell = demo.grid.cells[2]
        #expect(demo.navigation.viewControllers.count == 1)   // the stack changes when the push completes
        let detail = try #require(h.window.activeTransition?.viewController(forKey: .to) as? PhotoDetailController)
        #expect(detail.photo.id == "photo-3")
        // The real pictures are hidden during the flight; a snapshot flies instead.
        #expect(cell.imageView.isHidden && detail.imageView.isHidden)
        let flyer = try #require(demo.navigation.contentView.subviews.last)
        guard case .snapshot(let snapshot)? = flyer.layer.contents else { Issue.record("no snapshot"); return }
        #expect(snapshot.size == cell.imageView.bounds.size)
        let start = try #require(cell.imageView.convert(cell.imageView.bounds, to: demo.navigation.contentView))
        let end = try #require(detail.imageView.convert(detail.imageView.bounds, to: demo.navigation.contentView))
        // The flight follows the reference spring: ζ 0.55, v 1/0.55, 0.75 s.
        let spring = Spring(duration: 0.75, dampingRatio: 0.55, initialVelocity: 1 / 0.55)
        h.step(0.3)                                            // 0.3 s into the flight
        let f = spring.value(at: 0.3)
        let position = flyer.layer.presentation.position
        #expect(close(position.x, start.midX + (end.midX - start.midX) * f, 1e-6))
        #expect(close(detail.view.layer.presentation.opacity, f, 1e-6))
        h.run(0.5)
        #expect(h.log == ["began magicmove push interactive=false", "ended magicmove push cancelled=false"])
        #expect(!cell.imageView.isHidden && !detail.imageView.isHidden)
        #expect(!demo.navigation.contentView.subviews.contains { $0 === flyer })
        #expect(demo.navigation.viewControllers.count == 2)
        #expect(demo.navigation.titleLabel.text.string == "Sunset")
        #expect(animator.endedCount == 1)
    }

    /// Its curve is tunable as every demo's: `c` steps from the reference spring to linear,
    /// and the next push flies on that curve.
    @Test func theCurveRowDoesWhatItShows() throws {
        var p = demo.parameters
        #expect(p.curve == .spring(dampingRatio: 0.55, velocity: 1 / 0.55))
        p = Parameter.curve.stepped(p, by: 1, reference: demo.defaultParameters)
        #expect(p.curve == .linear)
        #expect(Parameter.curve.stepped(p, by: -1, reference: demo.defaultParameters).curve == demo.defaultParameters.curve)
        demo.parameters = p
        tapPhoto(2)
        let cell = demo.grid.cells[2]
        let detail = try #require(h.window.activeTransition?.viewController(forKey: .to) as? PhotoDetailController)
        let flyer = try #require(demo.navigation.contentView.subviews.last)
        let start = try #require(cell.imageView.convert(cell.imageView.bounds, to: demo.navigation.contentView))
        let end = try #require(detail.imageView.convert(detail.imageView.bounds, to: demo.navigation.contentView))
        h.step(0.3)
        #expect(close(flyer.layer.presentation.position.x, start.midX + (end.midX - start.midX) * 0.3 / 0.75, 1e-6))
    }

    @Test func theTitleCrossFadesWithTheTransition() throws {
        tapPhoto(1)
        let bar = try #require(demo.navigation.titleLabel.superview)
        h.step(0.3)
        let fraction = try #require(h.window.activeTransition?.fractionComplete)
        let titles = bar.subviews.compactMap { $0 as? Label }.filter { $0 !== demo.navigation.backButton.subviews.first }
        #expect(titles.map(\.text.string) == ["Photos", "Noon"])
        #expect(close(titles[0].alpha, 1 - fraction, 1e-9) && close(titles[1].alpha, fraction, 1e-9))
        #expect(close(demo.navigation.backButton.alpha, fraction, 1e-9))
        h.run(1)
        #expect(bar.subviews.compactMap { $0 as? Label }.map(\.text.string) == ["Noon"])
        #expect(demo.navigation.titleLabel.alpha == 1 && demo.navigation.backButton.alpha == 1)
    }

    @Test func backPopsAndTheStackShrinks() {
        tapPhoto(0)
        h.run(1)
        h.tap(h.center(of: demo.navigation.backButton))
        h.run(1)
        #expect(h.log.suffix(2) == ["began magicmove pop interactive=false", "ended magicmove pop cancelled=false"])
        #expect(demo.navigation.viewControllers.count == 1)
        #expect(demo.navigation.backButton.isHidden)
        #expect(content == ["Photos"])
    }

    @Test func leftEdgeDragPopsInteractivelyAndCancelsShortOfHalf() {
        tapPhoto(1)
        h.run(1)
        let edge = Point(x: 3, y: 400)
        h.drag(from: edge, to: edge + Point(x: 100, y: 0))        // 0.27: cancel
        h.run(1)
        #expect(h.log.suffix(2) == ["began magicmove pop interactive=true", "ended magicmove pop cancelled=true"])
        #expect(demo.navigation.viewControllers.count == 2)
        #expect(content == ["Detail"])
        #expect(demo.navigation.contentView.subviews.allSatisfy { !$0.layer.name.hasPrefix("snapshot") })
        h.drag(from: edge, to: edge + Point(x: 250, y: 0))        // 0.67: finish
        h.run(1)
        #expect(h.log.suffix(2) == ["began magicmove pop interactive=true", "ended magicmove pop cancelled=false"])
        #expect(demo.navigation.viewControllers.count == 1)
        #expect(demo.grid.cells.allSatisfy { !$0.imageView.isHidden })
    }

    /// Magic move scrubs linearly (its reference): dragged to a percent, the flying picture
    /// is that fraction of the way back, never past the finger as its spring would carry it.
    @Test func anInteractivePopKeepsThePictureUnderTheFinger() throws {
        tapPhoto(1)
        h.run(1)
        let cell = demo.grid.cells[1]
        let edge = Point(x: 3, y: 400)
        for dx in [40.0, 120, 200] {
            h.drag(from: edge, to: edge + Point(x: dx, y: 0), release: false)
            let detail = try #require(h.window.activeTransition?.viewController(forKey: .from) as? PhotoDetailController)
            let flyer = try #require(demo.navigation.contentView.subviews.last)
            let start = try #require(detail.imageView.convert(detail.imageView.bounds, to: demo.navigation.contentView))
            let end = try #require(cell.imageView.convert(cell.imageView.bounds, to: demo.navigation.contentView))
            let percent = dx / 375
            #expect(close(flyer.layer.presentation.position.x, start.midX + (end.midX - start.midX) * percent, 1e-6))
            h.step()
            h.send(.up, edge + Point(x: dx, y: 0))
            h.run(1)
        }
    }

    @Test func aPictureStillTapsAfterAnInteractivePop() {
        tapPhoto(0)
        h.run(1)
        h.drag(from: Point(x: 3, y: 400), to: Point(x: 300, y: 400))
        h.run(1)
        tapPhoto(4)
        #expect(h.log.last == "began magicmove push interactive=false")
    }

    @Test func theEdgeDragDoesNothingOnTheGrid() {
        h.drag(from: Point(x: 3, y: 400), to: Point(x: 300, y: 400))
        h.run(1)
        #expect(h.log.isEmpty)
    }

    @Test func targetsNameThePicturesThenTheBackButton() {
        #expect(demo.targets.map(\.name) == (1...6).map { "photo-\($0)" })
        let first = demo.targets[0].frame
        #expect(first.minX == 16 && first.minY == NavigationController.barHeight + 16)
        tapPhoto(0)
        h.run(1)
        #expect(demo.targets.map(\.name) == ["back"])
    }
}

@MainActor @Suite struct SnapshotAndConvertTests {
    @Test func aSnapshotHoldsTheSubtreeInItsOwnCoordinates() {
        let window = Window(size: Size(width: 200, height: 200))
        let card = View(frame: Rect(x: 50, y: 60, width: 80, height: 40), name: "card")
        card.backgroundColor = .white
        card.transform = .makeRotation(0.5, 0, 0, 1)
        let dot = View(frame: Rect(x: 10, y: 5, width: 4, height: 4), name: "dot")
        dot.backgroundColor = .black
        card.addSubview(dot)
        window.addSubview(card)
        let s = card.snapshot()
        #expect(s.size == Size(width: 80, height: 40))
        #expect(s.list.items.map(\.name) == ["card", "dot"])
        // The card's own transform and position are left out; the dot sits at (10, 5).
        #expect(s.list.items[0].transform.isApproximatelyEqual(to: .identity))
        #expect(close(s.list.items[1].transform.project(Point(x: 0, y: 0)), Point(x: 10, y: 5)))
        #expect(card.snapshot().id != s.id)
        let view = card.snapshotView()
        #expect(view.bounds.size == card.bounds.size && view.layer.contents == .snapshot(view.layer.contents.flatMap {
            if case .snapshot(let x) = $0 { return x } else { return nil } }!))
    }

    @Test func convertRoundTripsThroughRotatedAndPerspectiveLayers() throws {
        let window = Window(size: Size(width: 400, height: 400))
        window.containerView.layer.sublayerTransform = .makePerspective(distance: 500)
        let a = View(frame: Rect(x: 40, y: 40, width: 300, height: 300), name: "a")
        a.transform = .makeRotation(0.6, 0, 1, 0)
        let b = View(frame: Rect(x: 30, y: 50, width: 100, height: 80), name: "b")
        b.transform = .makeRotation(0.4, 0, 0, 1)
        a.addSubview(b)
        let c = View(frame: Rect(x: 200, y: 20, width: 50, height: 50), name: "c")
        window.containerView.addSubview(a)
        window.containerView.addSubview(c)
        for p in [Point(x: 0, y: 0), Point(x: 100, y: 80), Point(x: 37.5, y: 12.25)] {
            let inC = try #require(b.convert(p, to: c))
            #expect(close(b.convert(inC, from: c), p, 1e-9))
            let inWindow = try #require(b.convert(p, to: nil))
            #expect(close(c.convert(inC, to: nil), inWindow, 1e-9))
        }
        // A rect converts to the bounding box of its converted corners.
        let r = try #require(b.convert(b.bounds, to: nil))
        let corners = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 80), Point(x: 0, y: 80)].map { b.convert($0, to: nil)! }
        #expect(close(r.minX, corners.map(\.x).min()!) && close(r.maxY, corners.map(\.y).max()!))
    }

    @Test func convertingAPlainOffsetIsExact() {
        let window = Window(size: Size(width: 300, height: 300))
        let a = View(frame: Rect(x: 10, y: 20, width: 100, height: 100))
        let b = View(frame: Rect(x: 5, y: 7, width: 10, height: 10))
        a.addSubview(b)
        window.containerView.addSubview(a)
        #expect(b.convert(Point(x: 1, y: 2), to: nil) == Point(x: 16, y: 29))
        #expect(b.convert(Rect(x: 0, y: 0, width: 10, height: 10), to: a) == Rect(x: 5, y: 7, width: 10, height: 10))
    }
}

@MainActor @Suite struct NavigationControllerTests {
    private func make() -> (Window, NavigationController, ViewController) {
        let window = Window(size: Size(width: 320, height: 480))
        let root = ViewController(title: "Root")
        let nav = NavigationController(rootViewController: root, size: window.bounds.size)
        window.rootViewController = nav
        window.advance(to: 0)
        return (window, nav, root)
    }

    @Test func withoutADelegateAPushSlidesInThenTheStackGrows() throws {
        let (window, nav, root) = make()
        var ended: [Bool] = []
        window.observeTransitions { if case .ended(_, let cancelled) = $0 { ended.append(cancelled) } }
        let next = ViewController(title: "Next")
        nav.pushViewController(next, animated: true)
        let c = try #require(window.activeTransition)
        #expect(c.transitionName == "slide" && c.operation == .push)
        #expect(nav.viewControllers.count == 1)
        window.advance(to: 0.2)
        // Mid-slide the new screen is on its way in from the right.
        #expect(next.view.layer.presentation.position.x > nav.contentView.bounds.midX)
        window.advance(to: 0.36)
        #expect(ended == [false])
        #expect(nav.viewControllers.map(\.title) == ["Root", "Next"] && next.navigationController === nav)
        #expect(nav.titleLabel.text.string == "Next" && !nav.backButton.isHidden)
        #expect(root.view.center == nav.contentView.bounds.center)
    }

    @Test func unanimatedPushAndPopChangeTheStackAtOnce() {
        let (window, nav, _) = make()
        let next = ViewController(title: "Next")
        nav.pushViewController(next, animated: false)
        #expect(nav.viewControllers.count == 2 && !window.isTransitioning)
        #expect(nav.contentView.subviews.map(\.layer.name) == ["Next"])
        nav.popViewController(animated: false)
        #expect(nav.viewControllers.count == 1 && next.navigationController == nil)
        #expect(nav.backButton.isHidden)
        nav.popViewController(animated: false)      // at the root: nothing to pop
        #expect(nav.viewControllers.count == 1)
    }
}
