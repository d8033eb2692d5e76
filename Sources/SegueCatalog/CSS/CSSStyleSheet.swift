#if !SEGUE_FUZZING
import SegueProcess
#endif
/// A place in a style sheet: 1-based line and column (in characters).
public struct CSSPlace: Hashable, Sendable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column within the line, counted in Unicode scalars.
    public var column: Int

    public var description: String { "line \(line), column \(column)" }
}

/// A problem with a style sheet at a place: an error stops the import, a warning leaves
/// what it names out.
public struct CSSProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the style sheet the problem lies.
    public var place: CSSPlace
    /// What is wrong or left out there, in one line, without the place.
    public var message: String

    public var description: String { "\(place): \(message)" }
}

/// The parts of a style sheet an import reads: its `@keyframes` rules and its style rules'
/// declarations, each with its place. Other at-rules are passed over (those that hold rules,
/// such as `@media`, are read through).
struct CSSStyleSheet {
    struct Declaration {
        /// Lowercased.
        var name: String
        /// As written, trimmed, without `!important`.
        var value: String
        var place: CSSPlace
        /// Where the value starts.
        var valuePlace: CSSPlace
    }

    /// One keyframe block: its offsets (0…1) and its declarations.
    struct KeyframeBlock {
        var offsets: [Double]
        var declarations: [Declaration]
        var place: CSSPlace
    }

    struct Keyframes {
        var name: String
        var blocks: [KeyframeBlock]
        var place: CSSPlace
    }

    struct StyleRule {
        var selector: String
        var declarations: [Declaration]
    }

    var keyframes: [Keyframes] = []
    var rules: [StyleRule] = []
    /// What was passed over, one line each.
    var warnings: [CSSProblem] = []

    /// The sheet in `text`; throws the first thing it cannot parse (an unterminated comment,
    /// string or block, a block closed that was never opened).
    init(_ text: String) throws {
        var scanner = Scanner(text)
        try scanner.rules(into: &self, nested: false)
    }
}

/// Reads a style sheet character by character, knowing each one's line and column.
private struct Scanner {
    let chars: [Unicode.Scalar]
    var i = 0
    /// The index each line starts at.
    private var lineStarts: [Int] = [0]

    init(_ text: String) {
        chars = Array(text.unicodeScalars)
        for (k, c) in chars.enumerated() where c == "\n" { lineStarts.append(k + 1) }
    }

    func place(_ index: Int) -> CSSPlace {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= index { lo = mid } else { hi = mid - 1 }
        }
        return CSSPlace(line: lo + 1, column: index - lineStarts[lo] + 1)
    }

    var atEnd: Bool { i >= chars.count }
    var current: Unicode.Scalar? { i < chars.count ? chars[i] : nil }

    func problem(_ message: String, at index: Int) -> CSSProblem { CSSProblem(place: place(index), message: message) }

    /// Passes spaces and comments.
    mutating func skipSpace() throws {
        while let c = current {
            if c.properties.isWhitespace {
                i += 1
            } else if c == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                let start = i
                i += 2
                while i + 1 < chars.count, !(chars[i] == "*" && chars[i + 1] == "/") { i += 1 }
                guard i + 1 < chars.count else { throw problem("unterminated comment", at: start) }
                i += 2
            } else if c == "<" && text(i, 4) == "<!--" {
                i += 4
            } else if c == "-" && text(i, 3) == "-->" {
                i += 3
            } else {
                return
            }
        }
    }

    func text(_ from: Int, _ count: Int) -> String {
        String(String.UnicodeScalarView(chars[from..<min(chars.count, from + count)]))
    }

    func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(chars[range])) }

    /// Rules until the end (or, `nested`, until the `}` that closes the block they are in).
    mutating func rules(into sheet: inout CSSStyleSheet, nested: Bool) throws {
        while true {
            try skipSpace()
            guard let c = current else {
                return
            }
            if c == "}" {
                guard nested else { throw problem("unexpected '}': no block is open", at: i) }
                i += 1
                return
            }
            if c == "@" {
                try atRule(into: &sheet)
            } else {
                try styleRule(into: &sheet)
            }
        }
    }

    /// An identifier's characters (letters, digits, '-', '_').
    mutating func identifier() -> String {
        let start = i
        while let c = current, c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_" || c.value > 0x7F { i += 1 }
        return text(start..<i)
    }

    /// Text up to (not including) the first of `stops` at depth 0, passing strings,
    /// brackets and comments whole.
    mutating func until(_ stops: Set<Unicode.Scalar>) throws -> String {
        let start = i
        var depth = 0
        while let c = current {
            if depth == 0 && stops.contains(c) { break }
            switch c {
            case "\"", "'":
                try string()
                continue
            case "(", "[": depth += 1
            case ")", "]": depth = max(0, depth - 1)
            case "/" where i + 1 < chars.count && chars[i + 1] == "*":
                let open = i
                i += 2
                while i + 1 < chars.count, !(chars[i] == "*" && chars[i + 1] == "/") { i += 1 }
                guard i + 1 < chars.count else { throw problem("unterminated comment", at: open) }
                i += 1
            default: break
            }
            i += 1
        }
        return text(start..<i)
    }

    /// Passes a quoted string, returning its text.
    @discardableResult
    mutating func string() throws -> String {
        let quote = chars[i], start = i
        i += 1
        var out = ""
        while let c = current, c != quote {
            guard c != "\n" else { throw problem("unterminated string", at: start) }
            if c == "\\", i + 1 < chars.count { i += 1 }
            out.unicodeScalars.append(chars[i])
            i += 1
        }
        guard current == quote else { throw problem("unterminated string", at: start) }
        i += 1
        return out
    }

    /// Passes a `{…}` block whole (at its `{`).
    mutating func skipBlock() throws {
        let open = i
        i += 1
        while true {
            _ = try until(["{", "}"])
            guard let c = current else { throw problem("unterminated block: the '{' here is never closed", at: open) }
            if c == "{" {
                try skipBlock()
            } else {
                i += 1
                return
            }
        }
    }

    mutating func atRule(into sheet: inout CSSStyleSheet) throws {
        let start = i
        i += 1
        let name = identifier().lowercased()
        if name == "keyframes" || name.hasSuffix("-keyframes") {
            try skipSpace()
            let namePlace = i
            let animation: String
            if current == "\"" || current == "'" {
                animation = try string()
            } else {
                animation = identifier()
            }
            guard !animation.isEmpty else { throw problem("expected the animation's name after @\(name)", at: namePlace) }
            try skipSpace()
            guard current == "{" else { throw problem("expected '{' after @\(name) \(animation)", at: i) }
            i += 1
            sheet.keyframes.append(.init(name: animation, blocks: try keyframeBlocks(&sheet), place: place(start)))
            return
        }
        _ = try until([";", "{", "}"])
        switch current {
        case ";"?: i += 1
        case "{"?:
            if ["media", "supports", "layer", "container", "document", "-moz-document"].contains(name) {
                i += 1
                try rules(into: &sheet, nested: true)
            } else {
                try skipBlock()
            }
        default: break
        }
    }

    /// The blocks of an `@keyframes` rule, after its `{`, through its `}`.
    mutating func keyframeBlocks(_ sheet: inout CSSStyleSheet) throws -> [CSSStyleSheet.KeyframeBlock] {
        var blocks: [CSSStyleSheet.KeyframeBlock] = []
        while true {
            try skipSpace()
            guard let c = current else { throw problem("unterminated @keyframes: its '{' is never closed", at: i) }
            if c == "}" {
                i += 1
                return blocks
            }
            let start = i
            let selectors = try until(["{", "}", ";"])
            guard current == "{" else { throw problem("expected '{' after the keyframe selector \(Echo.quoted(selectors.trimmed))", at: i) }
            var offsets: [Double] = []
            var valid = true
            for s in selectors.split(separator: ",").map({ String($0).trimmed.lowercased() }) {
                switch s {
                case "from": offsets.append(0)
                case "to": offsets.append(1)
                default:
                    if s.hasSuffix("%"), let p = Double(s.dropLast()), (0...100).contains(p) {
                        offsets.append(p / 100)
                    } else {
                        sheet.warnings.append(problem("keyframe selector \(Echo.quoted(s)) is not from, to or a percentage 0%…100%: the block is left out", at: start))
                        valid = false
                    }
                }
            }
            i += 1
            let declarations = try declarationBlock()
            if valid { blocks.append(.init(offsets: offsets, declarations: declarations, place: place(start))) }
        }
    }

    mutating func styleRule(into sheet: inout CSSStyleSheet) throws {
        let start = i
        let selector = try until(["{", "}", ";"])
        guard current == "{" else { throw problem("expected '{' after the selector \(Echo.quoted(selector.trimmed))", at: current == nil ? start : i) }
        i += 1
        sheet.rules.append(.init(selector: selector.trimmed, declarations: try declarationBlock()))
    }

    /// The declarations of a block, after its `{`, through its `}`.
    mutating func declarationBlock() throws -> [CSSStyleSheet.Declaration] {
        let open = i - 1
        var out: [CSSStyleSheet.Declaration] = []
        while true {
            try skipSpace()
            guard let c = current else { throw problem("unterminated block: the '{' here is never closed", at: open) }
            if c == "}" {
                i += 1
                return out
            }
            if c == ";" {
                i += 1
                continue
            }
            let start = i
            let name = try until([":", ";", "{", "}"])
            if current == "{" {
                // A nested rule: passed over.
                try skipBlock()
                continue
            }
            guard current == ":" else {
                throw problem("expected 'property: value' after \(Echo.quoted(name.trimmed))", at: start)
            }
            i += 1
            try skipSpace()
            let valueStart = i
            var value = try until([";", "}"]).trimmed
            if value.lowercased().hasSuffix("!important") { value = String(value.dropLast("!important".count)).trimmed }
            out.append(.init(name: name.trimmed.lowercased(), value: value, place: place(start), valuePlace: place(valueStart)))
        }
    }
}

extension String {
    /// Without leading and trailing spaces and line breaks.
    var trimmed: String {
        String(String.UnicodeScalarView(unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }.reversed()))
    }
}
