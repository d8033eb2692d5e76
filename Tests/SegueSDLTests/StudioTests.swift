import Testing
@testable import SegueLive

/// A package's transitions are checked before anything runs: each problem one line.
@MainActor @Suite struct StudioTests {
    private func transition(_ name: String, duration: Double = 0.5) -> CustomTransition {
        CustomTransition(name: name, duration: duration) { presenting, _ in SlideAnimator(operation: presenting ? .push : .pop) }
    }

    @Test func aPackagesTransitionsAreChecked() {
        #expect(Studio.problem(with: [], taken: ["flip"]) == nil)
        #expect(Studio.problem(with: [transition("drop"), transition("drop-2")], taken: ["flip"]) == nil)
        #expect(Studio.problem(with: [transition("Drop")], taken: ["flip"]) == "transition 'Drop': a name is made of a-z, 0-9 and -")
        #expect(Studio.problem(with: [transition("")], taken: ["flip"]) == "transition '': a name is made of a-z, 0-9 and -")
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
}
