import Foundation
#if !SEGUE_FUZZING
import Segue
import SegueProcess
#endif

/// One component of a CSS value: a word, a number with its unit (`""`, `"%"`, `"px"`,
/// `"deg"`…, lowercased), a function with its arguments (split at top-level commas), or a
/// comma.
enum CSSComponent: Equatable {
    case word(String)
    case number(Double, unit: String)
    case function(String, [[CSSComponent]])
    case comma
    case other(String)

    /// The components of `text`, or nil where it does not read as a value (an unbalanced
    /// bracket).
    static func parse(_ text: String) -> [CSSComponent]? {
        var reader = Reader(chars: Array(text.unicodeScalars))
        return reader.components(until: nil)
    }

    private struct Reader {
        let chars: [Unicode.Scalar]
        var i = 0

        mutating func components(until close: Unicode.Scalar?) -> [CSSComponent]? {
            var out: [CSSComponent] = []
            while i < chars.count {
                let c = chars[i]
                if c.properties.isWhitespace {
                    i += 1
                } else if c == close {
                    i += 1
                    return out
                } else if c == ")" {
                    return nil
                } else if c == "," {
                    out.append(.comma)
                    i += 1
                } else if ("0"..."9").contains(c) || c == "." || ((c == "-" || c == "+") && i + 1 < chars.count
                            && (("0"..."9").contains(chars[i + 1]) || chars[i + 1] == ".")) {
                    out.append(number())
                } else if c.properties.isAlphabetic || c == "-" || c == "_" {
                    let name = word()
                    if i < chars.count, chars[i] == "(" {
                        i += 1
                        guard let inner = components(until: ")") else { return nil }
                        out.append(.function(name.lowercased(), inner.split(separator: .comma, omittingEmptySubsequences: false).map(Array.init)))
                    } else {
                        out.append(.word(name))
                    }
                } else {
                    out.append(.other(String(c)))
                    i += 1
                }
            }
            return close == nil ? out : nil
        }

        mutating func word() -> String {
            let start = i
            while i < chars.count, chars[i].properties.isAlphabetic || ("0"..."9").contains(chars[i]) || chars[i] == "-" || chars[i] == "_" { i += 1 }
            return String(String.UnicodeScalarView(chars[start..<i]))
        }

        mutating func number() -> CSSComponent {
            let start = i
            if chars[i] == "-" || chars[i] == "+" { i += 1 }
            while i < chars.count, ("0"..."9").contains(chars[i]) || chars[i] == "." { i += 1 }
            if i + 1 < chars.count, chars[i] == "e" || chars[i] == "E",
               ("0"..."9").contains(chars[i + 1]) || ((chars[i + 1] == "-" || chars[i + 1] == "+") && i + 2 < chars.count && ("0"..."9").contains(chars[i + 2])) {
                i += 2
                while i < chars.count, ("0"..."9").contains(chars[i]) { i += 1 }
            }
            let digits = String(String.UnicodeScalarView(chars[start..<i]))
            var unit = ""
            if i < chars.count, chars[i] == "%" {
                unit = "%"
                i += 1
            } else {
                unit = word().lowercased()
            }
            guard let value = Double(digits), value.isFinite else { return .other(digits + unit) }
            return .number(value, unit: unit)
        }
    }
}

/// Why a CSS value is not taken: one line for a warning.
struct CSSValueProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// CSS values as a transition file says them.
enum CSSValues {
    /// The components of `text`; a value that cannot be evaluated here (`var()`, `calc()`,
    /// `env()`…) or does not read is a problem.
    static func components(_ text: String) throws -> [CSSComponent] {
        let lowered = text.lowercased()
        for f in ["var(", "calc(", "env(", "attr(", "min(", "max(", "clamp("] where lowered.contains(f) {
            throw CSSValueProblem("\(f)…) cannot be evaluated here")
        }
        guard let parts = CSSComponent.parse(text) else { throw CSSValueProblem("\(Echo.quoted(text)) does not read as a value") }
        return parts
    }

    /// A `transform` value: `none` (no functions) or a list of functions.
    static func transform(_ text: String) throws -> [TransformFunction] {
        let parts = try components(text)
        if parts == [.word("none")] || parts == [.word("NONE")] { return [] }
        var out: [TransformFunction] = []
        for part in parts {
            guard case .function(let name, let args) = part else { throw CSSValueProblem("expected transform functions, found \(Echo.quoted(describe(part)))") }
            out.append(contentsOf: try function(name, args))
        }
        return out
    }

    /// One transform function (a `perspective(none)` is none).
    static func function(_ name: String, _ args: [[CSSComponent]]) throws -> [TransformFunction] {
        func count(_ n: ClosedRange<Int>) throws {
            guard n.contains(args.count), !(args.count == 1 && args[0].isEmpty) else {
                throw CSSValueProblem("\(name)() takes \(n.lowerBound == n.upperBound ? "\(n.lowerBound)" : "\(n.lowerBound) to \(n.upperBound)") argument\(n.upperBound == 1 ? "" : "s"), not \(args.count == 1 && args[0].isEmpty ? 0 : args.count)")
            }
        }
        func one(_ k: Int) throws -> (Double, String) {
            guard args[k].count == 1, case .number(let v, let unit) = args[k][0] else {
                throw CSSValueProblem("\(name)()'s argument \(k + 1) is not a number")
            }
            return (v, unit)
        }
        func length(_ k: Int, percent: Bool) throws -> Length {
            let (v, unit) = try one(k)
            switch unit {
            case "px": return .points(v)
            case "%" where percent:
                guard abs(v) <= 100_000 else { throw CSSValueProblem("\(name)() takes percentages within ±100000%, not '\(format(v))%'") }
                return .percent(v)
            case "" where v == 0: return .points(0)
            default: throw CSSValueProblem("\(name)() takes lengths in px\(percent ? " or %" : ""), not '\(format(v))\(unit)'")
            }
        }
        func points(_ k: Int) throws -> Double {
            guard case .points(let p) = try length(k, percent: false) else { return 0 }
            return p
        }
        func angle(_ k: Int) throws -> Double {
            let (v, unit) = try one(k)
            switch unit {
            case "deg": return v
            case "rad": return v * 180 / .pi
            case "grad": return v * 0.9
            case "turn": return v * 360
            case "" where v == 0: return 0
            default: throw CSSValueProblem("\(name)() takes an angle in deg, rad, grad or turn, not '\(format(v))\(unit)'")
            }
        }
        func plain(_ k: Int) throws -> Double {
            let (v, unit) = try one(k)
            switch unit {
            case "": return v
            case "%" where name.hasPrefix("scale"): return v / 100
            default: throw CSSValueProblem("\(name)() takes plain numbers, not '\(format(v))\(unit)'")
            }
        }
        switch name {
        case "translate":
            try count(1...2)
            return [.translate(try length(0, percent: true), args.count > 1 ? try length(1, percent: true) : .points(0), 0)]
        case "translatex":
            try count(1...1)
            return [.translate(try length(0, percent: true), .points(0), 0)]
        case "translatey":
            try count(1...1)
            return [.translate(.points(0), try length(0, percent: true), 0)]
        case "translatez":
            try count(1...1)
            return [.translate(.points(0), .points(0), try points(0))]
        case "translate3d":
            try count(3...3)
            return [.translate(try length(0, percent: true), try length(1, percent: true), try points(2))]
        case "scale":
            try count(1...2)
            let x = try plain(0)
            return [.scale(x, args.count > 1 ? try plain(1) : x, 1)]
        case "scalex":
            try count(1...1)
            return [.scale(try plain(0), 1, 1)]
        case "scaley":
            try count(1...1)
            return [.scale(1, try plain(0), 1)]
        case "scalez":
            try count(1...1)
            return [.scale(1, 1, try plain(0))]
        case "scale3d":
            try count(3...3)
            return [.scale(try plain(0), try plain(1), try plain(2))]
        case "rotate", "rotatez":
            try count(1...1)
            return [.rotateZ(try angle(0))]
        case "rotatex":
            try count(1...1)
            return [.rotateX(try angle(0))]
        case "rotatey":
            try count(1...1)
            return [.rotateY(try angle(0))]
        case "rotate3d":
            try count(4...4)
            return [.rotate3d(x: try plain(0), y: try plain(1), z: try plain(2), degrees: try angle(3))]
        case "skew":
            try count(1...2)
            return [.skew(try angle(0), args.count > 1 ? try angle(1) : 0)]
        case "skewx":
            try count(1...1)
            return [.skew(try angle(0), 0)]
        case "skewy":
            try count(1...1)
            return [.skew(0, try angle(0))]
        case "perspective":
            try count(1...1)
            if args[0] == [.word("none")] { return [] }
            let d = try points(0)
            guard d > 0, d <= 100_000 else { throw CSSValueProblem("perspective() must be above 0px and at most 100000px, not '\(format(d))px'") }
            return [.perspective(d)]
        case "matrix":
            try count(6...6)
            let m = try (0..<6).map { try plain($0) }
            return [.matrix3d([m[0], m[1], 0, 0, m[2], m[3], 0, 0, 0, 0, 1, 0, m[4], m[5], 0, 1])]
        case "matrix3d":
            try count(16...16)
            return [.matrix3d(try (0..<16).map { try plain($0) })]
        default:
            throw CSSValueProblem("unknown transform function \(name)()")
        }
    }

    /// A timing function: `linear`, `ease`, `ease-in`, `ease-out`, `ease-in-out` or
    /// `cubic-bezier()`.
    static func timing(_ text: String) throws -> Curve {
        let parts = try components(text)
        guard parts.count == 1 else { throw CSSValueProblem("expected one timing function, found \(Echo.quoted(text))") }
        return try timing(parts[0])
    }

    static func timing(_ part: CSSComponent) throws -> Curve {
        switch part {
        case .word(let w):
            switch w.lowercased() {
            case "linear": return .linear
            case "ease": return .default
            case "ease-in": return .easeIn
            case "ease-out": return .easeOut
            case "ease-in-out": return .easeInEaseOut
            case "step-start", "step-end": throw CSSValueProblem("\(w) (steps) cannot be drawn as a curve")
            default: throw CSSValueProblem("unknown timing function \(Echo.quoted(w))")
            }
        case .function("cubic-bezier", let args):
            let numbers = args.compactMap { arg -> Double? in
                guard arg.count == 1, case .number(let v, "") = arg[0] else { return nil }
                return v
            }
            guard numbers.count == 4, args.count == 4 else { throw CSSValueProblem("cubic-bezier() takes 4 numbers") }
            guard (0...1).contains(numbers[0]), (0...1).contains(numbers[2]) else { throw CSSValueProblem("cubic-bezier()'s x1 and x2 must be within 0…1") }
            guard TimingCurve.controlYRange.contains(numbers[1]), TimingCurve.controlYRange.contains(numbers[3]) else {
                throw CSSValueProblem("cubic-bezier()'s y1 and y2 must be within -10…10")
            }
            return .bezier(TimingCurve(numbers[0], numbers[1], numbers[2], numbers[3]))
        case .function(let name, _):
            throw CSSValueProblem("\(name)() cannot be drawn as a curve")
        default:
            throw CSSValueProblem("expected a timing function, found \(Echo.quoted(describe(part)))")
        }
    }

    /// A time in seconds: `0.3s` or `300ms`.
    static func time(_ part: CSSComponent) -> Double? {
        guard case .number(let v, let unit) = part, v >= 0 else { return nil }
        switch unit {
        case "s": return v
        case "ms": return v / 1000
        default: return nil
        }
    }

    /// A number, or a percentage (as a fraction).
    static func opacity(_ text: String) throws -> Double {
        let parts = try components(text)
        guard parts.count == 1, case .number(let v, let unit) = parts[0], unit == "" || unit == "%" else {
            throw CSSValueProblem("expected a number or a percentage, found \(Echo.quoted(text))")
        }
        return min(max(unit == "%" ? v / 100 : v, 0), 1)
    }

    /// One axis of an origin: unit coordinates of the layer's rect, or points from its
    /// top-left corner.
    enum OriginCoordinate: Equatable {
        case unit(Double)
        case points(Double)
    }

    /// A `transform-origin`: x and y (keywords, percentages or px), and z in px.
    static func origin(_ text: String) throws -> (x: OriginCoordinate, y: OriginCoordinate, z: Double) {
        let parts = try components(text)
        guard (1...3).contains(parts.count) else { throw CSSValueProblem("expected 1 to 3 values, found \(parts.count)") }
        enum Axis { case x, y, either }
        func read(_ p: CSSComponent) throws -> (OriginCoordinate, Axis) {
            switch p {
            case .word(let w):
                switch w.lowercased() {
                case "left": return (.unit(0), .x)
                case "right": return (.unit(1), .x)
                case "top": return (.unit(0), .y)
                case "bottom": return (.unit(1), .y)
                case "center": return (.unit(0.5), .either)
                default: throw CSSValueProblem("unknown origin keyword \(Echo.quoted(w))")
                }
            case .number(let v, "%"): return (.unit(v / 100), .either)
            case .number(let v, "px"): return (.points(v), .either)
            case .number(0, ""): return (.points(0), .either)
            default: throw CSSValueProblem("expected a keyword, a percentage or a length in px, found \(Echo.quoted(describe(p)))")
            }
        }
        let first = try read(parts[0])
        var x = OriginCoordinate.unit(0.5), y = OriginCoordinate.unit(0.5)
        if parts.count == 1 {
            if first.1 == .y { y = first.0 } else { x = first.0 }
        } else {
            let second = try read(parts[1])
            if first.1 == .y || second.1 == .x {
                (x, y) = (second.0, first.0)
            } else {
                (x, y) = (first.0, second.0)
            }
        }
        var z = 0.0
        if parts.count == 3 {
            switch parts[2] {
            case .number(let v, "px"): z = v
            case .number(0, ""): z = 0
            default: throw CSSValueProblem("the origin's z must be a length in px, found \(Echo.quoted(describe(parts[2])))")
            }
        }
        return (x, y, z)
    }

    static func describe(_ part: CSSComponent) -> String {
        switch part {
        case .word(let w): return w
        case .number(let v, let unit): return format(v) + unit
        case .function(let name, _): return name + "()"
        case .comma: return ","
        case .other(let s): return s
        }
    }

    static func format(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)" }
}
