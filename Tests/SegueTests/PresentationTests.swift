import Testing
@testable import Segue
@testable import SegueCatalog
@testable import SegueDemos

/// A presentation that stays (format 2's `presentation`, the model's `PresentationController`):
/// the catalog's `cover` page sheet rests at its frame, live, over the base sunk back; a tap on
/// its button and a drag on it dismiss it; a dismiss let go short of the threshold returns it
/// to rest.
@MainActor @Suite struct PresentationTests {
    let size = Size(width: 375, height: 667)

    func cover() throws -> (Harness, ModalDemo) {
        let transition = try #require(PlayWithoutDragTests.catalog.first { $0.name == "cover" })
        let demo = DemoCatalog.make(transition, screenSize: size)
        let h = Harness(demo)
        h.tap(h.center(of: try #require(demo.home.button)))
        h.run(1.5)
        return (h, demo)
    }

    /// At rest: the sheet's frame is 6.6 % down, rounded by 10; the base stays in the tree
    /// (inside the resting layers, sunk to 0.92); the presentation controller says so.
    @Test func theSheetRestsAtItsFrameOverTheBaseSunkBack() throws {
        let (h, demo) = try cover()
        #expect(h.log == ["began cover present interactive=false", "ended cover present cancelled=false"])
        let sheet = demo.modal.view
        #expect(close(sheet.frame.minY, 0.066 * 667, 1e-9) && close(sheet.frame.height, 0.934 * 667, 1e-9) && sheet.frame.width == 375)
        #expect(sheet.layer.cornerRadius == 10 && sheet.layer.masksToBounds)
        #expect(demo.window.containerView.subviews.last === sheet)
        let rest = try #require(demo.window.containerView.subviews.first { $0.layer.name == "presentation cover" })
        let behind = try #require(rest.subviews.first { $0.layer.name == "behind" })
        #expect(behind.subviews.contains { $0 === demo.home.view } && !demo.home.view.isHidden)
        #expect(behind.layer.transform.isApproximatelyEqual(to: .makeScale(0.92, 0.92, 1), tolerance: 1e-9))
        #expect(demo.modal.presentationController?.shouldRemovePresentersView == false)
        #expect(demo.nextOperation == .dismiss)
    }

    /// Taps land on the sheet where it rests: its button dismisses, and at the end the base
    /// shows alone, whole and untransformed; the presentation is over.
    @Test func aTapOnTheSheetsButtonDismissesIt() throws {
        let (h, demo) = try cover()
        let button = try #require(demo.modal.button)
        h.tap(h.center(of: button))
        h.run(1.5)
        #expect(h.log.suffix(2) == ["began cover dismiss interactive=false", "ended cover dismiss cancelled=false"])
        let shown = demo.window.containerView.subviews
        #expect(shown.count == 1 && shown[0] === demo.home.view && !shown[0].isHidden)
        #expect(shown[0].frame == Rect(x: 0, y: 0, width: 375, height: 667) && shown[0].transform == .identity)
        #expect(demo.modal.presentationController == nil && demo.home.presentedViewController == nil)
    }

    /// A drag down on the sheet scrubs the dismiss; let go short of the threshold, the sheet
    /// returns to rest at its frame, and the resting layers with it; past it, it dismisses.
    @Test func aDragOnTheSheetDismissesItOrReturnsItToRest() throws {
        let (h, demo) = try cover()
        let start = Point(x: 187, y: 300)
        h.drag(from: start, to: start + Point(x: 0, y: 100))
        h.run(1.5)
        #expect(h.log.suffix(2) == ["began cover dismiss interactive=true", "ended cover dismiss cancelled=true"])
        #expect(close(demo.modal.view.frame.minY, 0.066 * 667, 1e-9) && demo.window.containerView.subviews.last === demo.modal.view)
        #expect(demo.window.containerView.subviews.contains { $0.layer.name == "presentation cover" })
        h.drag(from: start, to: start + Point(x: 0, y: 500))
        h.run(1.5)
        #expect(h.log.last == "ended cover dismiss cancelled=false")
        #expect(demo.window.containerView.subviews.count == 1 && demo.window.containerView.subviews[0] === demo.home.view)
    }
}
