import Foundation

/// A thread's waits of one kind, and whether it looks for its work a while before it sleeps.
/// A thread woken from sleep runs again only tens of microseconds later (more on a virtual
/// machine, whose idle core the host may take back), and its core idles meanwhile. Frames
/// drawn back to back (an export's, the bench's) leave gaps of 50–200 µs between one batch of a
/// raster pipeline and the next, where a wake-up costs as much again; a window's frames come
/// 16 ms apart, where it costs nothing that shows. So a thread looks for its work only while
/// its waits of that kind have lately been short: their running mean (each new wait weighed a
/// quarter, and counted as at most `longest`) under `short`.
struct Spinner {
    /// How long it looks before it sleeps, nanoseconds.
    static let limit: UInt64 = 200_000
    /// The running mean of the waits under which it looks, nanoseconds.
    static let short: UInt64 = 2_000_000
    /// The most a wait counts for in the mean (a minute at rest is one long wait), nanoseconds.
    static let longest: UInt64 = 16_000_000

    /// Now, in nanoseconds from any fixed moment (injected by tests).
    private let clock: () -> UInt64
    /// Whether it ever looks (not on one processor, where the work can only come from a
    /// thread that needs the same one).
    private let looks: Bool
    private var mean: UInt64 = 0
    private var start: UInt64 = 0

    /// Whether this process may run on more than one processor (asked once).
    static let hasOtherProcessors = ProcessInfo.processInfo.activeProcessorCount > 1

    init(looks: Bool = Spinner.hasOtherProcessors,
         clock: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.looks = looks
        self.clock = clock
    }

    /// Begins a wait: looks at `done` until it holds or `limit` has passed, while the waits
    /// have been short, giving the processor between looks to any other thread ready to run
    /// on it (`sched_yield`: a hint, for those queued on the same core). Returns how many
    /// times it looked (0: not at all).
    @discardableResult
    mutating func begin(until done: () -> Bool) -> Int {
        start = clock()
        guard looks, mean < Self.short else { return 0 }
        var count = 1
        while !done() && clock() &- start < Self.limit {
            sched_yield()
            count += 1
        }
        return count
    }

    /// Ends the wait begun, after any sleep: its length goes into the mean.
    mutating func end() {
        let wait = min(clock() &- start, Self.longest)
        mean = (3 * mean + wait) / 4
    }
}
