import Segue
import SegueCommandLine
import SegueDemos
import SegueCatalog

/// What a session starts with: the demo, the screen, and the parameters the user set on
/// the command line (unset ones keep the demo's reference values).
package struct SessionOptions: Hashable, Sendable {
    /// The name of what to open on: a built-in demo or a transition the session offers; nil
    /// for the first Swift transition given, else flip.
    package var demo: String?
    /// Transition files to watch and offer beside the demos; the session opens on the first.
    package var transitionFiles: [String] = []
    package var size = Size(width: 375, height: 667)
    /// Pixels per point, or nil to fit the window.
    package var scale: Double?
    /// The parameters set on the command line, each as its option writes it (checked when
    /// read; `Parameter.spec`); the rest keep the demo's reference values.
    package var tuning: [Parameter: String] = [:]
    package var slowMotion = false
    /// Play the catalog by itself until a click, Esc or Space.
    package var autoplay = false
    /// Start with the HUD hidden (`h` shows it).
    package var hidesHUD = false
    /// The HUD's scale as forced; nil: from the display's density and the window (`Layout`).
    package var hudScale: Double?
    /// The display's pixels per 1/96 inch; nil: ask the display (the app does, and a
    /// recording keeps what it found), 1 headless.
    package var displayDensity: Double?
    /// Lay the window out as recordings made before layouts fit any window did (not an
    /// argument: a recording's own).
    package var classicLayout = false
    /// Pictures shown as the two screens instead of the demos' (`--from`/`--to`, `--screens`).
    package var screens: ScreenSequence?
    /// Ghosts each side of the live frame (`--onion`, `OnionSkin.counts`); nil: none at the
    /// start (`g` shows `OnionSkin.defaultCount`).
    package var onion: Int?

    package init() {}

    /// The options as command-line arguments (for recordings).
    package var arguments: [String] {
        var out = [Self.sizeOption.name, "\(size.width)x\(size.height)"]
        func add<T>(_ option: Option<T>, _ value: String?) { if let value { out += [option.name, value] } }
        add(Self.demoOption, demo)
        add(Self.scaleOption, scale.map { "\($0)" })
        out += tuningArguments
        add(Self.hudScaleOption, hudScale.map { "\($0)" })
        add(Self.displayDensityOption, displayDensity.map { "\($0)" })
        for f in transitionFiles { out += [Self.transitionFileOption.name, f] }
        out += screens?.arguments ?? []
        add(Self.onionOption, onion.map(String.init))
        if slowMotion { out.append(Self.slowMotionFlag.name) }
        if autoplay { out.append(Self.autoplayFlag.name) }
        if hidesHUD { out.append(Self.hideHUDFlag.name) }
        return out
    }

    /// The layout a session starts with: one screen at `scale` (or fitted), the HUD shown.
    package var layoutRequest: Layout.Request {
        var r = Layout.Request(fixedScale: scale, hudScale: hudScale, density: displayDensity ?? 1)
        r.showsHUD = !hidesHUD
        r.isClassic = classicLayout
        return r
    }

    /// The tuning set here, as command-line arguments, in the parameters' order.
    package var tuningArguments: [String] {
        Parameter.allCases.flatMap { parameter -> [String] in
            guard let value = tuning[parameter] else { return [] }
            let option = parameter.spec.option
            return option.takesValue ? [option.name, value] : [option.name]
        }
    }

    /// `base` with the values set here (each was checked when it was read).
    package func applied(to base: TransitionParameters) -> TransitionParameters {
        var p = base
        for (parameter, value) in tuning { try? parameter.spec.assign(value, &p) }
        return p
    }

    /// The tuning options that turn `defaults` into `parameters` (only those that differ and
    /// that an option can say).
    package init(tuning parameters: TransitionParameters, against defaults: TransitionParameters) {
        self.init()
        for parameter in Parameter.allCases {
            let spec = parameter.spec
            if let value = spec.argument(parameters), value != spec.argument(defaults) { tuning[parameter] = value }
        }
    }
}
