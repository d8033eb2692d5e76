import Segue

/// A transition parameter a user can step through, with keys or the HUD's − and + buttons.
package enum Parameter: String, CaseIterable, Sendable {
    case duration, curve, scrub, threshold, completionSpeed, completionCurve, perspective, release, springCompletion

    package var label: String {
        switch self {
        case .duration: return "duration"
        case .curve: return "curve"
        case .scrub: return "scrub"
        case .threshold: return "threshold"
        case .completionSpeed: return "compl. speed"
        case .completionCurve: return "compl. curve"
        case .perspective: return "perspective"
        case .release: return "release"
        case .springCompletion: return "spring end"
        }
    }

    /// The key that steps it forward (with Shift, back).
    package var key: Character {
        switch self {
        case .duration: return "d"
        case .curve: return "c"
        case .scrub: return "l"
        case .threshold: return "t"
        case .completionSpeed: return "o"
        case .completionCurve: return "k"
        case .perspective: return "p"
        case .release: return "r"
        case .springCompletion: return "v"
        }
    }

    /// The value as the HUD shows it ("—" for a perspective the transition does not have).
    package func text(_ p: TransitionParameters) -> String {
        switch self {
        case .duration: return String(format2: p.duration) + " s"
        case .curve: return p.curve.shortText
        case .scrub: return p.scrub == .linear ? "linear" : "along the curve"
        case .threshold: return String(format2: p.threshold)
        case .completionSpeed: return String(format2: p.completionSpeed) + "×"
        case .completionCurve: return p.completionCurve.shortText
        case .perspective:
            guard let d = p.perspectiveDistance else { return "—" }
            return "\(Int(d.rounded())) pt"
        case .release: return p.releaseRule.rawValue
        case .springCompletion: return p.springCompletion ? "on" : "off"
        }
    }

    /// `p` stepped once forward (`step` > 0) or back: numbers by a fixed amount within
    /// their range, choices cycled, the switch toggled.
    /// The curves cycle through the named ones and the `reference` one (a spring, say).
    package func stepped(_ p: TransitionParameters, by step: Int, reference: TransitionParameters) -> TransitionParameters {
        var q = p
        let s = Double(step.signum())
        func cycle<T: Equatable>(_ all: [T], _ value: T) -> T {
            let i = all.firstIndex(of: value) ?? 0
            return all[(i + step.signum() + all.count) % all.count]
        }
        switch self {
        case .duration: q.duration = ((p.duration + 0.1 * s) * 100).rounded() / 100
            q.duration = min(max(q.duration, 0.1), 10)
        case .curve:
            let named = TimingCurve.named.map(Curve.bezier)
            q.curve = cycle(named.contains(reference.curve) ? named : [reference.curve] + named, p.curve)
        case .scrub: q.scrub = cycle(ScrubMode.allCases, p.scrub)
        case .threshold: q.threshold = min(max(((p.threshold + 0.05 * s) * 100).rounded() / 100, 0.05), 0.95)
        case .completionSpeed: q.completionSpeed = min(max(p.completionSpeed + 0.25 * s, 0.25), 4)
        case .completionCurve:
            let named = TimingCurve.named.map(Curve.bezier)
            q.completionCurve = cycle(named.contains(reference.completionCurve) ? named : [reference.completionCurve] + named,
                                      p.completionCurve)
        case .perspective:
            guard let d = p.perspectiveDistance else { return p }
            // Within what --perspective takes, so a kept or copied tuning reads back.
            q.perspectiveDistance = min(max(((d + 100 * s) / 10).rounded() * 10, 100), 100_000)
        case .release: q.releaseRule = cycle(ReleaseRule.allCases, p.releaseRule)
        case .springCompletion: q.springCompletion.toggle()
        }
        return q
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
