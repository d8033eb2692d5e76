/// Values at times in 0…1 (ascending), interpolated linearly between neighbours
/// (`calculationMode = .linear`). Two keyframes make a basic from–to animation.
public struct KeyframeTrack: Hashable, Sendable {
    /// A value the track reaches at a given progress.
    public struct Keyframe: Hashable, Sendable {
        /// The progress at which the track shows `value`, normally in 0…1.
        public var time: Double
        /// The value shown at `time`.
        public var value: AnimatableValue

        /// A keyframe showing `value` at progress `time` (not clamped).
        public init(time: Double, value: AnimatableValue) {
            self.time = time
            self.value = value
        }
    }

    /// The keyframes in ascending time (equal times in the order given); never empty.
    public let keyframes: [Keyframe]
    /// The transform keyframes decomposed once, so a frame only interpolates the parts
    /// (nil for other values and for transforms with no decomposition). Derived from
    /// `keyframes`, so equality and hashing leave it out.
    private let decompositions: [DecomposedTransform3D?]
    /// The keyframes' times, apart from their values: what `value(at:)` searches (a file's
    /// sampled track has 120 keys or more).
    private let times: [Double]
    /// Per segment, whether its two ends are the same value; read only between decomposed
    /// keys (a layer held still), where it is found once so a frame reads neither boxed
    /// transform.
    private let holds: [Bool]
    /// Whether every key time is a number (so the times are in order).
    private let timesAreNumbers: Bool

    /// A track through `keyframes`; their times are sorted (stably) so equal times keep their order.
    public init(_ keyframes: [Keyframe]) {
        precondition(!keyframes.isEmpty, "a keyframe track needs at least one keyframe")
        // In time order, keys of one time in the order given. (A track sampled from a file's
        // timeline comes in order, or for a dismiss in reverse: no sort.)
        let given = keyframes.map(\.time)
        if zip(given, given.dropFirst()).allSatisfy({ $0 <= $1 }) {
            self.keyframes = keyframes
        } else if zip(given, given.dropFirst()).allSatisfy({ $0 > $1 }) {
            self.keyframes = keyframes.reversed()
        } else {
            self.keyframes = keyframes.enumerated()
                .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
                .map(\.element)
        }
        times = self.keyframes.map(\.time)
        timesAreNumbers = !times.contains { $0.isNaN }
        decompositions = self.keyframes.map {
            if case .transform(let t) = $0.value { return t.decomposed }
            return nil
        }
        holds = zip(self.keyframes, self.keyframes.dropFirst()).map { $0.value == $1.value }
    }

    /// Whether the two tracks have the same keyframes.
    public static func == (a: KeyframeTrack, b: KeyframeTrack) -> Bool { a.keyframes == b.keyframes }
    /// Hashes the keyframes, which are all `==` compares.
    public func hash(into h: inout Hasher) { h.combine(keyframes) }

    /// A from–to track.
    public init(from: AnimatableValue, to: AnimatableValue) {
        self.init([Keyframe(time: 0, value: from), Keyframe(time: 1, value: to)])
    }

    /// The value at progress `p`. Between keyframes it is interpolated; outside the first and
    /// last keyframe times (a spring's overshoot) the outer segments extrapolate.
    public func value(at p: Double) -> AnimatableValue {
        switch sample(at: p) {
        case .key(let i): return keyframes[i].value
        case .decomposed(let i, let f): return .transform(decompositions[i]!.interpolated(to: decompositions[i + 1]!, at: f).recomposed)
        case .mixed(let i, let f): return keyframes[i].value.interpolated(to: keyframes[i + 1].value, at: f)
        }
    }

    /// `value(at:)`'s transform, not boxed in an `AnimatableValue` (which a frame of a file's
    /// 128 tiles would allocate 128 times); nil where that value is not a transform.
    package func transform(at p: Double) -> Transform3D? {
        switch sample(at: p) {
        case .key(let i):
            guard case .transform(let t) = keyframes[i].value else { return nil }
            return t
        case .decomposed(let i, let f):
            return decompositions[i]!.interpolated(to: decompositions[i + 1]!, at: f).recomposed
        case .mixed(let i, let f):
            // (Keys that do not decompose: rare enough to take boxed.)
            guard case .transform(let t) = keyframes[i].value.interpolated(to: keyframes[i + 1].value, at: f) else { return nil }
            return t
        }
    }

    /// Where `value(at:)` takes its value from: a key's own, keys i and i + 1 mixed at f by
    /// their decompositions, or by `AnimatableValue.interpolated`.
    private enum Sample {
        case key(Int)
        case decomposed(Int, Double)
        case mixed(Int, Double)
    }

    private func sample(at p: Double) -> Sample {
        let count = keyframes.count
        if count == 1 { return .key(0) }
        if count == 2 && decompositions[0] == nil {
            // A from–to track: no search, and both ends are the outer segment.
            let (t0, t1) = (times[0], times[1]), span = t1 - t0
            if span <= 0 { return p < t1 ? .key(0) : .key(1) }
            return .mixed(0, (p - t0) / span)
        }
        let i = segment(holding: p)
        let (from, to) = (times[i], times[i + 1])
        if to <= from { return p < to ? .key(i) : .key(i + 1) }
        let f = (p - from) / (to - from)
        if decompositions[i] != nil && decompositions[i + 1] != nil { return holds[i] ? .key(i) : .decomposed(i, f) }
        return .mixed(i, f)
    }

    /// The segment i…i + 1 (of at least two keys) holding `p`: the first whose end is not
    /// before p; the first where p is before every key or not a number, the last where it is
    /// past every key. A sampled track's keys lie about evenly in time, so the search starts
    /// where an even track would hold p and steps from there (its keys' times a cache line or
    /// two apart: a frame of a file's 128 tiles otherwise waited on memory at every halving),
    /// then halves what is left.
    /// (A track with a key time that is not a number cannot be put in order: it is only
    /// halved, as it always was.)
    func segment(holding p: Double) -> Int {
        times.withUnsafeBufferPointer { t in
            let last = t.count - 1
            // The segment lies in low…high; each look at a segment's end narrows that.
            var (low, high) = (0, last - 1)
            if timesAreNumbers {
                guard p > t[0] else { return 0 }
                guard p <= t[last] else { return last - 1 }
                let even = (p - t[0]) / (t[last] - t[0])
                var look = even >= 0 && even <= 1 ? min(Int(even * Double(last)), last - 1) : 0
                for _ in 0..<3 where low < high {
                    if p > t[look + 1] {
                        low = look + 1
                        look = low
                    } else {
                        high = look
                        look = max(low, look - 1)
                    }
                }
            }
            while low < high {
                let middle = (low + high) / 2
                if p > t[middle + 1] { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }
}
