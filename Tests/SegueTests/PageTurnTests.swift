import Foundation
import Testing
@testable import Segue
@testable import SegueDemos
import SegueRender
@testable import SegueCatalog

@MainActor @Suite struct ScreenEdgePanTests {
    private func pan(_ edges: ScreenEdgePanGestureRecognizer.Edges) -> (ScreenEdgePanGestureRecognizer, Window) {
        let window = Window(size: Size(width: 375, height: 667))
        let r = ScreenEdgePanGestureRecognizer(edges: edges)
        window.addGestureRecognizer(r)
        return (r, window)
    }

    @Test(arguments: [(356.0, true), (374.0, true), (355.0, true), (354.0, false), (200.0, false), (5.0, false)])
    func rightEdgeZoneIsTwentyPoints(_ x: Double, _ begins: Bool) {
        let (r, window) = pan(.right)
        window.handle(PointerEvent(.down, Point(x: x, y: 300), time: 0))
        window.handle(PointerEvent(.moved, Point(x: x - 60, y: 300), time: 0.05))
        #expect((r.state == .began) == begins)
    }

    @Test(arguments: [(0.0, true), (19.5, true), (20.0, false), (370.0, false)])
    func leftEdgeZoneIsTwentyPoints(_ x: Double, _ begins: Bool) {
        let (r, window) = pan(.left)
        window.handle(PointerEvent(.down, Point(x: x, y: 300), time: 0))
        window.handle(PointerEvent(.moved, Point(x: x + 60, y: 300), time: 0.05))
        #expect((r.state == .began) == begins)
    }

    @Test func aDisabledRecognizerIgnoresPressesAndDisablingCancels() {
        let (r, window) = pan(.left)
        var states: [GestureRecognizer.State] = []
        r.addTarget { states.append($0.state) }
        window.handle(PointerEvent(.down, Point(x: 2, y: 300), time: 0))
        window.handle(PointerEvent(.moved, Point(x: 80, y: 300), time: 0.05))
        r.isEnabled = false
        #expect(states == [.began, .cancelled])
        #expect(r.state == .possible && !r.hasRecognizedPress)
        window.handle(PointerEvent(.down, Point(x: 2, y: 300), time: 1))
        window.handle(PointerEvent(.moved, Point(x: 80, y: 300), time: 1.05))
        #expect(states == [.began, .cancelled] && r.state == .possible)
    }
}

@MainActor @Suite struct PageTurnTransitionTests {
    let h = Harness(DemoCatalog.make("pageturn", screenSize: Size(width: 375, height: 667))!)
    var demo: ModalDemo { h.demo as! ModalDemo }
    let rightEdge = Point(x: 370, y: 330)
    let leftEdge = Point(x: 4, y: 330)

    @Test func rightEdgeDragPresentsLeftEdgeDragDismisses() {
        h.drag(from: rightEdge, to: rightEdge - Point(x: 250, y: 0))      // 250 / 375 ≈ 0.67
        h.run(0.8)
        #expect(h.log == ["began pageturn present interactive=true", "ended pageturn present cancelled=false"])
        #expect(h.screens == ["Chapter Two"])
        h.drag(from: leftEdge, to: leftEdge + Point(x: 200, y: 0))        // 0.53
        h.run(0.8)
        #expect(h.log.suffix(2) == ["began pageturn dismiss interactive=true", "ended pageturn dismiss cancelled=false"])
        #expect(h.screens == ["Chapter One"])
    }

    /// Found in a recorded session: after a drag turned the page in and another turned it
    /// back, the button still taps (a recognizer disabled with a finished gesture used to
    /// swallow every tap).
    @Test func theButtonStillTapsAfterDragsBothWays() {
        h.drag(from: rightEdge, to: rightEdge - Point(x: 250, y: 0))
        h.run(0.8)
        h.drag(from: leftEdge, to: leftEdge + Point(x: 250, y: 0))
        h.run(0.8)
        h.tap(h.center(of: demo.home.button))
        #expect(h.log.last == "began pageturn present interactive=false")
    }

    @Test func theWrongEdgeOrTheMiddleStartsNothing() {
        h.drag(from: leftEdge, to: leftEdge + Point(x: 300, y: 0))      // left edge on the first screen
        h.drag(from: Point(x: 180, y: 300), to: Point(x: 20, y: 300))    // a press mid-screen
        h.run(1)
        #expect(h.log.isEmpty)
        h.tap(h.center(of: demo.home.button))
        h.run(1)
        h.drag(from: rightEdge, to: rightEdge - Point(x: 300, y: 0))     // right edge on the presented screen
        h.run(1)
        #expect(h.log == ["began pageturn present interactive=false", "ended pageturn present cancelled=false"])
        #expect(demo.interactions.filter(\.recognizer.isEnabled).count == 1)
    }

    @Test func releaseShortOfHalfCancelsAndRestoresThePage() {
        h.tap(h.center(of: demo.home.button))
        h.run(1)
        let page = demo.modal.view
        h.drag(from: leftEdge, to: leftEdge + Point(x: 150, y: 0))        // 0.4
        h.run(1)
        #expect(h.log.suffix(2) == ["began pageturn dismiss interactive=true", "ended pageturn dismiss cancelled=true"])
        #expect(h.screens == ["Chapter Two"])
        #expect(page.layer.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(page.layer.position == Point(x: 187.5, y: 333.5))
        #expect(page.transform == .identity)
        #expect(!page.subviews.contains { $0.layer.name == "page-shadow" })
        #expect(h.window.containerView.layer.sublayerTransform == .identity)
    }

    /// Dismissal: about the left edge, 0 → −π/2 about Y with easeInEaseOut over 0.8 s, the
    /// shadow's alpha 0 → 1 on the same curve, m34 = −0.002, and the page does not jump.
    @Test func dismissKeyframes() throws {
        demo.prepare(for: .dismiss)
        let page = demo.modal.view
        let before = try #require(page.layer.presentation.toSuperlayer.project(Point(x: 100, y: 200)))
        demo.start(.dismiss)
        #expect(page.layer.anchorPoint == Point(x: 0, y: 0.5))
        #expect(page.layer.position == Point(x: 0, y: 333.5))
        #expect(h.window.containerView.layer.sublayerTransform.m34 == -0.002)
        let shadow = try #require(page.subviews.first { $0.layer.name == "page-shadow" })
        #expect(shadow.layer.gradient == PageTurnAnimator.shadowGradient)
        #expect(shadow.layer.gradient?.colors == [.black, Color(white: 0, alpha: 0.5), Color(white: 1, alpha: 0.5)])
        #expect(close(page.layer.presentation.toSuperlayer.project(Point(x: 100, y: 200)), before, 1e-9))
        for t in [0.1, 0.4, 0.7] {
            h.step(t - h.time)
            let p = TimingCurve.easeInEaseOut.value(at: t / 0.8)
            #expect(page.layer.presentation.transform.isApproximatelyEqual(to: .makeRotation(-.pi / 2 * p, 0, 1, 0), tolerance: 1e-9))
            #expect(close(shadow.layer.presentation.opacity, p))
        }
        h.run(0.2)
        #expect(h.log.last == "ended pageturn dismiss cancelled=false")
        #expect(page.layer.anchorPoint == Point(x: 0.5, y: 0.5) && page.transform == .identity)
    }

    @Test func presentSwingsTheNewPageShutOverTheOld() throws {
        demo.start(.present)
        let page = demo.modal.view
        #expect(h.screens == ["Chapter One", "Chapter Two"])
        h.step(0.4)
        let p = TimingCurve.easeInEaseOut.value(at: 0.5)
        #expect(page.layer.presentation.transform.isApproximatelyEqual(to: .makeRotation(-.pi / 2 * (1 - p), 0, 1, 0), tolerance: 1e-9))
        h.run(0.5)
        #expect(h.screens == ["Chapter Two"])
    }

    /// On a screen 1000 points wide the page passes the eye: every triangle drawn lies in
    /// front of the near plane.
    @Test func wideScreenGeometryStaysInFrontOfTheEye() throws {
        let wide = DemoCatalog.make("pageturn", screenSize: Size(width: 1000, height: 600))!
        let list = try wide.frame(of: .dismiss, atProgress: 0.42, scale: 1)
        var t = Tessellator()
        var clippedSome = false
        for item in list.items {
            let corners = [Point(x: item.rect.minX, y: item.rect.minY), Point(x: item.rect.maxX, y: item.rect.maxY)]
            if corners.contains(where: { item.transform.apply(x: $0.x, y: $0.y).w <= 0 }) { clippedSome = true }
            t.reset()
            t.add(rect: item.rect, transform: item.transform)
            for v in t.vertices {
                let h = item.transform.apply(x: item.rect.minX + Double(v.u) * item.rect.width,
                                             y: item.rect.minY + Double(v.v) * item.rect.height)
                #expect(h.w >= t.nearW - 1e-6 && v.x.isFinite && v.y.isFinite)
            }
        }
        #expect(clippedSome)
    }
}
