import Foundation
import Segue
import SegueSDL
import SegueStudio

/// `segue curve`: prints a timing curve or a spring as `time,value,velocity` rows, and
/// optionally plots it to a PNG.
@MainActor
struct CurveCommand {
    var easing: Easing
    var header: String
    var duration: Double
    var samples = 61
    var out: String?

    init(_ args: [String]) throws {
        guard let kind = args.first, !kind.hasPrefix("--") else {
            throw UsageError("curve needs a kind: spring, cubic-bezier, \(Self.bezierNames.joined(separator: ", "))")
        }
        var a = Arguments(Array(args.dropFirst()))
        switch kind {
        case "spring":
            guard let d = try a.value("--duration") else { throw UsageError("curve spring needs --duration SECONDS") }
            guard let z = try a.value("--damping-ratio") else { throw UsageError("curve spring needs --damping-ratio Z") }
            let duration = try Self.finite(d, "--duration"), ratio = try Self.finite(z, "--damping-ratio")
            let velocity = try a.value("--velocity").map { try Self.finite($0, "--velocity") } ?? 0
            if let problem = Spring.validate(duration: duration, dampingRatio: ratio, initialVelocity: velocity) {
                throw UsageError(problem)
            }
            let spring = Spring(duration: duration, dampingRatio: ratio, initialVelocity: velocity)
            easing = .spring(spring)
            self.duration = duration
            header = "# " + spring.description
        case "cubic-bezier":
            guard let p = try a.value("--points") else { throw UsageError("curve cubic-bezier needs --points x1,y1,x2,y2") }
            let parts = p.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 4, let x1 = parts[0], let y1 = parts[1], let x2 = parts[2], let y2 = parts[3],
                  [x1, y1, x2, y2].allSatisfy({ $0.isFinite }) else {
                throw UsageError("--points must be four numbers x1,y1,x2,y2, not '\(p)'")
            }
            guard (0...1).contains(x1), (0...1).contains(x2) else { throw UsageError("--points x1 and x2 must be within 0…1") }
            duration = try Self.duration(&a)
            easing = .bezier(TimingCurve(x1, y1, x2, y2))
            header = "# cubic-bezier x1=\(x1) y1=\(y1) x2=\(x2) y2=\(y2) duration=\(duration)"
        default:
            guard let curve = TimingCurve.named(kind) else {
                throw UsageError("unknown curve '\(kind)' (spring, cubic-bezier, \(Self.bezierNames.joined(separator: ", ")))")
            }
            duration = try Self.duration(&a)
            easing = .bezier(curve)
            header = "# \(kind) cubic-bezier x1=\(curve.c1.x) y1=\(curve.c1.y) x2=\(curve.c2.x) y2=\(curve.c2.y) duration=\(duration)"
        }
        if let n = try a.value("--samples") {
            guard let v = Int(n), (2...100_000).contains(v) else { throw UsageError("--samples must be a whole number from 2 to 100000, not '\(n)'") }
            samples = v
        }
        if let o = try a.value("--out") {
            if let reason = ImageFile.unwritableReason(o) { throw UsageError("cannot write --out '\(o)': \(reason)") }
            out = o
        }
        try a.finish()
    }

    static var bezierNames: [String] { TimingCurve.named.compactMap(\.name) }

    private static func finite(_ text: String, _ name: String) throws -> Double {
        guard let v = Double(text), v.isFinite else { throw UsageError("\(name) must be a finite number, not '\(text)'") }
        return v
    }

    /// `--duration` for a Bézier: positive, finite, at most an hour; 1 s by default.
    private static func duration(_ a: inout Arguments) throws -> Double {
        guard let d = try a.value("--duration") else { return 1 }
        let v = try finite(d, "--duration")
        guard v > 0, v <= 3600 else { throw UsageError("duration must be a positive number of seconds (at most 3600)") }
        return v
    }

    /// (time, value, velocity) at `samples` evenly spaced times from 0 to the duration.
    var rows: [(Double, Double, Double)] {
        (0..<samples).map { i in
            let t = duration * Double(i) / Double(samples - 1)
            switch easing {
            case .spring(let s): return (t, s.value(at: t), s.velocity(at: t))
            case .bezier(let c): return (t, c.value(at: t / duration), c.slope(at: t / duration) / duration)
            }
        }
    }

    func run() throws {
        let table = rows
        var text = header + "\ntime,value,velocity\n"
        for (t, v, dv) in table { text += "\(Self.number(t)),\(Self.number(v)),\(Self.number(dv))\n" }
        FileHandle.standardOutput.write(Data(text.utf8))
        guard let out else { return }
        let platform = try Platform(headless: true)
        let canvas = try OffscreenCanvas(platform: platform, width: 720, height: 440, assetsDirectory: try Assets.directory())
        let pixels = try canvas.render(CurvePlot.list(table, title: String(header.dropFirst(2)), width: 720, height: 440),
                                       pixelScale: 1, background: Color(hex: 0x111318))
        do {
            try ImageFile.writePNG(pixels, width: 720, height: 440, to: out)
        } catch let e as SDLError {
            throw UsageError(e.message)
        }
    }

    static func number(_ v: Double) -> String { String(format: "%.6f", v) }
}

/// A plot of value against time as display-list items: the 0 and 1 lines, the curve as a
/// polyline of thin quads, and the parameters as a title.
enum CurvePlot {
    static func list(_ rows: [(Double, Double, Double)], title: String, width: Double, height: Double) -> DisplayList {
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
        for (a, b) in zip(rows, rows.dropFirst()) {
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
