import Foundation

/// A damped harmonic oscillator carrying a value from 0 to 1, solved in closed form
/// (under-, critically and over-damped), with UIKit's spring-animation parameters.
///
/// The motion is `m·x'' + c·x' + k·x = 0` for the displacement `x = value − 1`, starting at
/// `x(0) = −1` with `x'(0) = initialVelocity` (in whole distances per second, as UIKit's
/// `initialSpringVelocity`). The mass is 1 and `c = 2·ζ·√(k·m)`.
///
/// **Mapping from (duration, damping ratio).** UIKit's spring animation ends exactly at its
/// duration, so the stiffness is the smallest one for which the motion has settled by then:
/// an upper bound of |x(t)| for every t ≥ duration (the decay envelope: √(A² + B²)·e^(−ζω₀t)
/// when underdamped, (|A| + |B|·t)·e^(−ω₀t) when critical, |C₁|e^(r₁t) + |C₂|e^(r₂t) when
/// overdamped) equals `settleTolerance` (0.001 of the distance). ω₀ = √k is found by
/// bisection; `value(at:)` returns exactly 1 from `duration` on.
public struct Spring: Hashable, Sendable, CustomStringConvertible {
    package static let settleTolerance = 0.001

    /// Always 1, so the stiffness and damping are per unit mass.
    public let mass: Double
    /// k = ω₀², per second squared: the smallest for which the motion settles by `duration`.
    public let stiffness: Double
    /// c = 2·ζ·√(k·m), per second.
    public let damping: Double
    /// ζ (0.001…1000): below 1 it oscillates, 1 is critically damped, above 1 overdamped.
    public let dampingRatio: Double
    /// Whole distances per second at time 0.
    public let initialVelocity: Double
    /// Seconds; the motion is taken as over from here on.
    public let duration: Double

    /// The spring UIKit's `animate(withDuration: duration, usingSpringWithDamping: dampingRatio,
    /// initialSpringVelocity: initialVelocity)` describes. Duration and damping ratio must
    /// be positive and finite (checked by `validate`); the velocity finite.
    public init(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        precondition(Self.validate(duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity) == nil)
        self.mass = 1
        self.duration = duration
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
        let omega = Self.naturalFrequency(duration: duration, zeta: dampingRatio, v0: initialVelocity)
        stiffness = omega * omega
        damping = 2 * dampingRatio * omega
    }

    /// The shortest duration (seconds) and the lightest damping a person could mean: below
    /// them a spring is not a motion anyone sees (5e-324 s, a ratio that never settles).
    package static let minimumDuration = 0.001, minimumDampingRatio = 0.001

    /// Why these parameters make no spring, or nil when they do.
    package static func validate(duration: Double, dampingRatio: Double, initialVelocity: Double) -> String? {
        if !duration.isFinite || duration < minimumDuration { return "duration must be a positive number of seconds, at least 0.001" }
        if duration > 3600 { return "duration must be at most 3600 seconds" }
        if !dampingRatio.isFinite || dampingRatio < minimumDampingRatio { return "damping ratio must be a positive number, at least 0.001" }
        if dampingRatio > 1000 { return "damping ratio must be at most 1000" }
        if !initialVelocity.isFinite || abs(initialVelocity) > 1e6 { return "initial velocity must be a finite number (|v| ≤ 1e6)" }
        return nil
    }

    /// The parameters, as `spring mass=… stiffness=… damping=… initialVelocity=… duration=…`.
    public var description: String {
        "spring mass=\(mass) stiffness=\(stiffness) damping=\(damping) initialVelocity=\(initialVelocity) duration=\(duration)"
    }

    /// The fraction of the distance covered at `t` seconds (may overshoot 1); 0 before 0 and
    /// exactly 1 from `duration` on.
    public func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= duration { return 1 }
        return 1 + Self.displacement(t, omega: stiffness.squareRoot(), zeta: dampingRatio, v0: initialVelocity).x
    }

    /// Distances per second at `t` seconds; 0 from `duration` on.
    public func velocity(at t: Double) -> Double {
        if t >= duration { return 0 }
        return Self.displacement(max(t, 0), omega: stiffness.squareRoot(), zeta: dampingRatio, v0: initialVelocity).v
    }

    // MARK: Closed form

    /// x(t) and x'(t) for x(0) = −1, x'(0) = v0.
    static func displacement(_ t: Double, omega w0: Double, zeta z: Double, v0: Double) -> (x: Double, v: Double) {
        let x0 = -1.0
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            let a = x0, b = (v0 + z * w0 * x0) / wd
            let e = exp(-z * w0 * t), c = cos(wd * t), s = sin(wd * t)
            let x = e * (a * c + b * s)
            let v = e * ((b * wd - z * w0 * a) * c - (a * wd + z * w0 * b) * s)
            return (x, v)
        } else if z == 1 {
            let a = x0, b = v0 + w0 * x0
            let e = exp(-w0 * t)
            return (e * (a + b * t), e * (b - w0 * (a + b * t)))
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w0 * (z - root), r2 = -w0 * (z + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }

    /// An upper bound of |x(s)| for every s ≥ t.
    static func envelope(_ t: Double, omega w0: Double, zeta z: Double, v0: Double) -> Double {
        let x0 = -1.0
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            let b = (v0 + z * w0 * x0) / wd
            return (x0 * x0 + b * b).squareRoot() * exp(-z * w0 * t)
        } else if z == 1 {
            let a = abs(x0), b = abs(v0 + w0 * x0)
            // (a + b·s)·e^(−ω₀s) peaks at s = 1/ω₀ − a/b; past the peak it only falls.
            let s = b > 0 ? max(t, 1 / w0 - a / b) : t
            return (a + b * s) * exp(-w0 * s)
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w0 * (z - root), r2 = -w0 * (z + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
            return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
        }
    }

    /// The smallest ω₀ whose envelope at `duration` is within the settle tolerance.
    static func naturalFrequency(duration: Double, zeta: Double, v0: Double) -> Double {
        var lo = 1e-6, hi = 1.0
        while envelope(duration, omega: hi, zeta: zeta, v0: v0) > settleTolerance && hi < 1e9 { hi *= 2 }
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if envelope(duration, omega: mid, zeta: zeta, v0: v0) > settleTolerance { lo = mid } else { hi = mid }
            if hi - lo < 1e-12 * hi { break }
        }
        return hi
    }
}

/// What maps an animation's elapsed fraction of time to the fraction of change it shows.
public enum Easing: Hashable, Sendable, CustomStringConvertible {
    /// A timing curve, evaluated at the elapsed fraction clamped to 0…1.
    case bezier(TimingCurve)
    /// A spring run over its own `duration`, which the fraction scales; may overshoot 1.
    case spring(Spring)

    /// The fraction of change at time fraction `x` (clamped to 0…1 for Béziers; a spring
    /// may overshoot).
    public func value(at x: Double) -> Double {
        switch self {
        case .bezier(let c): return c.value(at: x)
        case .spring(let s): return s.value(at: x * s.duration)
        }
    }

    /// The timing curve's or the spring's description.
    public var description: String {
        switch self {
        case .bezier(let c): return c.description
        case .spring(let s): return s.description
        }
    }
}
