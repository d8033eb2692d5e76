#if !SEGUE_FUZZING
import Segue
#endif

/// A transition file as CSS (`segue export-css`): each animated layer an `@keyframes`
/// (named after the file and the layer's id) and a rule that plays it, for the web
/// developer an experiment ends with. `import-css` reads it back to the same file.
///
/// CSS times a keyframe list segment by segment, so the file's own curve is exact only
/// when it is linear (as `import-css` writes it) or the layer has two keyframes; a format-1
/// layer's separate transform tracks become one `transform` at each key that names any of
/// them. What CSS cannot say is a warning.
public struct CSSExport {
    /// The style sheet: a header comment, then an `@keyframes` and its rule per animated layer.
    public var css = ""
    /// What CSS could not say and was left out or changed, one line each, led by its place.
    public var warnings: [String] = []

    /// Exports `file`: every layer with keyframes becomes one animation; the others are skipped.
    public init(_ file: TransitionFile) {
        let fileCurve = file.curve == .linear ? nil : file.curve
        css = "/* \(file.name), exported by segue export-css from a format-\(file.format) transition file. */\n"
        for (i, layer) in file.layers.enumerated() where !layer.keyframes.isEmpty {
            // A layer named as the file (import-css's) keeps the name, so it reads back the same.
            let keyName = layer.id == file.name ? file.name : "\(file.name)-\(layer.id ?? String(i))"
            if fileCurve != nil && layer.keyframes.count > 2 {
                warnings.append("layers[\(i)]: the file's curve (\(file.curve)) over a list of \(layer.keyframes.count) keyframes is not CSS's; each segment keeps its own curve")
            }
            css += "\n@keyframes \(keyName) {\n"
            // Percentages of a key that names none are resolved on the default screen.
            let tracks = LayerTracks(layer, size: Size(width: 375, height: 667))
            for (k, key) in layer.keyframes.enumerated() {
                var declarations: [String] = []
                if let list = key.transform {
                    declarations.append("transform: " + (list.isEmpty ? "none" : list.map(Self.function).joined(separator: " ")))
                } else if key.translate != nil || key.rotateX != nil || key.rotateY != nil || key.rotateZ != nil || key.scale != nil {
                    declarations.append("transform: " + Self.fixed(tracks, key: key))
                    if let move = key.translate, move.count > 2, case .percent(let p) = move[2] {
                        warnings.append("layers[\(i)].keyframes[\(k)].translate: z \(TransitionFile.number(p))% of the screen's width written as \(Self.depth(move[2], tracks)) (CSS takes no percentage in z; the default screen, \(TransitionFile.number(tracks.size.width)) pt wide)")
                    }
                }
                if let o = key.origin { declarations.append("transform-origin: \(Self.percent(o[0])) \(Self.percent(o[1])) \(Self.px(o[2]))") }
                if let o = key.opacity { declarations.append("opacity: \(TransitionFile.number(o))") }
                if key.cornerRadius != nil { warnings.append("layers[\(i)].keyframes[\(k)].cornerRadius: left out (a border-radius with overflow: hidden in CSS)") }
                if k < layer.keyframes.count - 1, let curve = key.curve ?? (layer.keyframes.count == 2 ? fileCurve : nil) {
                    switch Self.timing(curve) {
                    case .some(let t): declarations.append("animation-timing-function: \(t)")
                    case nil: warnings.append("layers[\(i)].keyframes[\(k)].curve: a spring has no CSS timing function; left linear")
                    }
                }
                css += "  \(TransitionFile.number(key.t * 100))% { \(declarations.joined(separator: "; ")); }\n"
            }
            css += "}\n"
            var rule = ["animation: \(keyName) \(TransitionFile.number(file.duration))s linear both"]
            if layer.anchor != Point(x: 0.5, y: 0.5) || layer.originZ != 0 {
                rule.append("transform-origin: \(Self.percent(layer.anchor.x)) \(Self.percent(layer.anchor.y))" + (layer.originZ != 0 ? " \(Self.px(layer.originZ))" : ""))
            }
            if layer.backfaceHidden { rule.append("backface-visibility: hidden") }
            css += ".\(keyName) { " + rule.joined(separator: "; ") + "; }\n"
        }
        if let p = file.perspective {
            warnings.append("perspective: give the animated element's parent perspective: \(Self.describe(p)) (CSS's perspective property)")
        }
        if file.dismiss != nil { warnings.append("dismiss: a dismiss of its own is not exported (play the keyframes in reverse, or export it apart)") }
        if file.presentation != nil { warnings.append("presentation: where the sheet rests is the page's layout, not exported") }
    }

    static func function(_ f: TransformFunction) -> String {
        let n = TransitionFile.number
        switch f {
        case .translate(let x, let y, let z): return "translate3d(\(length(x)), \(length(y)), \(px(z)))"
        case .rotateX(let a): return "rotateX(\(n(a))deg)"
        case .rotateY(let a): return "rotateY(\(n(a))deg)"
        case .rotateZ(let a): return "rotateZ(\(n(a))deg)"
        case .rotate3d(let x, let y, let z, let a): return "rotate3d(\(n(x)), \(n(y)), \(n(z)), \(n(a))deg)"
        case .scale(let x, let y, let z): return z == 1 ? "scale(\(n(x)), \(n(y)))" : "scale3d(\(n(x)), \(n(y)), \(n(z)))"
        case .skew(let x, let y): return "skew(\(n(x))deg, \(n(y))deg)"
        case .perspective(let d): return "perspective(\(px(d)))"
        case .matrix3d(let m): return "matrix3d(" + m.map(n).joined(separator: ", ") + ")"
        }
    }

    /// Format 1's transform at key `key` (its separate tracks' values there) as CSS writes
    /// it: the key's own translate where it names one (its z in px, `depth`: CSS's
    /// translate3d takes no percentage there), else the track's in points.
    static func fixed(_ tracks: LayerTracks, key: TransitionFile.Keyframe) -> String {
        let n = TransitionFile.number, t = key.t
        let p = tracks.translation(at: t)
        let move = key.translate.map { $0.enumerated().map { $0 < 2 ? length($1) : depth($1, tracks) } } ?? [p.x, p.y, p.z].map(px)
        let turn = tracks.turns(at: t), s = tracks.scaling(at: t)
        return "translate3d(\(move.joined(separator: ", "))) rotateX(\(n(turn.x))deg) rotateY(\(n(turn.y))deg) rotateZ(\(n(turn.z))deg) scale(\(n(s.x)), \(n(s.y)))"
    }

    /// A translate's z in px: points as they are, a percentage taken of the tracks' width
    /// to a thousandth.
    static func depth(_ z: Length, _ tracks: LayerTracks) -> String {
        guard case .percent = z else { return length(z) }
        return px((z.points(of: tracks.size.width) * 1000).rounded() / 1000)
    }

    /// A Bézier as CSS names it (or `cubic-bezier()`); nil for a spring.
    static func timing(_ c: Curve) -> String? {
        guard case .bezier(let b) = c else { return nil }
        let named: [(TimingCurve, String)] = [(.linear, "linear"), (.default, "ease"), (.easeIn, "ease-in"), (.easeOut, "ease-out"), (.easeInEaseOut, "ease-in-out")]
        if let (_, name) = named.first(where: { $0.0.c1 == b.c1 && $0.0.c2 == b.c2 }) { return name }
        let n = TransitionFile.number
        return "cubic-bezier(\(n(b.c1.x)), \(n(b.c1.y)), \(n(b.c2.x)), \(n(b.c2.y)))"
    }

    static func length(_ l: Length) -> String {
        switch l {
        case .points(let p): return px(p)
        case .percent(let p): return TransitionFile.number(p) + "%"
        }
    }

    static func px(_ v: Double) -> String { v == 0 ? "0" : TransitionFile.number(v) + "px" }
    static func percent(_ v: Double) -> String { TransitionFile.number(v * 100) + "%" }

    static func describe(_ p: TransitionFile.Perspective) -> String {
        switch p {
        case .points(let d): return px(d)
        case .height: return "the screen's height in px"
        case .width: return "the screen's width in px"
        case .widthPercent(let v): return "\(TransitionFile.number(v))% of the screen's width in px"
        }
    }
}
