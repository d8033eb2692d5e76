import Segue
import SegueCatalog

/// A demo's tuning carried back to code: the `segue` command line that opens the app on
/// it, and the Swift (UIKit) that would make a transition feel the same — its duration and
/// timing parameters, the perspective's `m34`, and the interaction controller's completion
/// speed, completion timing and release rule.
package enum TuningCode {
    /// `segue --demo NAME …` (or `--transition-file PATH` for a file's transition) with the
    /// tuning options that differ from the references, each argument quoted for a POSIX
    /// shell where it needs to be.
    @MainActor
    package static func command(_ entry: StageEntry, _ p: TransitionParameters, defaults: TransitionParameters) -> String {
        var options = SessionOptions(tuning: p, against: defaults)
        if case .file(let f) = entry {
            options.transitionFiles = [f.path]
        } else {
            options.demo = entry.name
        }
        // The screen size every session's arguments start with is the default one here.
        return (["segue"] + options.arguments.dropFirst(2)).map(shellQuoted).joined(separator: " ")
    }

    /// `text` as one word of a POSIX shell: as it is when it holds only safe characters,
    /// else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { $0.isASCII && ("a"..."z" ~= $0 || "A"..."Z" ~= $0 || "0"..."9" ~= $0 || "-_./:,=+@".unicodeScalars.contains($0)) }
        return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// The Swift a UIKit transition would use for `p`, `name` its transition's name.
    package static func swift(_ name: String, _ p: TransitionParameters) -> String {
        var lines = ["// \(name), as tuned in Segue.",
                     "let duration: TimeInterval = \(number(p.duration))",
                     "let timing = \(timingParameters(p.curve))"]
        if let d = p.perspectiveDistance {
            lines += ["var perspective = CATransform3DIdentity",
                      "perspective.m34 = -1.0 / \(number(d))"]
        }
        if p.scrub == .linear {
            lines += ["// Scrubbed linearly, what moves stays under the finger: drive a UIViewPropertyAnimator",
                      "// (its fractionComplete) with animator.scrubsLinearly = true."]
        }
        lines += ["// The interaction controller (UIPercentDrivenInteractiveTransition):",
                  "interaction.completionSpeed = \(number(p.completionSpeed))"]
        if case .bezier(let bezier) = p.completionCurve, let curve = animationCurve(bezier), !p.springCompletion {
            lines.append("interaction.completionCurve = .\(curve)")
        } else if !p.springCompletion {
            lines.append("interaction.timingCurve = \(timingParameters(p.completionCurve))")
        }
        lines.append("// On release, with `percent` the fraction dragged and `velocity` in transitions per second:")
        let threshold = number(p.threshold)
        switch p.releaseRule {
        case .uikit:
            lines.append("let finishes = percent >= \(threshold)")
        case .velocity:
            lines.append("let finishes = abs(velocity) >= \(number(ReleaseRule.flickSpeed)) ? velocity > 0 : percent >= \(threshold)")
        case .projected:
            let r = ReleaseRule.decelerationRate
            lines.append("let finishes = percent + velocity / 1000 * \(number(r)) / (1 - \(number(r))) >= \(threshold)")
        }
        if p.springCompletion {
            lines += ["// The rest plays on a critically damped spring started at the release velocity, in",
                      "// UIKit's unit: the distance left per second (velocity ÷ (1 − percent) to finish).",
                      "let left = (finishes ? 1 : 0) - percent",
                      "interaction.timingCurve = UISpringTimingParameters(dampingRatio: 1, initialVelocity: CGVector(dx: left == 0 ? 0 : velocity / left, dy: 0))"]
        }
        lines.append("if finishes { interaction.finish() } else { interaction.cancel() }")
        return lines.joined(separator: "\n")
    }

    /// UIKit's name for a curve `UIView.AnimationCurve` has, else nil.
    private static func animationCurve(_ c: TimingCurve) -> String? {
        switch c {
        case .linear: return "linear"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .easeInEaseOut: return "easeInOut"
        default: return nil
        }
    }

    private static func timingParameters(_ curve: Curve) -> String {
        switch curve {
        case .bezier(let c): return timingParameters(c)
        case let .spring(ratio, velocity):
            return "UISpringTimingParameters(dampingRatio: \(number(ratio)), initialVelocity: CGVector(dx: \(number(velocity)), dy: 0))"
        }
    }

    private static func timingParameters(_ c: TimingCurve) -> String {
        if let named = animationCurve(c) { return "UICubicTimingParameters(animationCurve: .\(named))" }
        return "UICubicTimingParameters(controlPoint1: CGPoint(x: \(number(c.c1.x)), y: \(number(c.c1.y))), "
            + "controlPoint2: CGPoint(x: \(number(c.c2.x)), y: \(number(c.c2.y))))"
    }

    /// `v` to the thousandth, in the fewest digits (Swift's own), whole numbers with ".0".
    static func number(_ v: Double) -> String { "\((v * 1000).rounded() / 1000)" }
}
