import Foundation
import Testing
import SegueProcess

/// The shared value behind a lock: under contention every change lands, and `make tsan` runs
/// this suite, so a lock the sanitizer cannot see (the standard library's `Mutex`, contended)
/// shows there as a race.
@Suite struct LockedTests {
    @Test func contendedChangesAllLandAndTheBodysResultComesBack() {
        let threads = 4, rounds = 20_000
        let count = Locked([Int](repeating: 0, count: threads))
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for _ in 0..<rounds { count.withLock { $0[t] += 1; $0[($0.count - 1) - t] += 1 } }
        }
        #expect(count.withLock { $0 } == [Int](repeating: 2 * rounds, count: threads))
        #expect(count.withLock { $0.reduce(0, +) } == 2 * threads * rounds)
    }

    @Test func aThrowFromTheBodyLeavesTheLockFree() {
        struct Refused: Error {}
        let value = Locked(1)
        #expect(throws: Refused.self) { try value.withLock { (v: inout Int) throws(Refused) in v = 2; throw Refused() } }
        #expect(value.withLock { $0 } == 2)
    }
}
