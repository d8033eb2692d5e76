#if canImport(Glibc)
import Glibc
import SegueProcess
#endif

/// Runs a command-line program's body with the process-wide rules every Segue executable
/// keeps: signals caught (`Interruption`), and the exit status from how the body ended —
/// its own status; 2 and one line for a `UsageError`; 128 + the signal for an
/// interruption, whatever the body ended with (silent: a write to a pipe whose reader went
/// fails with SIGPIPE's EPIPE); 1 and one line for anything else. Every line is made safe
/// with `Echo.line`.
public enum Command {
    public static func run(_ program: String, _ body: () throws -> Int32) -> Never {
        Interruption.install()
        var status: Int32
        do {
            status = try body()
        } catch let e as Interrupted {
            status = e.exitStatus
        } catch {
            if Interruption.signal == nil { printError(program, "\(error)") }
            status = error is UsageError ? 2 : 1
        }
        ExitHooks.runAll()
        if let signal = Interruption.signal { status = 128 + signal }
        exit(status)
    }

    /// The running program's name as it was invoked (`segue`, or a package's own program
    /// made with `Studio.run`): what its messages start with.
    public static var program: String {
        let invoked = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
        return invoked.isEmpty ? "segue" : invoked
    }

    /// Writes "program: message" as one line on stderr.
    public static func printError(_ program: String, _ message: String) {
        writeStandardError(program + ": " + Echo.line(message) + "\n")
    }

    /// Writes "PROGRAM: message" as one line on stderr, the program as invoked.
    public static func report(_ message: String) { printError(program, message) }

    /// Writes `text` to stdout, all of it, or throws `OutputError` (a closed pipe, a full
    /// disk: "cannot write standard output: …", exit 1).
    public static func writeStandardOutput(_ text: String) throws {
        try FileSink(fd: 1, path: "standard output", interruptible: false).write(Array(text.utf8))
    }

    /// Writes `text` to stderr unbuffered (retrying short writes).
    public static func writeStandardError(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }
}
