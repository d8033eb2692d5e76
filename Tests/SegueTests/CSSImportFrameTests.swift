import Foundation
import Testing
@testable import Segue
@testable import SegueCatalog
@testable import SegueDemos
import SegueRender

/// Style sheets imported (`CSSImport`), written and read back as files, played and drawn,
/// against the quads CSS's own math puts the modal screen at — computed here, apart from
/// Segue's transforms: CSS's matrices in column-vector form, lists interpolated as CSS
/// interpolates them, the origin, the perspective divide. Each frame's drawn modal must
/// overlap the computed quad with IoU ≥ 0.99.
@MainActor @Suite struct CSSImportFrameTests {
    static let size = (width: 200, height: 300)

    /// A fixture set written for this test: perspective in the list, rotate3d, skews, origins
    /// in keywords and in px, per-keyframe timing functions, a list padded with identities,
    /// and lists of two shapes.
    nonisolated static let sheet = """
        @keyframes turnIn {
          0% { transform: perspective(600px) rotate3d(0, 1, 0, -70deg); animation-timing-function: ease-out; }
          100% { transform: perspective(600px) rotate3d(0, 1, 0, 0deg); }
        }
        .turn { animation: turnIn 0.6s ease; transform-origin: left center; }
        @keyframes tiltSkew {
          from { transform: perspective(500px) rotateX(0) skew(0deg, 0deg); animation-timing-function: cubic-bezier(0.2, 0.7, 0.3, 1); }
          50% { transform: perspective(500px) rotateX(35deg) skew(12deg, 4deg); animation-timing-function: ease-in; }
          to { transform: perspective(500px) rotateX(10deg) skew(-6deg, 0deg); }
        }
        @keyframes settle {
          from { transform: perspective(400px) rotate3d(1, 0, 0, 60deg) translate3d(0, 10%, -40px); }
          to { transform: perspective(400px); }
        }
        @keyframes pivot {
          0% { transform: rotate(-30deg) scale(0.8); }
          100% { transform: rotate(20deg) scale(1); }
        }
        .pivot { animation-name: pivot; transform-origin: 40px 60px; }
        @keyframes reshape {
          0% { transform: translateX(30px) rotateY(20deg) scale(0.9); }
          50% { transform: perspective(500px) rotateY(45deg) translateX(-20px); }
          100% { transform: none; }
        }
        """

    // MARK: CSS's math, column-vector 4 × 4 (p' = M · p)

    typealias Matrix = [[Double]]

    static let identity: Matrix = (0..<4).map { r in (0..<4).map { $0 == r ? 1 : 0 } }

    static func product(_ a: Matrix, _ b: Matrix) -> Matrix {
        (0..<4).map { r in (0..<4).map { c in (0..<4).reduce(0) { $0 + a[r][$1] * b[$1][c] } } }
    }

    /// CSS Transforms' matrix of one function, for a box of `size` (what % is of).
    static func matrix(_ f: TransformFunction, width: Double, height: Double) -> Matrix {
        var m = identity
        let radians = Double.pi / 180
        switch f {
        case .translate(let x, let y, let z):
            (m[0][3], m[1][3], m[2][3]) = (x.points(of: width), y.points(of: height), z)
        case .scale(let x, let y, let z):
            (m[0][0], m[1][1], m[2][2]) = (x, y, z)
        case .skew(let ax, let ay):
            (m[0][1], m[1][0]) = (tan(ax * radians), tan(ay * radians))
        case .perspective(let d):
            m[3][2] = -1 / d
        case .rotateX(let a): return matrix(.rotate3d(x: 1, y: 0, z: 0, degrees: a), width: width, height: height)
        case .rotateY(let a): return matrix(.rotate3d(x: 0, y: 1, z: 0, degrees: a), width: width, height: height)
        case .rotateZ(let a): return matrix(.rotate3d(x: 0, y: 0, z: 1, degrees: a), width: width, height: height)
        case .rotate3d(let x0, let y0, let z0, let a):
            let n = (x0 * x0 + y0 * y0 + z0 * z0).squareRoot(), (x, y, z) = (x0 / n, y0 / n, z0 / n)
            let sc = sin(a * radians / 2) * cos(a * radians / 2), sq = pow(sin(a * radians / 2), 2)
            m[0] = [1 - 2 * (y * y + z * z) * sq, 2 * (x * y * sq - z * sc), 2 * (x * z * sq + y * sc), 0]
            m[1] = [2 * (x * y * sq + z * sc), 1 - 2 * (x * x + z * z) * sq, 2 * (y * z * sq - x * sc), 0]
            m[2] = [2 * (x * z * sq - y * sc), 2 * (y * z * sq + x * sc), 1 - 2 * (x * x + y * y) * sq, 0]
        case .matrix3d(let v):
            for c in 0..<4 { for r in 0..<4 { m[r][c] = v[c * 4 + r] } }
        }
        return m
    }

    /// Two functions of one kind mixed argument by argument (turns of one axis), the CSS way.
    static func mix(_ a: TransformFunction, _ b: TransformFunction, _ u: Double) -> TransformFunction? {
        func l(_ p: Length, _ q: Length, _ extent: Double) -> Length { .points(p.points(of: extent) + (q.points(of: extent) - p.points(of: extent)) * u) }
        func n(_ p: Double, _ q: Double) -> Double { p + (q - p) * u }
        let w = Double(size.width), h = Double(size.height)
        switch (a, b) {
        case let (.translate(x0, y0, z0), .translate(x1, y1, z1)): return .translate(l(x0, x1, w), l(y0, y1, h), n(z0, z1))
        case let (.scale(x0, y0, z0), .scale(x1, y1, z1)): return .scale(n(x0, x1), n(y0, y1), n(z0, z1))
        case let (.skew(x0, y0), .skew(x1, y1)): return .skew(n(x0, x1), n(y0, y1))
        case let (.perspective(d0), .perspective(d1)): return .perspective(1 / n(1 / d0, 1 / d1))
        case let (.rotateX(p), .rotateX(q)): return .rotateX(n(p, q))
        case let (.rotateY(p), .rotateY(q)): return .rotateY(n(p, q))
        case let (.rotateZ(p), .rotateZ(q)): return .rotateZ(n(p, q))
        case let (.rotate3d(x, y, z, p), .rotate3d(x1, y1, z1, q)) where x == x1 && y == y1 && z == z1:
            return .rotate3d(x: x, y: y, z: z, degrees: n(p, q))
        default: return nil
        }
    }

    /// The identity of a function's kind (CSS's padding).
    static func neutral(_ f: TransformFunction) -> TransformFunction {
        switch f {
        case .translate: return .translate(.points(0), .points(0), 0)
        case .scale: return .scale(1, 1, 1)
        case .skew: return .skew(0, 0)
        case .perspective: return .perspective(1e300)
        case .rotateX: return .rotateX(0)
        case .rotateY: return .rotateY(0)
        case .rotateZ: return .rotateZ(0)
        case .rotate3d(let x, let y, let z, _): return .rotate3d(x: x, y: y, z: z, degrees: 0)
        case .matrix3d: return .matrix3d([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        }
    }

    /// The list `a` a fraction `u` of the way to `b`, where CSS mixes them function by
    /// function (lists of one shape, or one padded); nil where it would take matrices.
    static func mixed(_ a: [TransformFunction], _ b: [TransformFunction], _ u: Double) -> [TransformFunction]? {
        if u == 0 { return a }
        if u == 1 { return b }
        var out: [TransformFunction] = []
        for i in 0..<max(a.count, b.count) {
            let p = i < a.count ? a[i] : neutral(b[i]), q = i < b.count ? b[i] : neutral(a[i])
            guard let m = mix(p, q, u) else { return nil }
            out.append(m)
        }
        return out
    }

    /// Where the screen's corners land, in pixels, for the modal layer's keyframes at
    /// timeline `t` (its segment's timing applied); nil where CSS would interpolate matrices
    /// there, or a corner falls behind the eye.
    static func quad(_ layer: TransitionFile.LayerSpec, at t: Double) -> [(Double, Double)]? {
        let keys = layer.keyframes
        guard let i = keys.lastIndex(where: { $0.t <= t }) else { return nil }
        var list = keys[i].transform ?? []
        if i + 1 < keys.count, t > keys[i].t {
            let local = (t - keys[i].t) / (keys[i + 1].t - keys[i].t)
            guard let m = mixed(list, keys[i + 1].transform ?? [], keys[i].curve?.value(at: local) ?? local) else { return nil }
            list = m
        }
        let w = Double(size.width), h = Double(size.height)
        let origin = (layer.anchor.x * w, layer.anchor.y * h, layer.originZ)
        var m = matrix(.translate(.points(origin.0), .points(origin.1), origin.2), width: w, height: h)
        for f in list { m = product(m, matrix(f, width: w, height: h)) }
        m = product(m, matrix(.translate(.points(-origin.0), .points(-origin.1), -origin.2), width: w, height: h))
        var corners: [(Double, Double)] = []
        for (x, y) in [(0.0, 0.0), (w, 0), (w, h), (0, h)] {
            let v = (0..<4).map { r in m[r][0] * x + m[r][1] * y + m[r][3] }
            guard v[3] > 1e-6 else { return nil }
            corners.append((v[0] / v[3], v[1] / v[3]))
        }
        return corners
    }

    /// Whether the pixel centre lies inside the convex quad `q`.
    static func inside(_ q: [(Double, Double)], _ x: Double, _ y: Double) -> Bool {
        var sign = 0.0
        for k in 0..<4 {
            let a = q[k], b = q[(k + 1) % 4]
            let cross = (b.0 - a.0) * (y - a.1) - (b.1 - a.1) * (x - a.0)
            if cross != 0 {
                if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
            }
        }
        return true
    }

    /// The modal's pixels in the frame at `progress`: the screens painted one colour each
    /// (the base blue, the modal red), the pixels nearer red than blue.
    static func drawn(_ file: TransitionFile, atProgress progress: Double) throws -> [Bool] {
        let demo = DemoCatalog.make(CustomTransition(file: file), screenSize: Size(width: Double(size.width), height: Double(size.height)))
        for (vc, colour) in [(demo.home as ViewController, Color(red: 0, green: 0, blue: 1)), (demo.modal, Color(red: 1, green: 0, blue: 0))] {
            for sub in vc.view.subviews { sub.removeFromSuperview() }
            vc.view.layer.gradient = nil
            vc.view.backgroundColor = colour
        }
        _ = try demo.frame(of: .present, atProgress: progress, scale: 1)
        let rgba = try FrameRenderer(width: size.width, height: size.height).render(demo.window)
        return (0..<(size.width * size.height)).map { rgba[$0 * 4] > rgba[$0 * 4 + 2] }
    }

    @Test(arguments: ["turnIn", "tiltSkew", "settle", "pivot", "reshape"])
    func importedKeyframesDrawWhereCSSPutsThem(_ animation: String) throws {
        let imported = try CSSImport(Self.sheet, names: [animation])
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        // Written and read back: the file a user gets.
        let file = try TransitionFile.read(try #require(imported.imported.first).file.text)
        let modal = try #require(file.layers.first { $0.source == .modal })
        var compared = 0
        // (At 1 the transition has ended: the real screen shows, as an element's own style
        // does once a CSS animation ends.)
        for progress in stride(from: 0.0, through: 0.875, by: 0.125) {
            // The file's curve is linear: the timeline at the progress itself.
            guard let quad = Self.quad(modal, at: progress) else { continue }
            let drawn = try Self.drawn(file, atProgress: progress)
            var both = 0, either = 0
            for y in 0..<Self.size.height {
                for x in 0..<Self.size.width {
                    let expected = Self.inside(quad, Double(x) + 0.5, Double(y) + 0.5), got = drawn[y * Self.size.width + x]
                    if expected && got { both += 1 }
                    if expected || got { either += 1 }
                }
            }
            let iou = either == 0 ? 1 : Double(both) / Double(either)
            #expect(iou >= 0.99, "\(animation) at \(progress): IoU \(iou)")
            compared += 1
        }
        // Every fixture is compared at every eighth but where CSS would mix matrices.
        #expect(compared >= (animation == "reshape" ? 5 : 8))
    }
}
