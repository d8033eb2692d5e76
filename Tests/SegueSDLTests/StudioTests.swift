import Foundation
import Testing
import SegueSDL
@testable import SegueLive
@testable import SegueStudio
import SegueCatalog

/// A package's transitions are checked before anything runs: each problem one line.
@MainActor @Suite struct StudioTests {
    private func transition(_ name: String, duration: Double = 0.5) -> CustomTransition {
        CustomTransition(name: name, duration: duration) { presenting, _ in SlideAnimator(operation: presenting ? .push : .pop) }
    }

    @Test func aPackagesTransitionsAreChecked() {
        #expect(Studio.problem(with: [], taken: ["flip"]) == nil)
        #expect(Studio.problem(with: [transition("drop"), transition("drop-2")], taken: ["flip"]) == nil)
        #expect(Studio.problem(with: [transition("Drop")], taken: ["flip"]) == "transition 'Drop': a name is made of a-z, 0-9 and -, at most 64 characters")
        #expect(Studio.problem(with: [transition("")], taken: ["flip"]) == "transition '': a name is made of a-z, 0-9 and -, at most 64 characters")
        #expect(Studio.problem(with: [transition("flip")], taken: ["flip"]) == "transition 'flip': the name is taken")
        #expect(Studio.problem(with: [transition("a"), transition("a")], taken: ["flip"]) == "transition 'a': the name is taken")
        #expect(Studio.problem(with: [transition("slow", duration: 61)], taken: ["flip"]) == "transition 'slow': the duration must be over 0 and at most 60 s")
        #expect(Studio.problem(with: [transition("nan", duration: .nan)], taken: ["flip"]) != nil)
    }

    @Test func theHelpListsThem() {
        var t = transition("drop")
        t.description = "Drops in."
        let help = Help.text(transitions: [t])
        #expect(help.contains("    drop       Drops in.\n"))
    }

    /// A program's own transition named as a catalog one takes its place; the rest of the
    /// catalog stays, in order, before the program's own.
    @Test func anOwnTransitionReplacesTheCatalogsOfItsName() throws {
        let lineup = try Lineup(own: [transition("cube")], assets: try Assets.directory())
        #expect(!lineup.catalog.contains { $0.name == "cube" } && lineup.catalog.contains { $0.name == "fold" })
        #expect(lineup.transitions.last?.name == "cube" && lineup.transitions.last?.file == nil)
        #expect(lineup.names.filter { $0 == "cube" }.count == 1)
    }

    /// Two catalog files of one name are a broken installation, said in one line.
    @Test func aCatalogWithTwoFilesOfOneNameIsBroken() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-twins-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/Transitions", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = #"{"format":1,"name":"twin","duration":1,"layers":[{"source":"base"}]}"#
        try text.write(toFile: dir + "/Transitions/a.json", atomically: true, encoding: .utf8)
        try text.write(toFile: dir + "/Transitions/b.json", atomically: true, encoding: .utf8)
        #expect(throws: CatalogError.self) { try TransitionCatalog.read(assets: dir) }
        #expect(throws: Never.self) { try TransitionCatalog.read(assets: dir + "/none") }
    }
}
