import Segue
import SegueCommandLine
import SegueStudio
import SegueProcess

/// `segue check FILE…`: reads each transition file as the app would and prints
/// `FILE: ok — NAME, N layers, D s` on stdout, or its problem on stderr; bad input (exit 2)
/// when any file does not read.
struct CheckCommand {
    let paths: [String]

    init(_ args: [String]) throws {
        guard !args.isEmpty else { throw UsageError("check needs one or more transition files: segue check FILE.json…") }
        if let option = args.first(where: { $0.hasPrefix("-") }) {
            throw UsageError("unknown option \(Echo.quoted(option)) for check (see --help)")
        }
        paths = args
    }

    /// Checks every file; each broken one is one line on stderr (the last thrown, for exit 2).
    func run() throws {
        var problems: [String] = []
        for path in paths {
            switch WatchedTransitionFile.load(path) {
            case .success(let file):
                let layers = file.layers.count
                try Command.writeStandardOutput("\(Echo.line(path)): ok — \(file.name), \(layers) layer\(layers == 1 ? "" : "s"), \(file.duration) s\n")
            case .failure(let problem):
                problems.append(problem.message)
            }
        }
        guard let last = problems.popLast() else { return }
        for p in problems { Command.printError("segue", p) }
        throw UsageError(last)
    }
}
