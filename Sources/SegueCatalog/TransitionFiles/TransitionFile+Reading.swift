#if !SEGUE_FUZZING
import Segue
import SegueProcess
#endif

/// Why a transition file was refused: the place in it (`layers[2].keyframes[1].rotateY`, or
/// `line 3, column 7` for a syntax error) and what was expected there.
public struct TransitionFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var place: String
    public var message: String

    public var description: String { place.isEmpty ? message : "\(place): \(message)" }
}

extension TransitionFile {
    /// The newest format this reader understands (it reads every one before it too).
    public static let format = 2

    /// Reads and checks the text of a transition file: every key known, every value of its
    /// type and range; the first problem is thrown, as a `TransitionFileError`.
    public static func read(_ text: String) throws -> TransitionFile {
        let root: JSONValue
        do {
            root = try JSONValue.parse(text)
        } catch {
            throw TransitionFileError(place: "line \(error.line), column \(error.column)", message: error.message)
        }
        var file = try FieldReader(root, at: "")
        let formatNumber = try file.take("format", required: true, { try $0.number() })!
        guard formatNumber == 1 || formatNumber == 2 else { throw file.error("format", "must be 1 or 2") }
        let format = Int(formatNumber)
        let name = try file.take("name", required: true) { try $0.identifier() }!
        let description = try file.take("description") { try $0.line() }
        let duration = try file.take("duration", required: true) { try $0.number(in: 0...60, excludingLower: true) }!
        let curve = try file.take("curve") { try $0.curve() } ?? .bezier(.easeInEaseOut)
        let perspective = try file.take("perspective") { v throws -> Perspective in
            if case .string(let s) = v.value.kind {
                switch s {
                case "height": return .height
                case "width": return .width
                default:
                    guard case .percent(let p)? = try? v.length(), p > 0, p <= 10_000 else {
                        throw v.error(#"must be a number of points, "height", "width" or a percentage of the width such as "160%", not "\#(s)""#)
                    }
                    return .widthPercent(p)
                }
            }
            return .points(try v.number(in: 0...100_000, excludingLower: true))
        }
        let interaction = try file.take("interaction") { try $0.interaction() }
        let layers = try file.take("layers", required: true) { try $0.layers(format: format) }!
        let dismiss = try file.take("dismiss", forbidden: format < 2 ? Self.needsFormat2 : nil) { v throws -> Dismiss in
            var object = try FieldReader(v)
            let duration = try object.take("duration") { try $0.number(in: 0...60, excludingLower: true) }
            let curve = try object.take("curve") { try $0.curve() }
            let layers = try object.take("layers", required: true) { try $0.layers(format: format) }!
            try object.finish()
            return Dismiss(duration: duration, curve: curve, layers: layers)
        }
        let presentation = try file.take("presentation", forbidden: format < 2 ? Self.needsFormat2 : nil) { v throws -> Presentation in
            var object = try FieldReader(v)
            let frame = try object.take("frame", required: true) { try $0.unitRect() }!
            let radius = try object.take("cornerRadius") { try $0.number(in: 0...100_000) } ?? 0
            try object.finish()
            return Presentation(frame: frame, cornerRadius: radius)
        }
        try file.finish()
        return TransitionFile(format: format, name: name, description: description, duration: duration, curve: curve,
                              perspective: perspective, interaction: interaction, layers: layers, dismiss: dismiss,
                              presentation: presentation)
    }
}

extension TransitionFile {
    /// Why a key of format 2 is refused in a format-1 file.
    static let needsFormat2 = "needs \"format\": 2"
}

/// One JSON value and its place in the file, with readers that throw a `TransitionFileError`
/// naming the place and what was expected.
private struct FieldValue {
    let value: JSONValue
    let place: String

    init(_ value: JSONValue, at place: String) {
        self.value = value
        self.place = place
    }

    func error(_ message: String) -> TransitionFileError { TransitionFileError(place: place, message: message) }

    func expected(_ what: String) -> TransitionFileError { error("expected \(what), found \(value.typeName)") }

    func number() throws -> Double {
        guard case .number(let n) = value.kind else { throw expected("a number") }
        return n
    }

    func number(in range: ClosedRange<Double>, excludingLower: Bool = false) throws -> Double {
        let n = try number()
        guard range.contains(n), !(excludingLower && n == range.lowerBound) else {
            throw error("must be \(excludingLower ? "above" : "at least") \(Self.text(range.lowerBound)) and at most \(Self.text(range.upperBound)), not \(Self.text(n))")
        }
        return n
    }

    static func text(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)" }

    func string() throws -> String {
        guard case .string(let s) = value.kind else { throw expected("a string") }
        return s
    }

    /// A name of lowercase letters, digits and hyphens.
    func identifier() throws -> String {
        let s = try string()
        guard s.count <= TransitionFile.maxNameLength else { throw error("must be at most \(TransitionFile.maxNameLength) characters, not \(s.count)") }
        guard TransitionFile.isName(s) else {
            throw error("must be lowercase letters, digits and '-', not \(Echo.quoted(s))")
        }
        return s
    }

    /// One line of text: no control characters.
    func line() throws -> String {
        let s = try string()
        guard !s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw error("must be one line of text without control characters")
        }
        return s
    }

    func list() throws -> [FieldValue] {
        guard case .array(let items) = value.kind else { throw expected("a list") }
        return items.enumerated().map { FieldValue($1, at: "\(place)[\($0)]") }
    }

    /// A list of exactly `count` numbers.
    func numbers(_ count: Int) throws -> [Double] {
        guard case .array(let items) = value.kind else { throw expected("a list of \(count) numbers") }
        guard items.count == count else { throw error("expected a list of \(count) numbers, found \(items.count)") }
        var out: [Double] = []
        for (i, item) in items.enumerated() { out.append(try FieldValue(item, at: "\(place)[\(i)]").number()) }
        return out
    }

    /// `count` lengths: numbers (points) or percentages (`"-50%"`).
    func lengths(_ count: Int) throws -> [Length] {
        guard case .array(let items) = value.kind else { throw expected("a list of \(count) numbers or percentages") }
        guard items.count == count else { throw error("expected a list of \(count) numbers or percentages, found \(items.count)") }
        return try items.enumerated().map { i, item in try FieldValue(item, at: "\(place)[\(i)]").length() }
    }

    /// A number (points) or a percentage: a string of a number and `%` (`"-50%"`, `"12.5%"`).
    func length() throws -> Length {
        switch value.kind {
        case .number(let n): return .points(n)
        case .string(let s):
            guard s.hasSuffix("%"), let n = Double(s.dropLast()), n.isFinite,
                  s.dropLast().allSatisfy({ ("0"..."9").contains($0) || $0 == "-" || $0 == "." }) else {
                throw error("expected a number or a percentage such as \"-50%\", not \(Echo.quoted(s))")
            }
            guard abs(n) <= 100_000 else { throw error("a percentage must be within ±100000%, not \(Echo.quoted(s))") }
            return .percent(n)
        default: throw expected("a number or a percentage")
        }
    }

    /// `"#RRGGBB"` or `"#RRGGBBAA"`.
    func color() throws -> Color {
        let s = try string()
        let digits = Array(s.unicodeScalars.dropFirst())
        guard s.hasPrefix("#"), digits.count == 6 || digits.count == 8,
              let v = UInt32(String(String.UnicodeScalarView(digits)), radix: 16),
              digits.allSatisfy({ $0.properties.isASCIIHexDigit }) else {
            throw error("expected a colour \"#RRGGBB\" or \"#RRGGBBAA\", not \(Echo.quoted(s))")
        }
        let rgba = digits.count == 6 ? v << 8 | 0xFF : v
        func channel(_ shift: UInt32) -> Double { Double((rgba >> shift) & 0xFF) / 255 }
        return Color(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
    }

    /// A named curve, `{"cubicBezier": [x1, y1, x2, y2]}` or
    /// `{"spring": {"dampingRatio": z, "velocity": v}}`.
    func curve() throws -> Curve {
        let names = TimingCurve.named.compactMap(\.name)
        if case .string(let s) = value.kind {
            guard let c = TimingCurve.named(s) else {
                throw error("unknown curve \(Echo.quoted(s)) (one of: \(names.joined(separator: ", ")), or {\"cubicBezier\": …} or {\"spring\": …})")
            }
            return .bezier(c)
        }
        guard case .object(let members) = value.kind, members.count == 1 else {
            throw error("expected a curve: one of \(names.joined(separator: ", ")), {\"cubicBezier\": [x1, y1, x2, y2]} or {\"spring\": {\"dampingRatio\": z, \"velocity\": v}}")
        }
        var object = try FieldReader(self)
        if let p = try object.take("cubicBezier", { try $0.numbers(4) }) {
            guard (0...1).contains(p[0]), (0...1).contains(p[2]) else {
                throw FieldValue(members[0].value, at: place + ".cubicBezier").error("x1 and x2 must be within 0…1")
            }
            guard TimingCurve.controlYRange.contains(p[1]), TimingCurve.controlYRange.contains(p[3]) else {
                throw FieldValue(members[0].value, at: place + ".cubicBezier").error("y1 and y2 must be within -10…10")
            }
            return .bezier(TimingCurve(p[0], p[1], p[2], p[3]))
        }
        if let s = try object.take("spring", { v throws -> Curve in
            var spring = try FieldReader(v)
            let ratio = try spring.take("dampingRatio", required: true) { try $0.number(in: Spring.minimumDampingRatio...1000) }!
            let velocity = try spring.take("velocity") { try $0.number(in: -1000...1000) } ?? 0
            try spring.finish()
            return .spring(dampingRatio: ratio, velocity: velocity)
        }) {
            return s
        }
        try object.finish()
        throw error("expected a curve")
    }

    func interaction() throws -> TransitionFile.Interaction {
        var object = try FieldReader(self)
        let present = try object.take("present") { try $0.pan() }
        let dismiss = try object.take("dismiss") { try $0.pan() }
        let threshold = try object.take("threshold") { try $0.number(in: 0...1) } ?? 0.5
        let scrub = try object.take("scrub") { try $0.choice(ScrubMode.self) } ?? .curve
        try object.finish()
        return .init(present: present, dismiss: dismiss, threshold: threshold, scrub: scrub)
    }

    func pan() throws -> TransitionFile.Pan {
        typealias Pan = TransitionFile.Pan
        var object = try FieldReader(self)
        let direction = try object.take("pan", required: true) { try $0.choice(Pan.Direction.self) }!
        let edge = try object.take("edge") { v throws -> Pan.Edge? in
            if case .null = v.value.kind { return nil }
            return try v.choice(Pan.Edge.self)
        } ?? nil
        let distance = try object.take("distance") { v throws -> Pan.Distance in
            if case .string(let s) = v.value.kind {
                switch s {
                case "height": return .height
                case "width": return .width
                default:
                    guard case .percent(let p)? = try? v.length(), p > 0, p <= 1000 else {
                        throw v.error(#"must be "height", "width", a number of points or a percentage of the screen along the pan such as "90%", not \#(Echo.quoted(s))"#)
                    }
                    return .percent(p)
                }
            }
            return .points(try v.number(in: 0...100_000, excludingLower: true))
        }
        try object.finish()
        return Pan(direction, edge: edge, distance: distance)
    }

    func choice<T: RawRepresentable & CaseIterable>(_: T.Type) throws -> T where T.RawValue == String {
        let s = try string()
        guard let v = T(rawValue: s) else {
            throw error("expected one of \(T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), not \(Echo.quoted(s))")
        }
        return v
    }

    /// A list of layers, first at the back: at least one, at most `maxLayers`, ids unique,
    /// at most `maxRoundedLayers` rounding their corners.
    func layers(format: Int) throws -> [TransitionFile.LayerSpec] {
        let values = try list()
        guard !values.isEmpty else { throw error("must list at least one layer") }
        guard values.count <= TransitionFile.maxLayers else { throw error("must list at most \(TransitionFile.maxLayers) layers, not \(values.count)") }
        var layers: [TransitionFile.LayerSpec] = []
        var ids: [String: Int] = [:]
        var rounded = 0
        for (i, v) in values.enumerated() {
            let layer = try v.layer(ids: ids, format: format)
            if let id = layer.id {
                guard ids[id] == nil else { throw FieldValue(v.value, at: v.place + ".id").error("\"\(id)\" is already the id of \(place)[\(ids[id]!)]") }
                ids[id] = i
            }
            layers.append(layer)
            if layer.keyframes.contains(where: { $0.cornerRadius != nil }) {
                rounded += 1
                guard rounded <= TransitionFile.maxRoundedLayers else {
                    throw v.error("at most \(TransitionFile.maxRoundedLayers) layers may round their corners (cornerRadius): each is a clip of its own")
                }
            }
        }
        return layers
    }

    /// `[x, y, w, h]` with w and h above 0.
    func unitRect() throws -> Rect {
        let r = try numbers(4)
        guard r[2] > 0, r[3] > 0 else { throw error("width and height must be above 0") }
        return Rect(x: r[0], y: r[1], width: r[2], height: r[3])
    }

    /// A layer; `ids` maps the ids of the layers before it to their indices.
    func layer(ids: [String: Int], format: Int) throws -> TransitionFile.LayerSpec {
        typealias Source = TransitionFile.LayerSpec.Source
        var object = try FieldReader(self)
        let id = try object.take("id") { try $0.identifier() }
        let sourceName = try object.take("source", required: true) { v throws -> String in
            let s = try v.string()
            guard ["base", "modal", "color", "gradient"].contains(s) else {
                throw v.error(#"expected one of "base", "modal", "color", "gradient", not \#(Echo.quoted(s))"#)
            }
            return s
        }!
        let color = try object.take("color", required: sourceName == "color", forbidden: sourceName != "color"
                                        ? "is only for source \"color\"" : nil) { try $0.color() }
        let gradient = try object.take("gradient", required: sourceName == "gradient", forbidden: sourceName != "gradient"
                                           ? "is only for source \"gradient\"" : nil) { try $0.gradient() }
        let source: Source
        switch sourceName {
        case "base": source = .base
        case "modal": source = .modal
        case "color": source = .color(color!)
        default: source = .gradient(gradient!)
        }
        let rect = try object.take("rect") { try $0.unitRect() } ?? Rect(x: 0, y: 0, width: 1, height: 1)
        let parent = try object.take("parent") { v throws -> Int in
            let p = try v.identifier()
            guard let index = ids[p] else { throw v.error("no earlier layer has the id \"\(p)\"") }
            return index
        }
        let anchorValue = try object.take("anchor") { v throws -> Point in
            let a = try v.numbers(2)
            return Point(x: a[0], y: a[1])
        }
        let origin = try object.take("origin", forbidden: format < 2 ? TransitionFile.needsFormat2
                                        : anchorValue != nil ? "is the anchor with z: a layer gives one or the other" : nil) { try $0.numbers(3) }
        let anchor = anchorValue ?? origin.map { Point(x: $0[0], y: $0[1]) } ?? Point(x: 0.5, y: 0.5)
        let backfaceHidden = try object.take("backface", forbidden: format < 2 ? TransitionFile.needsFormat2 : nil) { v throws -> Bool in
            switch try v.string() {
            case "visible": return false
            case "hidden": return true
            case let s: throw v.error(#"expected "visible" or "hidden", not \#(Echo.quoted(s))"#)
            }
        } ?? false
        var keyframes: [TransitionFile.Keyframe] = []
        let keyValues = try object.take("keyframes", { try $0.list() }) ?? []
        guard keyValues.count <= TransitionFile.maxKeyframes else {
            throw object.error("keyframes", "must list at most \(TransitionFile.maxKeyframes) keyframes, not \(keyValues.count)")
        }
        for k in keyValues {
            let frame = try k.keyframe(format: format)
            if let last = keyframes.last, frame.t <= last.t {
                throw FieldValue(k.value, at: k.place + ".t").error("must be above the previous keyframe's t (\(FieldValue.text(last.t)))")
            }
            keyframes.append(frame)
        }
        if let listed = keyframes.firstIndex(where: { $0.transform != nil }),
           let fixed = keyframes.firstIndex(where: { $0.translate != nil || $0.rotateX != nil || $0.rotateY != nil || $0.rotateZ != nil || $0.scale != nil }) {
            throw FieldValue(keyValues[max(listed, fixed)].value, at: keyValues[max(listed, fixed)].place).error(
                "a layer gives its transform as transform lists or by translate, rotateX/Y/Z and scale, not both (keyframes[\(min(listed, fixed))] does the other)")
        }
        try object.finish()
        return .init(id: id, source: source, rect: rect, parent: parent, anchor: anchor, originZ: origin?[2] ?? 0,
                     backfaceHidden: backfaceHidden, keyframes: keyframes)
    }

    func gradient() throws -> Gradient {
        var object = try FieldReader(self)
        var colors: [Color] = []
        for c in try object.take("colors", required: true, { try $0.list() })! { colors.append(try c.color()) }
        guard colors.count >= 2 else { throw error("colors must list at least two colours") }
        let start = try object.take("start", required: true) { try $0.numbers(2) }!
        let end = try object.take("end", required: true) { try $0.numbers(2) }!
        try object.finish()
        return Gradient(colors: colors, startPoint: Point(x: start[0], y: start[1]), endPoint: Point(x: end[0], y: end[1]))
    }

    func keyframe(format: Int) throws -> TransitionFile.Keyframe {
        var object = try FieldReader(self)
        let t = try object.take("t", required: true) { try $0.number(in: 0...1) }!
        let transform = try object.take("transform", forbidden: format < 2 ? TransitionFile.needsFormat2 : nil) { v throws -> [TransformFunction] in
            try v.list().map { try $0.transformFunction() }
        }
        let fixed = ["translate", "rotateX", "rotateY", "rotateZ", "scale"]
        if transform != nil, let both = fixed.first(where: { key in object.has(key) }) {
            throw object.error(both, "a keyframe gives its transform as a transform list or by translate, rotateX/Y/Z and scale, not both")
        }
        var frame = TransitionFile.Keyframe(
            t: t,
            translate: try object.take("translate") { try $0.lengths(3) },
            rotateX: try object.take("rotateX") { try $0.number() },
            rotateY: try object.take("rotateY") { try $0.number() },
            rotateZ: try object.take("rotateZ") { try $0.number() },
            scale: try object.take("scale") { v throws -> [Double] in
                if case .number(let s) = v.value.kind { return [s, s] }
                guard case .array = v.value.kind else { throw v.expected("a number or a list of 2 numbers") }
                return try v.numbers(2)
            },
            opacity: try object.take("opacity") { try $0.number(in: 0...1) },
            cornerRadius: try object.take("cornerRadius") { try $0.number(in: 0...100_000) },
            curve: try object.take("curve") { try $0.curve() })
        frame.transform = transform
        frame.origin = try object.take("origin", forbidden: format < 2 ? TransitionFile.needsFormat2 : nil) { try $0.numbers(3) }
        try object.finish()
        return frame
    }

    /// One function of a `transform` list: an object of one key (`TransformFunction.names`)
    /// and its arguments.
    func transformFunction() throws -> TransformFunction {
        guard case .object(let members) = value.kind, members.count == 1, let (key, argument) = members.first.map({ ($0.key, $0.value) }) else {
            throw error("expected a transform function: an object of one key, one of \(TransformFunction.names.joined(separator: ", "))")
        }
        let v = FieldValue(argument, at: "\(place).\(key)")
        switch key {
        case "translate":
            guard case .array(let items) = argument.kind else { throw v.expected("a list of 3: x and y (points or percentages) and z (points)") }
            guard items.count == 3 else { throw v.error("expected a list of 3: x and y (points or percentages) and z (points), found \(items.count)") }
            let x = try FieldValue(items[0], at: v.place + "[0]").length(), y = try FieldValue(items[1], at: v.place + "[1]").length()
            return .translate(x, y, try FieldValue(items[2], at: v.place + "[2]").number())
        case "rotateX": return .rotateX(try v.number())
        case "rotateY": return .rotateY(try v.number())
        case "rotateZ": return .rotateZ(try v.number())
        case "rotate3d":
            let r = try v.numbers(4)
            return .rotate3d(x: r[0], y: r[1], z: r[2], degrees: r[3])
        case "scale":
            if case .number(let n) = argument.kind { return .scale(n, n, 1) }
            guard case .array(let items) = argument.kind else { throw v.expected("a number or a list of 2 or 3 numbers") }
            guard items.count == 2 || items.count == 3 else { throw v.error("expected a number or a list of 2 or 3 numbers, found \(items.count)") }
            let n = try v.numbers(items.count)
            return .scale(n[0], n[1], n.count == 3 ? n[2] : 1)
        case "skew":
            let n = try v.numbers(2)
            return .skew(n[0], n[1])
        case "perspective": return .perspective(try v.number(in: 0...100_000, excludingLower: true))
        case "matrix3d": return .matrix3d(try v.numbers(16))
        default:
            let meant = TransformFunction.names.first { $0.lowercased() == key.lowercased() }
            throw FieldValue(argument, at: "\(place).\(Echo.quoted(key))").error(
                "unknown transform function" + (meant.map { " (did you mean \"\($0)\"?)" } ?? " (one of: \(TransformFunction.names.joined(separator: ", ")))"))
        }
    }
}

/// The members of one JSON object, taken one by one; `finish()` refuses any left over, so a
/// misspelt key is an error.
private struct FieldReader {
    let object: FieldValue
    private var members: [(key: String, value: JSONValue)]
    /// Every key asked for, present or not: what a misspelt key may have meant.
    private var known: [String] = []

    init(_ object: FieldValue) throws {
        guard case .object(let m) = object.value.kind else { throw object.expected("an object") }
        self.object = object
        members = m
    }

    init(_ value: JSONValue, at place: String) throws {
        try self.init(FieldValue(value, at: place))
    }

    private func place(_ key: String) -> String { object.place.isEmpty ? key : "\(object.place).\(key)" }

    func error(_ key: String, _ message: String) -> TransitionFileError { TransitionFileError(place: place(key), message: message) }

    /// The value under `key` read by `read`, nil when absent; `required` makes absence an
    /// error, `forbidden` (a reason) makes presence one.
    mutating func take<T>(_ key: String, required: Bool = false, forbidden: String? = nil,
                          _ read: (FieldValue) throws -> T) throws -> T? {
        known.append(key)
        guard let i = members.firstIndex(where: { $0.key == key }) else {
            if required { throw TransitionFileError(place: place(key), message: "is required") }
            return nil
        }
        let value = members.remove(at: i).value
        if let forbidden { throw TransitionFileError(place: place(key), message: forbidden) }
        return try read(FieldValue(value, at: place(key)))
    }

    /// Whether a key not yet taken is given.
    func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    /// Fails on the first key not taken, suggesting the known key it may stand for.
    func finish() throws {
        guard let extra = members.first else { return }
        let meant = known.first { $0.lowercased() == extra.key.lowercased() }
        throw TransitionFileError(place: object.place.isEmpty ? Echo.quoted(extra.key) : "\(object.place).\(Echo.quoted(extra.key))",
                                  message: "unknown key" + (meant.map { " (did you mean \"\($0)\"?)" } ?? ""))
    }
}
