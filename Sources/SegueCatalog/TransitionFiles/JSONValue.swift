#if !SEGUE_FUZZING
import Segue
import SegueProcess
#endif

/// A JSON value (RFC 8259) as read from a transition file, with the line and column where it
/// starts, so an error can say where.
///
/// Objects keep their keys in file order; a key given twice is a syntax error (a file where
/// the second silently wins would hide a typo).
package struct JSONValue: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([(key: String, value: JSONValue)])

        package static func == (a: Kind, b: Kind) -> Bool {
            switch (a, b) {
            case (.null, .null): return true
            case let (.bool(x), .bool(y)): return x == y
            case let (.number(x), .number(y)): return x == y
            case let (.string(x), .string(y)): return x == y
            case let (.array(x), .array(y)): return x == y
            case let (.object(x), .object(y)): return x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
            default: return false
            }
        }

        package func hash(into h: inout Hasher) {
            switch self {
            case .null: h.combine(0)
            case .bool(let b): h.combine(b)
            case .number(let n): h.combine(n)
            case .string(let s): h.combine(s)
            case .array(let a): h.combine(a)
            case .object(let o): for (k, v) in o { h.combine(k); h.combine(v) }
            }
        }
    }

    package var kind: Kind
    /// 1-based line and column (in Unicode scalars) of the value's first character.
    package var line: Int
    package var column: Int

    /// The value under `key` of an object (nil: none, or not an object).
    package func member(_ key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// What the value is, for messages: "a number", "an object"…
    package var typeName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "true or false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

/// A JSON syntax error: what was wrong and where (1-based line and column).
package struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package var line: Int
    package var column: Int

    package var description: String { "line \(line), column \(column): \(message)" }
}

extension JSONValue {
    /// Nesting deeper than this is refused, so a hostile file cannot exhaust the stack.
    package static let maxDepth = 64

    /// Parses `text` as one JSON value (surrounding white space allowed).
    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(Array(text.unicodeScalars))
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        if !reader.atEnd { throw reader.error("unexpected \(reader.describeNext()) after the end of the document") }
        return value
    }
}

/// The parser behind `JSONValue.parse`: a cursor over Unicode scalars with line and column.
private struct JSONReader {
    let scalars: [Unicode.Scalar]
    var index = 0
    var line = 1
    var column = 1

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool { index >= scalars.count }
    var next: Unicode.Scalar? { atEnd ? nil : scalars[index] }

    func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message: message, line: line, column: column) }

    func describeNext() -> String {
        guard let c = next else { return "end of file" }
        switch c {
        case "\n": return "line break"
        case "\t": return "tab"
        default: return c.value < 0x20 || c.value == 0x7F ? "control character U+\(String(c.value, radix: 16, uppercase: true))" : "'\(c)'"
        }
    }

    mutating func advance() {
        if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
        index += 1
    }

    mutating func skipSpace() {
        while let c = next, c == " " || c == "\t" || c == "\n" || c == "\r" { advance() }
    }

    mutating func expect(_ c: Unicode.Scalar, _ what: String) throws(JSONSyntaxError) {
        guard next == c else { throw error("expected \(what), found \(describeNext())") }
        advance()
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        skipSpace()
        guard depth < JSONValue.maxDepth else { throw error("nested more than \(JSONValue.maxDepth) deep") }
        let (l, c) = (line, column)
        let kind: JSONValue.Kind
        switch next {
        case "{": kind = try object(depth: depth)
        case "[": kind = try array(depth: depth)
        case "\"": kind = .string(try string())
        case "t": try word("true"); kind = .bool(true)
        case "f": try word("false"); kind = .bool(false)
        case "n": try word("null"); kind = .null
        case let s? where s == "-" || ("0"..."9").contains(s): kind = .number(try number())
        default: throw error("expected a value, found \(describeNext())")
        }
        return JSONValue(kind: kind, line: l, column: c)
    }

    mutating func word(_ w: String) throws(JSONSyntaxError) {
        let start = error("")
        for s in w.unicodeScalars {
            guard next == s else {
                throw JSONSyntaxError(message: "expected a value, found '\(w.prefix(1))…' (not \(w))", line: start.line, column: start.column)
            }
            advance()
        }
    }

    mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue.Kind {
        advance()
        var members: [(key: String, value: JSONValue)] = []
        var keys: Set<String> = []
        skipSpace()
        if next == "}" { advance(); return .object(members) }
        while true {
            skipSpace()
            guard next == "\"" else { throw error("expected a key in double quotes, found \(describeNext())") }
            let (l, c) = (line, column)
            let key = try string()
            guard keys.insert(key).inserted else {
                throw JSONSyntaxError(message: "key \(Echo.quoted(key)) given twice", line: l, column: c)
            }
            skipSpace()
            try expect(":", "':' after the key")
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            if next == "," { advance(); continue }
            try expect("}", "',' or '}'")
            return .object(members)
        }
    }

    mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue.Kind {
        advance()
        var items: [JSONValue] = []
        skipSpace()
        if next == "]" { advance(); return .array(items) }
        while true {
            items.append(try value(depth: depth + 1))
            skipSpace()
            if next == "," { advance(); continue }
            try expect("]", "',' or ']'")
            return .array(items)
        }
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        advance()
        var out = String.UnicodeScalarView()
        while true {
            guard let c = next else { throw error("unterminated string") }
            switch c {
            case "\"":
                advance()
                return String(out)
            case "\\":
                advance()
                guard let e = next else { throw error("unterminated string") }
                let escapes: [Unicode.Scalar: Unicode.Scalar] = ["\"": "\"", "\\": "\\", "/": "/", "b": "\u{8}", "f": "\u{C}",
                                                                 "n": "\n", "r": "\r", "t": "\t"]
                if let s = escapes[e] {
                    out.append(s)
                    advance()
                } else if e == "u" {
                    advance()
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        // A high surrogate must be followed by an escaped low one.
                        guard next == "\\" else { throw error("a lone surrogate \\u escape") }
                        advance()
                        guard next == "u" else { throw error("a lone surrogate \\u escape") }
                        advance()
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone surrogate \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let s = Unicode.Scalar(code) else { throw error("a lone surrogate \\u escape") }
                    out.append(s)
                } else {
                    throw error("unknown escape \\\(Echo.line(String(e)))")
                }
            default:
                guard c.value >= 0x20 else { throw error("\(describeNext()) inside a string (escape it)") }
                out.append(c)
                advance()
            }
        }
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let c = next, let d = Int(String(c), radix: 16) else { throw error("expected four hex digits after \\u") }
            v = v * 16 + UInt32(d)
            advance()
        }
        return v
    }

    /// A number as RFC 8259 writes it: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        let (l, c) = (line, column)
        func digits() -> Int {
            var n = 0
            while let d = next, ("0"..."9").contains(d) { advance(); n += 1 }
            return n
        }
        if next == "-" { advance() }
        if next == "0" {
            advance()
            if let d = next, ("0"..."9").contains(d) { throw error("a number may not start with 0") }
        } else if digits() == 0 {
            throw error("expected a digit, found \(describeNext())")
        }
        if next == "." {
            advance()
            if digits() == 0 { throw error("expected a digit after '.', found \(describeNext())") }
        }
        if next == "e" || next == "E" {
            advance()
            if next == "+" || next == "-" { advance() }
            if digits() == 0 { throw error("expected a digit in the exponent, found \(describeNext())") }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        guard let v = Double(text), v.isFinite else {
            throw JSONSyntaxError(message: "number \(Echo.quoted(text)) is out of range", line: l, column: c)
        }
        return v
    }
}
