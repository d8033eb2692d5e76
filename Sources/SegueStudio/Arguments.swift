import Foundation
import Segue

/// Bad command-line input: printed as one line on stderr, exit status 2.
public struct UsageError: Error, CustomStringConvertible {
    public let description: String
    public init(_ message: String) { description = message }
}

/// A small, strict reader of `--name value` options and `--flag`s: every option must be
/// known, may appear once, and values are validated where they are read.
public struct Arguments {
    private var remaining: [String]
    private var seen: Set<String> = []

    public init(_ args: [String]) {
        remaining = args
    }

    /// Whether `--name` is present (and removes it).
    public mutating func flag(_ name: String) throws -> Bool {
        let hits = remaining.filter { $0 == name }.count
        if hits > 1 { throw UsageError("option \(name) given more than once") }
        remaining.removeAll { $0 == name }
        return hits == 1
    }

    /// The value after `--name`, or nil when absent (and removes both).
    public mutating func value(_ name: String) throws -> String? {
        let indices = remaining.indices.filter { remaining[$0] == name || remaining[$0].hasPrefix(name + "=") }
        if indices.count > 1 { throw UsageError("option \(name) given more than once") }
        guard let i = indices.first else { return nil }
        if remaining[i].hasPrefix(name + "=") {
            let v = String(remaining[i].dropFirst(name.count + 1))
            remaining.remove(at: i)
            return v
        }
        guard i + 1 < remaining.count, !remaining[i + 1].hasPrefix("--") || Double(remaining[i + 1]) != nil else {
            throw UsageError("option \(name) needs a value")
        }
        let v = remaining[i + 1]
        remaining.removeSubrange(i...(i + 1))
        return v
    }

    /// Fails on anything not read.
    public func finish() throws {
        if let extra = remaining.first {
            throw UsageError(extra.hasPrefix("-") ? "unknown option \(extra) (see --help)" : "unexpected argument '\(extra)' (see --help)")
        }
    }

    // MARK: Typed values

    /// A finite number within `range`.
    public static func number(_ text: String, _ name: String, in range: ClosedRange<Double>) throws -> Double {
        guard let v = Double(text), v.isFinite else { throw UsageError("\(name) must be a number, not '\(text)'") }
        guard range.contains(v) else { throw UsageError("\(name) must be within \(range.lowerBound)…\(range.upperBound), not \(text)") }
        return v
    }

    /// `WxH` in points, each side within 1…10000.
    public static func size(_ text: String, _ name: String) throws -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite else {
            throw UsageError("\(name) must look like 375x667, not '\(text)'")
        }
        guard (1...10000).contains(w), (1...10000).contains(h) else {
            throw UsageError("\(name) sides must be within 1…10000 points, not '\(text)'")
        }
        return Size(width: w, height: h)
    }

    /// A named timing curve.
    public static func curve(_ text: String) throws -> TimingCurve {
        guard let c = TimingCurve.named(text) else {
            throw UsageError("unknown curve '\(text)' (one of: \(TimingCurve.named.compactMap(\.name).joined(separator: ", ")))")
        }
        return c
    }
}
