#if !SEGUE_FUZZING
import Segue
import SegueProcess
#endif

/// Why a transition file was refused, or (a warning) what in it is likely a mistake: the
/// place in it (`layers[2].keyframes[1].rotateY`, or `line 3, column 7` for a syntax error),
/// where that is in the text, and what was expected there.
public struct TransitionFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The value's key path (`layers[2].rotateY`), or `line L, column C` for a syntax error.
    public var place: String
    /// What is wrong there, or what was expected, in one line.
    public var message: String
    /// 1-based line and column of the value the place names (nil for a syntax error, whose
    /// place says them, and for a key that is missing: its object's).
    public var line: Int?
    /// 1-based column, in Unicode scalars, of that value; nil exactly when `line` is.
    public var column: Int?

    /// A problem at `place` saying `message`, at `line` and `column` of the text where known.
    public init(place: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.place = place
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String { place.isEmpty ? message : "\(place): \(message)" }

    /// `LINE:COLUMN: PLACE: MESSAGE`, as compilers write it (a syntax error: `LINE:COLUMN: MESSAGE`).
    public var located: String {
        if let line, let column { return "\(line):\(column): \(description)" }
        return description
    }
}

/// Every problem and warning of a transition file's text, and the file where it has no
/// problem.
public struct TransitionFileCheck: Sendable {
    /// The file read; nil when the text has any problem.
    public var file: TransitionFile?
    /// In the order of the text.
    public var problems: [TransitionFileError]
    /// What is legal but likely a mistake.
    public var warnings: [TransitionFileError]
}

/// Thrown to stop reading a value whose problem is already recorded.
struct Recorded: Error {}

/// The problems and warnings found while reading one file.
final class ProblemLog {
    var problems: [TransitionFileError] = []
    var warnings: [TransitionFileError] = []
}

extension TransitionFile {
    /// The newest format this reader understands (it reads every one before it too).
    public static let format = 2

    /// Reads and checks the text of a transition file: every key known, every value of its
    /// type and range; the first problem is thrown, as a `TransitionFileError`.
    public static func read(_ text: String) throws -> TransitionFile {
        let result = check(text)
        if let first = result.problems.first { throw first }
        return result.file!
    }

    /// Reads the text of a transition file and reports every problem it has (not only the
    /// first), each with its place and its line and column, and what is legal but likely a
    /// mistake (`TransitionFileWarnings`).
    public static func check(_ text: String) -> TransitionFileCheck {
        let root: JSONValue
        do {
            root = try JSONValue.parse(text)
        } catch {
            return TransitionFileCheck(file: nil, problems: [TransitionFileError(place: "line \(error.line), column \(error.column)", message: error.message)],
                                       warnings: [])
        }
        let log = ProblemLog()
        let file = read(root, log: log)
        if let file, log.problems.isEmpty { log.warnings += TransitionFileWarnings.presentation(of: file, root: root) }
        return TransitionFileCheck(file: log.problems.isEmpty ? file : nil, problems: log.problems, warnings: log.warnings)
    }

    /// The file `root` describes, its problems and warnings written to `log`; nil where the
    /// root is not an object.
    private static func read(_ root: JSONValue, log: ProblemLog) -> TransitionFile? {
        let top = FieldValue(root, at: "", log: log)
        guard var file = top.object() else { return nil }
        let format = file.take("format", required: true) { v throws -> Int in
            let n = try v.number()
            guard n == 1 || n == 2 else { throw v.error("must be 1 or 2") }
            return Int(n)
        } ?? 2
        let name = file.take("name", required: true) { try $0.identifier() } ?? "unnamed"
        let description = file.take("description") { try $0.line() }
        let duration = file.take("duration", required: true) { try $0.number(in: 0...60, excludingLower: true) } ?? 1
        let curve = file.take("curve") { try $0.curve() } ?? .bezier(.easeInEaseOut)
        let perspective = file.take("perspective") { v throws -> Perspective in
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
        let interaction = file.take("interaction") { try $0.interaction() }
        let layers = file.take("layers", required: true) { try $0.layers(format: format) } ?? []
        let dismiss = file.take("dismiss", forbidden: format < 2 ? Self.needsFormat2 : nil) { v throws -> Dismiss in
            var object = try FieldReader(v)
            let duration = object.take("duration") { try $0.number(in: 0...60, excludingLower: true) }
            let curve = object.take("curve") { try $0.curve() }
            let layers = object.take("layers", required: true) { try $0.layers(format: format) } ?? []
            object.finish()
            return Dismiss(duration: duration, curve: curve, layers: layers)
        }
        let presentation = file.take("presentation", forbidden: format < 2 ? Self.needsFormat2 : nil) { v throws -> Presentation in
            var object = try FieldReader(v)
            let frame = object.take("frame", required: true) { try $0.unitRect() } ?? Rect(x: 0, y: 0, width: 1, height: 1)
            let radius = object.take("cornerRadius") { try $0.number(in: 0...100_000) } ?? 0
            object.finish()
            return Presentation(frame: frame, cornerRadius: radius)
        }
        file.finish()
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
    /// Where problems found below this value go.
    let log: ProblemLog

    init(_ value: JSONValue, at place: String, log: ProblemLog) {
        self.value = value
        self.place = place
        self.log = log
    }

    /// The value at `place` below this one, reporting to the same log.
    func at(_ value: JSONValue, _ place: String) -> FieldValue { FieldValue(value, at: place, log: log) }

    func error(_ message: String) -> TransitionFileError {
        TransitionFileError(place: place, message: message, line: value.line, column: value.column)
    }

    /// The member `key` of this object, where it has one.
    func member(_ key: String) -> FieldValue? {
        value.member(key).map { at($0, place.isEmpty ? key : "\(place).\(key)") }
    }

    /// Records a warning about this value.
    func warn(_ message: String) { log.warnings.append(error(message)) }

    /// Runs `read`, recording what it throws; nil then.
    func recording<T>(_ read: () throws -> T) -> T? {
        do {
            return try read()
        } catch let e as TransitionFileError {
            log.problems.append(e)
        } catch is Recorded {
        } catch {
            log.problems.append(self.error("\(error)"))
        }
        return nil
    }

    /// The members of this object, or nil (recorded) where it is not one.
    func object() -> FieldReader? { recording { try FieldReader(self) } }

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
        return items.enumerated().map { at($1, "\(place)[\($0)]") }
    }

    /// A list of exactly `count` numbers.
    func numbers(_ count: Int) throws -> [Double] {
        guard case .array(let items) = value.kind else { throw expected("a list of \(count) numbers") }
        guard items.count == count else { throw error("expected a list of \(count) numbers, found \(items.count)") }
        var out: [Double] = []
        for (i, item) in items.enumerated() { out.append(try at(item, "\(place)[\(i)]").number()) }
        return out
    }

    /// `count` lengths: numbers (points) or percentages (`"-50%"`).
    func lengths(_ count: Int) throws -> [Length] {
        guard case .array(let items) = value.kind else { throw expected("a list of \(count) numbers or percentages") }
        guard items.count == count else { throw error("expected a list of \(count) numbers or percentages, found \(items.count)") }
        return try items.enumerated().map { i, item in try at(item, "\(place)[\(i)]").length() }
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
        if let p = object.take("cubicBezier", { try $0.numbers(4) }) {
            guard (0...1).contains(p[0]), (0...1).contains(p[2]) else {
                throw at(members[0].value, place + ".cubicBezier").error("x1 and x2 must be within 0…1")
            }
            guard TimingCurve.controlYRange.contains(p[1]), TimingCurve.controlYRange.contains(p[3]) else {
                throw at(members[0].value, place + ".cubicBezier").error("y1 and y2 must be within -10…10")
            }
            return .bezier(TimingCurve(p[0], p[1], p[2], p[3]))
        }
        if let s = object.take("spring", { v throws -> Curve in
            var spring = try FieldReader(v)
            let ratio = try spring.require("dampingRatio") { try $0.number(in: Spring.minimumDampingRatio...1000) }
            let velocity = spring.take("velocity") { try $0.number(in: -1000...1000) } ?? 0
            spring.finish()
            return .spring(dampingRatio: ratio, velocity: velocity)
        }) {
            return s
        }
        object.finish()
        throw error("expected a curve")
    }

    func interaction() throws -> TransitionFile.Interaction {
        var object = try FieldReader(self)
        let present = object.take("present") { try $0.pan() }
        let dismiss = object.take("dismiss") { try $0.pan() }
        let threshold = object.take("threshold") { try $0.number(in: 0...1) } ?? 0.5
        let scrub = object.take("scrub") { try $0.choice(ScrubMode.self) } ?? .curve
        object.finish()
        return .init(present: present, dismiss: dismiss, threshold: threshold, scrub: scrub)
    }

    func pan() throws -> TransitionFile.Pan {
        typealias Pan = TransitionFile.Pan
        var object = try FieldReader(self)
        let direction = try object.require("pan") { try $0.choice(Pan.Direction.self) }
        let edge = object.take("edge") { v throws -> Pan.Edge? in
            if case .null = v.value.kind { return nil }
            return try v.choice(Pan.Edge.self)
        } ?? nil
        let distance = object.take("distance") { v throws -> Pan.Distance in
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
        object.finish()
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
            guard let layer = v.recording({ try v.layer(ids: ids, format: format) }) else { continue }
            if let id = layer.id {
                if let earlier = ids[id] {
                    log.problems.append((v.member("id") ?? v).error("\"\(id)\" is already the id of \(place)[\(earlier)]"))
                } else {
                    ids[id] = i
                }
            }
            layers.append(layer)
            if layer.keyframes.contains(where: { $0.cornerRadius != nil }) {
                rounded += 1
                if rounded == TransitionFile.maxRoundedLayers + 1 {
                    log.problems.append(v.error("at most \(TransitionFile.maxRoundedLayers) layers may round their corners (cornerRadius): each is a clip of its own"))
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
        let id = object.take("id") { try $0.identifier() }
        let sourceName = try object.require("source") { v throws -> String in
            let s = try v.string()
            guard ["base", "modal", "color", "gradient", "image"].contains(s) else {
                throw v.error(#"expected one of "base", "modal", "color", "gradient", "image", not \#(Echo.quoted(s))"#)
            }
            if s == "image" && format < 2 { throw v.error(#"a picture ("image") \#(TransitionFile.needsFormat2)"#) }
            return s
        }
        let color = object.take("color", required: sourceName == "color", forbidden: sourceName != "color"
                                        ? "is only for source \"color\"" : nil) { try $0.color() }
        let gradient = object.take("gradient", required: sourceName == "gradient", forbidden: sourceName != "gradient"
                                           ? "is only for source \"gradient\"" : nil) { try $0.gradient() }
        let image = object.take("image", required: sourceName == "image", forbidden: sourceName != "image"
                                    ? "is only for source \"image\"" : nil) { v throws -> String in
            let path = try v.line()
            guard !path.isEmpty else { throw v.error("must name a PNG or JPEG file") }
            return path
        }
        let source: Source
        switch sourceName {
        case "base": source = .base
        case "modal": source = .modal
        case "image":
            guard let image else { throw Recorded() }
            source = .image(image)
        case "color":
            guard let color else { throw Recorded() }
            source = .color(color)
        default:
            guard let gradient else { throw Recorded() }
            source = .gradient(gradient)
        }
        let rect = object.take("rect") { v throws -> Rect in
            let r = try v.unitRect()
            if r.minX < -1 || r.maxX > 2 || r.minY < -1 || r.maxY > 2 { v.warn("lies more than a screen outside the screen") }
            return r
        } ?? Rect(x: 0, y: 0, width: 1, height: 1)
        let parent = object.take("parent") { v throws -> Int in
            let p = try v.identifier()
            guard let index = ids[p] else { throw v.error("no earlier layer has the id \"\(p)\"") }
            return index
        }
        let anchorValue = object.take("anchor") { v throws -> Point in
            let a = try v.numbers(2)
            return Point(x: a[0], y: a[1])
        }
        let origin = object.take("origin", forbidden: format < 2 ? TransitionFile.needsFormat2
                                        : anchorValue != nil ? "is the anchor with z: a layer gives one or the other" : nil) { try $0.numbers(3) }
        let anchor = anchorValue ?? origin.map { Point(x: $0[0], y: $0[1]) } ?? Point(x: 0.5, y: 0.5)
        if abs(anchor.x - 0.5) > 1.5 || abs(anchor.y - 0.5) > 1.5 {
            at(value, place + (anchorValue != nil ? ".anchor" : ".origin")).warn("lies more than a layer's size outside the layer")
        }
        let backfaceHidden = object.take("backface", forbidden: format < 2 ? TransitionFile.needsFormat2 : nil) { v throws -> Bool in
            switch try v.string() {
            case "visible": return false
            case "hidden": return true
            case let s: throw v.error(#"expected "visible" or "hidden", not \#(Echo.quoted(s))"#)
            }
        } ?? false
        var keyframes: [TransitionFile.Keyframe] = []
        let keyValues = object.take("keyframes", { try $0.list() }) ?? []
        guard keyValues.count <= TransitionFile.maxKeyframes else {
            throw object.error("keyframes", "must list at most \(TransitionFile.maxKeyframes) keyframes, not \(keyValues.count)")
        }
        var read: [FieldValue] = []
        for k in keyValues {
            guard let frame = k.recording({ try k.keyframe(format: format) }) else { continue }
            if let last = keyframes.last, frame.t <= last.t {
                log.problems.append((k.member("t") ?? k).error("must be above the previous keyframe's t (\(FieldValue.text(last.t)))"))
                continue
            }
            keyframes.append(frame)
            read.append(k)
        }
        if let listed = keyframes.firstIndex(where: { $0.transform != nil }),
           let fixed = keyframes.firstIndex(where: { $0.translate != nil || $0.rotateX != nil || $0.rotateY != nil || $0.rotateZ != nil || $0.scale != nil }) {
            log.problems.append(read[max(listed, fixed)].error(
                "a layer gives its transform as transform lists or by translate, rotateX/Y/Z and scale, not both (keyframes[\(min(listed, fixed))] does the other)"))
        }
        if keyframes.last?.curve != nil, let curve = read.last?.member("curve") {
            curve.warn("a curve on the last keyframe shapes no segment")
        }
        object.finish()
        return .init(id: id, source: source, rect: rect, parent: parent, anchor: anchor, originZ: origin?[2] ?? 0,
                     backfaceHidden: backfaceHidden, keyframes: keyframes)
    }

    func gradient() throws -> Gradient {
        var object = try FieldReader(self)
        var colors: [Color] = []
        for c in try object.require("colors", { try $0.list() }) { colors.append(try c.color()) }
        guard colors.count >= 2 else { throw error("colors must list at least two colours") }
        let start = try object.require("start") { try $0.numbers(2) }
        let end = try object.require("end") { try $0.numbers(2) }
        object.finish()
        return Gradient(colors: colors, startPoint: Point(x: start[0], y: start[1]), endPoint: Point(x: end[0], y: end[1]))
    }

    func keyframe(format: Int) throws -> TransitionFile.Keyframe {
        var object = try FieldReader(self)
        let t = try object.require("t") { try $0.number(in: 0...1) }
        let transform = object.take("transform", forbidden: format < 2 ? TransitionFile.needsFormat2 : nil) { v throws -> [TransformFunction] in
            let items = try v.list()
            let functions = items.compactMap { f in f.recording { try f.transformFunction() } }
            guard functions.count == items.count else { throw Recorded() }
            return functions
        }
        let fixed = ["translate", "rotateX", "rotateY", "rotateZ", "scale"]
        if transform != nil, let both = fixed.first(where: { key in object.has(key) }) {
            throw object.error(both, "a keyframe gives its transform as a transform list or by translate, rotateX/Y/Z and scale, not both")
        }
        if case .object(let members) = value.kind, members.count == 1 { warn("has only t: it sets nothing") }
        var frame = TransitionFile.Keyframe(
            t: t,
            translate: object.take("translate") { try $0.lengths(3) },
            rotateX: object.take("rotateX") { try $0.number() },
            rotateY: object.take("rotateY") { try $0.number() },
            rotateZ: object.take("rotateZ") { try $0.number() },
            scale: object.take("scale") { v throws -> [Double] in
                if case .number(let s) = v.value.kind { return [s, s] }
                guard case .array = v.value.kind else { throw v.expected("a number or a list of 2 numbers") }
                return try v.numbers(2)
            },
            opacity: object.take("opacity") { try $0.number(in: 0...1) },
            cornerRadius: object.take("cornerRadius") { try $0.number(in: 0...100_000) },
            curve: object.take("curve") { try $0.curve() })
        frame.transform = transform
        frame.origin = object.take("origin", forbidden: format < 2 ? TransitionFile.needsFormat2 : nil) { try $0.numbers(3) }
        object.finish()
        return frame
    }

    /// One function of a `transform` list: an object of one key (`TransformFunction.names`)
    /// and its arguments.
    func transformFunction() throws -> TransformFunction {
        guard case .object(let members) = value.kind, members.count == 1, let (key, argument) = members.first.map({ ($0.key, $0.value) }) else {
            throw error("expected a transform function: an object of one key, one of \(TransformFunction.names.joined(separator: ", "))")
        }
        let v = at(argument, "\(place).\(key)")
        switch key {
        case "translate":
            guard case .array(let items) = argument.kind else { throw v.expected("a list of 3: x and y (points or percentages) and z (points)") }
            guard items.count == 3 else { throw v.error("expected a list of 3: x and y (points or percentages) and z (points), found \(items.count)") }
            let x = try at(items[0], v.place + "[0]").length(), y = try at(items[1], v.place + "[1]").length()
            return .translate(x, y, try at(items[2], v.place + "[2]").number())
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
            throw at(argument, "\(place).\(Echo.quoted(key))").error(
                "unknown transform function" + (meant.map { " (did you mean \"\($0)\"?)" } ?? " (one of: \(TransformFunction.names.joined(separator: ", ")))"))
        }
    }
}

/// The members of one JSON object, taken one by one; `finish()` records those left over, so
/// a misspelt key is a problem. A value that does not read is recorded and taken as absent,
/// so every problem of a file is found in one reading.
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

    private func place(_ key: String) -> String { object.place.isEmpty ? key : "\(object.place).\(key)" }

    func error(_ key: String, _ message: String) -> TransitionFileError {
        TransitionFileError(place: place(key), message: message, line: object.value.line, column: object.value.column)
    }

    /// The value under `key` read by `read`, nil when absent or when it does not read (the
    /// problem recorded); `required` makes absence a problem, `forbidden` (a reason) presence.
    mutating func take<T>(_ key: String, required: Bool = false, forbidden: String? = nil,
                          _ read: (FieldValue) throws -> T) -> T? {
        known.append(key)
        guard let i = members.firstIndex(where: { $0.key == key }) else {
            if required { object.log.problems.append(error(key, "is required")) }
            return nil
        }
        let field = object.at(members.remove(at: i).value, place(key))
        if let forbidden {
            object.log.problems.append(field.error(forbidden))
            return nil
        }
        return field.recording { try read(field) }
    }

    /// The value under `key` read by `read`; where it is absent or does not read (the
    /// problem recorded), the reading of the object it is in stops (`Recorded`).
    mutating func require<T>(_ key: String, _ read: (FieldValue) throws -> T) throws -> T {
        guard let v = take(key, required: true, read) else { throw Recorded() }
        return v
    }

    /// Whether a key not yet taken is given.
    func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    /// Records each key not taken, suggesting the known key it may stand for.
    func finish() {
        for extra in members {
            let meant = known.first { $0.lowercased() == extra.key.lowercased() }
            object.log.problems.append(TransitionFileError(
                place: object.place.isEmpty ? Echo.quoted(extra.key) : "\(object.place).\(Echo.quoted(extra.key))",
                message: "unknown key" + (meant.map { " (did you mean \"\($0)\"?)" } ?? ""), line: extra.value.line, column: extra.value.column))
        }
    }
}
