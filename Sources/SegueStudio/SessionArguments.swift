import Segue
import SegueCommandLine
import SegueDemos

/// The options that set up a session, declared once with their help: the app reads them,
/// a recording stores them (`SessionOptions.arguments`), and `segue --help` lists them.
extension SessionOptions {
    package static let demoOption = Option<String>(
        "--demo", "NAME", help: "what to start in: \(DemoCatalog.names.joined(separator: " | ")) or any name `segue catalog` lists (default: flip; a program's first own transition under Studio.run)") { text in
        guard TransitionFile.isName(text) else {
            throw UsageError("--demo takes a name of a-z, 0-9 and -, at most 64 characters, not \(Echo.quoted(text))")
        }
        return text
    }
    package static let transitionFileOption = Option<String>(
        "--transition-file", "FILE", help: """
        open on the transition in FILE (format 1, see `segue check`) between the flip demo's \
        two screens, and reload it within half a second of every save (the last good version \
        stays while a save does not read); may be given more than once; files in \
        $XDG_CONFIG_HOME/segue/transitions/ (default ~/.config/…) join the list too
        """, repeatable: true) { $0 }
    package static let sizeOption = Option<Size>.size(
        "--size", help: "the device screen in points, 1…10000 a side (default: 375x667)")
    package static let scaleOption = Option.number(
        "--scale", "S", in: 0.1...8, help: "pixels per point, 0.1…8 (default: fit the display)")

    package static let durationOption = Option.number(
        "--duration", "S", in: 0.05...60, help: "the transition's duration, 0.05…60 seconds (d)")
    package static let curveOption = Option<Curve>.curve(
        "--curve", help: "its curve over the whole timeline: \(TimingCurve.names.joined(separator: " | ")) | "
            + "cubic-bezier:x1,y1,x2,y2 | spring:RATIO,VELOCITY (UIKit's spring settling at the duration: damping "
            + "ratio 0…1000, velocity in distances per second) (c cycles the names and the reference)")
    package static let thresholdOption = Option.number(
        "--threshold", "T", in: 0...1, help: "the release threshold, 0…1 (t)")
    package static let completionSpeedOption = Option.number(
        "--completion-speed", "S", in: 0.05...20, help: "how much faster the rest plays after release, 0.05…20 (o)")
    package static let completionCurveOption = Option<Curve>.curve(
        "--completion-curve", help: "the curve of the rest after release, as --curve (k)")
    package static let perspectiveOption = Option.number(
        "--perspective", "D", in: 10...100_000, help: "the eye's distance in points, m34 = −1/D, 10…100000 (p)")
    package static let releaseOption = Option<ReleaseRule>.choice(
        "--release", "RULE", "release rule", ReleaseRule.allCases.map { ($0.rawValue, $0) },
        help: "uikit (percent ≥ threshold), velocity (a flick of one transition per second decides, as "
            + "Flutter's back gesture), projected (where the release velocity would carry it, as "
            + "libadwaita's swipe tracker) (r)")
    package static let scrubOption = Option<ScrubMode>.choice(
        "--scrub", "MODE", "scrub mode", ScrubMode.allCases.map { ($0.rawValue, $0) },
        help: "how a drag moves the timeline: curve (at the percent of its time, the curve shaping what moves: "
            + "UIKit's percent-driven transition, the seeds' reference) or linear (where the curve has covered the "
            + "percent, so what moves stays under the finger: property animators, Flutter; magic move's) (l)")
    package static let springCompletionFlag = Flag(
        "--spring-completion", help: "the rest plays on a spring started at the release velocity (v)")
    package static let hudScaleOption = Option.number(
        "--hud-scale", "S", in: 0.5...6, help: "the HUD's size, 0.5…6 (default: the display's density, larger in windows over 1000 pixels high, smaller where it would not fit)")
    package static let displayDensityOption = Option.number(
        "--display-density", "D", in: 0.5...6, help: "the display's pixels per 1/96 inch, 0.5…6, which the HUD scales by (default: asked of the display)")
    package static let autoplayFlag = Flag(
        "--autoplay", help: "play the catalog by itself: each transition presented, held, dismissed, its name shown, looping until a key or a click")
    package static let slowMotionFlag = Flag(
        "--slow-motion", help: "start with animations ten times slower (s)")

    /// The demo and the screen.
    package static var screenOptions: [OptionSpec] {
        [demoOption.spec, transitionFileOption.spec, sizeOption.spec, scaleOption.spec, hudScaleOption.spec,
         displayDensityOption.spec, autoplayFlag.spec]
    }

    /// The tuning, also changeable live.
    package static var tuningOptions: [OptionSpec] {
        [durationOption.spec, curveOption.spec, scrubOption.spec, thresholdOption.spec, completionSpeedOption.spec,
         completionCurveOption.spec, perspectiveOption.spec, releaseOption.spec, springCompletionFlag.spec,
         slowMotionFlag.spec]
    }

    /// Every session option.
    package static var declarations: [OptionSpec] { screenOptions + tuningOptions }

    /// The session options among `a` (parsed with `declarations` among its options),
    /// validated in the order declared.
    package init(_ a: Arguments) throws {
        self.init()
        demo = try a.value(Self.demoOption)
        transitionFiles = try a.values(Self.transitionFileOption)
        if let s = try a.value(Self.sizeOption) { size = s }
        scale = try a.value(Self.scaleOption)
        duration = try a.value(Self.durationOption)
        curve = try a.value(Self.curveOption)
        scrub = try a.value(Self.scrubOption)
        threshold = try a.value(Self.thresholdOption)
        completionSpeed = try a.value(Self.completionSpeedOption)
        completionCurve = try a.value(Self.completionCurveOption)
        perspective = try a.value(Self.perspectiveOption)
        release = try a.value(Self.releaseOption)
        springCompletion = a.flag(Self.springCompletionFlag)
        slowMotion = a.flag(Self.slowMotionFlag)
        hudScale = try a.value(Self.hudScaleOption)
        displayDensity = try a.value(Self.displayDensityOption)
        autoplay = a.flag(Self.autoplayFlag)
    }

    /// Session options alone, strictly (a recording's arguments).
    package init(parsing args: [String]) throws {
        try self.init(Arguments(args, options: Self.declarations))
    }
}

extension Option where Value == Size {
    /// `WxH` in points, each side within 1…10000.
    package static func size(_ name: String, help: String) -> Option<Size> {
        Option(name, "WxH", help: help) { text in
            let (w, h) = try Parse.size(text, name, in: 1...10000, unit: "points")
            return Size(width: w, height: h)
        }
    }
}

extension Option where Value == Curve {
    /// A transition's curve: a name; `cubic-bezier:x1,y1,x2,y2` (x1 and x2 within 0…1 so
    /// time runs forward, y1 and y2 within −10…10: overshoot is fine, infinity is not); or
    /// `spring:RATIO,VELOCITY` (RATIO above 0 and at most 1000, VELOCITY within −1000…1000).
    package static func curve(_ name: String, help: String) -> Option<Curve> {
        /// The `count` finite numbers after `form`'s prefix in `text`, or a one-line refusal.
        @Sendable func numbers(_ text: String, _ form: String, _ count: Int) throws -> [Double] {
            let prefix = form.prefix { $0 != ":" } + ":"
            let parts = text.dropFirst(prefix.count).split(separator: ",", omittingEmptySubsequences: false).map { Parse.decimal($0) }
            guard parts.count == count, let v = parts as? [Double] else {
                throw UsageError("\(name) \(form.prefix { $0 != ":" }) takes \(count == 4 ? "four" : "two") numbers, \(form), not \(Echo.quoted(text))")
            }
            return v
        }
        return Option(name, "CURVE", help: help) { text in
            if let named = TimingCurve.named(text) { return .bezier(named) }
            if text.hasPrefix("cubic-bezier:") {
                let v = try numbers(text, "cubic-bezier:x1,y1,x2,y2", 4)
                guard (0...1).contains(v[0]), (0...1).contains(v[2]) else {
                    throw UsageError("\(name) cubic-bezier's x1 and x2 must be within 0…1, not \(Echo.quoted(text))")
                }
                guard TimingCurve.controlYRange.contains(v[1]), TimingCurve.controlYRange.contains(v[3]) else {
                    throw UsageError("\(name) cubic-bezier's y1 and y2 must be within -10…10, not \(Echo.quoted(text))")
                }
                return .bezier(TimingCurve(v[0], v[1], v[2], v[3]))
            }
            if text.hasPrefix("spring:") {
                let v = try numbers(text, "spring:RATIO,VELOCITY", 2)
                guard v[0] >= Spring.minimumDampingRatio, v[0] <= 1000 else {
                    throw UsageError("\(name) spring's damping ratio must be within 0.001…1000, not \(Echo.quoted(text))")
                }
                guard (-1000...1000).contains(v[1]) else {
                    throw UsageError("\(name) spring's velocity must be within -1000…1000, not \(Echo.quoted(text))")
                }
                return .spring(dampingRatio: v[0], velocity: v[1])
            }
            throw UsageError("unknown curve \(Echo.quoted(text)) (one of: \(TimingCurve.names.joined(separator: ", ")), "
                + "cubic-bezier:x1,y1,x2,y2 or spring:RATIO,VELOCITY)")
        }
    }
}

extension Curve {
    /// The curve as `--curve` takes it: a Bézier's `argument`, or `spring:RATIO,VELOCITY`.
    package var argument: String {
        switch self {
        case .bezier(let c): return c.argument
        case let .spring(ratio, velocity): return "spring:\(ratio),\(velocity)"
        }
    }

    /// The curve in the HUD's few characters.
    package var shortText: String {
        switch self {
        case .bezier(let c): return c.shortText
        case let .spring(ratio, velocity): return "spring " + TimingCurve.compact(ratio) + ", " + TimingCurve.compact(velocity)
        }
    }
}

extension TimingCurve {
    /// The curve as `--curve` takes it: its name, or `cubic-bezier:x1,y1,x2,y2`.
    package var argument: String {
        name ?? "cubic-bezier:\(c1.x),\(c1.y),\(c2.x),\(c2.y)"
    }

    /// The curve in the HUD's few characters: its name, or its four numbers (two decimals at
    /// most, trailing zeros dropped).
    package var shortText: String {
        name ?? [c1.x, c1.y, c2.x, c2.y].map(Self.compact).joined(separator: ", ")
    }

    /// `v` with two decimals at most, trailing zeros dropped.
    static func compact(_ v: Double) -> String {
        var t = String(format2: v)
        while t.hasSuffix("0") { t.removeLast() }
        if t.hasSuffix(".") { t.removeLast() }
        return t == "-0" ? "0" : t
    }
}

extension TimingCurve {
    /// The names `--curve` accepts.
    package static var names: [String] { named.compactMap(\.name) }
}

extension SessionOptions {
    /// Throws when `demo` names none of `names` (what the session will offer).
    package func checkDemo(among names: [String]) throws {
        guard let demo, !names.contains(demo) else { return }
        throw UsageError("unknown demo \(Echo.quoted(demo)) (one of: \(names.joined(separator: ", ")))")
    }
}
