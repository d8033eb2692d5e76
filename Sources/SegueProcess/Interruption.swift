internal import CSegueSupport
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The one signal path: every signal that would end the process from outside (SIGINT,
/// SIGTERM, SIGHUP when the terminal closes, SIGPIPE when a reader goes, SIGUSR1, SIGQUIT
/// and the rest; one ignored by the parent, as under nohup, stays ignored, but SIGINT,
/// SIGTERM and SIGPIPE) is
/// caught by the process itself (installed by `Command.run`, before SDL starts, which is
/// told to leave them alone); every long loop calls `check()` at least every few hundred
/// milliseconds and unwinds, cleaning up as it goes (children ended, partial files removed,
/// recordings written), and the command exits 128 + the signal (129, 130, 141, 143…).
package enum Interruption {
    /// Installs the handlers; idempotent.
    package static func install() {
        guard !installed.exchange(true, ordering: .relaxed) else { return }
        segue_signals_install()
    }

    private static let installed = Atomic<Bool>(false)

    /// The signal received, if any.
    package static var signal: Int32? {
        let s = segue_signal_received()
        return s == 0 ? nil : s
    }

    /// Throws `Interrupted` once a signal has arrived.
    package static func check() throws(Interrupted) {
        if let signal { throw Interrupted(signal: signal) }
    }

    /// Forgets a received signal (tests only).
    package static func reset() { segue_signal_reset() }
}

/// Work that must run however the process ends — returning, an error, a signal, or a
/// library calling `exit` (Xlib when the display goes): each hook runs once, in the order
/// added, at the latest from `atexit`.
package enum ExitHooks {
    private static let hooks = Locked<[(id: Int, body: @Sendable () -> Void)]>([])
    private static let nextID = Atomic<Int>(1)
    private static let registered = Atomic<Bool>(false)

    /// Adds `body`; the returned id removes it (`remove`) once its work is done otherwise.
    @discardableResult
    package static func add(_ body: @escaping @Sendable () -> Void) -> Int {
        if !registered.exchange(true, ordering: .relaxed) { atexit { ExitHooks.runAll() } }
        let id = nextID.add(1, ordering: .relaxed).oldValue
        hooks.withLock { $0.append((id, body)) }
        return id
    }

    package static func remove(_ id: Int) {
        hooks.withLock { $0.removeAll { $0.id == id } }
    }

    /// Runs and removes every hook.
    package static func runAll() {
        while let next = hooks.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { next.body() }
    }
}
