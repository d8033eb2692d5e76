import SegueProcess
/// Command-line arguments parsed strictly against the options a command declares: every
/// option must be declared, may appear once unless it is repeatable (`--name value` or
/// `--name=value`), a valued
/// option must have its value and a flag must not; at most `positionals` arguments that
/// are not options may appear, first or anywhere. Each violation is a `UsageError`.
/// Values are validated when read (`value`, `required`), in the order the command reads.
/// A command that declares an option it never asks for is a mistake `checkEveryOptionRead`
/// reports (in debug builds, so every test of the command finds it).
public struct Arguments {
    public let positionals: [String]
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    private let declared: [String]
    /// The options asked for so far (a reference, so the reads of a copy count too).
    private let asked = Asked()

    private final class Asked { var names: Set<String> = [] }

    public init(_ args: [String], options: [OptionSpec], positionals allowed: Int = 0) throws {
        declared = options.map(\.name)
        var byName: [String: OptionSpec] = [:]
        for spec in options {
            precondition(byName[spec.name] == nil || byName[spec.name] == spec, "\(spec.name) declared twice")
            byName[spec.name] = spec
        }
        var positionals: [String] = []
        var seen: Set<String> = []
        var i = 0
        while i < args.count {
            let token = args[i]
            i += 1
            guard token.hasPrefix("-"), token != "-", Double(token) == nil else {
                guard positionals.count < allowed else { throw UsageError("unexpected argument \(Echo.quoted(token)) (see --help)") }
                positionals.append(token)
                continue
            }
            let parts = token.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard let spec = byName[name] else { throw UsageError("unknown option \(Echo.quoted(name)) (see --help)") }
            guard seen.insert(name).inserted || spec.repeatable else { throw UsageError("option \(name) given more than once") }
            if !spec.takesValue {
                guard parts.count == 1 else { throw UsageError("option \(name) takes no value") }
                flags.insert(name)
            } else if parts.count == 2 {
                values[name, default: []].append(String(parts[1]))
            } else {
                // The next argument is the value unless it is itself an option (a negative
                // number is a value).
                guard i < args.count, !(args[i].hasPrefix("--") && Double(args[i]) == nil) else {
                    throw UsageError("option \(name) needs a value")
                }
                values[name, default: []].append(args[i])
                i += 1
            }
        }
        self.positionals = positionals
    }

    /// Whether `flag` was given.
    public func flag(_ flag: Flag) -> Bool {
        asked.names.insert(flag.name)
        return flags.contains(flag.name)
    }

    /// Whether `option` was given (its value unread).
    public func has<T>(_ option: Option<T>) -> Bool {
        asked.names.insert(option.name)
        return values[option.name] != nil
    }

    /// The validated value of `option`, or nil when it was not given.
    public func value<T>(_ option: Option<T>) throws -> T? {
        asked.names.insert(option.name)
        guard let text = values[option.name]?.first else { return nil }
        return try option.value(text)
    }

    /// The validated values of a repeatable `option`, in the order given (none: empty).
    public func values<T>(_ option: Option<T>) throws -> [T] {
        asked.names.insert(option.name)
        return try (values[option.name] ?? []).map { try option.value($0) }
    }

    /// The options declared and never asked for: a command's mistake.
    public var unreadOptions: [String] { declared.filter { !asked.names.contains($0) } }

    /// Stops a debug build where the command declared an option it never asked for; call
    /// when the command has read its arguments (with valid ones).
    public func checkEveryOptionRead(file: StaticString = #file, line: UInt = #line) {
        assert(unreadOptions.isEmpty, "declared but never read: \(unreadOptions.joined(separator: ", "))", file: file, line: line)
    }

    /// The validated value of `option`; absent, a `UsageError` "`command` needs --name PLACEHOLDER".
    public func required<T>(_ option: Option<T>, by command: String) throws -> T {
        guard let v = try value(option) else { throw UsageError("\(command) needs \(option.spec.synopsis)") }
        return v
    }
}
