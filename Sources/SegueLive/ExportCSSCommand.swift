import Segue
import SegueCatalog
import SegueCommandLine
import SegueProcess
import SegueStudio

/// `segue export-css FILE.json`: a transition file as CSS `@keyframes` and the rules that
/// play them, on stdout or written whole to `--out`; what CSS cannot say is one warning line
/// each on stderr.
struct ExportCSSCommand {
    static let out = Option<String>.text("--out", "FILE.css", help: "write the CSS here (written whole) instead of to stdout")
    static var options: [OptionSpec] { [out.spec] }

    let path: String
    let out: String?

    init(_ args: [String]) throws {
        let a = try Arguments(args, options: Self.options, positionals: 1)
        guard let path = a.positionals.first else { throw UsageError("export-css needs a transition file: segue export-css FILE.json") }
        self.path = path
        out = try a.value(Self.out).map { try OutputFile.target($0, for: "--out") }
        a.checkEveryOptionRead()
    }

    func run() throws {
        let file: TransitionFile
        switch WatchedTransitionFile.load(path) {
        case .success(let f): file = f
        case .failure(let problem): throw UsageError(problem.message)
        }
        let export = CSSExport(file)
        for w in export.warnings { Command.writeStandardError("\(Echo.line(path)): warning: \(Echo.line(w))\n") }
        if let out {
            try OutputFile.write(out, bytes: Array(export.css.utf8))
            try Command.writeStandardOutput("wrote \(Echo.line(out)) — \(file.name) as CSS\n")
        } else {
            try Command.writeStandardOutput(export.css)
        }
    }
}
