import Testing
@testable import Segue
@testable import SegueDemos
@testable import SegueStudio
@testable import SegueCatalog

/// A transition written in Swift joins a session as a file's does: listed after the
/// built-in demos, opened by name, driven by its drag, tuned by the HUD, replayed alike.
@MainActor @Suite struct SessionCustomTransitionTests {
    /// A cross-fade that remembers the duration it was made with.
    final class Fade: ViewControllerAnimatedTransitioning {
        static var durations: [Double] = []
        let presenting: Bool, duration: Double
        init(presenting: Bool, duration: Double) {
            self.presenting = presenting
            self.duration = duration
            Self.durations.append(duration)
        }
        var transitionName: String { "fade" }
        func transitionDuration(using context: TransitionContext?) -> Double { duration }
        func animateTransition(using context: TransitionContext) {
            let to = context.view(forKey: .to)
            to.frame = context.containerView.bounds
            context.containerView.addSubview(to)
            to.alpha = 0
            View.animate(withDuration: duration, curve: .linear, animations: { to.alpha = 1 }, completion: { _ in
                context.completeTransition(!context.transitionWasCancelled)
            })
        }
    }

    private let fade = CustomTransition(name: "fade", duration: 0.4, curve: .linear,
                                        interaction: .init(present: .init(.down), dismiss: .init(.up))) { presenting, p in
        Fade(presenting: presenting, duration: p.duration)
    }

    private func driver(_ options: SessionOptions) -> SessionDriver {
        SessionDriver(options, transitions: [fade])
    }

    @Test func aDragDrivesItWithTheTunedParameters() {
        var options = SessionOptions()
        options.demo = "fade"
        options.tuning[.duration] = "0.8"
        let d = driver(options)
        let s = d.session
        #expect(s.hud.demos == ["flip", "pageturn", "magicmove", "fade"] && s.current == 3)
        // Down by 70 % of the screen (667 pt) finishes the present, made with the tuned duration.
        Fade.durations = []
        let screen = s.layout.screen
        d.frame([.mouseDown(x: screen.midX, y: screen.minY + 20)])
        for i in 1...10 { d.frame([.mouseMoved(x: screen.midX, y: screen.minY + 20 + screen.height * 0.07 * Double(i))]) }
        #expect(abs(s.hud.percent - 0.7) < 0.01)
        d.frame([.mouseUp(x: screen.midX, y: screen.minY + 20 + screen.height * 0.7, inside: true)])
        d.run(1)
        #expect(Fade.durations == [0.8])
        #expect(d.transitionLines.first?.contains(#""event":"began","interactive":true,"operation":"present","transition":"fade""#) == true)
        #expect(d.transitionLines.last?.contains(#""cancelled":false,"event":"ended","operation":"present","transition":"fade""#) == true)
        #expect(s.demo.nextOperation == .dismiss)
    }

    @Test func demoNamesWhatOpens() {
        var options = SessionOptions()
        #expect(driver(options).session.current == 0)
        options.demo = "pageturn"
        #expect(driver(options).session.current == 1)
        options.demo = "fade"
        #expect(driver(options).session.current == 3)
    }

    /// A recording of it replays through the same transitions to the same lines.
    @Test func itsRecordingReplays() {
        var options = SessionOptions()
        options.demo = "fade"
        let d = driver(options)
        let (x, y) = d.target("fade")
        d.click(x, y)
        d.run(1)
        var replayed: [String] = []
        Replayer(recording: d.recording, options: options, transitions: [fade]).run(emit: { replayed.append($0) }) { _, _, _ in }
        let began = { (lines: [String]) in lines.filter { $0.contains(#""event":"began""#) && $0.contains(#""transition":"fade""#) } }
        #expect(!began(d.lines).isEmpty && began(replayed) == began(d.lines))
    }
}
