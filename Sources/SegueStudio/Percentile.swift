extension Array where Element == Double {
    /// The value at fraction `p` (0…1, clamped) of the sorted samples, nearest rank; nil for
    /// no samples.
    package func percentile(_ p: Double) -> Double? {
        guard !isEmpty else { return nil }
        let s = sorted()
        return s[Int((Double(s.count - 1) * Swift.min(Swift.max(p, 0), 1)).rounded())]
    }
}
