import Testing
@testable import Segue

@MainActor @Suite struct PanGestureTests {
    private func feed(_ pan: PanGestureRecognizer, _ events: [(PointerEvent.Phase, Double, Double, Double)]) -> [GestureRecognizer.State] {
        var states: [GestureRecognizer.State] = []
        pan.addTarget { states.append($0.state) }
        for (phase, x, y, t) in events { pan.handle(PointerEvent(phase, Point(x: x, y: y), time: t)) }
        return states
    }

    @Test func stateSequenceOfADrag() {
        let pan = PanGestureRecognizer()
        let states = feed(pan, [(.down, 0, 0, 0), (.moved, 0, 2, 0.01), (.moved, 0, 10, 0.02),
                                (.moved, 0, 30, 0.03), (.up, 0, 40, 0.04)])
        #expect(states == [.began, .changed, .ended])
        #expect(pan.translation == Point(x: 0, y: 40))
    }

    @Test func aClickIsNotAPan() {
        let pan = PanGestureRecognizer()
        let states = feed(pan, [(.down, 5, 5, 0), (.moved, 6, 6, 0.01), (.up, 6, 6, 0.02)])
        #expect(states.isEmpty)
        #expect(pan.state == .failed)
    }

    @Test func cancelledPressCancelsAnActivePan() {
        let pan = PanGestureRecognizer()
        let states = feed(pan, [(.down, 0, 0, 0), (.moved, 0, 50, 0.01), (.cancelled, 0, 50, 0.02)])
        #expect(states == [.began, .cancelled])
        // A later move without a press does nothing.
        pan.handle(PointerEvent(.moved, Point(x: 0, y: 90), time: 0.03))
        #expect(pan.state == .cancelled)
    }

    /// Found by the stress test: a press while a pan is under way (its release was lost)
    /// must end the old pan, or whatever it drives is left hanging.
    @Test func aSecondPressCancelsTheActivePanFirst() {
        let pan = PanGestureRecognizer()
        let states = feed(pan, [(.down, 0, 0, 0), (.moved, 0, 50, 0.01), (.down, 10, 10, 0.02), (.moved, 10, 60, 0.03)])
        #expect(states == [.began, .cancelled, .began])
        #expect(pan.translation == Point(x: 0, y: 50))
    }

    @Test func velocityIsMeasuredOverTheLastHundredMilliseconds() {
        let pan = PanGestureRecognizer()
        pan.handle(PointerEvent(.down, .zero, time: 0))
        // Slow for 0.5 s, then 600 pt/s for the last 0.1 s.
        for i in 1...30 { pan.handle(PointerEvent(.moved, Point(x: 0, y: Double(i)), time: Double(i) / 60)) }
        var y = 30.0
        for i in 1...6 {
            y += 10
            pan.handle(PointerEvent(.moved, Point(x: 0, y: y), time: 0.5 + Double(i) / 60))
        }
        #expect(close(pan.velocity.y, 600, 1e-6))
        #expect(pan.velocity.x == 0)
    }

    @Test func aPauseBeforeReleaseKillsTheVelocity() {
        let pan = PanGestureRecognizer()
        pan.handle(PointerEvent(.down, .zero, time: 0))
        for i in 1...10 { pan.handle(PointerEvent(.moved, Point(x: Double(i) * 20, y: 0), time: Double(i) / 60)) }
        pan.handle(PointerEvent(.up, Point(x: 200, y: 0), time: 10.0 / 60 + 0.3))
        #expect(pan.velocity == .zero)
    }
}

@MainActor @Suite struct HitTestTests {
    @Test func hitTestingSeesThroughA3DRotation() throws {
        let window = Window(size: Size(width: 400, height: 400))
        window.containerView.layer.sublayerTransform = .makePerspective(distance: 400)
        let v = View(frame: Rect(x: 100, y: 100, width: 200, height: 200), name: "turned")
        v.transform = .makeRotation(1.0, 0, 1, 0)
        window.containerView.addSubview(v)
        // A point of v's plane, projected to the screen, hits v and converts back.
        let local = Point(x: 150, y: 40)
        let screen = try #require(v.convert(local, to: nil))
        #expect(window.hitTest(screen) === v)
        #expect(close(v.convert(screen, from: nil), local, 1e-9))
        // A point just beside its projected right edge misses it.
        let edge = try #require(v.convert(Point(x: 200, y: 100), to: nil))
        #expect(window.hitTest(Point(x: edge.x + 2, y: edge.y)) !== v)
    }

    @Test func hiddenAndNonInteractiveViewsAreNotHit() {
        let window = Window(size: Size(width: 100, height: 100))
        let a = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.containerView.addSubview(a)
        #expect(window.hitTest(Point(x: 50, y: 50)) === a)
        a.isHidden = true
        #expect(window.hitTest(Point(x: 50, y: 50)) === window.containerView)
        a.isHidden = false
        a.isUserInteractionEnabled = false
        #expect(window.hitTest(Point(x: 50, y: 50)) === window.containerView)
    }
}
