import SegueCommandLine

/// Runs the command named by the arguments and exits: 0 on success, 1 when the platform or
/// the disk fails, 2 on bad input (one line on stderr), 130 / 143 after SIGINT / SIGTERM.
Command.run("segue") {
    var args = Array(CommandLine.arguments.dropFirst())
    if args.first == "help" || args.contains("--help") || args.contains("-h") {
        try Command.writeStandardOutput(Help.text + "\n")
        return 0
    }
    switch args.first {
    case "curve":
        args.removeFirst()
        try CurveCommand(args).run()
    case "replay":
        args.removeFirst()
        try ReplayCommand(args).run()
    case "check":
        args.removeFirst()
        try CheckCommand(args).run()
    case "render":
        args.removeFirst()
        try RenderCommand(args).run()
    default:
        return try LiveApp(options: LiveApp.Options(args)).run()
    }
    return 0
}
