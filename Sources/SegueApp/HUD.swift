import Segue

/// What the HUD shows about the running demo, refreshed every frame.
struct HUDModel {
    var demos: [String]
    var currentDemo: String
    var transition = "—"
    var operation = "—"
    var state = "idle"
    /// 0…1.
    var percent = 0.0
    var threshold = 0.5
    var translation = Point.zero
    var velocity = Point.zero
    var duration = 1.0
    var curve = "easeInEaseOut"
    var fps = 0.0
    var renderer = ""
    var screen = ""
    var hint = ""
}

/// Lays out the HUD panel as display-list items in window pixels.
enum HUD {
    static let lineHeight = 22.0
    static let fontSize = 14.0
    static let accent = Color(hex: 0xF59E0B)

    /// The clickable rectangles of the demo list, in window pixels, by demo name.
    static func demoButtons(_ model: HUDModel, in panel: Rect) -> [(name: String, rect: Rect)] {
        var x = panel.minX + 16
        return model.demos.enumerated().map { i, name in
            let w = 26 + Double(name.count) * 8.5
            defer { x += w + 8 }
            return (name, Rect(x: x, y: panel.minY + 52, width: w, height: 24))
        }
    }

    /// The progress bar's track, in window pixels.
    static func progressBar(in panel: Rect) -> Rect {
        Rect(x: panel.minX + 16, y: panel.minY + 92 + 4 * lineHeight, width: panel.width - 32, height: 12)
    }

    static func compose(_ model: HUDModel, in panel: Rect, into list: inout DisplayList) {
        func rect(_ r: Rect, _ c: Color) {
            list.items.append(.init(rect: r, transform: .identity, opacity: 1, fill: .color(c), name: "hud"))
        }
        func text(_ s: String, _ x: Double, _ y: Double, size: Double = fontSize, weight: TextContent.Weight = .monospace,
                  color: Color = Color(white: 0.88), width: Double? = nil) {
            list.items.append(.init(rect: Rect(x: x, y: y, width: width ?? (panel.maxX - x - 12), height: size * 1.4),
                                    transform: .identity, opacity: 1,
                                    fill: .text(TextContent(s, fontSize: size, weight: weight, color: color)), name: "hud"))
        }
        rect(panel, Color(hex: 0x181B22))
        let left = panel.minX + 16
        text("Segue", left, panel.minY + 14, size: 22, weight: .bold, color: .white)
        text("\(model.fps.isFinite ? String(format1: model.fps) : "—") fps", panel.maxX - 110, panel.minY + 20,
             color: Color(white: 0.6), width: 98)
        for (i, button) in demoButtons(model, in: panel).enumerated() {
            let current = button.name == model.currentDemo
            rect(button.rect, current ? accent : Color(hex: 0x2A2F3A))
            text("\(i + 1) \(button.name)", button.rect.minX + 8, button.rect.minY + 3,
                 color: current ? Color(hex: 0x1E1B4B) : Color(white: 0.85), width: button.rect.width)
        }
        var y = panel.minY + 92
        func row(_ label: String, _ value: String, color: Color = Color(white: 0.92)) {
            text(label, left, y, color: Color(white: 0.55), width: 110)
            text(value, left + 110, y, color: color)
            y += lineHeight
        }
        row("transition", "\(model.transition) · \(model.operation)")
        row("state", model.state, color: stateColor(model.state))
        row("percent", String(format1: model.percent * 100) + " %")
        y += lineHeight
        let bar = progressBar(in: panel)
        rect(bar, Color(hex: 0x2A2F3A))
        rect(Rect(x: bar.minX, y: bar.minY, width: bar.width * min(max(model.percent, 0), 1), height: bar.height), accent)
        rect(Rect(x: bar.minX + bar.width * model.threshold - 1, y: bar.minY - 4, width: 2, height: bar.height + 8), .white)
        y = bar.maxY + 12
        row("drag", "dx \(signed(model.translation.x))  dy \(signed(model.translation.y)) pt")
        row("velocity", "\(signed(model.velocity.x)), \(signed(model.velocity.y)) pt/s")
        row("duration", String(format2: model.duration) + " s")
        row("curve", model.curve)
        row("threshold", String(format2: model.threshold))
        row("renderer", model.renderer)
        row("screen", model.screen)
        y += lineHeight / 2
        text(model.hint, left, y, size: 13, weight: .regular, color: Color(white: 0.65), width: panel.width - 32)
    }

    private static func stateColor(_ state: String) -> Color {
        switch state {
        case "interactive": return Color(hex: 0x38BDF8)
        case "finishing", "finished": return Color(hex: 0x34D399)
        case "cancelling", "cancelled": return Color(hex: 0xF87171)
        default: return Color(white: 0.92)
        }
    }

    private static func signed(_ v: Double) -> String {
        let r = Int(v.rounded())
        return r > 0 ? "+\(r)" : "\(r)"
    }
}

extension String {
    /// `v` with one decimal.
    init(format1 v: Double) { self = Self.fixed(v, 1) }
    /// `v` with two decimals.
    init(format2 v: Double) { self = Self.fixed(v, 2) }

    private static func fixed(_ v: Double, _ digits: Int) -> String {
        guard v.isFinite else { return "—" }
        var p = 1.0
        for _ in 0..<digits { p *= 10 }
        let scaled = Int((abs(v) * p).rounded())
        let whole = scaled / Int(p), frac = scaled % Int(p)
        let fracText = String(frac)
        return (v < 0 && scaled != 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: digits - fracText.count) + fracText
    }
}
