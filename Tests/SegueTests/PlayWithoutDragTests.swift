import Foundation
import Testing
@testable import Segue
@testable import SegueDemos
@testable import SegueStudio

/// Every transition animates over its duration whichever way it starts: by its screen's
/// button, by autoplay, or by a drag's release. A transition once snapped when started
/// without a drag after the app's first second: the file animator adds its animations to
/// views before they join the window, whose times then began at 0, long past. The drag path
/// hid it (a paused container begins at 0 too), and so did every test that started at 0 s.
@MainActor @Suite struct PlayWithoutDragTests {
    nonisolated static let catalog = (try? TransitionCatalog.read(assets: repositoryAssets)) ?? []

    /// The number of distinct frames the window shows from `start` until no transition runs,
    /// sampled at 30 fps, and the seconds it ran.
    private func play(_ demo: Demo, from t0: Double, _ start: () -> Void) -> (frames: Int, seconds: Double) {
        demo.window.advance(to: t0)
        start()
        #expect(demo.window.isTransitioning, "\(demo.name) did not start")
        var frames = Set<DisplayList>(), t = t0
        while demo.window.isTransitioning && t < t0 + 30 {
            frames.insert(Compositor.compose(demo.window.layer, scale: 1))
            t += 1.0 / 30
            demo.window.advance(to: t)
        }
        return (frames.count, t - t0)
    }

    @Test func theCatalogIsRead() {
        #expect(Self.catalog.count == 13)
    }

    /// Pressed on its button 7 s into the run, each way: the frames change at every 30 fps
    /// tick of its duration (a frame or two may repeat where a segment holds), and it ends
    /// after its duration, not before.
    @Test(arguments: ["flip", "pageturn"] + catalog.map { $0.name })
    func theButtonPlaysTheWholeDuration(_ name: String) throws {
        let size = Size(width: 375, height: 667)
        let demo = try #require(DemoCatalog.make(name, screenSize: size)
                                ?? Self.catalog.first { $0.name == name }.map { DemoCatalog.make($0, screenSize: size) })
        var t = 7.0
        for operation in [TransitionContext.Operation.present, .dismiss] {
            let button = try #require(demo.targets.first)
            let centre = Point(x: button.frame.midX, y: button.frame.midY)
            let run = play(demo, from: t) {
                demo.window.handle(PointerEvent(.down, centre, time: t))
                demo.window.handle(PointerEvent(.up, centre, time: t))
            }
            let ticks = Int(demo.duration * 30)
            #expect(run.frames >= ticks * 3 / 4, "\(name) \(operation.rawValue): \(run.frames) frames in \(demo.duration) s")
            #expect(run.seconds >= demo.duration - 1e-9 && run.seconds < demo.duration + 0.1, "\(name) \(operation.rawValue): \(run.seconds) s")
            #expect(demo.nextOperation == (operation == .present ? .dismiss : .present))
            t += run.seconds + 3
        }
    }

    /// Autoplay, the way a demo on a desktop plays: every entry presents and dismisses over
    /// its duration, the `began` and `ended` events that far apart.
    @Test func autoplayPlaysEveryEntryOverItsDuration() {
        var options = SessionOptions()
        options.autoplay = true
        let d = SessionDriver(options, transitions: Self.catalog)
        var began: [String: Double] = [:], spans: [(String, Double)] = []
        d.session.emit = { line in
            guard let name = line.firstMatch(of: /"transition":"([a-z-]+)"/)?.1,
                  let operation = line.firstMatch(of: /"operation":"([a-z]+)"/)?.1 else { return }
            let key = "\(name) \(operation)"
            if line.contains(#""event":"began""#) { began[key] = d.time }
            if line.contains(#""event":"ended""#), let b = began[key] { spans.append((key, d.time - b)) }
        }
        let count = d.session.entries.count
        var seconds = 0.0
        while Set(spans.map(\.0)).count < 2 * count && seconds < 120 { d.frame(); seconds += 1.0 / 60 }
        #expect(Set(spans.map(\.0)).count == 2 * count)
        for (key, span) in spans where !key.hasPrefix("magicmove") {
            let name = String(key.split(separator: " ")[0])
            let duration = d.session.entries.first { $0.name == name }?.makeDemo(screenSize: options.size)?.duration ?? 0
            #expect(span >= duration - 1e-9 && span < duration + 0.05, "\(key): \(span) s, duration \(duration) s")
        }
    }
}
