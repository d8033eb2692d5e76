import Foundation
import Testing
@testable import Segue
@testable import SegueDemos
@testable import SegueStudio
@testable import SegueCatalog

@MainActor @Suite struct ReleaseRuleTests {
    @Test func projectionCarriesTheVelocityHalfASecond() {
        // r/(1−r)/1000 with r = 0.998 is 0.499 s.
        #expect(close(ReleaseRule.projectedPercent(0.3, velocity: 1), 0.3 + 0.499, 1e-12))
    }

    @Test(arguments: [
        // percent, velocity, uikit, velocity rule, projected
        (0.6, 0.0, true, true, true),      // slow, past the threshold
        (0.3, 2.5, false, true, true),     // fast flick, short of it
        (0.6, -2.5, true, false, false),   // fast flick back
        (0.45, 0.3, false, false, true),   // slow, short, but carried over
        (0.2, 0.9, false, false, true),    // under a flick, projected to 0.65
        (0.5, 0.0, true, true, true),      // exactly at the threshold: "at or past it" finishes
        (0.5, -0.999, true, true, false),  // at it, going back under a flick: projected to 0.0015
        (0.4999, 0.0, false, false, false), // a hair short of it
        (0.3, 1.0, false, true, true),     // exactly a flick: it decides
    ])
    func eachRuleDecides(_ p: Double, _ v: Double, _ uikit: Bool, _ velocity: Bool, _ projected: Bool) {
        #expect(ReleaseRule.uikit.finishes(percent: p, velocity: v, threshold: 0.5) == uikit)
        #expect(ReleaseRule.velocity.finishes(percent: p, velocity: v, threshold: 0.5) == velocity)
        #expect(ReleaseRule.projected.finishes(percent: p, velocity: v, threshold: 0.5) == projected)
    }

    /// Synthetic drags on the flip, each rule in turn.
    private func release(_ rule: ReleaseRule, path: [(dy: Double, dt: Double)]) -> String? {
        let h = Harness()
        var p = h.demo.parameters
        p.releaseRule = rule
        h.demo.parameters = p
        let start = Point(x: 187, y: 600)
        h.send(.down, start)
        var y = 0.0
        for (dy, dt) in path {
            h.step(dt)
            y += dy
            h.send(.moved, start + Point(x: 0, y: y))
        }
        h.send(.up, start + Point(x: 0, y: y))
        h.run(2)
        return h.log.last
    }

    /// Moves `total` points up in `steps` frames of 1/60 s.
    private func move(_ total: Double, steps: Int) -> [(Double, Double)] {
        Array(repeating: (-total / Double(steps), 1.0 / 60), count: steps)
    }

    @Test func slowPastTheThresholdFinishesUnderEveryRule() {
        // 400 points (0.6) over two seconds, then a rest: no velocity left at release.
        let path = move(400, steps: 120) + [(0, 0.2)]
        for rule in ReleaseRule.allCases {
            #expect(release(rule, path: path) == "ended flip present cancelled=false", "\(rule)")
        }
    }

    @Test func aFastFlickShortOfTheThresholdFinishesOnlyWithVelocity() {
        // 200 points (0.3) in 0.1 s: about 3 screen heights per second.
        let path = move(200, steps: 6)
        #expect(release(.uikit, path: path) == "ended flip present cancelled=true")
        #expect(release(.velocity, path: path) == "ended flip present cancelled=false")
        #expect(release(.projected, path: path) == "ended flip present cancelled=false")
    }

    @Test func aFastFlickBackCancelsOnlyWithVelocity() {
        // Up 530 points (0.8) slowly, then 130 points back down in 0.1 s: released at 0.6.
        let path = move(530, steps: 60) + move(-130, steps: 6)
        #expect(release(.uikit, path: path) == "ended flip present cancelled=false")
        #expect(release(.velocity, path: path) == "ended flip present cancelled=true")
        #expect(release(.projected, path: path) == "ended flip present cancelled=true")
    }

    /// The rest after a release on a spring: it starts at the release velocity and ends
    /// exactly when the completion time is up.
    @Test func springCompletionStartsAtTheReleaseVelocity() throws {
        let h = Harness()
        var p = h.demo.parameters
        p.springCompletion = true
        h.demo.parameters = p
        let start = Point(x: 187, y: 600)
        h.drag(from: start, to: start - Point(x: 0, y: 400), steps: 12)   // 0.6 in 0.2 s, released moving
        let interaction = h.demo.interactions[0]
        let v = interaction.releaseVelocity
        #expect(v > 1)
        let from = interaction.percentComplete
        let seconds = (1 - from) * 1.0
        let spring = Spring(duration: seconds, dampingRatio: 1, initialVelocity: v / (1 - from))
        h.step(0.1)
        #expect(close(interaction.percentComplete, from + (1 - from) * spring.value(at: 0.1), 1e-9))
        h.run(seconds - 0.1 - 0.01)
        #expect(h.log.count == 1)
        h.run(0.02)
        #expect(h.log.last == "ended flip present cancelled=false")
    }
}
