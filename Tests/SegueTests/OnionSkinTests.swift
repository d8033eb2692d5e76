import Testing
import SegueProcess
@testable import Segue
@testable import SegueStudio

/// The onion skin: ghosts of the transition at 1/15 s steps of its timeline, under the live
/// frame, only of what moves, tinted and fading with distance.
@MainActor @Suite struct OnionSkinTests {
    /// Slides a 10 × 10 red square from x 0 to 100 over 1 s, linearly, over a still grey
    /// screen (the to-view).
    final class Slide: ViewControllerAnimatedTransitioning {
        var transitionName: String { "slide" }
        func transitionDuration(using context: TransitionContext?) -> Double { 1 }
        func animateTransition(using context: TransitionContext) {
            let to = context.view(forKey: .to)
            to.frame = context.containerView.bounds
            to.backgroundColor = Color(white: 0.5)
            let square = View(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "square")
            square.backgroundColor = Color(red: 1, green: 0, blue: 0)
            to.addSubview(square)
            context.containerView.addSubview(to)
            View.animate(withDuration: 1, curve: .linear, animations: { square.frame.origin.x = 100 }, completion: { _ in
                context.completeTransition(!context.transitionWasCancelled)
            })
        }
    }

    /// A window with the slide held at `progress`, and its live frame.
    func held(at progress: Double) throws -> (Window, DisplayList) {
        let window = Window(size: Size(width: 200, height: 100))
        window.rootViewController = ViewController()
        try window.present(ViewController(), animatedBy: Slide(), atProgress: progress)
        return (window, Compositor.compose(window.layer))
    }

    @Test func ghostsLieUnderTheLiveFrameAtStepsOfTheTimelineFarthestFirst() throws {
        let (window, live) = try held(at: 0.5)
        var list = live
        OnionSkin(count: 2).compose(window, scale: 1, offset: .zero, into: &list)
        // Four ghosts of the square alone (the grey screen does not move), then the live frame.
        let ghosts = Array(list.items.prefix(4))
        #expect(list.items.count == live.items.count + 4 && Array(list.items.suffix(live.items.count)) == live.items)
        func x(_ item: DisplayList.Item) -> Double { item.transform.m41 }
        let step = 100.0 / 15
        #expect(zip(ghosts.map(x), [50 - 2 * step, 50 + 2 * step, 50 - step, 50 + step]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(ghosts.map(x))")
        #expect(ghosts.map(\.opacity) == [0.3, 0.3, 0.6, 0.6])
        let red = Color(red: 1, green: 0, blue: 0)
        #expect(ghosts.map(\.fill) == [.color(red.interpolated(to: OnionSkin.earlierTint, at: 0.6)), .color(red.interpolated(to: OnionSkin.laterTint, at: 0.6)),
                                       .color(red.interpolated(to: OnionSkin.earlierTint, at: 0.6)), .color(red.interpolated(to: OnionSkin.laterTint, at: 0.6))])
        // The window shows what it showed.
        #expect(Compositor.compose(window.layer) == live)
    }

    @Test func noGhostFallsOutsideTheTransitionNorAtRest() throws {
        // 0.1 s in: the earlier ghosts at 0.033 s and past the start (−0.033 s) — one kept.
        let (window, live) = try held(at: 0.1)
        var list = live
        OnionSkin(count: 2).compose(window, scale: 1, offset: .zero, into: &list)
        #expect(list.items.count == live.items.count + 3)
        // Ended: at rest there are none; nor with a count of 0.
        let (rest, still) = try held(at: 1)
        var unchanged = still
        OnionSkin(count: 3).compose(rest, scale: 1, offset: .zero, into: &unchanged)
        #expect(unchanged == still)
        let (running, frame) = try held(at: 0.5)
        var none = frame
        OnionSkin(count: 0).compose(running, scale: 1, offset: .zero, into: &none)
        #expect(none == frame)
    }

    @Test func gShowsAndHidesThemAndOnionStartsWithThem() throws {
        let d = SessionDriver()
        #expect(d.session.onion == nil)
        d.frame([.key(.character("g"), shift: false)])
        #expect(d.session.onion == OnionSkin(count: 3) && d.session.hud.toast?.text == "Onion skin: 3 ghosts each side, 1/15 s apart (earlier cool, later warm)")
        d.frame([.key(.character("g"), shift: false)])
        #expect(d.session.onion == nil && d.session.hud.toast?.text == "Onion skin off")
        let options = try SessionOptions(parsing: ["--onion", "5"])
        let again = try SessionOptions(parsing: options.arguments)
        #expect(SessionDriver(options).session.onion == OnionSkin(count: 5) && again == options)
        #expect(throws: UsageError("--onion must be a whole number from 0 to 10, not '11'")) { try SessionOptions(parsing: ["--onion", "11"]) }
        // While a transition runs the screen's frame has them under it.
        let on = SessionDriver(options)
        on.session.demo.start(.present)
        on.run(0.3)
        var with = DisplayList(), without = DisplayList()
        on.session.composeScreen(into: &with)
        on.session.toggleOnion()
        on.session.composeScreen(into: &without)
        #expect(with.items.count > without.items.count && Array(with.items.suffix(without.items.count)) == without.items)
    }
}
