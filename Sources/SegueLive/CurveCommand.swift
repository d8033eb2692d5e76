import Foundation
import Segue
import SegueCommandLine
import SegueSDL
import SegueStudio
import SegueProcess
import SegueRender

/// `segue curve`: prints a timing curve or a spring as `time,value,velocity` rows, and
/// optionally plots it to a PNG. Parameters whose curve cannot be computed in finite,
/// printable numbers are refused (exit 2) before anything is printed.
struct CurveCommand {
    static let duration = Option<Double>("--duration", "D", help: """
        seconds, 0.001…3600 (for Bézier curves default 1)
        """) { text in
        let v = try finite(text, "--duration")
        guard v > 0, v <= 3600 else { throw UsageError("duration must be a positive number of seconds (at most 3600)") }
        guard v >= Spring.minimumDuration else { throw UsageError("duration must be at least 0.001 seconds") }
        return v
    }
    static let dampingRatio = Option<Double>("--damping-ratio", "Z", help: """
        0.001…1000; 1 is critical damping, below it the spring overshoots
        """) { text in
        let v = try finite(text, "--damping-ratio")
        guard v > 0 else { throw UsageError("damping ratio must be a positive number") }
        guard v >= Spring.minimumDampingRatio else { throw UsageError("damping ratio must be at least 0.001") }
        return v
    }
    static let velocity = Option<Double>("--velocity", "V", help: """
        initial velocity in distances per second, |V| ≤ 1e6 (default 0)
        """) { try finite($0, "--velocity") }
    static let points = Option<(Double, Double, Double, Double)>("--points", "x1,y1,x2,y2", help: """
        the Bézier's control points (x1, x2 within 0…1; y1, y2 within −10…10)
        """) { text in
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Parse.decimal($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x1 = parts[0], let y1 = parts[1], let x2 = parts[2], let y2 = parts[3] else {
            throw UsageError("--points must be four numbers x1,y1,x2,y2, not \(Echo.quoted(text))")
        }
        guard (0...1).contains(x1), (0...1).contains(x2) else { throw UsageError("--points x1 and x2 must be within 0…1") }
        guard TimingCurve.controlYRange.contains(y1), TimingCurve.controlYRange.contains(y2) else {
            throw UsageError("--points y1 and y2 must be within −10…10")
        }
        return (x1, y1, x2, y2)
    }
    static let samples = Option.whole("--samples", "N", in: 2...100_000, help: "rows, 2…100000 (default 61)")
    static let out = Option<String>.text("--out", "plot.png", help: "also draw the curve as a PNG (written whole or not at all)")

    /// The options of each kind of curve.
    static var springOptions: [OptionSpec] { [duration.spec, dampingRatio.spec, velocity.spec, samples.spec, out.spec] }
    static var bezierOptions: [OptionSpec] { [points.spec, duration.spec, samples.spec, out.spec] }
    static var namedOptions: [OptionSpec] { [duration.spec, samples.spec, out.spec] }
    /// Every option, once each, for `--help`.
    static var allOptions: [OptionSpec] { [duration.spec, dampingRatio.spec, velocity.spec, points.spec, samples.spec, out.spec] }
    /// Values beyond this are refused as not computable in printable numbers.
    static let largest = 1e9

    var easing: Easing
    var header: String
    var duration: Double
    var samples = 61
    var out: String?

    init(_ args: [String]) throws {
        guard let kind = args.first, !kind.hasPrefix("-") else {
            throw UsageError("curve needs a kind: spring, cubic-bezier, \(TimingCurve.names.joined(separator: ", "))")
        }
        let rest = Array(args.dropFirst())
        let a: Arguments
        switch kind {
        case "spring":
            a = try Arguments(rest, options: Self.springOptions)
            let duration = try a.required(Self.duration, by: "curve spring")
            let ratio = try a.required(Self.dampingRatio, by: "curve spring")
            let velocity = try a.value(Self.velocity) ?? 0
            if let problem = Spring.validate(duration: duration, dampingRatio: ratio, initialVelocity: velocity) {
                throw UsageError(problem)
            }
            let spring = Spring(duration: duration, dampingRatio: ratio, initialVelocity: velocity)
            easing = .spring(spring)
            self.duration = duration
            header = "# " + spring.description
        case "cubic-bezier":
            a = try Arguments(rest, options: Self.bezierOptions)
            let (x1, y1, x2, y2) = try a.required(Self.points, by: "curve cubic-bezier")
            duration = try a.value(Self.duration) ?? 1
            easing = .bezier(TimingCurve(x1, y1, x2, y2))
            header = "# cubic-bezier x1=\(x1) y1=\(y1) x2=\(x2) y2=\(y2) duration=\(duration)"
        default:
            guard let curve = TimingCurve.named(kind) else {
                throw UsageError("unknown curve \(Echo.quoted(kind)) (spring, cubic-bezier, \(TimingCurve.names.joined(separator: ", ")))")
            }
            a = try Arguments(rest, options: Self.namedOptions)
            duration = try a.value(Self.duration) ?? 1
            easing = .bezier(curve)
            header = "# \(kind) cubic-bezier x1=\(curve.c1.x) y1=\(curve.c1.y) x2=\(curve.c2.x) y2=\(curve.c2.y) duration=\(duration)"
        }
        samples = try a.value(Self.samples) ?? 61
        out = try a.value(Self.out).map { try OutputFile.target($0, for: "--out", kind: "png") }
        a.checkEveryOptionRead()
        for (t, v, dv) in rows(count: samples) {
            guard t.isFinite, v.isFinite, dv.isFinite else {
                throw UsageError("the curve cannot be computed for these parameters (a value is not finite)")
            }
            guard abs(v) <= Self.largest, abs(dv) <= Self.largest else {
                throw UsageError("the curve cannot be computed for these parameters (values beyond ±1e9)")
            }
        }
    }

    private static func finite(_ text: String, _ name: String) throws -> Double {
        guard let v = Parse.decimal(text) else { throw UsageError("\(name) must be a finite number, not \(Echo.quoted(text))") }
        return v
    }

    /// (time, value, velocity) at `count` (≥ 2) evenly spaced times from 0 to the duration.
    func rows(count: Int) -> [(Double, Double, Double)] {
        (0..<count).map { i in
            let t = duration * Double(i) / Double(count - 1)
            switch easing {
            case .spring(let s): return (t, s.value(at: t), s.velocity(at: t))
            case .bezier(let c): return (t, c.value(at: t / duration), c.slope(at: t / duration) / duration)
            }
        }
    }

    /// Prints `samples` rows, then draws the plot, sampled at every pixel across whatever
    /// `samples` is (a signal stops it, leaving no file).
    func run() throws {
        var text = header + "\ntime,value,velocity\n"
        for (t, v, dv) in rows(count: samples) { text += "\(Self.number(t)),\(Self.number(v)),\(Self.number(dv))\n" }
        try Command.writeStandardOutput(text)
        guard let out else { return }
        try Interruption.check()
        let platform = try Platform(headless: true)
        let canvas = try OffscreenCanvas(platform: platform, width: 720, height: 440, assetsDirectory: try Assets.directory())
        let list = try CurvePlot.list(rows(count: 720), title: String(header.dropFirst(2)), width: 720, height: 440)
        let pixels = try canvas.render(list, pixelScale: 1, background: Color(hex: 0x111318))
        try Interruption.check()
        try ImageFile.writePNG(pixels, width: 720, height: 440, to: out)
    }

    static func number(_ v: Double) -> String { String(format: "%.6f", v) }
}

/// A plot of value against time as display-list items: the 0 and 1 lines, the curve as a
/// polyline of thin quads, and the parameters as a title.
enum CurvePlot {
    /// Stops at a signal (`Interrupted`).
    static func list(_ rows: [(Double, Double, Double)], title: String, width: Double, height: Double) throws -> DisplayList {
        var list = DisplayList()
        let plot = Rect(x: 56, y: 64, width: width - 88, height: height - 112)
        let duration = rows.last?.0 ?? 1
        let values = rows.map(\.1)
        let lo = min(0, values.min() ?? 0), hi = max(1, values.max() ?? 1)
        func point(_ t: Double, _ v: Double) -> Point {
            Point(x: plot.minX + t / max(duration, 1e-12) * plot.width, y: plot.maxY - (v - lo) / (hi - lo) * plot.height)
        }
        func rect(_ r: Rect, _ c: Color) { list.items.append(.init(rect: r, transform: .identity, opacity: 1, fill: .color(c))) }
        func text(_ s: String, _ x: Double, _ y: Double, _ w: Double, size: Double = 13, color: Color = Color(white: 0.7)) {
            list.items.append(.init(rect: Rect(x: x, y: y, width: w, height: size * 1.4), transform: .identity, opacity: 1,
                                    fill: .text(TextContent(s, fontSize: size, weight: .monospace, color: color))))
        }
        rect(plot, Color(hex: 0x1A1D24))
        for v in [0.0, 1.0] {
            let y = point(0, v).y
            rect(Rect(x: plot.minX, y: y - 0.5, width: plot.width, height: 1), Color(white: 0.35))
            text(v == 0 ? "0" : "1", plot.minX - 24, y - 9, 20)
        }
        text("0 s", plot.minX - 8, plot.maxY + 8, 60)
        text(String(format: "%g s", duration), plot.maxX - 60, plot.maxY + 8, 80)
        text(title, 16, 16, width - 32, size: 13, color: Color(white: 0.9))
        for (i, (a, b)) in zip(rows, rows.dropFirst()).enumerated() {
            if i % 4096 == 0 { try Interruption.check() }
            let p = point(a.0, a.1), q = point(b.0, b.1)
            let d = q - p, length = d.length
            guard length > 0 else { continue }
            // A 2-pixel-thick segment from p to q: a rect along x, rotated and moved into place.
            let angle = atan2(d.y, d.x)
            let m = Transform3D.makeRotation(angle, 0, 0, 1).concatenating(.makeTranslation(p.x, p.y, 0))
            list.items.append(.init(rect: Rect(x: 0, y: -1, width: length + 1, height: 2), transform: m, opacity: 1,
                                    fill: .color(Color(hex: 0xF59E0B))))
        }
        return list
    }
}
