#if !SEGUE_FUZZING
import Segue
#endif

/// A file layer's property tracks, evaluated on the timeline `t` (0…1), for a layer of
/// `size` points (what its percentages are of).
struct LayerTracks {
    let keyframes: [TransitionFile.Keyframe]
    let size: Size
    /// The layer's anchor (unit coordinates) and origin z (points): where its transform is
    /// about when no key names an origin.
    let anchor: Point, originZ: Double
    /// Each property's keys, found once (a transition's start samples every track about 120
    /// times): format 1's translation in points, its turns in degrees, its scale; the origin;
    /// the opacity; the corner radius.
    private let translateKeys, rotateXKeys, rotateYKeys, rotateZKeys, scaleKeys, originKeys, opacityKeys, radiusKeys: Keys
    /// Format 2's transform lists, resolved for the layer's size, each with its key's time
    /// and curve.
    private let lists: [(t: Double, list: ResolvedTransform, curve: Curve?)]

    init(_ spec: TransitionFile.LayerSpec, size: Size) {
        keyframes = spec.keyframes
        self.size = size
        anchor = spec.anchor
        originZ = spec.originZ
        translateKeys = Keys(keyframes) { k in
            k.translate.map { SIMD4($0[0].points(of: size.width), $0[1].points(of: size.height), $0[2].points(of: size.width), 0) }
        }
        rotateXKeys = Keys(keyframes) { $0.rotateX.map { SIMD4($0, 0, 0, 0) } }
        rotateYKeys = Keys(keyframes) { $0.rotateY.map { SIMD4($0, 0, 0, 0) } }
        rotateZKeys = Keys(keyframes) { $0.rotateZ.map { SIMD4($0, 0, 0, 0) } }
        scaleKeys = Keys(keyframes) { $0.scale.map(Keys.lanes) }
        originKeys = Keys(keyframes) { $0.origin.map(Keys.lanes) }
        opacityKeys = Keys(keyframes) { $0.opacity.map { SIMD4($0, 0, 0, 0) } }
        radiusKeys = Keys(keyframes) { $0.cornerRadius.map { SIMD4($0, 0, 0, 0) } }
        lists = keyframes.compactMap { k in k.transform.map { (k.t, ResolvedTransform($0, size: size), k.curve) } }
    }

    /// The keys that name one property, in timeline order: each one's time, the numbers it
    /// gives (up to four, in lanes; the rest 0) and the curve of the segment it starts. (Apart
    /// and in vectors, not tuples of arrays: copying a tuple that holds a curve out of an array
    /// costs hundreds of instructions, and each number list was an allocation.)
    struct Keys {
        let times: [Double], values: [SIMD4<Double>], curves: [Curve?]

        /// The keys of `keyframes` that `value` names.
        init(_ keyframes: [TransitionFile.Keyframe], _ value: (TransitionFile.Keyframe) -> SIMD4<Double>?) {
            let named = keyframes.compactMap { k in value(k).map { (k, $0) } }
            times = named.map(\.0.t)
            values = named.map(\.1)
            curves = named.map(\.0.curve)
        }

        /// The first four of `numbers` in lanes, the rest 0.
        static func lanes(_ numbers: [Double]) -> SIMD4<Double> {
            var v = SIMD4<Double>()
            for (i, x) in numbers.prefix(4).enumerated() { v[i] = x }
            return v
        }

        /// The track's value at `t`: before the first key the first, after the last the last,
        /// between two the segment's curve from the earlier one (linear by default)
        /// interpolated number by number; `fallback` where there is no key.
        func value(at t: Double, fallback: SIMD4<Double>) -> SIMD4<Double> {
            guard let first = times.first else { return fallback }
            if t <= first { return values[0] }
            guard let i = times.firstIndex(where: { t <= $0 }) else { return values[values.count - 1] }
            let (t0, t1) = (times[i - 1], times[i])
            let u = curves[i - 1]?.value(at: (t - t0) / (t1 - t0)) ?? (t - t0) / (t1 - t0)
            let (a, b) = (values[i - 1], values[i])
            return a + (b - a) * u
        }
    }

    /// Format 1's translation at `t`, points (x, y, z).
    func translation(at t: Double) -> SIMD4<Double> { translateKeys.value(at: t, fallback: .zero) }

    /// Format 1's turns at `t` about x, y and z, degrees.
    func turns(at t: Double) -> SIMD4<Double> {
        SIMD4(rotateXKeys.value(at: t, fallback: .zero).x, rotateYKeys.value(at: t, fallback: .zero).x,
              rotateZKeys.value(at: t, fallback: .zero).x, 0)
    }

    /// Format 1's scale at `t` (x, y).
    func scaling(at t: Double) -> SIMD4<Double> { scaleKeys.value(at: t, fallback: SIMD4(1, 1, 0, 0)) }

    /// The layer's transform at `t`, as its view applies it about its anchor: the keys' own
    /// transform about the origin (its z, and its track where keys name one).
    func transform(at t: Double) -> Transform3D {
        let own = keyframes.contains { $0.transform != nil } ? listTransform(at: t) : fixedTransform(at: t)
        let origin = originKeys.value(at: t, fallback: SIMD4(anchor.x, anchor.y, originZ, 0))
        // About the origin o, the view turning about its anchor a: move by a − o, transform,
        // move back.
        let d = ((anchor.x - origin[0]) * size.width, (anchor.y - origin[1]) * size.height, -origin[2])
        guard d != (0, 0, 0) else { return own }
        return Transform3D.makeTranslation(d.0, d.1, d.2).concatenating(own).concatenating(.makeTranslation(-d.0, -d.1, -d.2))
    }

    /// The `transform` lists' track at `t`: before the first key its list, after the last
    /// the last, between two the segment's curve from the earlier one (linear by default)
    /// interpolated as CSS interpolates two lists.
    func listTransform(at t: Double) -> Transform3D {
        guard let first = lists.first else { return .identity }
        if t <= first.t { return first.list.matrix }
        for i in 1..<lists.count where t <= lists[i].t {
            let p = lists[i - 1], k = lists[i]
            let u = p.curve?.value(at: (t - p.t) / (k.t - p.t)) ?? (t - p.t) / (k.t - p.t)
            return p.list.interpolated(to: k.list, at: u)
        }
        return lists[lists.count - 1].list.matrix
    }

    /// Format 1's transform at `t`: CSS's `translate3d · rotateX · rotateY · rotateZ · scale`,
    /// each its own track.
    func fixedTransform(at t: Double) -> Transform3D {
        let move = translation(at: t), turn = turns(at: t) * .pi / 180, scale = scaling(at: t)
        // Applied to a point in this order: scale, turn about Z, Y, X, then move.
        return Transform3D.makeScale(scale[0], scale[1], 1)
            .concatenating(.makeRotation(turn[2], 0, 0, 1))
            .concatenating(.makeRotation(turn[1], 0, 1, 0))
            .concatenating(.makeRotation(turn[0], 1, 0, 0))
            .concatenating(.makeTranslation(move[0], move[1], move[2]))
    }

    func opacity(at t: Double) -> Double { opacityKeys.value(at: t, fallback: SIMD4(1, 0, 0, 0)).x }

    /// Points.
    func cornerRadius(at t: Double) -> Double { radiusKeys.value(at: t, fallback: .zero).x }

    /// Whether any key names a corner radius.
    var isRounded: Bool { keyframes.contains { $0.cornerRadius != nil } }
}
