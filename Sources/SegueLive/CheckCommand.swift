import Segue
import SegueCommandLine
import SegueStudio
import SegueProcess

/// `segue check FILE…`: reads each transition file as the app would and reports every
/// problem it has, each one line on stderr as compilers write them
/// (`FILE:LINE:COLUMN: PLACE: what was expected`), and what is legal but likely a mistake
/// as `FILE:LINE:COLUMN: warning: …`; a file with no problem is `FILE: ok — NAME, N layers,
/// D s` on stdout. Bad input (exit 2) when any file has a problem; warnings alone exit 0.
struct CheckCommand {
    let paths: [String]

    init(_ args: [String]) throws {
        guard !args.isEmpty else { throw UsageError("check needs one or more transition files: segue check FILE.json…") }
        if let option = args.first(where: { $0.hasPrefix("-") }) {
            throw UsageError("unknown option \(Echo.quoted(option)) for check (see --help)")
        }
        paths = args
    }

    func run() throws {
        var broken = 0
        for path in paths {
            let shown = Echo.line(path)
            switch WatchedTransitionFile.text(path) {
            case .failure(let problem):
                Command.writeStandardError("\(Echo.line(problem.message))\n")
                broken += 1
            case .success(let text):
                let result = TransitionFile.check(text)
                for p in result.problems { Command.writeStandardError("\(shown):\(Echo.line(p.located))\n") }
                for w in result.warnings { Command.writeStandardError("\(shown):\(Self.warning(w))\n") }
                if let file = result.file, let problem = WatchedTransitionFile.imageProblem(file, path: path) {
                    Command.writeStandardError("\(shown): \(Echo.line(problem))\n")
                    broken += 1
                } else if let file = result.file {
                    let layers = file.layers.count, warnings = result.warnings.count
                    try Command.writeStandardOutput("\(shown): ok — \(file.name), format \(file.format), \(layers) layer\(layers == 1 ? "" : "s"), \(file.duration) s"
                                                    + (warnings == 0 ? "" : ", \(warnings) warning\(warnings == 1 ? "" : "s")") + "\n")
                } else {
                    broken += 1
                }
            }
        }
        if broken > 0 {
            throw UsageError("\(broken) of \(paths.count) file\(paths.count == 1 ? "" : "s") \(broken == 1 ? "has" : "have") problems")
        }
    }

    /// `LINE:COLUMN: warning: PLACE: message`.
    static func warning(_ w: TransitionFileError) -> String {
        let at = w.line.map { "\($0):\(w.column ?? 1): " } ?? ""
        return Echo.line("\(at)warning: \(w.description)")
    }
}
