import Foundation
#if !SEGUE_FUZZING
import Segue
#endif

/// A transition file as text that `read` reads back to the same file: keys in the format's
/// order, defaults left out, one keyframe a line.
extension TransitionFile {
    /// The file as JSON that `read(_:)` turns back into an equal file, defaults left out.
    public var text: String {
        var top: [(String, String)] = [("format", "\(format)"), ("name", Self.quote(name))]
        if let description { top.append(("description", Self.quote(description))) }
        top.append(("duration", Self.number(duration)))
        if curve != .easeInEaseOut { top.append(("curve", Self.curve(curve))) }
        if let perspective { top.append(("perspective", Self.perspective(perspective))) }
        if let interaction { top.append(("interaction", Self.interaction(interaction))) }
        top.append(("layers", Self.layers(layers, indent: "  ")))
        if let dismiss {
            var parts: [(String, String)] = []
            if let d = dismiss.duration { parts.append(("duration", Self.number(d))) }
            if let c = dismiss.curve { parts.append(("curve", Self.curve(c))) }
            parts.append(("layers", Self.layers(dismiss.layers, indent: "    ")))
            top.append(("dismiss", "{\n" + parts.map { "    \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n  }"))
        }
        if let presentation {
            let f = presentation.frame
            top.append(("presentation", Self.object([("frame", Self.numbers([f.minX, f.minY, f.width, f.height])),
                                                     ("cornerRadius", Self.number(presentation.cornerRadius))])))
        }
        return "{\n" + top.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }

    static func layers(_ layers: [LayerSpec], indent: String) -> String {
        "[\n" + layers.map { indent + "  " + layer($0, in: layers, indent: indent + "  ") }.joined(separator: ",\n") + "\n" + indent + "]"
    }

    static func layer(_ l: LayerSpec, in layers: [LayerSpec], indent: String) -> String {
        var parts: [(String, String)] = []
        if let id = l.id { parts.append(("id", quote(id))) }
        switch l.source {
        case .base: parts.append(("source", quote("base")))
        case .modal: parts.append(("source", quote("modal")))
        case .color(let c):
            parts.append(("source", quote("color")))
            parts.append(("color", quote(hex(c))))
        case .image(let path):
            parts.append(("source", quote("image")))
            parts.append(("image", quote(path)))
        case .gradient(let g):
            parts.append(("source", quote("gradient")))
            parts.append(("gradient", object([("colors", "[" + g.colors.map { quote(hex($0)) }.joined(separator: ", ") + "]"),
                                              ("start", numbers([g.startPoint.x, g.startPoint.y])),
                                              ("end", numbers([g.endPoint.x, g.endPoint.y]))])))
        }
        if l.rect != Rect(x: 0, y: 0, width: 1, height: 1) { parts.append(("rect", numbers([l.rect.minX, l.rect.minY, l.rect.width, l.rect.height]))) }
        if let p = l.parent, let id = layers[p].id { parts.append(("parent", quote(id))) }
        if l.originZ != 0 {
            parts.append(("origin", numbers([l.anchor.x, l.anchor.y, l.originZ])))
        } else if l.anchor != Point(x: 0.5, y: 0.5) {
            parts.append(("anchor", numbers([l.anchor.x, l.anchor.y])))
        }
        if l.backfaceHidden { parts.append(("backface", quote("hidden"))) }
        if !l.keyframes.isEmpty {
            parts.append(("keyframes", "[\n" + l.keyframes.map { indent + "  " + keyframe($0) }.joined(separator: ",\n") + "\n" + indent + "]"))
        }
        return object(parts)
    }

    static func keyframe(_ k: Keyframe) -> String {
        var parts: [(String, String)] = [("t", number(k.t))]
        if let v = k.translate { parts.append(("translate", "[" + v.map(length).joined(separator: ", ") + "]")) }
        if let v = k.rotateX { parts.append(("rotateX", number(v))) }
        if let v = k.rotateY { parts.append(("rotateY", number(v))) }
        if let v = k.rotateZ { parts.append(("rotateZ", number(v))) }
        if let v = k.scale { parts.append(("scale", numbers(v))) }
        if let v = k.transform { parts.append(("transform", "[" + v.map(function).joined(separator: ", ") + "]")) }
        if let v = k.origin { parts.append(("origin", numbers(v))) }
        if let v = k.opacity { parts.append(("opacity", number(v))) }
        if let v = k.cornerRadius { parts.append(("cornerRadius", number(v))) }
        if let v = k.curve { parts.append(("curve", curve(v))) }
        return object(parts)
    }

    static func function(_ f: TransformFunction) -> String {
        let argument: String
        switch f {
        case .translate(let x, let y, let z): argument = "[" + [length(x), length(y), number(z)].joined(separator: ", ") + "]"
        case .rotateX(let a), .rotateY(let a), .rotateZ(let a), .perspective(let a): argument = number(a)
        case .rotate3d(let x, let y, let z, let a): argument = numbers([x, y, z, a])
        case .scale(let x, let y, let z): argument = z == 1 ? numbers([x, y]) : numbers([x, y, z])
        case .skew(let x, let y): argument = numbers([x, y])
        case .matrix3d(let m): argument = numbers(m)
        }
        return "{\"\(f.name)\": \(argument)}"
    }

    static func interaction(_ i: Interaction) -> String {
        var parts: [(String, String)] = []
        if let p = i.present { parts.append(("present", pan(p))) }
        if let d = i.dismiss { parts.append(("dismiss", pan(d))) }
        if i.threshold != 0.5 { parts.append(("threshold", number(i.threshold))) }
        if i.scrub != .curve { parts.append(("scrub", quote(i.scrub.rawValue))) }
        return object(parts)
    }

    static func pan(_ p: Pan) -> String {
        var parts: [(String, String)] = [("pan", quote(p.direction.rawValue))]
        if let e = p.edge { parts.append(("edge", quote(e.rawValue))) }
        switch p.distance {
        case .height where !p.direction.isVertical: parts.append(("distance", quote("height")))
        case .width where p.direction.isVertical: parts.append(("distance", quote("width")))
        case .points(let v): parts.append(("distance", number(v)))
        case .percent(let v): parts.append(("distance", quote(number(v) + "%")))
        default: break
        }
        return object(parts)
    }

    static func perspective(_ p: Perspective) -> String {
        switch p {
        case .points(let d): return number(d)
        case .height: return quote("height")
        case .width: return quote("width")
        case .widthPercent(let v): return quote(number(v) + "%")
        }
    }

    /// A named curve by its name (whatever its control points were written as), else its
    /// Bézier or spring.
    static func curve(_ c: Curve) -> String {
        switch c {
        case .bezier(let b):
            if let named = TimingCurve.named.first(where: { $0.c1 == b.c1 && $0.c2 == b.c2 }), let name = named.name { return quote(name) }
            return "{\"cubicBezier\": " + numbers([b.c1.x, b.c1.y, b.c2.x, b.c2.y]) + "}"
        case let .spring(ratio, velocity):
            return "{\"spring\": " + object([("dampingRatio", number(ratio)), ("velocity", number(velocity))]) + "}"
        }
    }

    static func length(_ l: Length) -> String {
        switch l {
        case .points(let p): return number(p)
        case .percent(let p): return quote(number(p) + "%")
        }
    }

    static func object(_ parts: [(String, String)]) -> String {
        "{" + parts.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    static func numbers(_ v: [Double]) -> String { "[" + v.map(number).joined(separator: ", ") + "]" }

    /// The shortest digits that read back as the same number (no "-0", whole numbers
    /// without a point).
    package static func number(_ v: Double) -> String {
        if v == 0 { return "0" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return "\(v)"
    }

    static func hex(_ c: Color) -> String {
        func byte(_ v: Double) -> String {
            let h = String(Int((min(max(v, 0), 1) * 255).rounded()), radix: 16, uppercase: true)
            return h.count == 1 ? "0" + h : h
        }
        return "#" + byte(c.red) + byte(c.green) + byte(c.blue) + (c.alpha < 1 ? byte(c.alpha) : "")
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
