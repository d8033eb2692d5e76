import Foundation
import SegueSDL
import SegueStudio

/// Runs the command named by the arguments and exits: 0 on success, 1 when the platform
/// fails, 2 on bad input (one line on stderr).
@MainActor
func runMain() -> Int32 {
    var args = Array(CommandLine.arguments.dropFirst())
    do {
        if args.first == "help" || args.contains("--help") || args.contains("-h") {
            print(Help.text)
            return 0
        }
        if args.first == "curve" {
            args.removeFirst()
            try CurveCommand(args).run()
            return 0
        }
        if args.first == "replay" {
            args.removeFirst()
            do {
                try ReplayCommand(args).run()
            } catch is ReplayCommand.ReplayStopped {
            }
            return 0
        }
        if args.first == "render" {
            args.removeFirst()
            try RenderCommand(args).run()
            return 0
        }
        return try LiveApp(options: LiveApp.Options(args)).run()
    } catch let e as UsageError {
        FileHandle.standardError.write(Data("segue: \(e.description)\n".utf8))
        return 2
    } catch {
        FileHandle.standardError.write(Data("segue: \(error)\n".utf8))
        return 1
    }
}

exit(runMain())
