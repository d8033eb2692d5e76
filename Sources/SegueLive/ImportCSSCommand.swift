import Foundation
import Segue
import SegueCatalog
import SegueCommandLine
import SegueProcess

/// `segue import-css FILE.css [NAME…]`: each `@keyframes` of a style sheet (or the ones
/// named) as a format-2 transition file, written whole, one line on stdout each; what it does
/// not take is one warning line on stderr with its line and column.
struct ImportCSSCommand {
    static let on = Option<CSSImport.Screen>("--on", "modal|base", help: """
        the screen the keyframes play on, in front of the other: modal (default: the \
        presented screen comes in over the base) or base (the base screen goes out over \
        the modal)
        """) { text in
        guard let screen = CSSImport.Screen(rawValue: text) else { throw UsageError("--on must be modal or base, not \(Echo.quoted(text))") }
        return screen
    }
    static let duration = Option<Double>("--duration", "S", help: """
        seconds, above 0 and at most 60 (default: the animation-duration of a rule naming \
        the animation, else 1)
        """) { text in
        guard let v = Parse.decimal(text), v > 0, v <= 60 else { throw UsageError("--duration must be above 0 and at most 60 seconds, not \(Echo.quoted(text))") }
        return v
    }
    static let out = Option<String>.text("--out", "DIR|FILE", help: """
        a folder to write NAME.json files into (default: the current folder), or one \
        FILE.json when one animation is imported
        """)
    static var options: [OptionSpec] { [on.spec, duration.spec, out.spec] }

    /// A style sheet larger than this is refused before it is read.
    static let sizeLimit = 16 << 20

    let sheet: String
    let names: [String]
    let screen: CSSImport.Screen
    let duration: Double?
    let out: String?

    init(_ args: [String]) throws {
        let a = try Arguments(args, options: Self.options, positionals: 1000)
        guard let sheet = a.positionals.first else { throw UsageError("import-css needs a style sheet: segue import-css FILE.css [NAME…]") }
        self.sheet = sheet
        names = Array(a.positionals.dropFirst())
        screen = try a.value(Self.on) ?? .modal
        duration = try a.value(Self.duration)
        out = try a.value(Self.out)
        a.checkEveryOptionRead()
    }

    func run() throws {
        let data: Data
        switch RegularFile.read(atPath: sheet, limit: Self.sizeLimit) {
        case .success(let d): data = d
        case .failure(let why): throw UsageError("cannot read \(Echo.quoted(sheet)): \(why)")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw UsageError("\(Echo.quoted(sheet)) is not UTF-8 text") }
        let result: CSSImport
        do {
            result = try CSSImport(text, names: names, on: screen, duration: duration)
        } catch let problem as CSSProblem {
            throw UsageError("\(Echo.line(sheet)), \(problem)")
        }
        for w in result.warnings { Command.writeStandardError("\(Echo.line(sheet)), \(w.place): warning: \(Echo.line(w.message))\n") }
        guard !result.imported.isEmpty else { throw UsageError("\(Echo.quoted(sheet)) has no @keyframes") }
        let targets = try self.targets(result.imported.map(\.file.name))
        for (imported, path) in zip(result.imported, targets) {
            try Interruption.check()
            try OutputFile.write(path, bytes: Array(imported.file.text.utf8))
            let keys = imported.file.layers.map(\.keyframes.count).max() ?? 0
            try Command.writeStandardOutput("wrote \(Echo.line(path)) — \(imported.file.name) (@keyframes \(Echo.line(imported.animation))), "
                                            + "\(keys) keyframe\(keys == 1 ? "" : "s"), \(TransitionFile.number(imported.file.duration)) s\n")
        }
    }

    /// Where each of the files `names` goes: `--out`'s folder (or the current one), or the
    /// one file `--out` names; checked before anything is written.
    private func targets(_ names: [String]) throws -> [String] {
        let out = self.out ?? "."
        if out.hasSuffix("/") || Path.kind(out) == .folder {
            guard Path.kind(out) == .folder else { throw UsageError("cannot write --out \(Echo.quoted(out)): no such folder") }
            let folder = out.hasSuffix("/") ? String(out.dropLast()) : out
            return try names.map { try OutputFile.target((folder.isEmpty ? "" : folder + "/") + $0 + ".json", for: "--out") }
        }
        guard names.count == 1 else {
            throw UsageError("--out \(Echo.quoted(out)) names one file, but \(names.count) animations were imported (name one, or give a folder)")
        }
        return [try OutputFile.target(out, for: "--out")]
    }
}
