import Foundation
import Segue
import SegueDemos
import SegueCatalog

/// What the HUD shows about the running session, refreshed every frame.
package struct HUDModel: Equatable, Sendable {
    /// The names of what can be shown, in the order of the keys 1, 2, 3…
    package var demos: [String]
    /// The index in `demos` of what is shown.
    package var currentDemo: Int {
        didSet { demoPage = nil }
    }
    /// The page of the list shown (`HUD.demoPages`); nil: the page holding `currentDemo`.
    package var demoPage: Int?
    /// The last transition's name and operation (nil before the first).
    package var transition: String?
    package var operation: TransitionContext.Operation?
    /// Where the last transition is in its life (nil: none yet, idle).
    package var phase: TransitionContext.Phase?
    /// 0…1.
    package var percent = 0.0
    package var translation = Point.zero
    package var velocity = Point.zero
    package var parameters: TransitionParameters
    package var defaults: TransitionParameters
    package var isPaused = false
    package var isSlowMotion = false
    /// Frames per second lately; not a number until measured ("—").
    package var fps = Double.nan
    package var renderer = ""
    package var screen = ""
    package var hint = ""
    /// What is wrong with a watched transition file, shown in red until it is fixed.
    package var problem: String?
    /// A passing word (what `y` copied, an export refused), shown for a moment.
    package var toast: Toast?
    /// Whether the curve editor shows (in the plot's place): a click on the curve's value
    /// opens and closes it.
    package var isEditingCurve = false
    /// The last transition over time, and the one before it (drawn faded behind).
    package var plot: TransitionPlot?
    package var previousPlot: TransitionPlot?
    /// While split: the other screen's last transition, drawn beside the selected one's.
    package var comparedPlot: TransitionPlot?
    /// While split, the screens' names ("A", "B"), and the index of the one shown and edited.
    package var variants: [String] = []
    package var selectedVariant = 0
    /// The name of the entry shown while the catalog plays by itself; nil otherwise.
    package var autoplay: String?
    /// Whether the keys are listed over the stage (F1 or ? shows and hides them).
    package var showsKeys = false
}

/// A passing word in the HUD, coloured by what it tells.
package struct Toast: Equatable, Sendable {
    package enum Kind: Sendable {
        /// Something asked for is done (green).
        case done
        /// What changed, or what is under way (light grey).
        case info
        /// Something asked for cannot be done now (amber).
        case refused
        /// Something asked for failed (red).
        case failed

        var color: Color {
            switch self {
            case .done: Color(hex: 0x34D399)
            case .info: Color(white: 0.85)
            case .refused: Color(hex: 0xFBBF24)
            case .failed: Color(hex: 0xF87171)
            }
        }
    }
    package var text: String
    package var kind: Kind
}

/// A clickable part of the HUD.
package enum HUDControl: Hashable, Sendable {
    case demo(Int)
    /// The list's previous (−1) or next (+1) page.
    case page(Int)
    case adjust(Parameter, Int)
    case scrubBar
    /// The curve's value: opens or closes the editor.
    case curveValue
    /// A Bézier handle of the editor (1 or 2), dragged (`HUD.editor`).
    case curveHandle(Int)
    /// While split: the screen (0 A, 1 B) the HUD shows and edits.
    case variant(Int)
}

/// Lays out the HUD panel as display-list items in HUD units (`Layout`: window pixels over
/// `hudScale`), and tells what is where.
package enum HUD {
    static let lineHeight = 21.0
    static let fontSize = 13.5
    static let accent = Color(hex: 0xF59E0B)
    static let valueX = 118.0
    /// The panel's width, and the least height that shows it down to the plot's caption, in
    /// HUD units.
    package static let panelWidth = 380.0
    package static var panelHeight: Double { plotBox(Rect(x: 0, y: 0, width: panelWidth, height: 0), listRows: 1).maxY + 2 * lineHeight }
    /// The strip's height, HUD units.
    package static let stripHeight = 30.0

    /// Units from one row of the list's buttons to the next.
    static let listRowStep = 32.0
    /// The most rows the list takes.
    static let maxListRows = 4

    /// Rows of the list's buttons in `panel`: one, and one more for each `listRowStep` the
    /// panel is taller than it needs with one, up to `maxListRows` — a tall panel shows more
    /// of the list at once.
    static func listRows(_ panel: Rect) -> Int {
        min(max(Int(((panel.height - panelHeight) / listRowStep).rounded(.down)) + 1, 1), maxListRows)
    }

    /// Where each row starts, from the panel's top: the transition's, under the list.
    private static func transitionRow(_ panel: Rect, listRows: Int? = nil) -> Double {
        88 + Double((listRows ?? Self.listRows(panel)) - 1) * listRowStep
    }
    private static func barRect(_ panel: Rect, listRows: Int? = nil) -> Rect {
        Rect(x: panel.minX + 16, y: panel.minY + transitionRow(panel, listRows: listRows) + 3 * lineHeight + 10,
             width: panel.width - 32, height: 12)
    }
    private static func parameterRow(_ panel: Rect, _ i: Int, listRows: Int? = nil) -> Double {
        barRect(panel, listRows: listRows).maxY + 14 + Double(2 + i) * lineHeight
    }

    /// Where the plot, or the curve editor, sits: under the renderer and screen rows.
    static func plotBox(_ panel: Rect, listRows: Int? = nil) -> Rect {
        Rect(x: panel.minX + 16, y: parameterRow(panel, Parameter.allCases.count, listRows: listRows) + 2 * lineHeight + lineHeight / 3,
             width: panel.width - 32, height: plotHeight)
    }

    /// The curve editor's values shown: time 0…1 across, progress −0.5…1.5 up (room for
    /// handles that overshoot).
    static let editorRange = (low: -0.5, high: 1.5)

    /// The window point of curve point (x, y) in the editor `box`.
    static func editorPoint(_ x: Double, _ y: Double, in box: Rect) -> Point {
        let (low, high) = editorRange
        return Point(x: box.minX + box.width * x, y: box.maxY - box.height * (y - low) / (high - low))
    }

    /// The curve point (x clamped to 0…1, y to the editor's range) at window point `p`, to
    /// the hundredth (as a curve is written: a pixel of the editor is a few thousandths).
    package static func editorValue(at p: Point, in box: Rect) -> (x: Double, y: Double) {
        let (low, high) = editorRange
        let x = min(max((p.x - box.minX) / box.width, 0), 1)
        let y = min(max(low + (box.maxY - p.y) / box.height * (high - low), low), high)
        return ((x * 100).rounded() / 100, (y * 100).rounded() / 100)
    }

    /// Where the scrub bar takes clicks and drags, in HUD units: the bar and 8 units above
    /// and below it.
    package static func scrubArea(in panel: Rect) -> Rect { barRect(panel).insetBy(dx: 0, dy: -8) }

    /// The list's buttons: 26 pixels and 8.2 a character wide, 8 apart, never wider than a
    /// row of `width` with its page buttons (a longer name is elided).
    private static func demoButtonWidth(_ name: String, _ index: Int, row width: Double) -> Double {
        min(26 + Double("\(index + 1) \(name)".count - 2) * 8.2, width - 2 * (pageButtonWidth + 8))
    }

    /// The list's buttons laid in rows of `width` units, in order: each entry's row (from 0),
    /// its x from the row's start and its width. With `room` for page buttons, each row
    /// leaves room for them at its ends.
    private static func demoRows(_ names: [String], width: Double, pageButtons: Bool) -> [(row: Int, x: Double, width: Double)] {
        let room = pageButtons ? width - 2 * (pageButtonWidth + 8) : width
        var out: [(Int, Double, Double)] = [], row = 0, used = 0.0
        for i in names.indices {
            let w = demoButtonWidth(names[i], i, row: width)
            if used > 0 && used + 8 + w > room {
                row += 1
                used = 0
            }
            out.append((row, used, w))
            used += w + 8
        }
        return out
    }

    /// The list cut into pages that each fit `rows` rows of `width` units, in order; one page
    /// when all fit.
    package static func demoPages(_ names: [String], width: Double, rows: Int = 1) -> [Range<Int>] {
        let flat = demoRows(names, width: width, pageButtons: false)
        let laid = (flat.last?.row ?? 0) < rows ? flat : demoRows(names, width: width, pageButtons: true)
        var pages: [Range<Int>] = [], start = 0
        for i in names.indices where laid[i].row / rows != laid[start].row / rows {
            pages.append(start..<i)
            start = i
        }
        pages.append(start..<max(names.count, start))
        return pages
    }

    private static let pageButtonWidth = 22.0

    /// The page of the list shown: `model.demoPage` (clamped), else the one holding the
    /// current entry.
    package static func shownPage(_ model: HUDModel, in panel: Rect) -> (index: Int, count: Int, entries: Range<Int>) {
        let pages = demoPages(model.demos, width: panel.width - 32, rows: listRows(panel))
        let holding = pages.firstIndex { $0.contains(model.currentDemo) } ?? 0
        let i = min(max(model.demoPage ?? holding, 0), pages.count - 1)
        return (i, pages.count, pages[i])
    }

    /// The clickable rectangles, in HUD units.
    package static func controls(_ model: HUDModel, in panel: Rect) -> [(control: HUDControl, rect: Rect)] {
        var out: [(HUDControl, Rect)] = []
        var x = panel.minX + 16
        let page = shownPage(model, in: panel)
        let y = panel.minY + 50
        if page.count > 1 {
            out.append((.page(-1), Rect(x: x, y: y, width: pageButtonWidth, height: 24)))
            out.append((.page(1), Rect(x: panel.maxX - 16 - pageButtonWidth, y: y, width: pageButtonWidth, height: 24)))
            x += pageButtonWidth + 8
        }
        let laid = demoRows(model.demos, width: panel.width - 32, pageButtons: page.count > 1)
        let firstRow = page.entries.first.map { laid[$0].row } ?? 0
        for index in page.entries {
            let place = laid[index]
            out.append((.demo(index), Rect(x: x + place.x, y: y + Double(place.row - firstRow) * listRowStep, width: place.width, height: 24)))
        }
        for (i, _) in model.variants.enumerated() {
            out.append((.variant(i), Rect(x: panel.minX + 104 + Double(i) * 34, y: panel.minY + 16, width: 28, height: 24)))
        }
        out.append((.scrubBar, scrubArea(in: panel)))
        if let i = Parameter.allCases.firstIndex(of: .curve) {
            out.append((.curveValue, Rect(x: panel.minX + 16 + valueX, y: parameterRow(panel, i) - 1, width: panel.width - valueX - 100,
                                          height: 19)))
        }
        for (i, p) in Parameter.allCases.enumerated() {
            let y = parameterRow(panel, i)
            out.append((.adjust(p, -1), Rect(x: panel.maxX - 58, y: y - 1, width: 20, height: 19)))
            out.append((.adjust(p, 1), Rect(x: panel.maxX - 34, y: y - 1, width: 20, height: 19)))
        }
        return out
    }

    /// The words of a frame rate: "idle" while nothing draws, else frames per second.
    static func rate(_ fps: Double) -> String { fps.isFinite ? String(format1: fps) + " fps" : "idle" }

    /// Appends the HUD to `list`: every rectangle first, then every run of text (nothing
    /// in the HUD overlaps but text on its own backgrounds), so it draws in two calls. Every
    /// run of text fits its box, measured by `fit`: a value too long is elided with "…", a
    /// message wraps into the lines it has and is elided past them, and the hint at the foot
    /// takes the lines left above the panel's edge (none in a window too short for it).
    @MainActor package static func compose(_ model: HUDModel, in panel: Rect, fit: TextFit, into list: inout DisplayList) {
        var texts: [DisplayList.Item] = []
        let left = panel.minX + 16
        let region = list.clips.count
        list.clips.append(.init(rect: panel, cornerRadius: 0, transform: .identity))
        defer { list.items.append(contentsOf: texts) }
        func rect(_ r: Rect, _ c: Color) {
            list.items.append(.init(rect: r, transform: .identity, opacity: 1, fill: .color(c), name: "hud"))
        }
        func text(_ s: String, _ x: Double, _ y: Double, size: Double = fontSize, weight: TextContent.Weight = .monospace,
                  color: Color = Color(white: 0.88), width: Double? = nil, alignment: TextContent.Alignment = .left) {
            let width = width ?? (panel.maxX - x - 12)
            let shown = fit.line(s, width: width, size: size, weight: weight)
            guard !shown.isEmpty else { return }
            texts.append(.init(rect: Rect(x: x, y: y, width: width, height: size * 1.4),
                                    transform: .identity, opacity: 1,
                                    fill: .text(TextContent(shown, fontSize: size, weight: weight, color: color, alignment: alignment)),
                                    name: "hud", clip: region))
        }
        /// `s` across the panel from `y` in at most `maxLines` lines (each an item of its own);
        /// the height they take.
        func paragraph(_ s: String, _ y: Double, weight: TextContent.Weight = .regular, color: Color, maxLines: Int) -> Double {
            let size = 12.5, step = 12.5 * 1.25
            // No more than fit above the panel's foot.
            let room = max(Int(((panel.maxY - y - size * 1.4) / step).rounded(.down)) + 1, 0)
            let lines = fit.lines(s, width: panel.width - 32, size: size, weight: weight, maxLines: min(maxLines, room))
            for (i, line) in lines.enumerated() {
                text(line, left, y + Double(i) * step, size: size, weight: weight, color: color, width: panel.width - 32)
            }
            return Double(lines.count) * step
        }
        rect(panel, Color(hex: 0x181B22))
        text("Segue", left, panel.minY + 14, size: 22, weight: .bold, color: .white, width: 80)
        var status = rate(model.fps)
        if model.isSlowMotion { status = "slow ×0.1 · " + status }
        if model.isPaused { status = "paused · " + status }
        // Right of the title, and right of the A / B buttons while split.
        let statusLeft = panel.minX + (model.variants.isEmpty ? 100 : 104 + Double(model.variants.count) * 34 + 6)
        text(status, statusLeft, panel.minY + 20, color: model.isPaused || model.isSlowMotion ? accent : Color(white: 0.6),
             width: panel.maxX - 16 - statusLeft, alignment: .right)
        for (control, r) in controls(model, in: panel) {
            switch control {
            case .demo(let index):
                let current = index == model.currentDemo
                rect(r, current ? accent : Color(hex: 0x2A2F3A))
                text("\(index + 1) \(model.demos[index])", r.minX + 7, r.minY + 4, color: current ? Color(hex: 0x1E1B4B) : Color(white: 0.85),
                     width: r.width - 10)
            case .page(let step):
                let page = shownPage(model, in: panel)
                let enabled = step < 0 ? page.index > 0 : page.index < page.count - 1
                rect(r, Color(hex: 0x2A2F3A))
                text(step < 0 ? "‹" : "›", r.minX, r.minY + 3, color: enabled ? .white : Color(white: 0.35), width: r.width,
                     alignment: .center)
            case .adjust(_, let step):
                rect(r, Color(hex: 0x2A2F3A))
                text(step < 0 ? "−" : "+", r.minX, r.minY + 1, color: .white, width: r.width, alignment: .center)
            case .variant(let i):
                let shown = i == model.selectedVariant
                rect(r, shown ? variantColors[i % 2] : Color(hex: 0x2A2F3A))
                text(model.variants[i], r.minX, r.minY + 4, weight: .bold, color: shown ? Color(hex: 0x111827) : Color(white: 0.85),
                     width: r.width, alignment: .center)
            case .scrubBar, .curveValue, .curveHandle:
                break
            }
        }
        var y = panel.minY + transitionRow(panel)
        func row(_ label: String, _ value: String, color: Color = Color(white: 0.92)) {
            text(label, left, y, color: Color(white: 0.55), width: valueX)
            text(value, left + valueX, y, color: color, width: panel.width - valueX - 32)
            y += lineHeight
        }
        row("transition", "\(model.transition ?? "—") · \(model.operation?.rawValue ?? "—")")
        row("state", model.phase?.rawValue ?? "idle", color: phaseColor(model.phase))
        row("percent", String(format1: model.percent * 100) + " %")
        let bar = barRect(panel)
        rect(bar, Color(hex: 0x2A2F3A))
        rect(Rect(x: bar.minX, y: bar.minY, width: bar.width * min(max(model.percent, 0), 1), height: bar.height), accent)
        rect(Rect(x: bar.minX + bar.width * model.parameters.threshold - 1, y: bar.minY - 4, width: 2, height: bar.height + 8), .white)
        y = bar.maxY + 14
        row("drag", "dx \(signed(model.translation.x))  dy \(signed(model.translation.y)) pt")
        row("velocity", "\(signed(model.velocity.x)), \(signed(model.velocity.y)) pt/s")
        for p in Parameter.allCases {
            let value = p.text(model.parameters)
            let changed = value != p.text(model.defaults)
            text("\(p.label)", left, y, color: Color(white: 0.55), width: valueX)
            text((changed ? "• " : "") + value, left + valueX, y, color: changed ? accent : Color(white: 0.92), width: panel.width - valueX - 84)
            text(String(p.key), panel.maxX - 78, y, color: Color(white: 0.4), width: 14)
            y += lineHeight
        }
        row("renderer", model.renderer)
        row("screen", model.screen)
        y += lineHeight / 3
        if model.plot != nil || model.comparedPlot != nil {
            let box = plotBox(panel)
            drawPlots(model, in: box) { list.items.append($0) }
            y = box.maxY + 4
            for (name, plot) in captionedPlots(model) {
                guard let caption = plot.caption else { continue }
                y += paragraph(name.map { "\($0) " }.map { $0 + caption } ?? caption, y, weight: .monospace,
                               color: Color(hex: 0xFBBF24), maxLines: 1)
            }
            y += 6
        }
        if let problem = model.problem {
            y += paragraph(problem, y, color: Color(hex: 0xF87171), maxLines: 3) + 6
        }
        if let toast = model.toast {
            y += paragraph(toast.text, y, color: toast.kind.color, maxLines: 2) + 6
        }
        // The lines left above the panel's foot; none where not even one fits.
        _ = paragraph(model.hint, y, color: Color(white: 0.65), maxLines: .max)
    }

    static func phaseColor(_ phase: TransitionContext.Phase?) -> Color {
        switch phase {
        case .interactive: return Color(hex: 0x38BDF8)
        case .finishing, .finished: return Color(hex: 0x34D399)
        case .cancelling, .cancelled: return Color(hex: 0xF87171)
        case nil: return Color(white: 0.92)
        }
    }

    private static func signed(_ v: Double) -> String {
        let r = Int(v.rounded())
        return r > 0 ? "+\(r)" : "\(r)"
    }
}
