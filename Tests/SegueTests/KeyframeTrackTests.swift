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

    /// The transform a frame sets from a transform track (`transform(at:)`, not boxed) is the
    /// one `value(at:)` gives, bit for bit: keys that decompose, keys that do not (a singular
    /// scale), a layer held still, two keys and many, a key of another kind among them.
    @Test func theTransformUnboxedIsTheValue() {
        var rng = SeededGenerator(seed: 0x7F0)
        func n() -> Double { Double.random(in: -2...2, using: &rng) }
        func transform() -> Transform3D {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: return .makeRotation(n(), n(), n(), n()).concatenating(.makeTranslation(n() * 100, n() * 100, n() * 10))
            case 1: return .makeScale(0, n(), 1)
            case 2: return .identity
            default: return Transform3D.makePerspective(distance: 500 + n() * 100).concatenating(.makeRotation(n(), 0, 1, 0))
            }
        }
        func bits(_ t: Transform3D?) -> [UInt64]? {
            t.map { [$0.m11, $0.m12, $0.m13, $0.m14, $0.m21, $0.m22, $0.m23, $0.m24, $0.m31, $0.m32, $0.m33, $0.m34,
                     $0.m41, $0.m42, $0.m43, $0.m44].map(\.bitPattern) }
        }
        for round in 0..<120 {
            let count = [1, 2, 3, 125][round % 4]
            let held = transform()
            var keys: [KeyframeTrack.Keyframe] = (0..<count).map { k in
                .init(time: count == 1 ? 0 : Double(k) / Double(count - 1), value: .transform(round % 5 == 0 ? held : transform()))
            }
            if round % 7 == 3 { keys[keys.count / 2].value = .number(n()) }
            let track = KeyframeTrack(keys)
            for p in [-0.5, 0, 0.3, 0.5, 0.99, 1, 1.5] + (0..<10).map({ _ in Double.random(in: -1...2, using: &rng) }) {
                var boxed: Transform3D?
                if case .transform(let t) = track.value(at: p) { boxed = t }
                #expect(bits(track.transform(at: p)) == bits(boxed), "round \(round), p \(p)")
            }
        }
    }

    /// A key time that is not a number leaves the keys out of order (no sort can place it):
    /// such a track is searched by halving alone, giving the segment it always gave.
    @Test func aTimeNotANumberIsSearchedByHalving() {
        func halving(_ t: [Double], _ p: Double) -> Int {
            var (low, high) = (0, t.count - 2)
            while low < high {
                let middle = (low + high) / 2
                if p > t[middle + 1] { low = middle + 1 } else { high = middle }
            }
            return low
        }
        var rng = SeededGenerator(seed: 0x4A4)
        for round in 0..<50 {
            let count = Int.random(in: 3...40, using: &rng)
            var keys = (0..<count).map { Double($0) }
            keys[Int.random(in: 0..<count, using: &rng)] = .nan
            let track = KeyframeTrack(keys.map { .init(time: $0, value: .number($0)) })
            let times = track.keyframes.map(\.time)
            for p in [-1, 0, .nan, Double(count), 1e308] + (0..<20).map({ _ in Double.random(in: -1...Double(count), using: &rng) }) {
                #expect(track.segment(holding: p) == halving(times, p), "round \(round), times \(times), p \(p)")
            }
        }
        // The case that told them apart: times 0, 1, NaN, 3, 4 at 3.5.
        let track = KeyframeTrack([0, 1, Double.nan, 3, 4].map { .init(time: $0, value: .number($0)) })
        #expect(track.segment(holding: 3.5) == halving(track.keyframes.map(\.time), 3.5))
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
