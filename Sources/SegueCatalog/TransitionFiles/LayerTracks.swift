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

    init(_ spec: TransitionFile.LayerSpec, size: Size) {
        keyframes = spec.keyframes
        self.size = size
        anchor = spec.anchor
        originZ = spec.originZ
    }

    /// The value of the track made of the keys `value` names at `t`: before the first the
    /// first, after the last the last, between two the segment's curve from the earlier one
    /// (linear by default) interpolated number by number; `fallback` where no key names it.
    func track(_ value: (TransitionFile.Keyframe) -> [Double]?, at t: Double, fallback: [Double]) -> [Double] {
        var previous: (t: Double, value: [Double], curve: Curve?)?
        for k in keyframes {
            guard let v = value(k) else { continue }
            guard let p = previous else {
                if t <= k.t { return v }
                previous = (k.t, v, k.curve)
                continue
            }
            if t <= k.t {
                let u = p.curve?.value(at: (t - p.t) / (k.t - p.t)) ?? (t - p.t) / (k.t - p.t)
                return zip(p.value, v).map { $0 + ($1 - $0) * u }
            }
            previous = (k.t, v, k.curve)
        }
        return previous?.value ?? fallback
    }

    /// The layer's transform at `t`, as its view applies it about its anchor: the keys' own
    /// transform about the origin (its z, and its track where keys name one).
    func transform(at t: Double) -> Transform3D {
        let own = keyframes.contains { $0.transform != nil } ? listTransform(at: t) : fixedTransform(at: t)
        let origin = track({ $0.origin }, at: t, fallback: [anchor.x, anchor.y, originZ])
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
        var previous: (t: Double, list: [TransformFunction], curve: Curve?)?
        for k in keyframes {
            guard let list = k.transform else { continue }
            guard let p = previous else {
                if t <= k.t { return ResolvedTransform(list, size: size).matrix }
                previous = (k.t, list, k.curve)
                continue
            }
            if t <= k.t {
                let u = p.curve?.value(at: (t - p.t) / (k.t - p.t)) ?? (t - p.t) / (k.t - p.t)
                return ResolvedTransform(p.list, size: size).interpolated(to: ResolvedTransform(list, size: size), at: u)
            }
            previous = (k.t, list, k.curve)
        }
        return previous.map { ResolvedTransform($0.list, size: size).matrix } ?? .identity
    }

    /// Format 1's transform at `t`: CSS's `translate3d · rotateX · rotateY · rotateZ · scale`,
    /// each its own track.
    func fixedTransform(at t: Double) -> Transform3D {
        let move = track({ k in
            k.translate.map { [$0[0].points(of: size.width), $0[1].points(of: size.height), $0[2].points(of: size.width)] }
        }, at: t, fallback: [0, 0, 0])
        let turn = [track({ $0.rotateX.map { [$0] } }, at: t, fallback: [0])[0],
                    track({ $0.rotateY.map { [$0] } }, at: t, fallback: [0])[0],
                    track({ $0.rotateZ.map { [$0] } }, at: t, fallback: [0])[0]].map { $0 * .pi / 180 }
        let scale = track({ $0.scale }, at: t, fallback: [1, 1])
        // Applied to a point in this order: scale, turn about Z, Y, X, then move.
        return Transform3D.makeScale(scale[0], scale[1], 1)
            .concatenating(.makeRotation(turn[2], 0, 0, 1))
            .concatenating(.makeRotation(turn[1], 0, 1, 0))
            .concatenating(.makeRotation(turn[0], 1, 0, 0))
            .concatenating(.makeTranslation(move[0], move[1], move[2]))
    }

    func opacity(at t: Double) -> Double { track({ $0.opacity.map { [$0] } }, at: t, fallback: [1])[0] }

    /// Points.
    func cornerRadius(at t: Double) -> Double { track({ $0.cornerRadius.map { [$0] } }, at: t, fallback: [0])[0] }

    /// Whether any key names a corner radius.
    var isRounded: Bool { keyframes.contains { $0.cornerRadius != nil } }
}
