import Foundation
import Segue
@testable import SegueStudio
import Testing

/// The HUD plots the last transition: the finger's percent while it drags, the progress
/// shown, the threshold, and the release in words; the one before stays behind it.
@MainActor @Suite struct TransitionPlotTests {
    /// A vertical drag on the flip from `y0` by `dy` window pixels over ten frames, released.
    func drag(_ d: SessionDriver, by dy: Double) {
        let x = d.session.layout.screen.midX, y0 = d.session.layout.screen.minY + 200
        d.frame([.mouseDown(x: x, y: y0)])
        for i in 1...10 { d.frame([.mouseMoved(x: x, y: y0 + dy * Double(i) / 10)]) }
        d.frame([.mouseUp(x: x, y: y0 + dy, inside: true)])
        d.run(1.2)
    }

    @Test func aDragIsPlottedWithItsReleaseInWords() throws {
        let d = SessionDriver()
        let height = d.session.layout.screen.height
        drag(d, by: 0.3 * height)
        let plot = try #require(d.session.hud.plot)
        let fingers = plot.samples.compactMap(\.finger)
        #expect(fingers.count >= 10 && zip(fingers, fingers.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(close(fingers.last!, 0.3, 0.01))
        let (t, release) = try #require(plot.release)
        #expect(close(release.percent, 0.3, 0.01) && !release.finishes && release.rule == .uikit && t > 0)
        #expect(plot.caption?.hasPrefix("30 % at ") == true && plot.caption?.hasSuffix("→ cancel (uikit)") == true)
        // After the release the drag's percent is gone and the progress plays back to 0.
        #expect(plot.samples.last?.finger == nil && plot.samples.last?.progress == 0 && plot.threshold == 0.5)
        // The next transition keeps this one behind it.
        drag(d, by: 0.7 * height)
        #expect(d.session.hud.previousPlot == plot)
        #expect(d.session.hud.plot?.release?.1.finishes == true && d.session.hud.plot?.caption?.hasSuffix("→ finish (uikit)") == true)
    }

    /// The progress line is what the screen shows: magic move's push, tapped, plots its
    /// spring (ζ 0.55 over 0.75 s) at each frame's time, overshoot and all, not the time.
    @Test func magicMovesPlotIsItsSpring() throws {
        var options = SessionOptions()
        options.demo = "magicmove"
        let d = SessionDriver(options)
        let (x, y) = try #require(d.session.demo.targets.first.map { d.session.layout.toWindow($0.frame) }.map { ($0.midX, $0.midY) })
        d.click(x, y)
        d.run(1)
        let plot = try #require(d.session.hud.plot)
        let p = d.session.demo.parameters
        let spring = Spring(duration: 0.75, dampingRatio: 0.55, initialVelocity: 1 / 0.55)
        #expect(p.curve == .spring(dampingRatio: 0.55, velocity: 1 / 0.55) && p.duration == 0.75)
        let inside = plot.samples.dropFirst().dropLast().filter { $0.t > 0.05 && $0.t < 0.7 }
        #expect(inside.count > 30)
        // Each frame's time since the push began: the plot's time less the first frame's.
        let t0 = plot.samples[0].t
        for s in inside { #expect(close(s.progress, spring.value(at: s.t - t0), 1e-9), "at \(s.t)") }
        #expect(inside.contains { $0.progress > 1 })
    }

    @Test func samplesAreCappedAndAFrameAtTheSameTimeReplacesTheLast() {
        var plot = TransitionPlot(threshold: 0.5)
        plot.append(.init(t: 0, finger: 0.1, progress: 0.1))
        plot.append(.init(t: 0, finger: 0.2, progress: 0.2))
        #expect(plot.samples == [.init(t: 0, finger: 0.2, progress: 0.2)])
        for i in 1...2000 { plot.append(.init(t: Double(i), finger: nil, progress: Double(i % 2))) }
        #expect(plot.samples.count == TransitionPlot.sampleLimit && plot.caption == nil)
    }

    /// A finger held still changes nothing the plot draws (so the app draws nothing), and
    /// when it moves again the hold shows flat up to its last frame.
    @Test func aHoldChangesNothingUntilItEnds() {
        var plot = TransitionPlot(threshold: 0.5)
        plot.append(.init(t: 0, finger: 0.1, progress: 0.1))
        plot.append(.init(t: 0.1, finger: 0.3, progress: 0.3))
        let before = plot
        for i in 2...30 { plot.append(.init(t: Double(i) / 10, finger: 0.3, progress: 0.3)) }
        #expect(plot == before && plot.span == 0.1)
        plot.append(.init(t: 3.1, finger: 0.4, progress: 0.4))
        #expect(plot.samples.map(\.t) == [0, 0.1, 3.0, 3.1] && plot.samples[2].finger == 0.3 && plot.span == 3.1)
    }
}

/// The curve editor: a click on the curve's value opens it over the stage, a square plot of
/// 200 pixels or more; its Bézier handles drag the curve (kept like any tuning); a spring
/// steps as the design tools describe it, damping ratio (z) and response (w), and UIKit's
/// velocity (x).
@MainActor @Suite struct CurveEditorTests {
    func control(_ d: SessionDriver, _ c: HUDControl) throws -> Rect {
        try #require(HUD.controls(d.session.hud, in: d.session.layout.hud).first { $0.control == c }?.rect)
    }

    @Test func dragsAHandleAndTheCurveFollows() throws {
        let d = SessionDriver()
        let value = try control(d, .curveValue)
        d.click(value.midX, value.midY)
        #expect(d.session.hud.isEditingCurve)
        let editor = try #require(HUD.editor(d.session.hud, in: d.session.layout))
        let layout = d.session.layout
        #expect(editor.plot.width == editor.plot.height && editor.plot.width * layout.hudScale >= 200, "\(editor.plot)")
        // Over the stage, clear of the panel.
        #expect(editor.backdrop.maxX <= layout.hud.minX && editor.backdrop.minY >= 0)
        // In window pixels (the HUD's units at this scale).
        func pixels(_ p: Point) -> Point { Point(x: p.x * layout.hudScale, y: p.y * layout.hudScale) }
        let handleRect = try #require(editor.handles.first { $0.n == 1 }?.rect)
        let handle = pixels(Point(x: handleRect.midX, y: handleRect.midY))
        // easeInEaseOut's first handle is (0.42, 0): drag it to the point (0.1, 0.9).
        let target = pixels(HUD.editorPoint(0.1, 0.9, in: editor.plot))
        d.frame([.mouseDown(x: handle.x, y: handle.y)])
        d.frame([.mouseMoved(x: (handle.x + target.x) / 2, y: (handle.y + target.y) / 2)])
        d.frame([.mouseUp(x: target.x, y: target.y, inside: true)])
        guard case .bezier(let c) = d.session.demo.parameters.curve else { Issue.record("not a Bézier"); return }
        #expect(close(c.c1.x, 0.1, 1e-9) && close(c.c1.y, 0.9, 1e-9) && c.c2 == TimingCurve.easeInEaseOut.c2)
        #expect(d.session.tunings.tunings["flip"]?.first == "--curve")
        // The drag on the editor started no transition; clicking the value again closes it.
        #expect(d.transitionLines.isEmpty)
        d.click(value.midX, value.midY)
        #expect(!d.session.hud.isEditingCurve && HUD.editor(d.session.hud, in: d.session.layout) == nil)
    }

    @Test func stepsASpringWithKeys() throws {
        var options = SessionOptions()
        options.demo = "magicmove"
        let d = SessionDriver(options)
        let value = try control(d, .curveValue)
        d.click(value.midX, value.midY)
        d.frame([.key(.character("z"), shift: false), .key(.character("x"), shift: true)])
        #expect(d.session.demo.parameters.curve == .spring(dampingRatio: 0.6, velocity: 1.57))
        // The response: 2π/√k of the spring settling at the duration; w adds 0.05 s to it,
        // by the duration (the ratio and velocity kept).
        let before = d.session.demo.parameters
        let response = HUD.springResponse(duration: before.duration, dampingRatio: 0.6, velocity: 1.57)
        let spring = Spring(duration: before.duration, dampingRatio: 0.6, initialVelocity: 1.57)
        #expect(close(response, 2 * .pi / spring.stiffness.squareRoot(), 1e-12))
        d.frame([.key(.character("w"), shift: false)])
        let after = d.session.demo.parameters
        let wanted = ((response + 0.05) * 100).rounded() / 100
        #expect(after.duration > before.duration && after.curve == before.curve)
        #expect(close(HUD.springResponse(duration: after.duration, dampingRatio: 0.6, velocity: 1.57), wanted, 1e-9))
        #expect(HUD.editorHelp(after.curve, duration: after.duration).hasPrefix("response \(String(format2: wanted)) s (w) · damping 0.60 (z)"))
    }
}
