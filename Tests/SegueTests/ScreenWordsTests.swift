import Testing
@testable import Segue
@testable import SegueDemos
@testable import SegueStudio
@testable import SegueCatalog

/// The screens of a catalog entry or a file say what its transition asks for: its name on
/// the button and the modal, each way's drag in words; never the flip's.
@MainActor @Suite struct ScreenWordsTests {
    private func words(_ demo: Demo) -> String {
        Compositor.compose(demo.window.layer, scale: 1).items.compactMap { item -> String? in
            if case .text(let t) = item.fill { return t.string }
            return nil
        }.joined(separator: " | ")
    }

    @Test func eachScreenSaysItsTransitionsDrag() throws {
        let fold = try #require(PlayWithoutDragTests.catalog.first { $0.name == "fold" })
        let demo = DemoCatalog.make(fold, screenSize: Size(width: 375, height: 667))
        let home = words(demo)
        #expect(home.contains("Drag left from the right edge to bring in the next screen with fold. Let go far enough and it finishes"), "\(home)")
        #expect(home.contains("Fold") && !home.lowercased().contains("flip"), "\(home)")
        #expect(demo.targets.map(\.name) == ["fold"])
        demo.prepare(for: .dismiss)
        let modal = words(demo)
        #expect(modal.contains("Presented with fold") && modal.contains("Drag right from the left edge, or press Dismiss, to go back with fold."), "\(modal)")
        #expect(!modal.lowercased().contains("flip"), "\(modal)")

        var buttonsOnly = fold
        buttonsOnly.interaction = .init(present: nil, dismiss: .init(.vertical))
        let either = words(DemoCatalog.make(buttonsOnly, screenSize: Size(width: 375, height: 667)))
        #expect(either.contains("Press Fold to bring in the next screen with fold."), "\(either)")
        #expect(TransitionFile.Pan(.vertical).instruction == "Drag up or down anywhere on the screen")
        #expect(TransitionFile.Pan(.up, edge: .bottom).instruction == "Drag up from the bottom edge")
    }
}
