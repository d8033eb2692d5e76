import Testing
@testable import SegueRender

/// A raster pipeline thread's waits (`Spinner`), on a clock the test moves: it looks for its
/// work until the work comes or 200 µs have passed, and not at all after a wait over 2 ms.
@Suite struct SpinnerTests {
    final class Clock: @unchecked Sendable {
        var now: UInt64 = 1_000_000_000
    }

    @Test func looksUntilItsWorkComesOrTheLimitHasPassed() {
        let clock = Clock()
        var spinner = Spinner(clock: { clock.now })
        var looks = 0
        // Each look takes 10 µs; the work comes at the third.
        #expect(spinner.begin { looks += 1; clock.now += 10_000; return looks == 3 } == 3)
        spinner.end()
        // None comes: 20 looks reach 200 µs, and it stops to sleep.
        looks = 0
        #expect(spinner.begin { looks += 1; clock.now += 10_000; return false } == 20)
        #expect(looks == 20)
    }

    @Test func sleepsAtOnceAfterALongWaitAndLooksAgainAfterAShortOne() {
        let clock = Clock()
        var spinner = Spinner(clock: { clock.now })
        spinner.begin { clock.now += 10_000; return false }
        // It slept until 2.2 ms after the wait began: over 2 ms, so the next does not look.
        clock.now += 2_000_000
        spinner.end()
        var looked = false
        #expect(spinner.begin { looked = true; return true } == 0)
        #expect(!looked)
        // That one's work came within 1.9 ms: the next looks again.
        clock.now += 1_900_000
        spinner.end()
        #expect(spinner.begin { clock.now += 10_000; return true } == 1)
        // A wait of exactly 2 ms is long.
        clock.now += 1_990_000
        spinner.end()
        #expect(spinner.begin { true } == 0)
    }
}
