import Foundation
import Testing
@testable import Segue
@testable import SegueDemos
@testable import SegueStudio

/// A/B on one drag: `b` splits the stage into two screens with a tuning each; one drag on
/// either drives both; the HUD shows and edits the selected one; events say which.
@MainActor @Suite struct SplitStageTests {
    func key(_ c: Character, shift: Bool = false) -> InputEvent { .key(.character(c), shift: shift) }

    /// A vertical drag on screen `index` by `share` of its height, released, played out.
    func drag(_ d: SessionDriver, on index: Int, by share: Double) {
        let r = d.session.layout.screens[index]
        let x = r.midX, y0 = r.minY + 100
        d.frame([.mouseDown(x: x, y: y0)])
        for i in 1...10 { d.frame([.mouseMoved(x: x, y: y0 + share * r.height * Double(i) / 10)]) }
        d.frame([.mouseUp(x: x, y: y0 + share * r.height, inside: true)])
        d.run(2)
    }

    @Test func bSplitsAndOneDragDrivesBoth() throws {
        let d = SessionDriver()
        d.frame([key("b")])
        #expect(d.session.variants.map(\.name) == ["A", "B"] && d.session.layout.screens.count == 2)
        let screen = try #require(d.lines.last)
        let a = d.session.layout.screens[0], b = d.session.layout.screens[1]
        func frame(_ r: Rect) -> String {
            "\"height\":\(Int(r.height.rounded())),\"variant\":\"%@\",\"width\":\(Int(r.width.rounded())),\"x\":\(Int(r.minX.rounded())),\"y\":\(Int(r.minY.rounded()))"
        }
        #expect(screen.contains("\"screens\":[{" + frame(a).replacingOccurrences(of: "%@", with: "A") + "},{"
                                + frame(b).replacingOccurrences(of: "%@", with: "B") + "}]"))
        // B is slower: a drag on B's screen, 60 % down, finishes both, each in its own time.
        d.frame([key("d")])
        #expect(d.session.demo.parameters.duration == 1.1)
        d.frame([.key(.tab, shift: false), key("d"), key("d")])
        #expect(d.session.selected == 1 && d.session.demo.parameters.duration == 1.2)
        #expect(d.session.variants[0].demo.parameters.duration == 1.1)
        drag(d, on: 1, by: 0.6)
        #expect(d.transitionLines == [
            #"{"event":"began","interactive":true,"operation":"present","transition":"flip","variant":"A"}"#,
            #"{"event":"began","interactive":true,"operation":"present","transition":"flip","variant":"B"}"#,
            #"{"cancelled":false,"event":"ended","operation":"present","transition":"flip","variant":"A"}"#,
            #"{"cancelled":false,"event":"ended","operation":"present","transition":"flip","variant":"B"}"#,
        ])
        // The HUD shows B's plot over A's, both released at the same 60 %.
        let shown = try #require(d.session.hud.plot), compared = try #require(d.session.hud.comparedPlot)
        #expect(shown == d.session.variants[1].plot && compared == d.session.variants[0].plot)
        #expect(close(shown.release!.1.percent, 0.6, 0.01) && close(compared.release!.1.percent, 0.6, 0.01))
        #expect(HUD.captionedPlots(d.session.hud).map(\.name) == ["A", "B"])
        // B's plot runs longer: the same rest of the timeline at 1.2 s instead of 1.1.
        #expect(shown.span > compared.span)
    }

    /// Tunings that decide one drag differently leave A presented and B not; the outcome
    /// stays in view, and the next press puts B where A is, so one drag drives one
    /// transition on both again. The HUD shows the selected screen's own outcome.
    @Test func screensThatDecideDifferentlyAreAlignedAtTheNextPress() {
        let d = SessionDriver()
        d.frame([key("b"), .key(.tab, shift: false)] + Array(repeating: key("t"), count: 6))
        #expect(d.session.variants[1].demo.parameters.threshold == 0.8)
        drag(d, on: 0, by: 0.6)
        #expect(d.transitionLines.suffix(2) == [
            #"{"cancelled":false,"event":"ended","operation":"present","transition":"flip","variant":"A"}"#,
            #"{"cancelled":true,"event":"ended","operation":"present","transition":"flip","variant":"B"}"#,
        ])
        #expect(d.session.variants.map { $0.demo.nextOperation } == [.dismiss, .present])
        #expect(d.session.hud.phase == .cancelled && d.session.hud.percent == 0)
        d.frame([.key(.tab, shift: false)])
        #expect(d.session.hud.phase == .finished && d.session.hud.percent == 1 && d.session.hud.operation == .present)
        // The next drag dismisses on both.
        drag(d, on: 1, by: -0.5)
        #expect(d.transitionLines.suffix(4).allSatisfy { $0.contains(#""operation":"dismiss""#) })
    }

    /// H waits for the press to end: the screen does not change size under the finger.
    @Test func theHUDDoesNotHideDuringAPress() {
        let d = SessionDriver()
        let r = d.session.layout.screen
        d.frame([.mouseDown(x: r.midX, y: r.minY + 100), key("h")])
        #expect(d.session.layout.hudStyle == .panel && d.session.layout.screen == r)
    }

    @Test func joiningKeepsAAndBKeepsItsTuningForTheSession() {
        let d = SessionDriver(SessionOptions())
        d.frame([key("b"), .key(.tab, shift: false), key("t")])
        #expect(d.session.demo.parameters.threshold == 0.55 && d.session.variants[0].demo.parameters.threshold == 0.5)
        let a = d.session.variants[0]
        d.frame([key("b")])
        #expect(d.session.variants.count == 1 && d.session.variants[0] === a && d.session.selected == 0)
        #expect(d.session.demo.parameters.threshold == 0.5 && d.session.layout.screens.count == 1)
        // Split again: B comes back as it was tuned.
        d.frame([key("b")])
        #expect(d.session.variants[1].demo.parameters.threshold == 0.55)
        // Switching entries keeps the split, both on the new one.
        d.frame([.key(.digit(2), shift: false)])
        #expect(d.session.variants.map(\.demo.name) == ["pageturn", "pageturn"])
    }

    /// While presented, a split shows B presented too, so the next drag dismisses both.
    @Test func splittingAPresentedScreenShowsBPresented() {
        let d = SessionDriver()
        drag(d, on: 0, by: 0.7)
        d.frame([key("b")])
        #expect(d.session.variants.map { $0.demo.nextOperation } == [.dismiss, .dismiss])
    }

    /// No split while a transition runs, and Tab does nothing with one screen.
    @Test func noSplitMidTransition() throws {
        let d = SessionDriver()
        let (x, y) = d.target("flip")
        d.click(x, y)
        d.frame([key("b"), .key(.tab, shift: false)])
        #expect(d.session.variants.count == 1 && d.session.selected == 0)
    }

    @Test func hHidesTheHUDAndTheScreenGrows() throws {
        let d = SessionDriver()
        let before = d.session.layout.screen
        d.frame([key("h")])
        #expect(d.session.layout.hudStyle == .hidden && d.session.layout.screen.height >= before.height)
        #expect(d.lines.last?.contains(#""hud":"hidden""#) == true)
        var list = DisplayList()
        d.session.composeHUD(into: &list)
        #expect(list.items.isEmpty)
        d.frame([key("h")])
        #expect(d.session.layout.hudStyle == .panel && d.session.layout.screen == before)
    }

    /// A drag shows a dot under the pointer on every screen, with a trail, gone on release.
    @Test func aDragShowsThePointerOnEveryScreen() {
        let d = SessionDriver()
        d.frame([key("b")])
        let r = d.session.layout.screens[0]
        d.frame([.mouseDown(x: r.midX, y: r.minY + 50)])
        for i in 1...6 { d.frame([.mouseMoved(x: r.midX, y: r.minY + 50 + 20 * Double(i))]) }
        var list = DisplayList()
        for i in 0..<2 {
            d.session.composeScreen(i, into: &list)
            let dots = list.items.filter { $0.name == "pointer" }
            // Six moves of 20 pixels (over 4 points each) and the press: seven points, the
            // dot drawn twice (rim and face).
            #expect(dots.count == 8)
            // The face, white, centred where the pointer is on this screen, in window pixels.
            let face = dots.last!, centre = face.transform.project(Point(x: face.rect.midX, y: face.rect.midY))!
            let s = d.session.layout.screens[i]
            #expect(close(centre.x, s.minX + (r.midX - r.minX), 1e-9) && close(centre.y, s.minY + 170, 1e-9))
        }
        d.frame([.mouseUp(x: r.midX, y: r.minY + 170, inside: true)])
        d.session.composeScreen(0, into: &list)
        #expect(!list.items.contains { $0.name == "pointer" })
    }

    /// Split, picked, hidden, dragged: a replay of the recording prints the same lines.
    @Test func aSplitSessionReplaysAsItRan() throws {
        let d = SessionDriver()
        d.frame([key("b"), .key(.tab, shift: false), key("d"), key("h"), .key(.fullScreen, shift: false)])
        drag(d, on: 1, by: 0.7)
        d.frame([.key(.tab, shift: true), key("h")])
        drag(d, on: 0, by: 0.2)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try d.recording.write(to: path)
        let (recording, options) = try Recording.read(path)
        var lines: [String] = []
        Replayer(recording: recording, options: options).run(emit: { lines.append($0) }) { _, _, _ in }
        #expect(d.transitionLines.count == 8)
        #expect(lines.filter { $0.contains("\"began\"") || $0.contains("\"ended\"") } == d.transitionLines)
        #expect(lines.filter { $0.contains("\"screen\"") } == d.lines.filter { $0.contains("\"screen\"") })
    }

    /// An export of a split stage frames both screens, a margin apart, each clipped to itself.
    @Test func anExportFramesBothScreens() {
        let d = SessionDriver()
        d.frame([key("b")])
        let l = d.session.layout, a = l.screens[0], b = l.screens[1]
        let framing = ExportFraming(scale: 0.5)
        let (w, h) = framing.size(l)
        #expect(w == Int(((b.maxX - a.minX) * 0.5).rounded()) && h == Int((a.height * 0.5).rounded()))
        #expect(framing.screenRect(l, 0) == Rect(x: 0, y: 0, width: a.width / 2, height: a.height / 2))
        #expect(framing.screenRect(l, 1) == Rect(x: (b.minX - a.minX) / 2, y: 0, width: b.width / 2, height: b.height / 2))
        #expect(framing.background(l) == ExportFraming.windowBackground)
        var screens: [DisplayList] = [], hud = DisplayList()
        framing.compose(d.session, screens: &screens, hud: &hud)
        #expect(screens.count == 2 && hud.items.isEmpty)
        // B's list is A's moved across by the screens' distance (both show the same at rest).
        let shift = Transform3D.makeTranslation((b.minX - a.minX) / 2, 0, 0)
        #expect(screens[1].items.map(\.rect) == screens[0].items.map(\.rect))
        #expect(zip(screens[0].items, screens[1].items).allSatisfy { p, q in
            let x = p.transform.concatenating(shift)
            let fields: [KeyPath<Transform3D, Double>] = [\.m11, \.m12, \.m14, \.m21, \.m22, \.m24, \.m34, \.m41, \.m42, \.m44]
            return fields.allSatisfy { abs(x[keyPath: $0] - q.transform[keyPath: $0]) < 1e-9 }
        })
        // The whole window, with the HUD drawn at its own scale times the framing's.
        let window = ExportFraming(includesHUD: true, scale: 2)
        #expect(window.size(l) == (1800, 1830) && window.hudPixelScale(l) == 2 * l.hudScale)
    }

    @Test func theTrailKeepsPointsApartAndAtMostItsLength() {
        var t = PointerTrail()
        t.add(Point(x: 0, y: 0))
        t.add(Point(x: 1, y: 0))
        t.add(Point(x: 2, y: 0))
        // The dot moves; a point within 4 of the one behind it replaces it.
        #expect(t.points == [Point(x: 0, y: 0), Point(x: 2, y: 0)])
        t.add(Point(x: 5, y: 0))
        #expect(t.points == [Point(x: 0, y: 0), Point(x: 5, y: 0)])
        for i in 1...20 { t.add(Point(x: 5 + 10 * Double(i), y: 0)) }
        #expect(t.points.count == PointerTrail.length && t.points.last == Point(x: 205, y: 0))
    }
}

/// `--autoplay`: the catalog plays by itself, each entry presented, held, dismissed, until
/// a key or a click.
@MainActor @Suite struct AutoplayTests {
    @Test func theStepsFollowTheirTimes() {
        var a = Autoplay(startingAt: 10)
        #expect(a.advance(at: 10.5, busy: false) == .wait && a.step == .arriving)
        #expect(a.advance(at: 10.6, busy: false) == .start && a.step == .presenting)
        #expect(a.advance(at: 11, busy: true) == .wait && a.step == .presenting)
        #expect(a.advance(at: 11.6, busy: false) == .wait && a.step == .holding && a.until == 11.6 + Autoplay.hold)
        #expect(a.advance(at: 12.8, busy: false) == .start && a.step == .dismissing)
        #expect(a.advance(at: 13.8, busy: false) == .wait && a.step == .leaving && a.until == 13.8 + Autoplay.leave)
        #expect(a.advance(at: 14.3, busy: false) == .next && a.step == .arriving)
    }

    @Test func theCatalogPlaysUntilAClickEscOrSpace() {
        var options = SessionOptions()
        options.autoplay = true
        let d = SessionDriver(options)
        d.run(8)
        let lines = d.transitionLines
        #expect(lines.count >= 4)
        #expect(lines.prefix(4).map { $0.contains("\"operation\":\"present\"") } == [true, true, false, false])
        #expect(d.session.current == 1 && d.session.hud.autoplay == "pageturn")
        // A tuning key waits (the tuning stays); H hides the HUD and it plays on.
        let before = d.session.demo.parameters
        var fullScreen = 0
        d.session.toggleFullScreen = { fullScreen += 1 }
        d.frame([.key(.character("d"), shift: false), .key(.character("h"), shift: false), .key(.character("f"), shift: false),
                 .key(.fullScreen, shift: false)])
        #expect(d.session.autoplay != nil && d.session.demo.parameters == before)
        #expect(d.session.layout.hudStyle == .hidden && fullScreen == 2)
        // Space stops it, and does nothing else (no pause).
        d.frame([.key(.space, shift: false)])
        #expect(d.session.autoplay == nil && d.session.hud.autoplay == nil && !d.session.isPaused)
        let count = d.transitionLines.count
        d.run(10)
        #expect(d.transitionLines.count <= count + 1)
    }

    @Test func escOrAClickStopsItTooAndHideHUDStartsAShow() throws {
        for input in [InputEvent.key(.escape, shift: false), .mouseDown(x: 5, y: 5)] {
            var options = try SessionOptions(parsing: ["--autoplay", "--hide-hud"])
            #expect(try SessionOptions(parsing: options.arguments) == options)
            options.autoplay = true
            let d = SessionDriver(options)
            #expect(d.session.layout.hudStyle == .hidden)
            d.run(2)
            d.frame([input])
            #expect(d.session.autoplay == nil, "\(input)")
        }
    }
}
