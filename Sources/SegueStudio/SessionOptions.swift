import Segue
import SegueCommandLine
import SegueDemos

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
    package var duration: Double?
    package var curve: Curve?
    package var scrub: ScrubMode?
    package var threshold: Double?
    package var completionSpeed: Double?
    package var completionCurve: Curve?
    package var perspective: Double?
    package var release: ReleaseRule?
    package var springCompletion = false
    package var slowMotion = false
    /// Play the catalog by itself until a key or a click.
    package var autoplay = false
    /// The HUD's scale as forced; nil: from the display's density and the window (`Layout`).
    package var hudScale: Double?
    /// The display's pixels per 1/96 inch; nil: ask the display (the app does, and a
    /// recording keeps what it found), 1 headless.
    package var displayDensity: Double?
    /// Lay the window out as recordings made before layouts fit any window did (not an
    /// argument: a recording's own).
    package var classicLayout = false

    package init() {}

    /// The options as command-line arguments (for recordings).
    package var arguments: [String] {
        var out = [Self.sizeOption.name, "\(size.width)x\(size.height)"]
        func add<T>(_ option: Option<T>, _ value: String?) { if let value { out += [option.name, value] } }
        add(Self.demoOption, demo)
        add(Self.scaleOption, scale.map { "\($0)" })
        add(Self.durationOption, duration.map { "\($0)" })
        add(Self.curveOption, curve?.argument)
        add(Self.scrubOption, scrub?.rawValue)
        add(Self.thresholdOption, threshold.map { "\($0)" })
        add(Self.completionSpeedOption, completionSpeed.map { "\($0)" })
        add(Self.completionCurveOption, completionCurve?.argument)
        add(Self.perspectiveOption, perspective.map { "\($0)" })
        add(Self.releaseOption, release?.rawValue)
        add(Self.hudScaleOption, hudScale.map { "\($0)" })
        add(Self.displayDensityOption, displayDensity.map { "\($0)" })
        for f in transitionFiles { out += [Self.transitionFileOption.name, f] }
        if springCompletion { out.append(Self.springCompletionFlag.name) }
        if slowMotion { out.append(Self.slowMotionFlag.name) }
        if autoplay { out.append(Self.autoplayFlag.name) }
        return out
    }

    /// The layout a session starts with: one screen at `scale` (or fitted), the HUD shown.
    package var layoutRequest: Layout.Request {
        var r = Layout.Request(fixedScale: scale, hudScale: hudScale, density: displayDensity ?? 1)
        r.isClassic = classicLayout
        return r
    }

    /// `base` with the values set here.
    package func applied(to base: TransitionParameters) -> TransitionParameters {
        var p = base
        if let duration { p.duration = duration }
        if let curve { p.curve = curve }
        if let scrub { p.scrub = scrub }
        if let threshold { p.threshold = threshold }
        if let completionSpeed { p.completionSpeed = completionSpeed }
        if let completionCurve { p.completionCurve = completionCurve }
        if let perspective { p.perspectiveDistance = perspective }
        if let release { p.releaseRule = release }
        if springCompletion { p.springCompletion = true }
        return p
    }
}
