import Segue
import SegueDemos

/// What the HUD shows about the running session, refreshed every frame.
package struct HUDModel: Equatable, Sendable {
    /// The names of what can be shown, in the order of the keys 1, 2, 3…
    package var demos: [String]
    /// The index in `demos` of what is shown.
    package var currentDemo: Int
    /// The last transition's name and operation (nil before the first).
    package var transition: String?
    package var operation: TransitionContext.Operation?
    /// Where the last transition is in its life (nil: none yet, idle).
    package var phase: TransitionContext.Phase?
    /// 0…1.
    package var percent = 0.0
    package var translation = Point.zero
    package var velocity = Point.zero
    package var timing = ""
    package var parameters: TransitionParameters
    package var defaults: TransitionParameters
    package var isPaused = false
    package var isSlowMotion = false
    package var fps = 0.0
    package var renderer = ""
    package var screen = ""
    package var hint = ""
    /// What is wrong with a watched transition file, shown in red until it is fixed.
    package var problem: String?
}

/// A clickable part of the HUD.
package enum HUDControl: Hashable, Sendable {
    case demo(Int)
    case adjust(Parameter, Int)
    case scrubBar
}

/// Lays out the HUD panel as display-list items in window pixels, and tells what is where.
package enum HUD {
    static let lineHeight = 21.0
    static let fontSize = 13.5
    static let accent = Color(hex: 0xF59E0B)
    static let valueX = 118.0

    /// Where each row starts, from the panel's top.
    private static let transitionRow = 88.0
    private static func barRect(_ panel: Rect) -> Rect {
        Rect(x: panel.minX + 16, y: panel.minY + transitionRow + 3 * lineHeight + 10, width: panel.width - 32, height: 12)
    }
    private static func parameterRow(_ panel: Rect, _ i: Int) -> Double {
        barRect(panel).maxY + 14 + Double(2 + i) * lineHeight
    }

    /// Where the scrub bar takes clicks and drags, in window pixels: the bar and 8 pixels
    /// above and below it.
    package static func scrubArea(in panel: Rect) -> Rect { barRect(panel).insetBy(dx: 0, dy: -8) }

    /// The clickable rectangles, in window pixels.
    package static func controls(_ model: HUDModel, in panel: Rect) -> [(control: HUDControl, rect: Rect)] {
        var out: [(HUDControl, Rect)] = []
        var x = panel.minX + 16
        for (index, name) in model.demos.enumerated() {
            let w = 26 + Double(name.count) * 8.2
            out.append((.demo(index), Rect(x: x, y: panel.minY + 50, width: w, height: 24)))
            x += w + 8
        }
        out.append((.scrubBar, scrubArea(in: panel)))
        for (i, p) in Parameter.allCases.enumerated() {
            let y = parameterRow(panel, i)
            out.append((.adjust(p, -1), Rect(x: panel.maxX - 58, y: y - 1, width: 20, height: 19)))
            out.append((.adjust(p, 1), Rect(x: panel.maxX - 34, y: y - 1, width: 20, height: 19)))
        }
        return out
    }

    /// Appends the HUD to `list`: every rectangle first, then every run of text (nothing
    /// in the HUD overlaps but text on its own backgrounds), so it draws in two calls.
    package static func compose(_ model: HUDModel, in panel: Rect, into list: inout DisplayList) {
        var texts: [DisplayList.Item] = []
        defer { list.items.append(contentsOf: texts) }
        func rect(_ r: Rect, _ c: Color) {
            list.items.append(.init(rect: r, transform: .identity, opacity: 1, fill: .color(c), name: "hud"))
        }
        func text(_ s: String, _ x: Double, _ y: Double, size: Double = fontSize, weight: TextContent.Weight = .monospace,
                  color: Color = Color(white: 0.88), width: Double? = nil, alignment: TextContent.Alignment = .left) {
            texts.append(.init(rect: Rect(x: x, y: y, width: width ?? (panel.maxX - x - 12), height: size * 1.4),
                                    transform: .identity, opacity: 1,
                                    fill: .text(TextContent(s, fontSize: size, weight: weight, color: color, alignment: alignment)),
                                    name: "hud"))
        }
        rect(panel, Color(hex: 0x181B22))
        let left = panel.minX + 16
        text("Segue", left, panel.minY + 14, size: 22, weight: .bold, color: .white)
        var status = "\(model.fps.isFinite ? String(format1: model.fps) : "—") fps"
        if model.isSlowMotion { status = "slow ×0.1 · " + status }
        if model.isPaused { status = "paused · " + status }
        text(status, panel.maxX - 230, panel.minY + 20, color: model.isPaused || model.isSlowMotion ? accent : Color(white: 0.6),
             width: 214, alignment: .right)
        for (control, r) in controls(model, in: panel) {
            switch control {
            case .demo(let index):
                let current = index == model.currentDemo
                rect(r, current ? accent : Color(hex: 0x2A2F3A))
                text("\(index + 1) \(model.demos[index])", r.minX + 7, r.minY + 4, color: current ? Color(hex: 0x1E1B4B) : Color(white: 0.85), width: r.width)
            case .adjust(_, let step):
                rect(r, Color(hex: 0x2A2F3A))
                text(step < 0 ? "−" : "+", r.minX, r.minY + 1, color: .white, width: r.width, alignment: .center)
            case .scrubBar:
                break
            }
        }
        var y = panel.minY + transitionRow
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
            let shown = p == .curve && model.timing != model.parameters.curve.description ? model.timing : value
            text("\(p.label)", left, y, color: Color(white: 0.55), width: valueX)
            text((changed ? "• " : "") + shown, left + valueX, y, color: changed ? accent : Color(white: 0.92), width: panel.width - valueX - 84)
            text(String(p.key), panel.maxX - 78, y, color: Color(white: 0.4), width: 14)
            y += lineHeight
        }
        row("renderer", model.renderer)
        row("screen", model.screen)
        y += lineHeight / 3
        if let problem = model.problem {
            text(problem, left, y, size: 12.5, weight: .regular, color: Color(hex: 0xF87171), width: panel.width - 32)
            y += lineHeight * 3
        }
        text(model.hint, left, y, size: 12.5, weight: .regular, color: Color(white: 0.65), width: panel.width - 32)
    }

    private static func phaseColor(_ phase: TransitionContext.Phase?) -> Color {
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
