import Foundation
import Testing
@testable import Segue
@testable import SegueDemos
@testable import SegueStudio
import SegueRender
import SegueTestSupport

/// Storms of random input across every demo, checking after every event that the engine
/// holds its promises: every transition that begins ends exactly once, its animator's
/// completion ran once, exactly one screen shows at rest, percent stays in 0…1, and no
/// transition outlives its remaining time after release.
@MainActor @Suite struct StressTests {
    /// Events per storm; the suite runs several seeds (over 100,000 events in all).
    nonisolated static let eventsPerSeed = 25_000
    nonisolated static let seeds: [UInt64] = [1, 2, 3, 4, 0xC0FFEE]

    final class Watch {
        var open: [ObjectIdentifier: (released: Double?, context: TransitionContext)] = [:]
        var ended = Set<ObjectIdentifier>()
        /// Ended contexts are kept, so their identifiers stay unique.
        var kept: [TransitionContext] = []
        var step = 0
        var problems: [String] = []
    }

    @Test(arguments: seeds)
    func stormsKeepEveryPromise(_ seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let session = Session(options: SessionOptions(), window: (940, 915))
        let watch = Watch()
        var watched: [AnyObject] = []
        var real = 0.0
        var pressed = false
        session.advance(to: 0)
        func problem(_ text: String) {
            if watch.problems.count < 5 { watch.problems.append("seed \(seed), event \(watch.step): \(text)") }
        }
        /// Observes every screen's demo shown now (again after every switch or split).
        func watchDemos() {
            for demo in session.variants.map(\.demo) where !watched.contains(where: { $0 === demo }) {
                watched.append(demo)
                watchDemo(demo)
            }
        }
        func watchDemo(_ demo: Demo) {
            demo.window.observeTransitions { event in
                switch event {
                case .began(let c):
                    watch.open[ObjectIdentifier(c)] = (c.isInteractive ? nil : session.sceneTime, c)
                case .ended(let c, _):
                    let id = ObjectIdentifier(c)
                    if watch.ended.contains(id) { problem("\(c.transitionName) ended twice") }
                    if watch.open.removeValue(forKey: id) == nil { problem("\(c.transitionName) ended without beginning") }
                    watch.ended.insert(id)
                    watch.kept.append(c)
                case .mistake(let c, let message):
                    // The shipped animators keep their contract.
                    problem("\(c.transitionName): \(message)")
                }
            }
        }
        for step in 0..<Self.eventsPerSeed {
            watch.step = step
            watchDemos()
            let screen = session.layout.screen
            func somewhere() -> (Double, Double) {
                // Mostly on the screen, often at its edges, sometimes off it.
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: return (screen.minX + Double.random(in: 0...6, using: &rng), Double.random(in: screen.minY...screen.maxY, using: &rng))
                case 1: return (screen.maxX - Double.random(in: 0...6, using: &rng), Double.random(in: screen.minY...screen.maxY, using: &rng))
                case 2: return (Double.random(in: -50...1000, using: &rng), Double.random(in: -50...1000, using: &rng))
                default: return (Double.random(in: screen.minX...screen.maxX, using: &rng), Double.random(in: screen.minY...screen.maxY, using: &rng))
                }
            }
            let input: InputEvent
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<12: let (x, y) = somewhere(); input = .mouseDown(x: x, y: y); pressed = true
            case 12..<60: let (x, y) = somewhere(); input = .mouseMoved(x: x, y: y)
            case 60..<72: let (x, y) = somewhere(); input = .mouseUp(x: x, y: y, inside: Int.random(in: 0..<8, using: &rng) != 0); pressed = false
            case 72..<74: input = .focusLost; pressed = false
            case 74..<75: input = .resized(width: Int.random(in: 480...1600, using: &rng), height: Int.random(in: 360...1200, using: &rng))
            case 75..<77: input = .key(.escape, shift: false); pressed = false
            case 77..<79: input = .key(.digit(Int.random(in: 0...3, using: &rng)), shift: false)
            case 79..<81: input = .key([.space, .left, .right, .tab, .fullScreen, .help].randomElement(using: &rng)!, shift: false)
            case 81..<84: input = .key(.character(["d", "c", "t", "o", "k", "p", "r", "v", "s", "e", "b", "h"].randomElement(using: &rng)!),
                                       shift: Bool.random(using: &rng))
            default:
                // Frames go by; now and then the clock jumps far ahead.
                input = .mouseMoved(x: -1e5, y: -1e5)
            }
            if case .mouseMoved(let x, _) = input, x == -1e5 {
                real += Int.random(in: 0..<50, using: &rng) == 0 ? Double.random(in: 1...300, using: &rng) : 1.0 / 60
            } else {
                session.handle(input, at: real)
            }
            // Keep the clock running (a paused clock is a choice, not a hang) unless stepping.
            if session.isPaused && Int.random(in: 0..<20, using: &rng) == 0 { session.handle(.key(.space, shift: false), at: real) }
            session.advance(to: real)

            if step % 97 == 0 && !pressed && !session.isTransitioning,
               let target = session.reachableTargets.first {
                // Liveness: at rest, whatever the storm did, tapping a target starts a transition.
                watchDemos()
                let before = watch.open.count + watch.ended.count
                let r = session.layout.toWindow(target.frame)
                session.handle(.mouseDown(x: r.midX, y: r.midY), at: real)
                session.handle(.mouseUp(x: r.midX, y: r.midY, inside: true), at: real)
                session.advance(to: real)
                if watch.open.count + watch.ended.count == before {
                    problem("tapping \(target.name) in \(session.demo.name) started nothing")
                }
            }
            if step % 97 == 0 {
                // Frames are composed and tessellated as they would be drawn.
                var list = DisplayList()
                session.composeScreen(into: &list)
                var t = Tessellator()
                t.clipRect = session.layout.screen
                for item in list.items {
                    t.reset()
                    t.add(rect: item.rect, transform: item.transform)
                    if t.vertices.contains(where: { !$0.x.isFinite || !$0.y.isFinite }) { problem("non-finite vertex in \(item.name)") }
                }
                session.composeHUD(into: &list)
            }
            let window = session.demo.window
            if let c = window.activeTransition {
                let f = c.fractionComplete
                if !(0...1).contains(f) { problem("fraction \(f) outside 0…1") }
                if let i = c.interactionController as? PercentDrivenInteractiveTransition,
                   !(0...1).contains(i.percentComplete) { problem("percent \(i.percentComplete) outside 0…1") }
            } else if !pressed {
                let shown = (session.demo as? MagicMoveDemo)?.navigation.contentView.subviews.count ?? window.containerView.subviews.count
                if shown != 1 { problem("\(shown) screens at rest in \(session.demo.name)") }
            }
            // No transition outlives its time once nothing holds it: at most the whole
            // duration (over the slowest completion speed) after it began, or after the
            // release of an interactive one, in scene time.
            for (id, entry) in watch.open where entry.context.phase != .interactive {
                guard let released = entry.released else {
                    watch.open[id] = (session.sceneTime, entry.context)
                    continue
                }
                let limit = entry.context.duration / 0.25 + 0.1
                if session.sceneTime - released > limit + 1e-6 {
                    let c = entry.context
                    problem("\(c.transitionName) \(c.operation) stuck for \(session.sceneTime - released) s in phase \(c.phase), fraction \(c.fractionComplete)")
                    watch.open[id] = nil
                }
            }
            if !watch.problems.isEmpty { break }
        }
        #expect(watch.problems.isEmpty, "\(watch.problems.joined(separator: "\n")) — replay with seed \(seed)")
        #expect(!watch.ended.isEmpty, "seed \(seed): the storm never completed a transition")
    }
}
