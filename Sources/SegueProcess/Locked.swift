#if canImport(Glibc)
import Glibc
#endif

/// A value that threads share behind a lock: `withLock` runs its body on the value while no
/// other thread can reach it. Not recursive: a body must not take the same lock again.
///
/// The lock is a POSIX mutex rather than the standard library's `Mutex`: a `Mutex` that is
/// contended hands itself over inside the kernel (a priority-inheriting futex), out of
/// ThreadSanitizer's sight, so `make tsan` reported races, now and then, between accesses
/// that the lock did keep apart. The sanitizer sees every lock and unlock of a POSIX mutex.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    package init(_ value: sending Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value, holding the lock, and returns what it returns.
    package func withLock<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
