import Testing
@testable import Segue
import SegueTestSupport

/// `KeyframeTrack.value(at:)` finds the segment holding a progress by starting where an even
/// track would hold it; whatever the keys' spacing, it must find the segment a plain look at
/// every key finds: the first whose end is not before p.
@Suite struct KeyframeTrackTests {
    /// The segment by looking at every key: the first i whose end is not before p (`!(p >
    /// end)`, so a progress that is not a number takes the first), else the last.
    static func segmentByEveryKey(_ times: [Double], _ p: Double) -> Int {
        (0..<(times.count - 1)).first { !(p > times[$0 + 1]) } ?? times.count - 2
    }

    /// Key times of one of four kinds: even samples with a few keys of their own among them
    /// (a file's sampled track), keys crowded towards one end, keys in repeated pairs (equal
    /// times: a step), and a handful at random.
    static func times(_ kind: Int, _ rng: inout SeededGenerator) -> [Double] {
        switch kind {
        case 0:
            let n = Int.random(in: 1...240, using: &rng)
            return ((0...n).map { Double($0) / Double(n) } + (0..<3).map { _ in Double.random(in: 0...1, using: &rng) }).sorted()
        case 1:
            let n = Int.random(in: 2...200, using: &rng)
            return (0..<n).map { k in
                let x = Double(k) / Double(n - 1)
                return x * x * x * x * x * x
            }
        case 2:
            let n = Int.random(in: 1...60, using: &rng)
            let steps: [Double] = (0..<n).flatMap { k -> [Double] in
                let t = Double(k) / Double(max(1, n - 1))
                return [t, t]
            }
            return steps + [2]
        default:
            return (0..<Int.random(in: 2...6, using: &rng)).map { _ in Double.random(in: -2...3, using: &rng) }.sorted()
        }
    }

    @Test func theSegmentFoundIsTheOneEveryKeyGives() {
        var rng = SeededGenerator(seed: 0x5E6)
        for round in 0..<200 {
            let times = Self.times(round % 4, &rng)
            let track = KeyframeTrack(times.enumerated().map { .init(time: $1, value: .number(Double($0))) })
            var progresses = [-.infinity, .infinity, .nan, -1e308, 1e308, times[0] - 1, times[times.count - 1] + 1]
            for t in times { progresses += [t, t.nextUp, t.nextDown] }
            progresses += (0..<50).map { _ in Double.random(in: (times[0] - 0.5)...(times[times.count - 1] + 0.5), using: &rng) }
            for p in progresses {
                let expected = Self.segmentByEveryKey(times, p)
                #expect(track.segment(holding: p) == expected, "times \(times), p \(p)")
                // The value between the segment's keys (their values are their indices).
                let (from, to) = (times[expected], times[expected + 1])
                let value: Double = to <= from ? Double(p < to ? expected : expected + 1)
                    : Double(expected) + (p - from) / (to - from)
                if case .number(let shown) = track.value(at: p) {
                    #expect(shown == value || (shown.isNaN && value.isNaN), "times \(times), p \(p)")
                }
            }
        }
    }

    /// Keys so far apart that the even guess is not a number: the search still ends, at the
    /// segment the keys give.
    @Test func keysAtTheEndsOfTheNumbersAreSearched() {
        let times = [-1e308, 0, 1e308]
        let track = KeyframeTrack(times.map { .init(time: $0, value: .number($0)) })
        for p in [1e308, -1e308 / 2, 1, 0, -1e308, 1e308.nextDown] {
            #expect(track.segment(holding: p) == Self.segmentByEveryKey(times, p))
        }
    }
}
