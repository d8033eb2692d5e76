import Segue

/// The HUD where there is no room for its panel (a strip under the screens), and what it
/// writes over the stage: A and B over their screens, the name of what plays by itself.
extension HUD {
    /// The strip in `strip` (HUD units): the entry, its state and progress, the frame rate,
    /// and the keys that give the HUD back or the window the whole display.
    package static func composeStrip(_ model: HUDModel, in strip: Rect, into list: inout DisplayList) {
        var texts: [DisplayList.Item] = []
        defer { list.items.append(contentsOf: texts) }
        func rect(_ r: Rect, _ c: Color) {
            list.items.append(.init(rect: r, transform: .identity, opacity: 1, fill: .color(c), name: "hud"))
        }
        var x = strip.minX + 10
        let y = strip.minY + 7
        func text(_ s: String, _ color: Color, weight: TextContent.Weight = .monospace) {
            let width = Double(s.count) * 8.2 + 4
            texts.append(.init(rect: Rect(x: x, y: y, width: width, height: fontSize * 1.4), transform: .identity, opacity: 1,
                               fill: .text(TextContent(s, fontSize: fontSize, weight: weight, color: color)), name: "hud"))
            x += width + 10
        }
        rect(strip, Color(hex: 0x181B22))
        text("Segue", .white, weight: .bold)
        let name = model.demos.indices.contains(model.currentDemo) ? model.demos[model.currentDemo] : ""
        text(model.variants.isEmpty ? name : "\(name) · \(model.variants[model.selectedVariant])", accent)
        text(model.phase?.rawValue ?? "idle", phaseColor(model.phase))
        let bar = Rect(x: x, y: strip.minY + 12, width: 80, height: 6)
        rect(bar, Color(hex: 0x2A2F3A))
        rect(Rect(x: bar.minX, y: bar.minY, width: bar.width * min(max(model.percent, 0), 1), height: bar.height), accent)
        x = bar.maxX + 10
        text(String(format1: model.percent * 100) + " %", Color(white: 0.92))
        text("\(model.fps.isFinite ? String(format1: model.fps) : "—") fps", Color(white: 0.6))
        if let toast = model.toast {
            text(toast, Color(hex: 0x34D399), weight: .regular)
        } else {
            text("H hides the HUD · F full screen · ? keys", Color(white: 0.5), weight: .regular)
        }
    }

    /// The keys, as F1 or ? lists them.
    static let keys: [(String, String)] = [
        ("drag", "scrub; let go to finish or cancel"),
        ("Esc", "cancel the drag"), ("Space", "pause, resume"), ("← →", "step a frame"),
        ("S", "slow motion"), ("1–9 ↑ ↓", "switch transitions"),
        ("d c l t o k p r v", "tune (Shift: back); 0 resets"), ("Y", "copy the tuning as code"), ("E", "export the last transition"),
        ("B · Tab", "split A/B · pick A or B"), ("[ ]", "your screens' previous, next pair (--screens)"),
        ("G", "onion skin: ghosts before (cool) and after (warm)"), ("H", "hide or show the HUD"), ("F · F11", "full screen"),
        ("F1 · ?", "these keys"), ("Q", "quit"),
    ]

    /// What the HUD writes over `layout`'s screens, in HUD units: while split, each
    /// screen's name over it in its colour (the selected one's filled); the keys, when asked
    /// for; while the catalog plays by itself, the name of what it shows, at its foot.
    package static func composeCaptions(_ model: HUDModel, in layout: Layout, into list: inout DisplayList) {
        let screens = layout.screens.lazy.map { layout.toHUD($0) }
        func label(_ s: String, _ r: Rect, size: Double, _ color: Color, weight: TextContent.Weight = .bold,
                   alignment: TextContent.Alignment = .left) {
            list.items.append(.init(rect: r, transform: .identity, opacity: 1,
                                    fill: .text(TextContent(s, fontSize: size, weight: weight, color: color, alignment: alignment)),
                                    name: "hud"))
        }
        for (i, name) in model.variants.enumerated() where i < screens.count {
            let s = screens[i], side = 24.0
            let r = Rect(x: s.minX + 8, y: s.minY + 8, width: side, height: side)
            let shown = i == model.selectedVariant
            list.items.append(.init(rect: r, transform: .identity, opacity: shown ? 0.95 : 0.6,
                                    fill: .color(shown ? variantColors[i % 2] : Color(hex: 0x111827)), name: "hud"))
            label(name, Rect(x: r.minX, y: r.minY + 3, width: side, height: 20), size: fontSize,
                  shown ? Color(hex: 0x111827) : variantColors[i % 2], alignment: .center)
        }
        if model.showsKeys, let first = screens.first, let last = screens.last {
            let lineHeight = 19.0
            let box = Rect(x: first.minX + 12, y: first.minY + 12, width: max(last.maxX - first.minX - 24, 440),
                           height: Double(keys.count) * lineHeight + 20)
            list.items.append(.init(rect: box, transform: .identity, opacity: 0.97, fill: .color(Color(hex: 0x0B0D12)), name: "hud"))
            for (i, (key, what)) in keys.enumerated() {
                let y = box.minY + 10 + Double(i) * lineHeight
                label(key, Rect(x: box.minX + 12, y: y, width: 150, height: lineHeight), size: 12.5, accent, weight: .monospace)
                label(what, Rect(x: box.minX + 166, y: y, width: box.width - 176, height: lineHeight), size: 12.5,
                      Color(white: 0.9), weight: .regular)
            }
        }
        if let name = model.autoplay, let first = screens.first, let last = screens.last {
            let width = max(last.maxX - first.minX, 220)
            let band = Rect(x: first.minX + (last.maxX - first.minX - width) / 2, y: first.maxY - 64, width: width, height: 56)
            list.items.append(.init(rect: band, transform: .identity, opacity: 0.72, fill: .color(Color(hex: 0x0B0D12)), name: "hud"))
            label(name, Rect(x: band.minX, y: band.minY + 4, width: band.width, height: 32), size: 22, .white, alignment: .center)
            label("autoplay · a click, Esc or Space stops", Rect(x: band.minX, y: band.minY + 34, width: band.width, height: 18),
                  size: 12, Color(white: 0.7), weight: .regular, alignment: .center)
        }
    }
}
