import Segue
import SegueCommandLine
import SegueCatalog
import SegueProcess

/// A transition parameter a user can tune, declared once (`spec`): its HUD label and key,
/// its command-line option and help, its range (the option's and the keys' alike), its step,
/// how the HUD shows it and how it is written. The command line, the HUD's rows and keys,
/// the events' `tuning`, the saved tunings and copy-as-code's command all come from here.
package enum Parameter: String, CaseIterable, Sendable {
    case duration, curve, scrub, threshold, completionSpeed, completionCurve, perspective, release, springCompletion

    /// One parameter's declaration.
    package struct Spec: Sendable {
        /// The HUD's label.
        package let label: String
        /// The key that steps it forward (with Shift, back).
        package let key: Character
        /// Its command-line option (a flag for a switch).
        package let option: OptionSpec
        /// Its value in `p` as the option writes it, or nil where the option is not given (a
        /// transition without perspective, a switch off).
        package let argument: @Sendable (TransitionParameters) -> String?
        /// Sets it in `p` from `text` as the option takes it, checked: a `UsageError` names
        /// the option and what it takes.
        package let assign: @Sendable (String, inout TransitionParameters) throws -> Void
        /// The value as the HUD shows it.
        package let text: @Sendable (TransitionParameters) -> String
        /// `p` stepped once forward (`sign` 1) or back (−1), within the range; `reference`'s
        /// curve joins the named ones a curve cycles through.
        package let step: @Sendable (_ p: TransitionParameters, _ sign: Double, _ reference: TransitionParameters) -> TransitionParameters
        /// The value in an event's `tuning`, or nil where it has none.
        package let json: @Sendable (TransitionParameters) -> JSONScalar?
    }

    /// Its declaration: made once (the HUD reads it every frame it draws).
    package var spec: Spec { Self.table[self]! }

    /// Every parameter's declaration, made once; never changed after.
    private static let table = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.declaration) })

    /// The table.
    private var declaration: Spec {
        switch self {
        case .duration:
            return .number("duration", "d", "--duration", "S", "the transition's duration", 0.05...60, unit: " seconds",
                           step: 0.1, shown: { String(format2: $0) + " s" }, \.duration)
        case .curve:
            return .curve("curve", "c", "--curve", "its curve over the whole timeline: \(Curve.forms); the key cycles the names and the reference", \.curve)
        case .scrub:
            return .choice("scrub", "l", "--scrub", "MODE", "scrub mode", """
                how a drag moves the timeline: curve (at the percent of its time, the curve shaping what moves: \
                UIKit's percent-driven transition, the seeds' reference) or linear (where the curve has covered the \
                percent, so what moves stays under the finger: property animators, Flutter; magic move's)
                """, shown: { $0 == .linear ? "linear" : "along the curve" }, \.scrub)
        case .threshold:
            return .number("threshold", "t", "--threshold", "T", "the release threshold", 0...1, unit: "",
                           step: 0.05, shown: { String(format2: $0) }, \.threshold)
        case .completionSpeed:
            return .number("compl. speed", "o", "--completion-speed", "S", "how much faster the rest plays after release", 0.05...20,
                           unit: "", step: 0.25, shown: { String(format2: $0) + "×" }, \.completionSpeed)
        case .completionCurve:
            return .curve("compl. curve", "k", "--completion-curve", "the curve of the rest after release, as --curve", \.completionCurve)
        case .perspective:
            // A transition without perspective has none to tune: no value, no step.
            let range = 10.0...100_000
            let distance = Spec.number("perspective", "p", "--perspective", "D", "the eye's distance in points, m34 = −1/D", range,
                                       unit: "", step: 100, shown: { "\(Int($0.rounded())) pt" }, \.perspectiveOrZero)
            return Spec(label: distance.label, key: distance.key, option: distance.option,
                        argument: { $0.perspectiveDistance.map { "\($0)" } },
                        assign: distance.assign,
                        text: { $0.perspectiveDistance == nil ? "—" : distance.text($0) },
                        step: { p, sign, reference in p.perspectiveDistance == nil ? p : distance.step(p, sign, reference) },
                        json: { $0.perspectiveDistance.map(JSONScalar.number) })
        case .release:
            return .choice("release", "r", "--release", "RULE", "release rule", """
                uikit (percent ≥ threshold), velocity (a flick of one transition per second decides, as \
                Flutter's back gesture), projected (where the release velocity would carry it, as \
                libadwaita's swipe tracker)
                """, shown: { $0.rawValue }, \.releaseRule)
        case .springCompletion:
            return Spec(label: "spring end", key: "v",
                        option: OptionSpec(name: "--spring-completion", placeholder: nil,
                                           help: "the rest plays on a spring started at the release velocity (v)"),
                        argument: { $0.springCompletion ? "" : nil },
                        assign: { _, p in p.springCompletion = true },
                        text: { $0.springCompletion ? "on" : "off" },
                        step: { p, _, _ in var q = p; q.springCompletion.toggle(); return q },
                        json: { .bool($0.springCompletion) })
        }
    }

    package var label: String { spec.label }
    package var key: Character { spec.key }
    /// The value as the HUD shows it ("—" for a perspective the transition does not have).
    package func text(_ p: TransitionParameters) -> String { spec.text(p) }

    /// `p` stepped once forward (`step` > 0) or back: numbers by a fixed amount within their
    /// range (the option's), choices cycled, the switch toggled. The curves cycle through the
    /// named ones and the `reference` one (a spring, say).
    package func stepped(_ p: TransitionParameters, by step: Int, reference: TransitionParameters) -> TransitionParameters {
        spec.step(p, Double(step.signum()), reference)
    }
}

/// A value of an event's `tuning`.
package enum JSONScalar: Encodable, Hashable, Sendable {
    case number(Double), string(String), bool(Bool)

    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let v): try c.encode(v)
        case .string(let v): try c.encode(v)
        case .bool(let v): try c.encode(v)
        }
    }
}

extension Parameter.Spec {
    /// A number within `range`, which the option takes and the keys step within: by `step`,
    /// to the hundredth. Its help is `what`, the range and the key.
    static func number(_ label: String, _ key: Character, _ name: String, _ placeholder: String, _ what: String,
                       _ range: ClosedRange<Double>, unit: String, step: Double, shown: @escaping @Sendable (Double) -> String,
                       _ path: WritableKeyPath<TransitionParameters, Double> & Sendable) -> Self {
        let help = "\(what), \(Parse.format(range.lowerBound))…\(Parse.format(range.upperBound))\(unit) (\(key))"
        return Self(label: label, key: key, option: OptionSpec(name: name, placeholder: placeholder, help: help),
                    argument: { "\($0[keyPath: path])" },
                    assign: { text, p in p[keyPath: path] = try Parse.number(text, name, in: range) },
                    text: { shown($0[keyPath: path]) },
                    step: { p, sign, _ in
                        // Toward the range and never back: a reference outside it (a file's
                        // 0.03 s) steps into it one way only.
                        let v = p[keyPath: path], next = ((v + step * sign) * 100).rounded() / 100
                        var q = p
                        q[keyPath: path] = sign > 0 ? max(v, min(next, range.upperBound)) : min(v, max(next, range.lowerBound))
                        return q
                    },
                    json: { .number($0[keyPath: path]) })
    }

    /// A curve as `--curve` takes it; the keys cycle the named ones and the reference's.
    static func curve(_ label: String, _ key: Character, _ name: String, _ help: String,
                      _ path: WritableKeyPath<TransitionParameters, Curve> & Sendable) -> Self {
        Self(label: label, key: key, option: OptionSpec(name: name, placeholder: "CURVE", help: "\(help) (\(key))"),
             argument: { $0[keyPath: path].argument },
             assign: { text, p in p[keyPath: path] = try Curve(argument: text, option: name) },
             text: { $0[keyPath: path].shortText },
             step: { p, sign, reference in
                 let named = TimingCurve.named.map(Curve.bezier)
                 var q = p
                 q[keyPath: path] = cycle(named.contains(reference[keyPath: path]) ? named : [reference[keyPath: path]] + named,
                                          p[keyPath: path], sign)
                 return q
             },
             json: { .string($0[keyPath: path].argument) })
    }

    /// One of a type's cases by name; the keys cycle them.
    static func choice<T: RawRepresentable & CaseIterable & Equatable & SendableMetatype>(
        _ label: String, _ key: Character, _ name: String, _ placeholder: String, _ what: String, _ help: String,
        shown: @escaping @Sendable (T) -> String, _ path: WritableKeyPath<TransitionParameters, T> & Sendable) -> Self where T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        return Self(label: label, key: key, option: OptionSpec(name: name, placeholder: placeholder, help: "\(help) (\(key))"),
                    argument: { $0[keyPath: path].rawValue },
                    assign: { text, p in
                        guard let v = T(rawValue: text) else {
                            throw UsageError("unknown \(what) \(Echo.quoted(text)) (one of: \(names.joined(separator: ", ")))")
                        }
                        p[keyPath: path] = v
                    },
                    text: { shown($0[keyPath: path]) },
                    step: { p, sign, _ in
                        var q = p
                        q[keyPath: path] = cycle(Array(T.allCases), p[keyPath: path], sign)
                        return q
                    },
                    json: { .string($0[keyPath: path].rawValue) })
    }

    /// The element of `all` after `value` (`sign` 1) or before it, round the end.
    private static func cycle<T: Equatable>(_ all: [T], _ value: T, _ sign: Double) -> T {
        let i = all.firstIndex(of: value) ?? 0
        return all[(i + Int(sign) + all.count) % all.count]
    }
}

extension TransitionParameters {
    /// The perspective's distance as a number to step (0 where there is none; the table
    /// steps it only where there is one).
    fileprivate var perspectiveOrZero: Double {
        get { perspectiveDistance ?? 0 }
        set { perspectiveDistance = newValue }
    }
}

extension String {
    /// `v` with one decimal.
    package init(format1 v: Double) { self = Self.fixed(v, 1) }
    /// `v` with two decimals.
    package init(format2 v: Double) { self = Self.fixed(v, 2) }

    private static func fixed(_ v: Double, _ digits: Int) -> String {
        guard v.isFinite else { return "—" }
        var p = 1.0
        for _ in 0..<digits { p *= 10 }
        let scaled = Int((abs(v) * p).rounded())
        let whole = scaled / Int(p), frac = scaled % Int(p)
        let fracText = String(frac)
        return (v < 0 && scaled != 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: digits - fracText.count) + fracText
    }
}
