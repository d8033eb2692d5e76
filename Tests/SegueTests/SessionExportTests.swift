import Foundation
import Testing
@testable import Segue
@testable import SegueStudio

/// `e` in the app (issue 17): the last transition's real-time span handed to the exporter,
/// what the HUD says, and the `exported` event; completion speed moved to `o`.
@MainActor @Suite struct SessionExportTests {
    @Test func eBeforeAnyTransitionSaysThereIsNothingToExport() {
        let d = SessionDriver()
        var requests: [ExportRequest] = []
        d.session.export = { requests.append($0) }
        d.frame([.key(.character("e"), shift: false)])
        #expect(requests.isEmpty && d.session.hud.toast?.text == "No transition has ended yet: nothing to export")
        // Without an exporter (a replay), e says where exporting is.
        let replay = SessionDriver()
        replay.frame([.key(.character("e"), shift: false)])
        #expect(replay.session.hud.toast?.text.hasPrefix("Exporting is the app's") == true)
    }

    @Test func eAsksForTheLastTransitionWithAMarginAndTheEventNamesTheFile() throws {
        let d = SessionDriver()
        var requests: [ExportRequest] = []
        d.session.export = { requests.append($0) }
        d.run(1)
        let (x, y) = d.target("flip")
        d.click(x, y)
        let began = d.time  // the button's release starts it
        while d.session.demo.window.isTransitioning { d.frame() }
        let ended = d.time
        d.run(0.2)
        d.frame([.key(.character("e"), shift: false)])
        let request = try #require(requests.first)
        #expect(requests.count == 1 && request.name == "flip")
        // A quarter second before it began, and its end pose until the key (0.2 s on).
        #expect(abs(request.start - (began - 0.25)) < 1e-9, "\(request) began \(began)")
        #expect(abs(request.end - d.time) < 1e-9 && request.end < ended + Session.exportMargins.after)
        #expect(d.session.hud.toast?.text == "Exporting flip…" && d.session.isExporting)
        // Thirty more presses while it runs start nothing: one export at a time.
        for _ in 0..<30 { d.frame([.key(.character("e"), shift: false)]) }
        #expect(requests.count == 1 && d.session.hud.toast?.text == "Still exporting: one export at a time, press E again when it is done")
        d.session.exportEnded(file: "/tmp/segue-flip.mp4", problem: nil)
        #expect(!d.session.isExporting)
        #expect(d.lines.last == #"{"event":"exported","file":"/tmp/segue-flip.mp4"}"#)
        #expect(d.session.hud.toast?.text == "Exported /tmp/segue-flip.mp4")
        d.session.exportEnded(file: "/tmp/x.mp4", problem: "No space left on device")
        #expect(d.lines.last == #"{"event":"error","file":"/tmp/x.mp4","message":"No space left on device"}"#)
        // Much later the end pose is cut at half a second.
        d.run(3)
        d.frame([.key(.character("e"), shift: false)])
        #expect(abs(requests[1].end - (ended + Session.exportMargins.after)) < 1e-9)
    }

    @Test func oStepsTheCompletionSpeed() {
        let d = SessionDriver()
        #expect(Parameter.completionSpeed.key == "o")
        d.frame([.key(.character("o"), shift: false)])
        #expect(d.session.demo.parameters.completionSpeed == 1.25)
        #expect(Set(Parameter.allCases.map(\.key)).count == Parameter.allCases.count && !Parameter.allCases.map(\.key).contains("e"))
    }
}
