import Segue
import SegueCommandLine
import SegueDemos

/// The options that set up a session, declared once with their help: the app reads them,
/// a recording stores them (`SessionOptions.arguments`), and `segue --help` lists them.
extension SessionOptions {
    package static let demoOption = Option<String>(
        "--demo", "NAME", help: "what to start in: \(DemoCatalog.names.joined(separator: " | ")) or any name `segue catalog` lists (default: flip; a program's first own transition under Studio.run)") { text in
        guard TransitionFile.isName(text) else {
            throw UsageError("--demo takes a name of a-z, 0-9 and -, not \(Echo.quoted(text))")
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
    package static let curveOption = Option<TimingCurve>.curve(
        "--curve", help: "its curve over the whole timeline: \(TimingCurve.names.joined(separator: " | ")) (c)")
    package static let thresholdOption = Option.number(
        "--threshold", "T", in: 0...1, help: "the release threshold, 0…1 (t)")
    package static let completionSpeedOption = Option.number(
        "--completion-speed", "S", in: 0.05...20, help: "how much faster the rest plays after release, 0.05…20 (e)")
    package static let completionCurveOption = Option<TimingCurve>.curve(
        "--completion-curve", help: "the curve of the rest after release (k)")
    package static let perspectiveOption = Option.number(
        "--perspective", "D", in: 10...100_000, help: "the eye's distance in points, m34 = −1/D, 10…100000 (p)")
    package static let releaseOption = Option<ReleaseRule>.choice(
        "--release", "RULE", "release rule", ReleaseRule.allCases.map { ($0.rawValue, $0) },
        help: "uikit (percent ≥ threshold), velocity (a flick of one transition per second decides, as "
            + "Flutter's back gesture), projected (where the release velocity would carry it, as "
            + "libadwaita's swipe tracker) (r)")
    package static let springCompletionFlag = Flag(
        "--spring-completion", help: "the rest plays on a spring started at the release velocity (v)")
    package static let slowMotionFlag = Flag(
        "--slow-motion", help: "start with animations ten times slower (s)")

    /// The demo and the screen.
    package static var screenOptions: [OptionSpec] { [demoOption.spec, transitionFileOption.spec, sizeOption.spec, scaleOption.spec] }

    /// The tuning, also changeable live.
    package static var tuningOptions: [OptionSpec] {
        [durationOption.spec, curveOption.spec, thresholdOption.spec, completionSpeedOption.spec,
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
        threshold = try a.value(Self.thresholdOption)
        completionSpeed = try a.value(Self.completionSpeedOption)
        completionCurve = try a.value(Self.completionCurveOption)
        perspective = try a.value(Self.perspectiveOption)
        release = try a.value(Self.releaseOption)
        springCompletion = a.flag(Self.springCompletionFlag)
        slowMotion = a.flag(Self.slowMotionFlag)
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

extension Option where Value == TimingCurve {
    /// A named timing curve.
    package static func curve(_ name: String, help: String) -> Option<TimingCurve> {
        .choice(name, "CURVE", "curve", TimingCurve.named.compactMap { c in c.name.map { ($0, c) } }, help: help)
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
