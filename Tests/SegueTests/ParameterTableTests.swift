import Foundation
import Testing
import Segue
import SegueCommandLine
@testable import SegueStudio
import SegueCatalog
import SegueProcess

/// The one tuning table: every parameter set by its option, stepped by its key and kept in
/// the tuning file reads back the same; the keys step within the option's range; the event
/// names each by its table name.
@MainActor @Suite struct ParameterTableTests {
    /// Magic move's reference (a spring curve, no perspective) and the flip's (perspective).
    static let references: [TransitionParameters] = {
        var flip = TransitionParameters(duration: 1, curve: .easeInEaseOut, perspectiveDistance: 667)
        flip.threshold = 0.5
        return [flip, TransitionParameters(duration: 0.75, curve: .spring(dampingRatio: 0.55, velocity: 1 / 0.55))]
    }()

    @Test(arguments: Parameter.allCases)
    func everyWayInReadsBackTheSame(_ parameter: Parameter) throws {
        for reference in Self.references {
            let spec = parameter.spec
            let stepped = parameter.stepped(reference, by: 1, reference: reference)
            guard let value = spec.argument(stepped) else {
                #expect(parameter == .perspective && reference.perspectiveDistance == nil)
                continue
            }
            #expect(stepped != reference, "\(parameter) did not step")
            // By option: what the table writes, the command line reads back.
            let args = spec.option.takesValue ? [spec.option.name, value] : [spec.option.name]
            let parsed = try SessionOptions(parsing: args)
            #expect(parsed.applied(to: reference) == stepped, "\(parameter) by option")
            // Copy as code's command and the saved tuning: what differs, as arguments, read back.
            let kept = SessionOptions(tuning: stepped, against: reference)
            #expect(kept.tuningArguments == args, "\(parameter): \(kept.tuningArguments)")
            #expect(try SessionOptions(parsing: kept.tuningArguments).applied(to: reference) == stepped)
            let store = TuningStore()
            store.keep(stepped, over: reference, for: "x", at: 0)
            #expect(store.parameters(for: "x", over: reference) == stepped, "\(parameter) kept")
            // The event names it by the table's name.
            let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(SessionEvent.Tuning(stepped))) as? [String: Any]
            #expect(json?[parameter.rawValue] != nil, "\(parameter) in the event")
            // Back by Shift and the key: the reference again (a switch toggles; a curve cycles).
            #expect(parameter.stepped(stepped, by: -1, reference: reference) == reference, "\(parameter) back")
        }
    }

    /// The keys step within what the option takes, at both ends: `--duration 60` then `d`
    /// stays 60 (it was clamped to 10 by the key before), 0.05 then Shift-`d` stays 0.05.
    @Test func theKeysStepWithinTheOptionsRange() throws {
        let base = Self.references[0]
        for (parameter, low, high) in [(Parameter.duration, "0.05", "60"), (.threshold, "0", "1"), (.completionSpeed, "0.05", "20"),
                                       (.perspective, "10", "100000")] {
            for (text, sign) in [(high, 1), (low, -1)] {
                let options = try SessionOptions(parsing: [parameter.spec.option.name, text])
                let set = options.applied(to: base)
                let stepped = parameter.stepped(set, by: sign, reference: base)
                #expect(stepped == set, "\(parameter) \(text) stepped \(sign)")
                #expect(throws: UsageError.self, "\(parameter) past \(text)") {
                    try SessionOptions(parsing: [parameter.spec.option.name, sign > 0 ? "1e6" : "-1"])
                }
            }
        }
        // A reference outside the range (a file's 0.03 s) steps into it forward only.
        var short = base
        short.duration = 0.03
        #expect(Parameter.duration.stepped(short, by: -1, reference: short).duration == 0.03)
        #expect(Parameter.duration.stepped(short, by: 1, reference: short).duration == 0.13)
        // From 30 s, d steps to 30.1, not down to the key's old limit of 10.
        let thirty = try SessionOptions(parsing: ["--duration", "30"]).applied(to: base)
        #expect(Parameter.duration.stepped(thirty, by: 1, reference: base).duration == 30.1)
    }

    /// The help lists each parameter once, with its range and key, from the table.
    @Test func theHelpComesFromTheTable() {
        let help = HelpText.table(SessionOptions.tuningOptions)
        for parameter in Parameter.allCases {
            let spec = parameter.spec
            #expect(help.components(separatedBy: "  " + spec.option.synopsis).count == 2, "\(spec.option.synopsis) listed once")
            #expect(spec.option.help.hasSuffix("(\(spec.key))"), "\(spec.option.name): \(spec.option.help)")
        }
        #expect(Parameter.duration.spec.option.help == "the transition's duration, 0.05…60 seconds (d)")
    }
}
