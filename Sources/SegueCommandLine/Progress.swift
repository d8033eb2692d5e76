
/// How far a long job is, as text for stderr. On a terminal: one line rewritten in place
/// (`\r`) — a bar, the percent done and the time left — at most `terminalInterval` apart;
/// elsewhere (a pipe, a file, a log) a plain line every `plainInterval` seconds. The time
/// left is the time so far scaled by the work left; it is shown once a second has passed.
/// Nothing here reads a clock: the caller passes the time (seconds, any origin).
public struct Progress: Sendable {
    public static let terminalInterval = 0.1
    public static let plainInterval = 2.0
    static let barWidth = 24

    /// What is being done, starting each line ("replay 'run.mp4'").
    public let label: String
    /// The amount of work in all (frames), at least 1.
    public let total: Int
    public let isTerminal: Bool
    private let start: Double
    private var lastShown: Double
    /// Whether a rewritten line is on the terminal (and must be cleared).
    private var lineShown = false

    public init(_ label: String, total: Int, isTerminal: Bool, now: Double) {
        self.label = label
        self.total = max(total, 1)
        self.isTerminal = isTerminal
        start = now
        lastShown = now
    }

    /// The text to write now that `done` of `total` are done at `now`, or nil when it is not due.
    public mutating func update(done: Int, now: Double) -> String? {
        guard now - lastShown >= (isTerminal ? Self.terminalInterval : Self.plainInterval) else { return nil }
        lastShown = now
        let fraction = min(max(Double(done) / Double(total), 0), 1)
        let percent = Int((fraction * 100).rounded(.down))
        let elapsed = now - start
        let left = done > 0 && elapsed >= 1 ? " · \(Self.duration(elapsed / Double(done) * Double(total - done))) left" : ""
        if isTerminal {
            lineShown = true
            let filled = Int((fraction * Double(Self.barWidth)).rounded(.down))
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: Self.barWidth - filled)
            return "\r\u{1B}[K\(label) \(bar) \(percent) %\(left)"
        }
        return "\(label): \(percent) % (\(done) of \(total))\(left)\n"
    }

    /// What clears the rewritten line before the job's last word ("" when none is shown).
    public mutating func clear() -> String {
        defer { lineShown = false }
        return lineShown ? "\r\u{1B}[K" : ""
    }

    /// `seconds` as people read a time left: "8 s", "2 min 05 s", "1 h 02 min".
    public static func duration(_ seconds: Double) -> String {
        let s = Int(max(seconds, 0).rounded())
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min \(s % 60 < 10 ? "0" : "")\(s % 60) s" }
        let m = s / 60 % 60
        return "\(s / 3600) h \(m < 10 ? "0" : "")\(m) min"
    }
}
