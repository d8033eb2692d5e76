import Foundation
import Segue
import SegueDemos

/// The HUD's plots of the last transitions and its curve editor, drawn as display-list items.
extension HUD {
    /// The plot's height in pixels.
    static let plotHeight = 64.0

    /// A thin line from `a` to `b`: a rect turned along it.
    static func line(_ a: Point, _ b: Point, _ c: Color, _ opacity: Double, _ add: (DisplayList.Item) -> Void) {
        let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
        guard length > 0.01 else { return }
        let m = Transform3D.makeRotation(atan2(dy, dx), 0, 0, 1).concatenating(.makeTranslation(a.x, a.y, 0))
        add(.init(rect: Rect(x: 0, y: -0.75, width: length, height: 1.5), transform: m, opacity: opacity, fill: .color(c), name: "hud"))
    }

    /// Where the curve editor lies while open, in HUD units: over the stage, a square plot
    /// as large as the screens' shorter side allows (less margins and two lines of help
    /// under it, at least 120 units), on a backdrop; and a Bézier's two handles, 14 units
    /// square. Nil while closed, and while the HUD is no panel (hidden, or the strip: the
    /// panel's curve value, which closes it, is not there).
    static func editor(_ model: HUDModel, in layout: Layout) -> (backdrop: Rect, plot: Rect, handles: [(n: Int, rect: Rect)])? {
        guard model.isEditingCurve, layout.hudStyle == .panel, let first = layout.screens.first, let last = layout.screens.last else { return nil }
        let stage = layout.toHUD(first.union(last))
        let side = max(min(stage.width - 48, stage.height - 48 - 40), 120)
        let plot = Rect(x: stage.midX - side / 2, y: stage.midY - (side + 40) / 2, width: side, height: side)
        let backdrop = Rect(x: plot.minX - 12, y: plot.minY - 12, width: side + 24, height: side + 24 + 40)
        var handles: [(Int, Rect)] = []
        if case .bezier(let c) = model.parameters.curve {
            for (n, handle) in [(1, c.c1), (2, c.c2)] {
                let p = editorPoint(handle.x, handle.y, in: plot)
                handles.append((n, Rect(x: p.x - 7, y: p.y - 7, width: 14, height: 14)))
            }
        }
        return (backdrop, plot, handles)
    }

    /// What the editor's foot says: how to change the curve.
    static func editorHelp(_ curve: Curve, duration: Double) -> String {
        switch curve {
        case .bezier: return "Drag the handles. A click on the curve's value closes this."
        case let .spring(ratio, velocity):
            let response = Spring.validate(duration: duration, dampingRatio: ratio, initialVelocity: velocity) == nil
                ? String(format2: springResponse(duration: duration, dampingRatio: ratio, velocity: velocity)) + " s" : "—"
            return "response \(response) (w) · damping \(String(format2: ratio)) (z) · velocity \(String(format2: velocity)) (x); Shift steps back"
        }
    }

    /// A spring's response, seconds: the period it would swing at undamped, 2π √(m / k)
    /// (the design tools' parameter), for the spring settling at `duration`.
    static func springResponse(duration: Double, dampingRatio: Double, velocity: Double) -> Double {
        let spring = Spring(duration: duration, dampingRatio: dampingRatio, initialVelocity: velocity)
        return 2 * .pi * (spring.mass / spring.stiffness).squareRoot()
    }

    /// The curve editor in `box`: the curve (progress over time), 0 and 1 in grey, and for a
    /// Bézier its two handles, each tied to its end.
    static func drawEditor(_ curve: Curve, in box: Rect, _ add: (DisplayList.Item) -> Void) {
        func square(_ p: Point, _ side: Double, _ c: Color) {
            add(.init(rect: Rect(x: p.x - side / 2, y: p.y - side / 2, width: side, height: side), transform: .identity,
                      opacity: 1, fill: .color(c), name: "hud"))
        }
        add(.init(rect: box, transform: .identity, opacity: 1, fill: .color(Color(hex: 0x11131A)), name: "hud"))
        for v in [0.0, 1.0] {
            line(editorPoint(0, v, in: box), editorPoint(1, v, in: box), Color(white: 0.35), 1, add)
        }
        let samples = 64
        var last = editorPoint(0, 0, in: box)
        for k in 1...samples {
            let x = Double(k) / Double(samples)
            let p = editorPoint(x, min(max(curve.value(at: x), editorRange.low), editorRange.high), in: box)
            line(last, p, Color(hex: 0x34D399), 1, add)
            last = p
        }
        if case .bezier(let c) = curve {
            let handle = Color(hex: 0xFBBF24)
            line(editorPoint(0, 0, in: box), editorPoint(c.c1.x, c.c1.y, in: box), handle, 0.6, add)
            line(editorPoint(1, 1, in: box), editorPoint(c.c2.x, c.c2.y, in: box), handle, 0.6, add)
            square(editorPoint(c.c1.x, c.c1.y, in: box), 9, handle)
            square(editorPoint(c.c2.x, c.c2.y, in: box), 9, handle)
        }
    }

    /// A plotted transition's colours: the progress and the finger's percent.
    struct Palette {
        var progress: Color, finger: Color
    }
    /// A's and B's colours while split (A's is the plot's alone).
    static let palettes = [Palette(progress: Color(hex: 0x34D399), finger: Color(hex: 0x38BDF8)),
                           Palette(progress: Color(hex: 0xF472B6), finger: Color(hex: 0xA78BFA))]
    static let variantColors = palettes.map(\.progress)

    /// The plots the HUD draws, back to front, with their colours and opacity: the previous
    /// one faded behind the last; while split, the other screen's under the selected one's,
    /// each in its screen's colours.
    static func shownPlots(_ model: HUDModel) -> [(plot: TransitionPlot, palette: Palette, opacity: Double)] {
        guard !model.variants.isEmpty else {
            return [(model.previousPlot, 0.3), (model.plot, 1.0)].compactMap { p, o in p.map { ($0, palettes[0], o) } }
        }
        let other = 1 - model.selectedVariant
        return [(model.comparedPlot, palettes[other % 2], 0.75), (model.plot, palettes[model.selectedVariant % 2], 1.0)]
            .compactMap { p, c, o in p.map { ($0, c, o) } }
    }

    /// The plots whose release the HUD puts in words, each with its screen's name while split.
    static func captionedPlots(_ model: HUDModel) -> [(name: String?, plot: TransitionPlot)] {
        guard !model.variants.isEmpty else { return model.plot.map { [(nil, $0)] } ?? [] }
        let byScreen = model.selectedVariant == 0 ? [model.plot, model.comparedPlot] : [model.comparedPlot, model.plot]
        return zip(model.variants, byScreen).compactMap { name, p in p.map { (name, $0) } }
    }

    /// The plots of `model` (`shownPlots`) in `box`: time across (the longest span), 0…1 up;
    /// the threshold in grey, the finger's percent and the progress in the plot's colours,
    /// the release as an amber mark. Lines are thin rects turned along each step.
    static func drawPlots(_ model: HUDModel, in box: Rect, _ add: (DisplayList.Item) -> Void) {
        func item(_ r: Rect, _ m: Transform3D, _ c: Color, _ opacity: Double) {
            add(.init(rect: r, transform: m, opacity: opacity, fill: .color(c), name: "hud"))
        }
        item(box, .identity, Color(hex: 0x11131A), 1)
        let plots = shownPlots(model)
        let span = max(plots.map(\.plot.span).max() ?? 0, 1.0 / 60)
        func point(_ t: Double, _ v: Double) -> Point {
            Point(x: box.minX + box.width * min(max(t / span, 0), 1), y: box.maxY - box.height * min(max(v, 0), 1))
        }
        func line(_ a: Point, _ b: Point, _ c: Color, _ opacity: Double) { Self.line(a, b, c, opacity, add) }
        /// A series as a polyline of at most about 120 steps.
        func series(_ p: TransitionPlot, _ value: (TransitionPlot.Sample) -> Double?, _ c: Color, _ opacity: Double) {
            let stride = max(1, p.samples.count / 120)
            var last: Point?
            for (i, s) in p.samples.enumerated() where i % stride == 0 || i == p.samples.count - 1 {
                guard let v = value(s) else {
                    last = nil
                    continue
                }
                let q = point(s.t, v)
                if let last { line(last, q, c, opacity) }
                last = q
            }
        }
        if let top = plots.last {
            let threshold = point(0, top.plot.threshold).y
            item(Rect(x: box.minX, y: threshold - 0.5, width: box.width, height: 1), .identity, Color(white: 0.4), 1)
        }
        let release = Color(hex: 0xFBBF24)
        for (p, palette, opacity) in plots {
            series(p, { $0.progress }, palette.progress, opacity)
            series(p, { $0.finger }, palette.finger, opacity)
            if let (t, r) = p.release {
                let q = point(t, r.percent)
                item(Rect(x: q.x - 3, y: q.y - 3, width: 6, height: 6), .identity, release, opacity)
            }
        }
    }
}
