import Foundation
#if !SEGUE_FUZZING
import Segue
#endif

/// One function of a format-2 `transform` list: CSS's transform functions, in CSS's units
/// and signs (which are Core Animation's).
public enum TransformFunction: Hashable, Sendable {
    /// x and y in points or percent of the layer's own width and height; z in points.
    case translate(Length, Length, Double)
    /// Degrees.
    case rotateX(Double), rotateY(Double), rotateZ(Double)
    /// About the axis (x, y, z), any length (none: no turn), by `degrees`.
    case rotate3d(x: Double, y: Double, z: Double, degrees: Double)
    /// Factors along x, y and z; one JSON number scales x and y alike, and z defaults to 1.
    case scale(Double, Double, Double)
    /// Degrees along x and along y (CSS `skew(ax, ay)`).
    case skew(Double, Double)
    /// The eye's distance in points, in the layer's own transform (CSS `perspective()`).
    case perspective(Double)
    /// 16 numbers, column-major as CSS `matrix3d()` writes them (which is Core Animation's
    /// m11, m12, … m44 order).
    case matrix3d([Double])

    /// The function's JSON key.
    public var name: String {
        switch self {
        case .translate: return "translate"
        case .rotateX: return "rotateX"
        case .rotateY: return "rotateY"
        case .rotateZ: return "rotateZ"
        case .rotate3d: return "rotate3d"
        case .scale: return "scale"
        case .skew: return "skew"
        case .perspective: return "perspective"
        case .matrix3d: return "matrix3d"
        }
    }

    /// The keys a list may name, in the order the format's table gives them.
    public static let names = ["translate", "rotateX", "rotateY", "rotateZ", "rotate3d", "scale", "skew", "perspective", "matrix3d"]
}

/// A transform list made numbers for a layer of a given size, and interpolated as CSS
/// Transforms 2 interpolates two lists (as Chromium draws them).
///
/// Pair by pair from the front, two functions of one kind are interpolated argument by
/// argument (turns when their normalised axes agree, or either turns by nothing); a list
/// shorter than the other is padded with the identities of the other's functions. From the
/// first pair that differs in kind, the rest of both lists is interpolated as two matrices,
/// by decomposition (translation, scale, skew, perspective, and the rotation's quaternion
/// by slerp). `matrix3d` pairs are matrices so interpolated.
struct ResolvedTransform: Equatable {
    enum Step: Equatable {
        case translate(Double, Double, Double)
        /// A unit axis (z for no turn) and radians.
        case rotate(Double, Double, Double, Double)
        case scale(Double, Double, Double)
        /// Radians.
        case skew(Double, Double)
        /// 1 / distance: 0 is no perspective (what CSS interpolates: the inverse).
        case perspective(Double)
        case matrix(Transform3D)
    }

    var steps: [Step]

    /// `functions` for a layer of `size` points (what percentages are of).
    init(_ functions: [TransformFunction], size: Size) {
        steps = functions.map { Self.step($0, size: size) }
    }

    init(steps: [Step]) { self.steps = steps }

    static func step(_ f: TransformFunction, size: Size) -> Step {
        let radians = Double.pi / 180
        switch f {
        case .translate(let x, let y, let z): return .translate(x.points(of: size.width), y.points(of: size.height), z)
        case .rotateX(let a): return .rotate(1, 0, 0, a * radians)
        case .rotateY(let a): return .rotate(0, 1, 0, a * radians)
        case .rotateZ(let a): return .rotate(0, 0, 1, a * radians)
        case .rotate3d(let x, let y, let z, let a):
            let length = (x * x + y * y + z * z).squareRoot()
            guard length > 0, length.isFinite else { return .rotate(0, 0, 1, 0) }
            return .rotate(x / length, y / length, z / length, a * radians)
        case .scale(let x, let y, let z): return .scale(x, y, z)
        case .skew(let x, let y): return .skew(x * radians, y * radians)
        case .perspective(let d): return .perspective(d > 0 && d.isFinite ? 1 / d : 0)
        case .matrix3d(let m):
            return .matrix(Transform3D(m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
                                       m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15]))
        }
    }

    /// The step's matrix, in the model's row-vector form (a point meets it as `p · M`).
    static func matrix(_ step: Step) -> Transform3D {
        switch step {
        case .translate(let x, let y, let z): return .makeTranslation(x, y, z)
        case .rotate(let x, let y, let z, let a): return a == 0 ? .identity : .makeRotation(a, x, y, z)
        case .scale(let x, let y, let z): return .makeScale(x, y, z)
        case .skew(let ax, let ay):
            // x' = x + tan(ax)·y, y' = tan(ay)·x + y.
            var m = Transform3D.identity
            m.m21 = tan(ax)
            m.m12 = tan(ay)
            return m
        case .perspective(let inverse):
            var m = Transform3D.identity
            m.m34 = -inverse
            return m
        case .matrix(let m): return m
        }
    }

    /// The list's matrix: the product of its functions left to right, so that a point meets
    /// the last first.
    var matrix: Transform3D { Self.product(steps[...]) }

    static func product(_ steps: ArraySlice<Step>) -> Transform3D {
        steps.reversed().reduce(Transform3D.identity) { $0.concatenating(matrix($1)) }
    }

    /// The identity of `step`'s kind (a turn keeps its axis).
    static func identity(like step: Step) -> Step {
        switch step {
        case .translate: return .translate(0, 0, 0)
        case .rotate(let x, let y, let z, _): return .rotate(x, y, z, 0)
        case .scale: return .scale(1, 1, 1)
        case .skew: return .skew(0, 0)
        case .perspective: return .perspective(0)
        case .matrix: return .matrix(.identity)
        }
    }

    /// `a` and `b` interpolated argument by argument at `u`, nil where they are not of one
    /// kind (or are turns about two axes, both turning).
    static func interpolated(_ a: Step, _ b: Step, at u: Double) -> Step? {
        func mix(_ p: Double, _ q: Double) -> Double { p + (q - p) * u }
        switch (a, b) {
        case let (.translate(x0, y0, z0), .translate(x1, y1, z1)): return .translate(mix(x0, x1), mix(y0, y1), mix(z0, z1))
        case let (.scale(x0, y0, z0), .scale(x1, y1, z1)): return .scale(mix(x0, x1), mix(y0, y1), mix(z0, z1))
        case let (.skew(x0, y0), .skew(x1, y1)): return .skew(mix(x0, x1), mix(y0, y1))
        case let (.perspective(p0), .perspective(p1)): return .perspective(mix(p0, p1))
        case let (.rotate(x0, y0, z0, a0), .rotate(x1, y1, z1, a1)):
            if a0 == 0 { return .rotate(x1, y1, z1, mix(0, a1)) }
            if a1 == 0 { return .rotate(x0, y0, z0, mix(a0, 0)) }
            guard abs(x0 * x1 + y0 * y1 + z0 * z1 - 1) < 1e-9 else { return nil }
            return .rotate(x0, y0, z0, mix(a0, a1))
        case let (.matrix(m0), .matrix(m1)): return .matrix(m0.interpolated(to: m1, at: u))
        default: return nil
        }
    }

    /// The transform a fraction `u` (not clamped) of the way from `self` to `other`.
    func interpolated(to other: ResolvedTransform, at u: Double) -> Transform3D {
        let n = max(steps.count, other.steps.count)
        var mixed: [Step] = []
        mixed.reserveCapacity(n)
        var i = 0
        while i < n {
            let a = i < steps.count ? steps[i] : Self.identity(like: other.steps[i])
            let b = i < other.steps.count ? other.steps[i] : Self.identity(like: steps[i])
            guard let step = Self.interpolated(a, b, at: u) else { break }
            mixed.append(step)
            i += 1
        }
        let prefix = Self.product(mixed[...])
        guard i < n else { return prefix }
        let rest = Self.product(steps[min(i, steps.count)...]).interpolated(to: Self.product(other.steps[min(i, other.steps.count)...]), at: u)
        // The prefix's matrix times the rest's (CSS order): a point meets the rest first.
        return rest.concatenating(prefix)
    }
}
