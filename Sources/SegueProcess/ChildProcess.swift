#if canImport(Glibc)
import Glibc
#endif

/// Another program run to take this one's output: its standard input is fed by `write`,
/// its standard output discarded (or kept with its standard error) and its standard error
/// kept in an unlinked temporary file (so it can never block on it) for `message`. It starts with SIGINT,
/// SIGTERM and SIGPIPE at their defaults and unblocked, in a process group of its own: a
/// terminal's Ctrl-C reaches this process, which stops the child itself (`kill`), and every
/// wait here gives way to a signal within `pollInterval`. An exit hook stops a child still
/// running when the process ends (`stop`).
package final class ChildProcess {
    /// Seconds a blocked write or a wait sleeps between looks at `Interruption`.
    package static let pollInterval = 0.05

    /// The program's name, for messages.
    package let name: String
    package let pid: pid_t
    /// This process's end of the child's standard input (a socket, written without SIGPIPE).
    private var input: Int32
    private let errors: UnsafeMutablePointer<FILE>
    private var exitStatus: Int32?
    private var hook: Int?
    /// Seconds a child asked to end by SIGTERM has to clean up before SIGKILL; 0: SIGKILL at once.
    private let grace: Double

    /// The child's standard input was closed: it has ended, or is ending (see `finish`).
    package struct InputClosed: Error {}

    /// The executable file called `name` in one of `PATH`'s folders, or nil.
    package static func find(_ name: String, path: String? = getenv("PATH").map { String(cString: $0) }) -> String? {
        for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + name
            if Path.kind(candidate) == .file && access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Starts `executable` (a path) with `arguments` (not counting its name, which is
    /// `name`); a failure to start is an `OutputError` naming it. Stopped, it is killed at
    /// once, or with `grace` seconds above 0, asked to end (SIGTERM) and killed after them.
    /// With `keepingOutput` its standard output goes where its standard error does.
    package init(_ executable: String, name: String, arguments: [String], grace: Double = 0, keepingOutput: Bool = false) throws {
        self.name = name
        self.grace = grace
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw OutputError("cannot start \(name): \(OutputError.reason(errno))")
        }
        guard let errors = tmpfile() else {
            let code = errno
            close(pair[0]); close(pair[1])
            throw OutputError("cannot start \(name): \(OutputError.reason(code))")
        }
        // Its stderr file is this child's alone: not inherited by the children started later.
        _ = fcntl(fileno(errors), F_SETFD, FD_CLOEXEC)
        self.errors = errors
        input = pair[0]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        if keepingOutput {
            posix_spawn_file_actions_adddup2(&actions, fileno(errors), 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, fileno(errors), 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for s in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let argv = ([name] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let started = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        close(pair[1])
        guard started == 0 else {
            close(input)
            fclose(errors)
            throw OutputError("cannot start \(name): \(OutputError.reason(started))")
        }
        self.pid = pid
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        let child = pid
        hook = ExitHooks.add { ChildProcess.stop(child, grace: grace) }
    }

    deinit {
        stop()
        fclose(errors)
    }

    /// Writes all of `bytes` to the child's standard input; throws `Interrupted` at a
    /// signal, `InputClosed` when the child no longer reads.
    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            try Interruption.check()
            guard input >= 0 else { throw InputClosed() }
            let n = send(input, bytes.baseAddress! + offset, min(bytes.count - offset, 1 << 20), Int32(MSG_NOSIGNAL))
            if n > 0 {
                offset += n
            } else if errno == EAGAIN || errno == EINTR {
                var p = pollfd(fd: input, events: Int16(POLLOUT), revents: 0)
                _ = poll(&p, 1, Int32(Self.pollInterval * 1000))
            } else {
                throw InputClosed()
            }
        }
    }

    /// Closes the child's standard input and waits for it to end; returns its exit status
    /// (128 + the signal that ended it) and the last line it wrote on standard error.
    /// A signal here kills the child and throws `Interrupted`.
    package func finish() throws -> (status: Int32, message: String) {
        if input >= 0 { close(input); input = -1 }
        while exitStatus == nil {
            if let signal = Interruption.signal {
                stop()
                throw Interrupted(signal: signal)
            }
            if status == nil { usleep(UInt32(Self.pollInterval * 1_000_000)) }
        }
        return (exitStatus!, message)
    }

    /// The child's exit status (128 + the signal that ended it) once it has ended, else nil;
    /// never waits.
    package var status: Int32? {
        if exitStatus == nil { reap(blocking: false) }
        return exitStatus
    }

    /// Ends the child (see `init`'s `grace`) and waits for it, unless it has ended.
    package func stop() {
        if input >= 0 { close(input); input = -1 }
        guard exitStatus == nil else { return }
        exitStatus = Self.stop(pid, grace: grace)
        endHook()
    }

    /// SIGTERM and up to `grace` seconds for `pid` to end (when above 0), then SIGKILL;
    /// returns its exit status.
    @discardableResult
    private static func stop(_ pid: pid_t, grace: Double) -> Int32 {
        if grace > 0 {
            Glibc.kill(pid, SIGTERM)
            for _ in 0..<Int((grace / 0.02).rounded(.up)) {
                if let status = wait(pid, blocking: false) { return status }
                usleep(20_000)
            }
        }
        Glibc.kill(pid, SIGKILL)
        return wait(pid, blocking: true) ?? 1
    }

    private func reap(blocking: Bool) {
        guard let status = Self.wait(pid, blocking: blocking) else { return }
        exitStatus = status
        endHook()
    }

    private func endHook() {
        if let hook { ExitHooks.remove(hook) }
        hook = nil
    }

    /// `pid`'s exit status (128 + the signal that ended it) once it has ended, reaping it;
    /// nil while it runs (and `blocking` is false). 1 if it cannot be waited for.
    private static func wait(_ pid: pid_t, blocking: Bool) -> Int32? {
        var status: Int32 = 0
        var r: pid_t
        repeat { r = waitpid(pid, &status, blocking ? 0 : WNOHANG) } while r < 0 && errno == EINTR
        if r == 0 { return nil }
        if r < 0 { return 1 }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// The last non-empty line the child wrote on standard error so far, at most 300 characters.
    package var message: String {
        let size = lseek(fileno(errors), 0, SEEK_END)
        let count = min(Int(max(size, 0)), 4096)
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { pread(fileno(errors), $0.baseAddress, count, off_t(size) - off_t(count)) }
        let text = String(decoding: bytes.prefix(max(n, 0)), as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        return String(line.trimmingPrefix(while: \.isWhitespace).prefix(300))
    }
}
