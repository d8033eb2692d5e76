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
    private let translateKeys, rotateXKeys, rotateYKeys, rotateZKeys, scaleKeys, originKeys, opacityKeys, radiusKeys: Keys<SIMD4<Double>>
    /// Format 2's transform lists, resolved for the layer's size.
    private let lists: Keys<ResolvedTransform>

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
        scaleKeys = Keys(keyframes) { $0.scale.map(Self.lanes) }
        originKeys = Keys(keyframes) { $0.origin.map(Self.lanes) }
        opacityKeys = Keys(keyframes) { $0.opacity.map { SIMD4($0, 0, 0, 0) } }
        radiusKeys = Keys(keyframes) { $0.cornerRadius.map { SIMD4($0, 0, 0, 0) } }
        lists = Keys(keyframes) { k in k.transform.map { ResolvedTransform($0, size: size) } }
    }

    /// The keys that name one property, in timeline order: each one's time, its value and the
    /// curve of the segment it starts. (Apart, not as tuples: copying a tuple that holds a
    /// curve out of an array costs hundreds of instructions.)
    struct Keys<Value> {
        let times: [Double], values: [Value], curves: [Curve?]

        /// The keys of `keyframes` that `value` names.
        init(_ keyframes: [TransitionFile.Keyframe], _ value: (TransitionFile.Keyframe) -> Value?) {
            let named = keyframes.compactMap { k in value(k).map { (k, $0) } }
            times = named.map(\.0.t)
            values = named.map(\.1)
            curves = named.map(\.0.curve)
        }

        /// The track at `t`: before the first key the first's value (`key`), after the last the
        /// last's, between two the segment's curve from the earlier one (linear by default)
        /// at t, the two values `mixed` by it; `none` where there is no key.
        func sample<Result>(at t: Double, none: Result, key: (Value) -> Result, mixed: (Value, Value, Double) -> Result) -> Result {
            guard let first = times.first else { return none }
            if t <= first { return key(values[0]) }
            guard let i = times.firstIndex(where: { t <= $0 }) else { return key(values[values.count - 1]) }
            let (t0, t1) = (times[i - 1], times[i])
            return mixed(values[i - 1], values[i], curves[i - 1]?.value(at: (t - t0) / (t1 - t0)) ?? (t - t0) / (t1 - t0))
        }
    }

    /// The first four of `numbers` in lanes, the rest 0.
    private static func lanes(_ numbers: [Double]) -> SIMD4<Double> {
        var v = SIMD4<Double>()
        for (i, x) in numbers.prefix(4).enumerated() { v[i] = x }
        return v
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
        let own = lists.times.isEmpty ? fixedTransform(at: t) : listTransform(at: t)
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
        lists.sample(at: t, none: .identity, key: \.matrix, mixed: { a, b, u in a.interpolated(to: b, at: u) })
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
    var isRounded: Bool { !radiusKeys.times.isEmpty }
}

extension LayerTracks.Keys where Value == SIMD4<Double> {
    /// The numbers at `t`, interpolated lane by lane; `fallback` where there is no key.
    func value(at t: Double, fallback: Value) -> Value {
        sample(at: t, none: fallback, key: { $0 }, mixed: { a, b, u in a + (b - a) * u })
    }
}
