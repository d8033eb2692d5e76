import Foundation
#if !SEGUE_FUZZING
import Segue
import SegueProcess
#endif

/// A style sheet's `@keyframes` as format-2 transition files (`segue import-css`): each
/// animation plays on one screen in front of the other, scrubbed linearly, timed as CSS
/// times a keyframe list (the file's curve linear, each keyframe carrying its segment's
/// timing function). What it does not take is a warning with its line and column, left out.
public struct CSSImport {
    /// Which screen the keyframes play on, in front of the other.
    public enum Screen: String, Sendable, CaseIterable {
        /// `modal` moves the presented screen over a still base (the default); `base` the reverse.
        case modal, base
    }

    /// One animation imported.
    public struct Imported: Sendable {
        /// The `@keyframes` name as written.
        public var animation: String
        /// The format-2 file made of it, its name in kebab case (`-2`, `-3`… added on a repeat).
        public var file: TransitionFile
    }

    /// One file per animation, in the order of `names`, or of the sheet when none are named.
    public var imported: [Imported] = []
    /// What the import passed over or left out, each at its line and column in the sheet.
    public var warnings: [CSSProblem] = []

    /// Imports the animations of `css` named in `names` (every one when empty), on `screen`,
    /// lasting `duration` seconds where given (else the animation's rule's, else 1 s).
    /// Throws a `CSSProblem` for CSS it cannot parse, and for a name it does not have.
    public init(_ css: String, names: [String] = [], on screen: Screen = .modal, duration: Double? = nil) throws {
        let sheet = try CSSStyleSheet(css)
        warnings = sheet.warnings
        // The last @keyframes of a name wins, as in CSS.
        var byName: [String: CSSStyleSheet.Keyframes] = [:], order: [String] = []
        for k in sheet.keyframes {
            if byName[k.name] == nil { order.append(k.name) }
            byName[k.name] = k
        }
        for name in names where byName[name] == nil {
            throw CSSProblem(place: CSSPlace(line: 1, column: 1), message: byName.isEmpty ? "no @keyframes named \(Echo.quoted(name)): the style sheet has none"
                : "no @keyframes named \(Echo.quoted(name)) (it has: \(Echo.line(order.joined(separator: ", "))))")
        }
        let rules = Self.animationRules(sheet, warnings: &warnings)
        var files: Set<String> = []
        for name in names.isEmpty ? order : names {
            guard let keyframes = byName[name] else { continue }
            var file = try build(keyframes, rule: rules[name], on: screen, duration: duration)
            // Two animations of one kebab name (fadeIn, fade-in) get the second a suffix, which
            // takes the end of a name that would otherwise pass the longest a name may be.
            var unique = file.name, k = 2
            while files.contains(unique) {
                let suffix = "-\(k)"
                var stem = Substring(file.name.prefix(TransitionFile.maxNameLength - suffix.count))
                while stem.last == "-" { stem.removeLast() }
                unique = stem + suffix
                k += 1
            }
            file.name = unique
            files.insert(unique)
            imported.append(Imported(animation: name, file: file))
        }
    }

    /// `name` in kebab case as a transition's name: `flipInX` → `flip-in-x`, `Éclair` →
    /// `eclair`. Read by Unicode scalar after canonical decomposition: a letter's marks are
    /// dropped, ASCII letters and digits kept, and every other run becomes one `-` (a letter
    /// with a mark is one `Character`, which a `"a"..."z"` range would let in whole).
    public static func kebab(_ name: String) -> String {
        var out = String.UnicodeScalarView()
        var afterCapital = false
        for c in name.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch c.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: break
            }
            let upper = ("A"..."Z").contains(c)
            let afterWord = out.last.map { $0 != "-" } ?? false
            if upper, afterWord, !afterCapital { out.append("-") }
            let l = upper ? Unicode.Scalar(c.value + 32)! : c
            if ("a"..."z").contains(l) || ("0"..."9").contains(l) {
                out.append(l)
            } else if afterWord {
                out.append("-")
            }
            afterCapital = upper
        }
        while out.last == "-" { out.removeLast() }
        let kept = String(String.UnicodeScalarView(out.prefix(TransitionFile.maxNameLength)))
        return kept.isEmpty ? "animation" : kept
    }

    /// What a rule naming an animation says of it.
    struct AnimationRule {
        var duration: Double?
        var timing: Curve?
        var origin: (x: CSSValues.OriginCoordinate, y: CSSValues.OriginCoordinate, z: Double)?
        var backfaceHidden: Bool?
    }

    /// Per animation name, the last rule naming it (`animation-name` or `animation`), with
    /// the timing, origin and backface it sets. (What a rule naming no animation says is not
    /// read, and not warned about.)
    static func animationRules(_ sheet: CSSStyleSheet, warnings: inout [CSSProblem]) -> [String: AnimationRule] {
        var out: [String: AnimationRule] = [:]
        for rule in sheet.rules {
            var names: [String] = []
            var r = AnimationRule()
            var ruleWarnings: [CSSProblem] = []
            for d in rule.declarations {
                do {
                    switch d.name {
                    case "animation-name", "-webkit-animation-name":
                        names = try CSSValues.components(d.value).compactMap { if case .word(let w) = $0, w != "none" { return w } else { return nil } }
                    case "animation-duration", "-webkit-animation-duration":
                        r.duration = try CSSValues.components(d.value).first.flatMap(CSSValues.time)
                    case "animation-timing-function", "-webkit-animation-timing-function":
                        r.timing = try CSSValues.components(d.value).first.map(CSSValues.timing)
                    case "animation", "-webkit-animation":
                        // The first animation of the list; its name is the word no keyword is.
                        let parts = try CSSValues.components(d.value).split(separator: .comma).first.map(Array.init) ?? []
                        var times: [Double] = []
                        for p in parts {
                            if let t = CSSValues.time(p) {
                                times.append(t)
                            } else if let curve = try? CSSValues.timing(p) {
                                r.timing = curve
                            } else if case .word(let w) = p, !Self.animationKeywords.contains(w.lowercased()) {
                                names = [w]
                            }
                        }
                        if let first = times.first { r.duration = first }
                    case "transform-origin", "-webkit-transform-origin":
                        r.origin = try CSSValues.origin(d.value)
                    case "backface-visibility", "-webkit-backface-visibility":
                        r.backfaceHidden = d.value.lowercased() == "hidden"
                    default: break
                    }
                } catch let problem as CSSValueProblem {
                    ruleWarnings.append(CSSProblem(place: d.valuePlace, message: "\(Echo.line(d.name)): \(problem.message); left out"))
                } catch {}
            }
            if !names.isEmpty { warnings += ruleWarnings }
            for name in names { out[name] = r }
        }
        return out
    }

    static let animationKeywords: Set<String> = ["infinite", "normal", "reverse", "alternate", "alternate-reverse", "forwards", "backwards",
                                                 "both", "none", "running", "paused", "initial", "inherit", "unset"]

    /// One keyframe's values as read.
    private struct Key {
        var t: Double
        var transform: [TransformFunction]?
        var opacity: Double?
        var origin: [Double]?
        var timing: Curve?
    }

    /// The file of one `@keyframes`.
    ///
    /// As CSS Animations build a keyframe list, a block's `animation-timing-function` times
    /// the properties of that block: blocks of one offset and one timing function (their
    /// own, else the animation's) merge, later declarations winning, and a block of a timing
    /// function alone sets nothing (animate.css's `from, 60%, … { animation-timing-function }`
    /// beside `0% { transform }` leaves the transform on the animation's timing). A file has one
    /// keyframe an offset: where blocks of two timings both set properties there, they merge
    /// and the later timing is kept, with a warning.
    private mutating func build(_ keyframes: CSSStyleSheet.Keyframes, rule: AnimationRule?, on screen: Screen,
                                duration: Double?) throws -> TransitionFile {
        var keys: [Double: Key] = [:]
        for block in keyframes.blocks {
            var own = Key(t: 0)
            for d in block.declarations {
                do {
                    switch d.name {
                    case "transform", "-webkit-transform": own.transform = try CSSValues.transform(d.value)
                    case "opacity": own.opacity = try CSSValues.opacity(d.value)
                    case "animation-timing-function", "-webkit-animation-timing-function": own.timing = try CSSValues.timing(d.value)
                    case "transform-origin", "-webkit-transform-origin":
                        let o = try CSSValues.origin(d.value)
                        guard case .unit(let x) = o.x, case .unit(let y) = o.y else {
                            throw CSSValueProblem("an origin in px cannot change within keyframes (give it in % or keywords)")
                        }
                        own.origin = [x, y, o.z]
                    default:
                        throw CSSValueProblem("is not a property a transition file animates (transform, opacity, transform-origin, animation-timing-function)")
                    }
                } catch let problem as CSSValueProblem {
                    warnings.append(CSSProblem(place: d.valuePlace, message: "\(Echo.line(d.name)): \(problem.message); left out"))
                }
            }
            guard own.transform != nil || own.opacity != nil || own.origin != nil else { continue }
            let timing = own.timing ?? rule?.timing ?? .default
            for offset in block.offsets {
                var key = keys[offset] ?? Key(t: offset, timing: timing)
                if key.timing != timing {
                    warnings.append(CSSProblem(place: block.place, message: "blocks at \(TransitionFile.number(offset * 100))% time their properties by two timing functions; the file keeps this block's"))
                    key.timing = timing
                }
                if let v = own.transform { key.transform = v }
                if let v = own.opacity { key.opacity = v }
                if let v = own.origin { key.origin = v }
                keys[offset] = key
            }
        }
        var sorted = keys.values.sorted { $0.t < $1.t }
        // The element's own origin, as the layer's anchor holds it (an axis in px: 0, the
        // move around each list adding the rest).
        let plainOrigin = [rule?.origin?.x, rule?.origin?.y].map { axis -> Double in
            if case .unit(let u)? = axis { return u }
            return axis == nil ? 0.5 : 0
        } + [rule?.origin?.z ?? 0]
        // A property a keyframe list animates holds its plain value where no 0% or 100% names
        // it (CSS animates from and to the element's own value).
        for (has, set) in [({ (k: Key) in k.transform != nil }, { (k: inout Key) in k.transform = [] }),
                           ({ (k: Key) in k.opacity != nil }, { (k: inout Key) in k.opacity = 1 }),
                           ({ (k: Key) in k.origin != nil }, { (k: inout Key) in k.origin = plainOrigin })] as [((Key) -> Bool, (inout Key) -> Void)] {
            guard sorted.contains(where: has) else { continue }
            if let first = sorted.first, first.t == 0 { if !has(first) { set(&sorted[0]) } } else {
                var k = Key(t: 0)
                set(&k)
                sorted.insert(k, at: 0)
            }
            if let last = sorted.last, last.t == 1 { if !has(last) { set(&sorted[sorted.count - 1]) } } else {
                var k = Key(t: 1)
                set(&k)
                sorted.append(k)
            }
        }
        sorted.removeAll { $0.transform == nil && $0.opacity == nil && $0.origin == nil }
        guard !sorted.isEmpty else {
            warnings.append(CSSProblem(place: keyframes.place, message: "@keyframes \(Echo.line(keyframes.name)) animates nothing a transition file takes; it plays as a still"))
            return try file(keyframes.name, keys: [], rule: rule, on: screen, duration: duration)
        }
        return try file(keyframes.name, keys: sorted, rule: rule, on: screen, duration: duration)
    }

    /// The file of `keys` (ascending t).
    private func file(_ animation: String, keys: [Key], rule: AnimationRule?, on screen: Screen, duration: Double?) throws -> TransitionFile {
        let timing = rule?.timing ?? .default
        // An origin in px on an axis: the anchor on that side, and the move to the origin
        // around every list (numbers interpolated with the rest, as the origin's turn needs).
        let origin = rule?.origin
        var anchor = Point(x: 0.5, y: 0.5), shift = (x: 0.0, y: 0.0)
        switch origin?.x {
        case .unit(let u)?: anchor.x = u
        case .points(let p)?: (anchor.x, shift.x) = (0, p)
        case nil: break
        }
        switch origin?.y {
        case .unit(let u)?: anchor.y = u
        case .points(let p)?: (anchor.y, shift.y) = (0, p)
        case nil: break
        }
        var frames: [TransitionFile.Keyframe] = []
        for (i, k) in keys.enumerated() {
            var transform = k.transform
            if shift != (0, 0), let list = transform {
                transform = [.translate(.points(shift.x), .points(shift.y), 0)] + list + [.translate(.points(-shift.x), .points(-shift.y), 0)]
            }
            var frame = TransitionFile.Keyframe(t: k.t, opacity: k.opacity, curve: i == keys.count - 1 ? nil : k.timing ?? timing)
            frame.transform = transform
            frame.origin = k.origin
            frames.append(frame)
        }
        let animated = TransitionFile.LayerSpec(id: Self.kebab(animation), source: screen == .modal ? .modal : .base,
                                                rect: Rect(x: 0, y: 0, width: 1, height: 1), anchor: anchor, originZ: origin?.z ?? 0,
                                                backfaceHidden: rule?.backfaceHidden ?? false, keyframes: frames)
        let still = TransitionFile.LayerSpec(source: screen == .modal ? .base : .modal, rect: Rect(x: 0, y: 0, width: 1, height: 1),
                                             anchor: Point(x: 0.5, y: 0.5), keyframes: [])
        let up = TransitionFile.Pan(.up), down = TransitionFile.Pan(.down)
        return TransitionFile(format: 2, name: Self.kebab(animation), description: "@keyframes \(Echo.line(animation)), imported from CSS",
                              duration: min(max(duration ?? rule?.duration ?? 1, 0.01), 60), curve: .linear, perspective: nil,
                              interaction: .init(present: up, dismiss: down, threshold: 0.5, scrub: .linear),
                              layers: [still, animated], dismiss: nil, presentation: nil)
    }
}

extension TransitionFile.Keyframe {
    /// A keyframe at `t` naming only what is given.
    init(t: Double, opacity: Double? = nil, curve: Curve? = nil) {
        self.init(t: t, translate: nil, rotateX: nil, rotateY: nil, rotateZ: nil, scale: nil, opacity: opacity, cornerRadius: nil, curve: curve)
    }
}
