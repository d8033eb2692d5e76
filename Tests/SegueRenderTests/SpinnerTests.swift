import Testing
@testable import SegueRender

/// A raster pipeline thread's waits (`Spinner`), on a clock the test moves: it looks for its
/// work until the work comes or 200 µs have passed, and only while the running mean of its
/// waits (a quarter each new one, counted as at most 16 ms) is under 2 ms.
@Suite struct SpinnerTests {
    final class Clock {
        var now: UInt64 = 1_000_000_000
    }

    @Test func looksUntilItsWorkComesOrTheLimitHasPassed() {
        let clock = Clock()
        var spinner = Spinner(looks: true, clock: { clock.now })
        var looks = 0
        // Each look takes 10 µs; the work comes at the third.
        #expect(spinner.begin { looks += 1; clock.now += 10_000; return looks == 3 } == 3)
        spinner.end()
        // None comes, and look k takes 5·k µs: after 8, 180 µs have passed; after 9, 225.
        looks = 0
        #expect(spinner.begin { looks += 1; clock.now += UInt64(5_000 * looks); return false } == 9)
        #expect(looks == 9)
    }

    @Test func looksOnlyWhileItsWaitsHaveBeenShort() {
        let clock = Clock()
        var spinner = Spinner(looks: true, clock: { clock.now })
        func wait(_ nanoseconds: UInt64) -> Int {
            let looked = spinner.begin { true }
            clock.now += nanoseconds
            spinner.end()
            return looked
        }
        // The mean begins at 0. A wait of 10 ms makes it 2.5 ms, so the next does not look;
        // waits of 1 ms bring it to 2.125 ms (no look either), then 1.84: the third looks.
        #expect(wait(10_000_000) == 1)
        #expect(wait(1_000_000) == 0)
        #expect(wait(1_000_000) == 0)
        #expect(wait(1_000_000) == 1)
        // A minute at rest counts as 16 ms (the mean 5.2 ms), so it does not keep it from
        // looking for long: after four waits of 100 µs (the mean 1.72 ms) it looks again.
        #expect(wait(60_000_000_000) == 1)
        for _ in 0..<4 { #expect(wait(100_000) == 0) }
        #expect(wait(100_000) == 1)
    }

    @Test func neverLooksWhereToldNot() {
        let clock = Clock()
        var spinner = Spinner(looks: false, clock: { clock.now })
        var looked = false
        #expect(spinner.begin { looked = true; return true } == 0)
        #expect(!looked)
    }
}
