import Segue
import SegueCommandLine
import SegueDemos
import SegueCatalog
import SegueProcess
import SegueRender

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
    package static let fromOption = Option<String>.text("--from", "IMAGE", help: """
        show this picture as the base screen (the one a present starts from) instead of the \
        demo's: fitted to the screen, letterboxed on the stage's colour, a tap anywhere on it \
        presents; PNG or JPEG only (known by their first bytes), at most \(ImageFile.maxSide) \
        pixels a side (read from the header before decoding)
        """)
    package static let toOption = Option<String>.text("--to", "IMAGE", help: "the same for the modal screen (a tap anywhere dismisses)")
    package static let screensOption = Option<String>.text("--screens", "DIR", help: """
        instead of --from and --to: the pictures of DIR (.png, .jpg, .jpeg, by name) as the \
        screens, two at a time: [ and ] step through the pairs (1→2, 2→3, …)
        """)
    package static let onionOption = Option<Int>.whole(
        "--onion", "N", in: OnionSkin.counts, help: """
        start with the onion skin on: the transition also drawn at N moments before and N \
        after the live one, \(OnionSkin.counts.lowerBound)…\(OnionSkin.counts.upperBound), 1/15 s of its timeline apart, fading with \
        distance, earlier ones tinted cool and later ones warm (g shows or hides them; default \(OnionSkin.defaultCount))
        """)
    package static let sizeOption = Option<Size>.size(
        "--size", help: "the device screen in points, 1…10000 a side (default: 375x667)")
    package static let scaleOption = Option.number(
        "--scale", "S", in: 0.1...8, help: "pixels per point, 0.1…8 (default: fit the display)")

    package static let hudScaleOption = Option.number(
        "--hud-scale", "S", in: 0.5...6, help: "the HUD's size, 0.5…6 (default: the display's density, larger in windows over 1000 pixels high, smaller where it would not fit)")
    package static let displayDensityOption = Option.number(
        "--display-density", "D", in: 0.5...6, help: "the display's pixels per 1/96 inch, 0.5…6, which the HUD scales by (default: asked of the display)")
    package static let autoplayFlag = Flag(
        "--autoplay", help: "play the catalog by itself: each transition presented, held, dismissed, its name shown, looping until a click, Esc or Space (H, F and F11 work as ever)")
    package static let hideHUDFlag = Flag(
        "--hide-hud", help: "start with the HUD hidden, the screen in its place (h shows it): with --autoplay, a show")
    package static let slowMotionFlag = Flag(
        "--slow-motion", help: "start with animations ten times slower (s)")

    /// The demo and the screen.
    package static var screenOptions: [OptionSpec] {
        [demoOption.spec, transitionFileOption.spec, fromOption.spec, toOption.spec, screensOption.spec, onionOption.spec,
         sizeOption.spec, scaleOption.spec, hudScaleOption.spec, displayDensityOption.spec, autoplayFlag.spec, hideHUDFlag.spec]
    }

    /// The tuning, also changeable live: the parameters' options (`Parameter.spec`) and slow motion.
    package static var tuningOptions: [OptionSpec] {
        Parameter.allCases.map(\.spec.option) + [slowMotionFlag.spec]
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
        tuning = try Self.tuning(a)
        slowMotion = a.flag(Self.slowMotionFlag)
        hudScale = try a.value(Self.hudScaleOption)
        displayDensity = try a.value(Self.displayDensityOption)
        autoplay = a.flag(Self.autoplayFlag)
        hidesHUD = a.flag(Self.hideHUDFlag)
        screens = try Self.screens(a)
        onion = try a.value(Self.onionOption)
    }

    /// The pictures `--from` and `--to`, or `--screens`, name (not both ways); nil: none.
    package static func screens(_ a: Arguments) throws -> ScreenSequence? {
        let from = try a.value(fromOption), to = try a.value(toOption)
        guard let folder = try a.value(screensOption) else { return try ScreenSequence.pair(from: from, to: to) }
        guard from == nil, to == nil else { throw UsageError("\(screensOption.name) takes the place of \(fromOption.name) and \(toOption.name); give one or the other") }
        return try ScreenSequence.folder(folder)
    }

    /// The tuning options among `a` (parsed with `Parameter`'s options among its own), each
    /// checked and kept as its parameter writes it: what the app and `render` both take.
    package static func tuning(_ a: Arguments) throws -> [Parameter: String] {
        var tuning: [Parameter: String] = [:]
        for parameter in Parameter.allCases {
            let spec = parameter.spec
            guard let placeholder = spec.option.placeholder else {
                if a.flag(Flag(spec.option.name, help: spec.option.help)) { tuning[parameter] = "" }
                continue
            }
            tuning[parameter] = try a.value(Option(spec.option.name, placeholder, help: spec.option.help) { text in
                var p = TransitionParameters(duration: 1, curve: .linear)
                try parameter.spec.assign(text, &p)
                return parameter.spec.argument(p) ?? text
            })
        }
        return tuning
    }

    /// Session options alone, strictly (a recording's arguments).
    package init(parsing args: [String]) throws {
        let a = try Arguments(args, options: Self.declarations)
        try self.init(a)
        a.checkEveryOptionRead()
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
    /// A transition's curve, as `Curve(argument:option:)` reads it.
    package static func curve(_ name: String, help: String) -> Option<Curve> {
        Option(name, "CURVE", help: help) { try Curve(argument: $0, option: name) }
    }
}

extension Curve {
    /// The forms `--curve` takes, for help texts.
    package static var forms: String {
        "\(TimingCurve.names.joined(separator: " | ")) | cubic-bezier:x1,y1,x2,y2 | spring:RATIO,VELOCITY (UIKit's spring "
            + "settling at the duration: damping ratio 0.001…1000, velocity in distances per second)"
    }

    /// The curve `text` names as `option` takes it: a name; `cubic-bezier:x1,y1,x2,y2` (x1
    /// and x2 within 0…1 so time runs forward, y1 and y2 within `TimingCurve.controlYRange`:
    /// overshoot is fine, infinity is not); or `spring:RATIO,VELOCITY` (RATIO within
    /// 0.001…1000, VELOCITY within −1000…1000). A `UsageError` naming the option otherwise.
    package init(argument text: String, option name: String) throws {
        /// The `count` numbers after `form`'s prefix in `text`, or a one-line refusal.
        func numbers(_ form: String, _ count: Int) throws -> [Double] {
            let prefix = form.prefix { $0 != ":" } + ":"
            let parts = text.dropFirst(prefix.count).split(separator: ",", omittingEmptySubsequences: false).map { Parse.decimal($0) }
            guard parts.count == count, let v = parts as? [Double] else {
                throw UsageError("\(name) \(form.prefix { $0 != ":" }) takes \(count == 4 ? "four" : "two") numbers, \(form), not \(Echo.quoted(text))")
            }
            return v
        }
        if let named = TimingCurve.named(text) {
            self = .bezier(named)
        } else if text.hasPrefix("cubic-bezier:") {
            let v = try numbers("cubic-bezier:x1,y1,x2,y2", 4)
            guard (0...1).contains(v[0]), (0...1).contains(v[2]) else {
                throw UsageError("\(name) cubic-bezier's x1 and x2 must be within 0…1, not \(Echo.quoted(text))")
            }
            guard TimingCurve.controlYRange.contains(v[1]), TimingCurve.controlYRange.contains(v[3]) else {
                throw UsageError("\(name) cubic-bezier's y1 and y2 must be within -10…10, not \(Echo.quoted(text))")
            }
            self = .bezier(TimingCurve(v[0], v[1], v[2], v[3]))
        } else if text.hasPrefix("spring:") {
            let v = try numbers("spring:RATIO,VELOCITY", 2)
            guard v[0] >= Spring.minimumDampingRatio, v[0] <= 1000 else {
                throw UsageError("\(name) spring's damping ratio must be within 0.001…1000, not \(Echo.quoted(text))")
            }
            guard (-1000...1000).contains(v[1]) else {
                throw UsageError("\(name) spring's velocity must be within -1000…1000, not \(Echo.quoted(text))")
            }
            self = .spring(dampingRatio: v[0], velocity: v[1])
        } else {
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
