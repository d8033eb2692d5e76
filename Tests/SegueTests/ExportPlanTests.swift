import Foundation
import Testing
@testable import Segue
@testable import SegueStudio
import SegueCommandLine

/// What an export draws of a replay (issue 17): frames on an even grid, idle stretches cut
/// to half a second, a range, and the progress it reports.
@MainActor @Suite struct ExportPlanTests {
    /// A live run: 1 s at rest, a drag that presents, its playing out, 2 s at rest, a hover.
    private func dragRecording() -> Recording {
        let d = SessionDriver()
        d.run(1)
        let x = 260.0
        d.frame([.mouseDown(x: x, y: 800)])
        for i in 1...20 { d.frame([.mouseMoved(x: x, y: 800 - Double(i) * 25)], dt: 1.0 / 120) }
        d.frame([.mouseUp(x: x, y: 300, inside: true)])
        d.run(2)
        d.frame([.mouseMoved(x: 10, y: 10)])
        return d.recording
    }

    @Test func idleTrimKeepsHalfASecondOfEachStillPose() {
        var trim = IdleTrim(frameRate: 60)
        #expect(trim.limit == 29)
        // A change, 100 still frames, a change, 10 still frames.
        let pattern = [true] + Array(repeating: false, count: 100) + [true] + Array(repeating: false, count: 10)
        let kept = pattern.map { trim.keep(changed: $0) }
        #expect(kept.filter { $0 }.count == 1 + 29 + 1 + 10)
        #expect(kept[29] && !kept[30] && kept[101])
        var slow = IdleTrim(frameRate: 1)
        #expect(slow.limit == 0 && slow.keep(changed: true) && !slow.keep(changed: false))
    }

    @Test func gridFramesFallEveryStepWhateverTheInputTimes() {
        var replayer = Replayer(recording: dragRecording(), options: SessionOptions())
        replayer.frameRate = 30
        replayer.drawsAtInputs = false
        var times: [Double] = []
        replayer.run(emit: { _ in }) { _, number, t in
            #expect(t == Double(number - 1) / 30)
            times.append(t)
        }
        #expect(times.count > 90)
        let last = dragRecording().events.last!.t
        #expect(times.last! >= last && times.last! < last + 1.0 / 30 + 1e-9)
    }

    @Test func thePlanCutsIdleStretchesAndKeepsEveryMovingFrame() throws {
        var replayer = Replayer(recording: dragRecording(), options: SessionOptions())
        replayer.drawsAtInputs = false
        let all = try ExportPlan(replayer, framing: ExportFraming(), range: 0...Double.infinity, trimIdle: false, check: {})
        let trimmed = try ExportPlan(replayer, framing: ExportFraming(), range: 0...Double.infinity, trimIdle: true, check: {})
        #expect(all.drawnCount == all.drawn.count && all.framesInRange == all.drawn.count)
        #expect(trimmed.drawn.count == all.drawn.count && trimmed.duration == all.duration)
        // Moving frames: those whose screen differs from the one before.
        var lists: [DisplayList] = []
        replayer.run(emit: { _ in }) { session, _, _ in
            var list = DisplayList()
            session.composeScreen(into: &list, at: .zero)
            lists.append(list)
        }
        let moving = (1..<lists.count).filter { lists[$0] != lists[$0 - 1] }
        #expect(moving.count > 20)
        #expect(moving.allSatisfy { trimmed.drawn[$0] })
        // The moving frames are one run: the first frame, the idle second before it and the
        // idle seconds after it keep 0.5 s each (29 still frames after the one that changed).
        #expect(moving.last! - moving.first! == moving.count - 1)
        #expect(trimmed.drawnCount == 1 + 29 + moving.count + 29)
        #expect(all.drawnCount - trimmed.drawnCount == (moving.first! - 1 - 29) + (all.drawnCount - 1 - moving.last! - 29))
        #expect(all.sizes.count == 1 && all.sizes[0] == ExportFraming().size(Layout(window: (900, 915), screen: SessionOptions().size)))
    }

    @Test func aRangeDrawsOnlyItsFramesAndTheFramingScales() throws {
        var replayer = Replayer(recording: dragRecording(), options: SessionOptions())
        replayer.frameRate = 20
        replayer.drawsAtInputs = false
        let plan = try ExportPlan(replayer, framing: ExportFraming(includesHUD: true, scale: 0.5), range: 0.5...1.5, trimIdle: false, check: {})
        #expect(plan.drawnCount == 21 && plan.framesInRange == 21)
        #expect(plan.drawn.prefix(10).allSatisfy { !$0 } && plan.drawn[10] && plan.drawn[30] && !plan.drawn[31])
        let window = dragRecording().window
        #expect(plan.sizes.count == 1 && plan.sizes[0] == ((window[0] + 1) / 2, (window[1] + 1) / 2))
    }

    /// A video pads an odd side with the first frame's background: black behind a lone
    /// screen, the window's with the HUD or with the stage split in two.
    @Test func thePlanKeepsTheFirstFramesBackground() throws {
        let lone = try ExportPlan(Replayer(recording: dragRecording(), options: SessionOptions()), framing: ExportFraming(),
                                  range: 0...Double.infinity, trimIdle: true, check: {})
        #expect(lone.firstBackground == .black)
        let window = try ExportPlan(Replayer(recording: dragRecording(), options: SessionOptions()),
                                    framing: ExportFraming(includesHUD: true), range: 0...Double.infinity, trimIdle: true, check: {})
        #expect(window.firstBackground == ExportFraming.windowBackground)
        let d = SessionDriver()
        d.frame([.key(.character("b"), shift: false)])
        d.run(1)
        d.frame([.mouseMoved(x: 10, y: 10)])
        // From the second frame on (the first is drawn before the key splits the stage).
        let split = try ExportPlan(Replayer(recording: d.recording, options: SessionOptions()), framing: ExportFraming(),
                                   range: 0.1...Double.infinity, trimIdle: true, check: {})
        #expect(split.drawnCount > 0 && split.sizes.count == 1 && split.firstBackground == ExportFraming.windowBackground)
    }

    @Test func aSignalStopsThePlan() {
        struct Stop: Error {}
        var frames = 0
        #expect(throws: Stop.self) {
            _ = try ExportPlan(Replayer(recording: dragRecording(), options: SessionOptions()), framing: ExportFraming(),
                               range: 0...1, trimIdle: true, check: { frames += 1; if frames == 5 { throw Stop() } })
        }
        #expect(frames == 5)
    }

    @Test func scalingADisplayListScalesItsPixels() {
        var list = DisplayList(items: [.init(rect: Rect(x: 10, y: 20, width: 30, height: 40), transform: .makeTranslation(5, 6, 0),
                                             opacity: 1, fill: .color(.black))])
        list.scale(by: 2)
        let t = list.items[0].transform
        #expect(t.m11 == 2 && t.m22 == 2 && t.m33 == 1 && t.m41 == 10 && t.m42 == 12)
    }

    @Test func progressLinesComeEveryFewSecondsOffATerminal() {
        var p = Progress("segue: replay → 'a.mp4'", total: 600, isTerminal: false, now: 100)
        let lines = [p.update(done: 10, now: 101), p.update(done: 150, now: 102), p.update(done: 160, now: 103),
                     p.update(done: 600, now: 108)]
        #expect(lines == [nil, "segue: replay → 'a.mp4': 25 % (150 of 600) · 6 s left\n", nil,
                          "segue: replay → 'a.mp4': 100 % (600 of 600) · 0 s left\n"])
        let cleared = p.clear()
        #expect(cleared == "")
    }

    @Test func onATerminalOneLineIsRewrittenWithABar() {
        var p = Progress("export", total: 4, isTerminal: true, now: 0)
        let lines = [p.update(done: 1, now: 0.05), p.update(done: 1, now: 2)]
        #expect(lines == [nil, "\r\u{1B}[Kexport ██████░░░░░░░░░░░░░░░░░░ 25 % · 6 s left"])
        let cleared = [p.clear(), p.clear()]
        #expect(cleared == ["\r\u{1B}[K", ""])
        #expect(Progress.duration(59.4) == "59 s" && Progress.duration(125) == "2 min 05 s" && Progress.duration(3720) == "1 h 02 min")
    }
}
