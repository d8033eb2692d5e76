@_exported import Segue
@_exported import SegueCatalog
import SegueCommandLine
import SegueDemos
import SegueSDL
import SegueProcess

/// The whole Segue app — the window, the HUD, tuning, slow motion, scrubbing, recording and
/// replay, events, headless rendering — as a library: a Swift package's executable runs it
/// with transitions of its own, which join the HUD's list after the built-in demos.
///
/// ```swift
/// import SegueLive
///
/// Studio.run([CustomTransition(name: "doors", duration: 0.7,
///                              interaction: .init(present: .init(.left), dismiss: .init(.right))) { presenting, p in
///     DoorsAnimator(presenting: presenting, duration: p.duration)
/// }])
/// ```
public enum Studio {
    /// Runs the command the process's arguments name, exactly as `segue` does, offering
    /// `transitions` besides the built-in demos (the app opens on the first unless
    /// `--demo` or `--transition-file` says otherwise), and exits: 0 on success, 1 when the
    /// platform or the disk fails, 2 on bad input (one line on stderr), 130 / 143 after
    /// SIGINT / SIGTERM.
    @MainActor
    public static func run(_ transitions: [CustomTransition] = []) -> Never {
        Command.run(Command.program) {
            var args = Array(CommandLine.arguments.dropFirst())
            if let problem = problem(with: transitions, taken: DemoCatalog.names) { throw UsageError(problem) }
            let lineup = { try Lineup(own: transitions, assets: try Assets.directory()) }
            if args.first == "help" || args.contains("--help") || args.contains("-h") {
                // `segue help render` or `segue render --help`: render's own.
                let command = args.first == "help" ? args.dropFirst().first : args.first
                if let command, !command.hasPrefix("-"), !Help.commands.contains(command) {
                    throw UsageError("unknown command \(Echo.quoted(command)) (one of: \(Help.commands.joined(separator: ", ")))")
                }
                try Command.writeStandardOutput(Help.text(for: command, transitions: transitions) + "\n")
                return 0
            }
            switch args.first {
            case "curve":
                args.removeFirst()
                try CurveCommand(args).run()
            case "replay":
                args.removeFirst()
                try ReplayCommand(args, lineup: try lineup()).run()
            case "check":
                args.removeFirst()
                try CheckCommand(args).run()
            case "import-css":
                args.removeFirst()
                try ImportCSSCommand(args).run()
            case "export-css":
                args.removeFirst()
                try ExportCSSCommand(args).run()
            case "catalog":
                args.removeFirst()
                try CatalogCommand(args, lineup: try lineup()).run()
            case "render":
                args.removeFirst()
                try RenderCommand(args, lineup: try lineup()).run()
            default:
                return try LiveApp(options: LiveApp.Options(args, lineup: try lineup())).run()
            }
            return 0
        }
    }

    /// What is wrong with a program's transitions: a name not of `[a-z0-9-]+`, one `taken`
    /// already or given twice, a duration out of 0 < d ≤ 60; nil when nothing is.
    static func problem(with transitions: [CustomTransition], taken: [String]) -> String? {
        var seen = Set(taken)
        for t in transitions {
            let name = Echo.quoted(t.name)
            guard TransitionFile.isName(t.name) else {
                return "transition \(name): a name is made of a-z, 0-9 and -, at most 64 characters"
            }
            guard seen.insert(t.name).inserted else { return "transition \(name): the name is taken" }
            guard t.duration > 0 && t.duration <= 60 else { return "transition \(name): the duration must be over 0 and at most 60 s" }
        }
        return nil
    }
}
