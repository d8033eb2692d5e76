/// A timing function: a cubic Bézier from (0, 0) to (1, 1) with control points `c1`, `c2`
/// (`CAMediaTimingFunction`). It maps the fraction of elapsed time to the fraction of the
/// change shown.
public struct TimingCurve: Hashable, Sendable, CustomStringConvertible {
    /// The first control point, leaving (0, 0); `init` clamps its x to 0…1, y may overshoot.
    public var c1: Point
    /// The second control point, toward (1, 1); `init` clamps its x to 0…1, y may overshoot.
    public var c2: Point
    /// The name of a predefined curve, or nil for a custom one.
    public let name: String?

    /// Where a custom curve's control points' y may lie, wherever one is written (the
    /// command line, `segue curve`, transition files): overshoot is fine, a curve no screen
    /// can show is not.
    package static let controlYRange = -10.0...10.0

    /// A custom curve; the x coordinates are clamped to 0…1 so time stays monotonic.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.init(x1, y1, x2, y2, name: nil)
    }

    private init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, name: String?) {
        c1 = Point(x: min(max(x1, 0), 1), y: y1)
        c2 = Point(x: min(max(x2, 0), 1), y: y2)
        self.name = name
    }

    /// A constant rate: control points (0, 0) and (1, 1).
    public static let linear = TimingCurve(0, 0, 1, 1, name: "linear")
    /// Starts slowly and speeds up to the end: (0.42, 0) and (1, 1).
    public static let easeIn = TimingCurve(0.42, 0, 1, 1, name: "easeIn")
    /// Starts at speed and slows into the end: (0, 0) and (0.58, 1).
    public static let easeOut = TimingCurve(0, 0, 0.58, 1, name: "easeOut")
    /// Slow at both ends: (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = TimingCurve(0.42, 0, 0.58, 1, name: "easeInEaseOut")
    /// Core Animation's `kCAMediaTimingFunctionDefault`.
    public static let `default` = TimingCurve(0.25, 0.1, 0.25, 1, name: "default")

    /// The predefined curves, by name.
    public static let named: [TimingCurve] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]

    /// The predefined curve called `name`, or nil.
    public static func named(_ name: String) -> TimingCurve? { named.first { $0.name == name } }

    /// The predefined name, or `cubic-bezier(x1, y1, x2, y2)` for a custom curve.
    public var description: String {
        name ?? "cubic-bezier(\(c1.x), \(c1.y), \(c2.x), \(c2.y))"
    }

    /// The fraction of change at time fraction `x`; `x` is clamped to 0…1, so `value(0) = 0`
    /// and `value(1) = 1`.
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if c1.x == c1.y && c2.x == c2.y { return x }
        return Self.bezier(solveParameter(forX: x), c1.y, c2.y)
    }

    /// The slope dy/dx at time fraction `x` (clamped to 0…1). Where the curve's x stalls
    /// (an end with a control point on it), the slope is the limit, taken numerically.
    package func slope(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        if c1.x == c1.y && c2.x == c2.y { return 1 }
        let s = solveParameter(forX: x)
        let dx = Self.derivative(s, c1.x, c2.x), dy = Self.derivative(s, c1.y, c2.y)
        if dx > 1e-6 { return dy / dx }
        let h = 1e-6, a = max(x - h, 0), b = min(x + h, 1)
        return (value(at: b) - value(at: a)) / (b - a)
    }

    /// The Bézier parameter s with x(s) = x: Newton's method, falling back to bisection.
    private func solveParameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let err = Self.bezier(s, c1.x, c2.x) - x
            if abs(err) < 1e-7 { return s }
            let d = Self.derivative(s, c1.x, c2.x)
            if abs(d) < 1e-9 { break }
            s -= err / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<64 {
            let v = Self.bezier(s, c1.x, c2.x)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// One coordinate of the Bézier with end points 0 and 1 and control values p1, p2, as
    /// the polynomial ((a·s + b)·s + c)·s: c = 3·p1, b = 3·(p2 − p1) − c, a = 1 − c − b
    /// (three multiplications where the Bernstein form takes ten, in each step of the solve).
    @inline(__always)
    private static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return ((a * s + b) * s + c) * s
    }

    /// Its derivative, (3a·s + 2b)·s + c.
    @inline(__always)
    private static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return (3 * a * s + 2 * b) * s + c
    }
}
