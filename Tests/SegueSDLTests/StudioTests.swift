import Testing
@testable import SegueLive

/// A package's transitions are checked before anything runs: each problem one line.
@MainActor @Suite struct StudioTests {
    private func transition(_ name: String, duration: Double = 0.5) -> CustomTransition {
        CustomTransition(name: name, duration: duration) { presenting, _ in SlideAnimator(operation: presenting ? .push : .pop) }
    }

    @Test func aPackagesTransitionsAreChecked() {
        #expect(Studio.problem(with: []) == nil)
        #expect(Studio.problem(with: [transition("drop"), transition("drop-2")]) == nil)
        #expect(Studio.problem(with: [transition("Drop")]) == "transition 'Drop': a name is made of a-z, 0-9 and -")
        #expect(Studio.problem(with: [transition("")]) == "transition '': a name is made of a-z, 0-9 and -")
        #expect(Studio.problem(with: [transition("flip")]) == "transition 'flip': the name is taken")
        #expect(Studio.problem(with: [transition("a"), transition("a")]) == "transition 'a': the name is taken")
        #expect(Studio.problem(with: [transition("slow", duration: 61)]) == "transition 'slow': the duration must be over 0 and at most 60 s")
        #expect(Studio.problem(with: [transition("nan", duration: .nan)]) != nil)
    }

    @Test func theHelpListsThem() {
        var t = transition("drop")
        t.description = "Drops in."
        let help = Help.text(transitions: [t])
        #expect(help.contains("    drop       Drops in.\n"))
        #expect(help.contains("1…4 (or the list in the HUD)"))
    }
}
