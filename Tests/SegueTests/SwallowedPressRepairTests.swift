import Testing
@testable import Segue

@MainActor @Suite struct SwallowedPressRepairTests {
    func pass(_ events: [InputEvent]) -> [InputEvent] {
        var repair = SwallowedPressRepair(), out: [InputEvent] = []
        for e in events { repair.pass(e, into: &out) }
        return out
    }

    /// Minimised mid-drag: the release went elsewhere and the next press was swallowed; its
    /// release comes back with its press, at its point. Later clicks pass as they are.
    @Test func theFirstReleaseAfterALostDragGetsItsPressBack() {
        let out = pass([.mouseDown(x: 5, y: 5), .mouseMoved(x: 5, y: 30), .focusLost,
                        .mouseUp(x: 40, y: 50, inside: true), .mouseDown(x: 1, y: 1), .mouseUp(x: 1, y: 1, inside: true)])
        #expect(out == [.mouseDown(x: 5, y: 5), .mouseMoved(x: 5, y: 30), .focusLost,
                        .mouseDown(x: 40, y: 50), .mouseUp(x: 40, y: 50, inside: true),
                        .mouseDown(x: 1, y: 1), .mouseUp(x: 1, y: 1, inside: true)])
    }

    /// Without a press lost to a focus change, a lone release (its press began outside the
    /// window) stays lone; and a focus loss between clicks adds nothing.
    @Test func otherwiseEventsPassAsTheyAre() {
        let events: [InputEvent] = [.mouseUp(x: 3, y: 3, inside: true), .mouseDown(x: 1, y: 1), .mouseUp(x: 1, y: 1, inside: true),
                                    .focusLost, .mouseUp(x: 2, y: 2, inside: true), .key(.space, shift: false)]
        #expect(pass(events) == events)
        // The release did arrive after all: nothing to repair.
        let arrived: [InputEvent] = [.mouseDown(x: 1, y: 1), .focusLost, .mouseDown(x: 2, y: 2), .mouseUp(x: 2, y: 2, inside: true)]
        #expect(pass(arrived) == arrived)
    }
}
