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
        for f in transitionFiles { out += [Self.transitionFileOption.name, f] }
        if springCompletion { out.append(Self.springCompletionFlag.name) }
        if slowMotion { out.append(Self.slowMotionFlag.name) }
        return out
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

/// Where the screen and the HUD sit in the window, in pixels.
package struct Layout: Hashable, Sendable {
    package static let margin = 24.0
    package static let hudWidth = 380.0
    package var window: (width: Int, height: Int)
    package var screen: Rect
    package var scale: Double
    package var hud: Rect

    package static func == (a: Layout, b: Layout) -> Bool {
        a.window == b.window && a.screen == b.screen && a.scale == b.scale && a.hud == b.hud
    }

    package func hash(into h: inout Hasher) {
        h.combine(window.width); h.combine(window.height); h.combine(screen); h.combine(scale); h.combine(hud)
    }

    /// The screen scaled to fit beside the HUD (or at `fixedScale`), the pair centred.
    package init(window: (width: Int, height: Int), screen size: Size, fixedScale: Double?) {
        self.window = window
        let m = Self.margin, w = Double(window.width), h = Double(window.height)
        let fit = min((w - Self.hudWidth - 3 * m) / size.width, (h - 2 * m) / size.height)
        scale = fixedScale ?? max(fit, 0.05)
        let sw = size.width * scale, sh = size.height * scale
        let left = max(m, (w - sw - m - Self.hudWidth) / 2)
        screen = Rect(x: left, y: max(m, (h - sh) / 2), width: sw, height: sh)
        hud = Rect(x: screen.maxX + m, y: m, width: Self.hudWidth, height: max(h - 2 * m, 200))
    }

    /// The window size that shows the screen at `scale` beside the HUD.
    package static func windowSize(screen size: Size, scale: Double) -> (width: Int, height: Int) {
        (Int((size.width * scale + hudWidth + 3 * margin).rounded()),
         Int(max(size.height * scale + 2 * margin, 640).rounded()))
    }

    /// The largest scale (≤ 2, in steps of 0.05) at which the screen and the HUD fit a
    /// display of `display` pixels.
    package static func fittingScale(for size: Size, display: (width: Int, height: Int)?) -> Double {
        guard let d = display else { return 1 }
        let s = min((Double(d.height) - 2 * margin - 80) / size.height, (Double(d.width) - hudWidth - 3 * margin) / size.width, 2)
        return max((s * 20).rounded(.down) / 20, 0.25)
    }

    /// A window point in screen points.
    package func toScreen(x: Double, y: Double) -> Point {
        Point(x: (x - screen.minX) / scale, y: (y - screen.minY) / scale)
    }

    /// A rectangle in screen points in window pixels.
    package func toWindow(_ r: Rect) -> Rect {
        Rect(x: screen.minX + r.minX * scale, y: screen.minY + r.minY * scale, width: r.width * scale, height: r.height * scale)
    }
}
