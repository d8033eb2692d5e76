import Segue
import Testing
import SegueCommandLine
@testable import SegueStudio
import SegueCatalog
import SegueProcess

/// The one argument parser: strict rules, values validated when read, help from the
/// declarations.
@MainActor @Suite struct ArgumentsTests {
    static let count = Option.whole("--count", "N", in: 1...10, help: "how many, 1…10")
    static let ratio = Option.number("--ratio", "R", in: -1...1, help: "a ratio")
    static let name = Option<String>.text("--name", "TEXT", help: "a name")
    static let loud = Flag("--loud", help: "shout")
    static var all: [OptionSpec] { [count.spec, ratio.spec, name.spec, loud.spec] }

    private func error(_ args: [String], positionals: Int = 0) -> String? {
        do {
            let a = try Arguments(args, options: Self.all, positionals: positionals)
            _ = try a.value(Self.count)
            _ = try a.value(Self.ratio)
            return nil
        } catch let e as UsageError {
            return e.description
        } catch {
            return "\(error)"
        }
    }

    @Test func readsValuesFlagsAndPositionals() throws {
        let a = try Arguments(["file", "--count", "3", "--ratio=-0.5", "--loud"], options: Self.all, positionals: 1)
        #expect(a.positionals == ["file"])
        #expect(try a.value(Self.count) == 3)
        #expect(try a.value(Self.ratio) == -0.5)
        #expect(a.flag(Self.loud))
        // A negative number is a value; "--x" after --name is not (it looks like an option).
        #expect(throws: UsageError("option --name needs a value")) {
            try Arguments(["--name", "--x"], options: Self.all)
        }
        #expect(try Arguments(["--ratio", "-1"], options: Self.all).value(Self.ratio) == -1)
        #expect(try Arguments([], options: Self.all).value(Self.count) == nil)
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus' (see --help)"),
        (["--count", "2", "--count", "3"], "option --count given more than once"),
        (["--loud", "--loud"], "option --loud given more than once"),
        (["--count"], "option --count needs a value"),
        (["--loud=yes"], "option --loud takes no value"),
        (["stray"], "unexpected argument 'stray' (see --help)"),
        (["--count", "11"], "--count must be a whole number from 1 to 10, not '11'"),
        (["--ratio", "nan"], "--ratio must be a number, not 'nan'"),
        (["--ratio", "2"], "--ratio must be within -1…1, not '2'"),
        (["--bo\ngus"], "unknown option '--bo\\ngus' (see --help)"),
    ])
    func refusesWithOneLine(_ args: [String], _ message: String) {
        #expect(error(args) == message)
    }

    @Test func theSessionsOptionsRoundTripThroughTheirArguments() throws {
        var o = SessionOptions()
        o.demo = "pageturn"
        o.tuning[.duration] = "0.5"
        o.tuning[.release] = "velocity"
        o.slowMotion = true
        o.tuning[.curve] = "easeIn"
        #expect(try SessionOptions(parsing: o.arguments) == o)
        // A curve of its own goes as cubic-bezier:x1,y1,x2,y2 and comes back the same.
        o.tuning[.curve] = Curve.bezier(TimingCurve(0.2, 1.6, 0.4, 1)).argument
        o.tuning[.completionCurve] = Curve.bezier(TimingCurve(0, 0, 0.3, 1)).argument
        #expect(o.arguments.contains("cubic-bezier:0.2,1.6,0.4,1.0"))
        #expect(try SessionOptions(parsing: o.arguments) == o)
        #expect(Parameter.curve.text(o.applied(to: .init(duration: 1, curve: .linear))) == "0.2, 1.6, 0.4, 1" && TimingCurve.easeIn.shortText == "easeIn")
        // A spring goes as spring:RATIO,VELOCITY.
        o.tuning[.curve] = Curve.spring(dampingRatio: 0.55, velocity: 1 / 0.55).argument
        #expect(o.arguments.contains("spring:0.55,\(1 / 0.55)") && Parameter.curve.text(o.applied(to: .init(duration: 1, curve: .linear))) == "spring 0.55, 1.82")
        #expect(try SessionOptions(parsing: o.arguments) == o)
        #expect(TimingCurve(0.125, -0.004, 1, 10).shortText == "0.13, 0, 1, 10")
        // A name is checked against what the program offers (its own transitions too).
        let nope = try SessionOptions(parsing: ["--demo", "nope"])
        #expect(throws: UsageError("unknown demo 'nope' (one of: flip, pageturn, magicmove)")) {
            try nope.checkDemo(among: ["flip", "pageturn", "magicmove"])
        }
        try nope.checkDemo(among: ["flip", "nope"])
        #expect(throws: UsageError("--demo takes a name of a-z, 0-9 and -, at most 64 characters, not 'No pe'")) {
            try SessionOptions(parsing: ["--demo", "No pe"])
        }
    }

    /// One rule each, wherever a value is written: numbers in decimal only; a Bézier's y within
    /// −10…10 on the command line and in files (and `segue curve`, tested with the command);
    /// a spring's damping from 0.001 and a duration from a millisecond; names of 64 characters.
    @Test func oneRuleEachEverywhere() throws {
        #expect(Parse.decimal("12") == 12 && Parse.decimal("-0.5") == -0.5 && Parse.decimal(".25") == 0.25 && Parse.decimal("1e-3") == 0.001)
        for text in ["0x10", "0x1p3", "inf", "nan", "1e999", "", "1.2.3", " 1", "1_000"] { #expect(Parse.decimal(text) == nil, "\(text)") }
        #expect(throws: UsageError.self) { try Parse.number("0x10", "--fps", in: 1...240) }
        #expect(throws: UsageError.self) { try Parse.size("0x10x5", "--size", in: 1...100, unit: "pt") }
        #expect(throws: UsageError("--curve cubic-bezier's y1 and y2 must be within -10…10, not 'cubic-bezier:0.2,11,0.4,1'")) {
            try SessionOptions(parsing: ["--curve", "cubic-bezier:0.2,11,0.4,1"])
        }
        #expect(throws: UsageError.self) { try SessionOptions(parsing: ["--curve", "cubic-bezier:0x1p-2,1,0.4,1"]) }
        #expect(throws: UsageError("--curve spring's damping ratio must be within 0.001…1000, not 'spring:5e-324,0'")) {
            try SessionOptions(parsing: ["--curve", "spring:5e-324,0"])
        }
        #expect(Spring.validate(duration: 5e-324, dampingRatio: 1, initialVelocity: 0) == "duration must be a positive number of seconds, at least 0.001")
        #expect(Spring.validate(duration: 1, dampingRatio: 5e-324, initialVelocity: 0) == "damping ratio must be a positive number, at least 0.001")
        let file = { (curve: String) in #"{"format":1,"name":"a","duration":1,"curve":\#(curve),"layers":[{"source":"base"}]}"# }
        #expect(throws: TransitionFileError.self) { try TransitionFile.read(file(#"{"cubicBezier":[0.2,11,0.4,1]}"#)) }
        #expect(throws: TransitionFileError.self) { try TransitionFile.read(file(#"{"spring":{"dampingRatio":5e-324}}"#)) }
        _ = try TransitionFile.read(file(#"{"cubicBezier":[0.2,10,0.4,-10]}"#))
        #expect(throws: UsageError.self) { try SessionOptions(parsing: ["--demo", String(repeating: "a", count: 65)]) }
        _ = try SessionOptions(parsing: ["--demo", String(repeating: "a", count: 64)])
    }

    /// An option declared and never asked for is a command's mistake, named.
    @Test func anOptionDeclaredAndNeverReadIsNamed() throws {
        let count = Option.number("--count", "N", in: 1...10, help: "how many")
        let loud = Flag("--loud", help: "loudly")
        let a = try Arguments(["--count", "3"], options: [count.spec, loud.spec])
        #expect(a.unreadOptions == ["--count", "--loud"])
        _ = try a.value(count)
        let copy = a
        _ = copy.flag(loud)
        #expect(a.unreadOptions.isEmpty)
        // Every session option is read by the session's parser (it checks itself too).
        #expect(try Arguments([], options: SessionOptions.declarations).unreadOptions.count == SessionOptions.declarations.count)
        _ = try SessionOptions(parsing: [])
    }

    @Test func helpIsGeneratedFromTheDeclarations() {
        let table = HelpText.table(Self.all)
        #expect(table.split(separator: "\n").first == "  --count N    how many, 1…10")
        #expect(table.contains("  --loud       shout"))
        let synopsis = HelpText.synopsis("tool", required: [Self.count.spec], optional: [Self.loud.spec])
        #expect(synopsis == "  tool --count N [--loud]")
        // Every line fits the width; long help wraps under its column.
        let long = HelpText.table([OptionSpec(name: "--long", placeholder: nil, help: String(repeating: "word ", count: 60))])
        #expect(long.split(separator: "\n").allSatisfy { $0.count <= HelpText.width })
        #expect(long.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 10) + "word") })
    }
}

/// The one escaping rule for input shown in messages.
@MainActor @Suite struct EchoTests {
    @Test func controlAndFormatCharactersBecomeVisibleEscapes() {
        #expect(Echo.quoted("a\nb\tc\r\u{1B}[31m") == #"'a\nb\tc\r\e[31m'"#)
        #expect(Echo.quoted("\u{7F}\u{85}\u{202E}x\u{200B}") == #"'\u{7F}\u{85}\u{202E}x\u{200B}'"#)
        #expect(Echo.quoted(#"back\slash"#) == #"'back\\slash'"#)
        #expect(Echo.quoted("café ünïcode → ok") == "'café ünïcode → ok'")
        #expect(Echo.quoted(String(repeating: "x", count: 500)).count == Echo.maxQuoted + 3)
    }

    @Test func aLineIsEscapedOnceOnly() {
        let quoted = "unknown demo " + Echo.quoted("\u{1B}]0;title\u{07}")
        #expect(Echo.line(quoted) == quoted)
        #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 })
        #expect(Echo.line("two\nlines") == #"two\nlines"#)
    }
}
