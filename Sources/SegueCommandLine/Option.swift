import SegueProcess
/// How an option is spelled and documented: its name, the placeholder of its value (nil
/// for a flag) and its help. The help text is written here, beside the option, and
/// `--help` is generated from these.
public struct OptionSpec: Sendable, Hashable {
    public let name: String
    public let placeholder: String?
    public let help: String
    /// Whether the option may be given more than once (each value kept, in order).
    public let repeatable: Bool

    public init(name: String, placeholder: String?, help: String, repeatable: Bool = false) {
        precondition(name.hasPrefix("--") && !name.contains("="), "an option is spelled --name")
        self.name = name
        self.placeholder = placeholder
        self.help = help
        self.repeatable = repeatable
    }

    public var takesValue: Bool { placeholder != nil }

    /// `--name PLACEHOLDER`, or `--name` for a flag.
    public var synopsis: String { placeholder.map { "\(name) \($0)" } ?? name }
}

/// An option that takes a value, with the conversion that validates it into `Value`; the
/// conversion throws `UsageError` naming the option.
public struct Option<Value>: Sendable {
    public let spec: OptionSpec
    private let convert: @Sendable (String) throws -> Value

    public init(_ name: String, _ placeholder: String, help: String, repeatable: Bool = false,
                _ convert: @escaping @Sendable (String) throws -> Value) {
        spec = OptionSpec(name: name, placeholder: placeholder, help: help, repeatable: repeatable)
        self.convert = convert
    }

    public var name: String { spec.name }

    /// `text` validated into a value.
    public func value(_ text: String) throws -> Value { try convert(text) }
}

/// An option without a value: present or not.
public struct Flag: Sendable {
    public let spec: OptionSpec

    public init(_ name: String, help: String) {
        spec = OptionSpec(name: name, placeholder: nil, help: help)
    }

    public var name: String { spec.name }
}

// MARK: - Common conversions

extension Option where Value == String {
    /// Any text (an empty one is refused).
    public static func text(_ name: String, _ placeholder: String, help: String) -> Option<String> {
        Option(name, placeholder, help: help) { text in
            guard !text.isEmpty else { throw UsageError("\(name) needs a value") }
            return text
        }
    }
}

extension Option where Value == Double {
    /// A finite number within `range`.
    public static func number(_ name: String, _ placeholder: String, in range: ClosedRange<Double>,
                              help: String) -> Option<Double> {
        Option(name, placeholder, help: help) { try Parse.number($0, name, in: range) }
    }
}

extension Option where Value == Int {
    /// A whole number within `range`.
    public static func whole(_ name: String, _ placeholder: String, in range: ClosedRange<Int>,
                             help: String) -> Option<Int> {
        Option(name, placeholder, help: help) { text in
            guard let v = Int(text), range.contains(v) else {
                throw UsageError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(Echo.quoted(text))")
            }
            return v
        }
    }
}

extension Option {
    /// One of a fixed set of names; the message lists them.
    public static func choice(_ name: String, _ placeholder: String, _ what: String, _ cases: [(String, Value)],
                              help: String) -> Option<Value> where Value: Sendable {
        let names = cases.map(\.0)
        return Option(name, placeholder, help: help) { text in
            guard let hit = cases.first(where: { $0.0 == text }) else {
                throw UsageError("unknown \(what) \(Echo.quoted(text)) (one of: \(names.joined(separator: ", ")))")
            }
            return hit.1
        }
    }
}

/// Value parsers shared by options and positional arguments.
public enum Parse {
    /// A finite number within `range`, or a `UsageError` naming `name`.
    public static func number(_ text: String, _ name: String, in range: ClosedRange<Double>) throws -> Double {
        guard let v = decimal(text) else { throw UsageError("\(name) must be a number, not \(Echo.quoted(text))") }
        guard range.contains(v) else {
            throw UsageError("\(name) must be within \(format(range.lowerBound))…\(format(range.upperBound)), not \(Echo.quoted(text))")
        }
        return v
    }

    /// `WxH`: two numbers within `range`, e.g. 375x667.
    public static func size(_ text: String, _ name: String, in range: ClosedRange<Double>,
                            unit: String) throws -> (width: Double, height: Double) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = decimal(parts[0]), let h = decimal(parts[1]) else {
            throw UsageError("\(name) must look like 375x667, not \(Echo.quoted(text))")
        }
        guard range.contains(w), range.contains(h) else {
            throw UsageError("\(name) sides must be within \(format(range.lowerBound))…\(format(range.upperBound)) \(unit), not \(Echo.quoted(text))")
        }
        return (w, h)
    }

    /// A finite number written in decimal, as people write one: `12`, `-0.5`, `.25`, `1e-3`;
    /// nil for anything else, hexadecimal (`0x10`, `0x1p3`), `inf` and `nan` included.
    public static func decimal(_ text: some StringProtocol) -> Double? {
        guard String(text).wholeMatch(of: /[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?/) != nil,
              let v = Double(String(text)), v.isFinite else { return nil }
        return v
    }

    /// A bound as people write it: 10000, 0.1, 1e-06.
    public static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }
}
