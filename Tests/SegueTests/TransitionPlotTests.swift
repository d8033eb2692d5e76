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

    @Test func samplesAreCappedAndAFrameAtTheSameTimeReplacesTheLast() {
        var plot = TransitionPlot(threshold: 0.5)
        plot.append(.init(t: 0, finger: 0.1, progress: 0.1))
        plot.append(.init(t: 0, finger: 0.2, progress: 0.2))
        #expect(plot.samples == [.init(t: 0, finger: 0.2, progress: 0.2)])
        for i in 1...2000 { plot.append(.init(t: Double(i), finger: nil, progress: 0)) }
        #expect(plot.samples.count == TransitionPlot.sampleLimit && plot.caption == nil)
    }
}
