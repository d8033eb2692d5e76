/// How a drag's percent maps to a transition's timeline while the finger holds it.
public enum ScrubMode: String, Hashable, Sendable, CaseIterable {
    /// UIKit's percent-driven transition: the timeline is shown at the percent of its time,
    /// so its curve shapes what moves (an ease-in lags the finger, a spring overshoots it).
    case curve
    /// As `UIViewPropertyAnimator.scrubsLinearly` and Flutter: the timeline is shown where its
    /// curve has covered the percent, so what moves stays under the finger.
    case linear
}

extension Easing {
    /// The first time fraction (0…1) at which this easing reaches `progress` (clamped to
    /// 0…1): the inverse of a Bézier that only rises; where a curve overshoots or dips, the
    /// first crossing. Found by stepping 64 samples, then halving within the step 40 times.
    public func timeFraction(reaching progress: Double) -> Double {
        let p = min(max(progress.isNaN ? 0 : progress, 0), 1)
        guard p > 0 else { return 0 }
        let steps = 64
        var lo = 0.0
        for k in 1...steps {
            let x = Double(k) / Double(steps)
            if value(at: x) >= p {
                var hi = x
                for _ in 0..<40 {
                    let mid = (lo + hi) / 2
                    if value(at: mid) >= p { hi = mid } else { lo = mid }
                }
                return hi
            }
            lo = x
        }
        return 1
    }
}
