import Foundation

/// A thread's waits of one kind, and whether it looks for its work a while before it sleeps.
/// A thread woken from sleep runs again only tens of microseconds later (more on a virtual
/// machine, whose idle core the host may take back), and the core it left idles meanwhile.
/// Frames drawn back to back leave gaps shorter than that between one batch of a raster
/// pipeline and the next (the calls' set-up, the last band of the one before, the next
/// frame's calls given); a window's frames, 16 ms apart, do not, and a thread whose last
/// wait of the kind was long sleeps at once.
struct Spinner {
    /// How long it looks before it sleeps, nanoseconds.
    static let limit: UInt64 = 200_000
    /// A wait longer than this (nanoseconds) makes the next one sleep at once.
    static let long: UInt64 = 2_000_000

    /// Now, in nanoseconds from any fixed moment (injected by tests).
    private let clock: () -> UInt64
    private var spins = true
    private var start: UInt64 = 0

    init(clock: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.clock = clock
    }

    /// Begins a wait: looks at `done` until it holds or `limit` has passed, unless the last
    /// wait was long, giving the processor to any other thread ready to run on it between
    /// looks (so one that spins takes no time from a thread composing the next frame).
    /// Returns how many times it looked (0: it did not spin).
    @discardableResult
    mutating func begin(until done: () -> Bool) -> Int {
        start = clock()
        guard spins else { return 0 }
        var looks = 1
        while !done() && clock() &- start < Self.limit {
            sched_yield()
            looks += 1
        }
        return looks
    }

    /// Ends the wait begun, after any sleep: whether the next one spins.
    mutating func end() { spins = clock() &- start < Self.long }
}
