import Segue

/// The HUD where there is no room for its panel (a strip under the screens), and what it
/// writes over the stage: A and B over their screens, the name of what plays by itself.
extension HUD {
    /// The strip in `strip` (HUD units): the entry, its state and progress, the frame rate,
    /// and the keys that give the HUD back or the window the whole display.
    /// Each run fits what is left of the strip (`fit`), the last cut with "…"; what has no
    /// room left is left out.
    @MainActor package static func composeStrip(_ model: HUDModel, in strip: Rect, fit: TextFit, into list: inout DisplayList) {
        var texts: [DisplayList.Item] = []
        defer { list.items.append(contentsOf: texts) }
        func rect(_ r: Rect, _ c: Color) {
            list.items.append(.init(rect: r, transform: .identity, opacity: 1, fill: .color(c), name: "hud"))
        }
        var x = strip.minX + 10
        let y = strip.minY + 7
        func text(_ s: String, _ color: Color, weight: TextContent.Weight = .monospace) {
            let room = strip.maxX - 10 - x
            let shown = fit.line(s, width: room, size: fontSize, weight: weight)
            guard !shown.isEmpty else { return }
            let width = min(fit.measuredWidth(shown[...], size: fontSize, weight: weight) + 4, room)
            texts.append(.init(rect: Rect(x: x, y: y, width: width, height: fontSize * 1.4), transform: .identity, opacity: 1,
                               fill: .text(TextContent(shown, fontSize: fontSize, weight: weight, color: color)), name: "hud"))
            x += width + 10
        }
        rect(strip, Color(hex: 0x181B22))
        text("Segue", .white, weight: .bold)
        let name = model.demos.indices.contains(model.currentDemo) ? model.demos[model.currentDemo] : ""
        text(model.variants.isEmpty ? name : "\(name) · \(model.variants[model.selectedVariant])", accent)
        text(model.phase?.rawValue ?? "idle", phaseColor(model.phase))
        if x + 80 <= strip.maxX - 10 {
            let bar = Rect(x: x, y: strip.minY + 12, width: 80, height: 6)
            rect(bar, Color(hex: 0x2A2F3A))
            rect(Rect(x: bar.minX, y: bar.minY, width: bar.width * min(max(model.percent, 0), 1), height: bar.height), accent)
            x = bar.maxX + 10
        }
        text(String(format1: model.percent * 100) + " %", Color(white: 0.92))
        text(rate(model.fps), Color(white: 0.6))
        if let toast = model.toast {
            text(toast.text, toast.kind.color, weight: .regular)
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
    /// Each caption fits its box (`fit`).
    @MainActor package static func composeCaptions(_ model: HUDModel, in layout: Layout, fit: TextFit, into list: inout DisplayList) {
        let screens = layout.screens.lazy.map { layout.toHUD($0) }
        func label(_ s: String, _ r: Rect, size: Double, _ color: Color, weight: TextContent.Weight = .bold,
                   alignment: TextContent.Alignment = .left) {
            let shown = fit.line(s, width: r.width, size: size, weight: weight)
            guard !shown.isEmpty else { return }
            list.items.append(.init(rect: r, transform: .identity, opacity: 1,
                                    fill: .text(TextContent(shown, fontSize: size, weight: weight, color: color, alignment: alignment)),
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
            // Over the screens, inside them: the keys' column as wide as the widest key (at
            // most 40 % of the box), what each does wrapped beside it; as many as the screens'
            // height holds, the last cut with "…" when more follow.
            let lineHeight = 19.0, size = 12.5
            let box = Rect(x: first.minX + 12, y: first.minY + 12, width: max(last.maxX - first.minX - 24, 0),
                           height: max(last.maxY - first.minY - 24, 0))
            let keyWidth = min(keys.map { fit.measuredWidth($0.0[...], size: size, weight: .monospace) }.max() ?? 0, box.width * 0.4)
            let whatWidth = max(box.width - keyWidth - 36, 0)
            var rows: [(key: String, what: String, line: Int)] = []
            let room = Int(((box.height - 20) / lineHeight).rounded(.down))
            for (key, what) in keys {
                let lines = fit.lines(what, width: whatWidth, size: size, weight: .regular, maxLines: 3)
                guard rows.count + lines.count <= room else {
                    if let last = rows.indices.last { rows[last].what = fit.elided(rows[last].what, width: whatWidth, size: size, weight: .regular) }
                    break
                }
                for (n, line) in lines.enumerated() { rows.append((n == 0 ? key : "", line, n)) }
            }
            let shown = Rect(x: box.minX, y: box.minY, width: box.width, height: Double(rows.count) * lineHeight + 20)
            list.items.append(.init(rect: shown, transform: .identity, opacity: 0.97, fill: .color(Color(hex: 0x0B0D12)), name: "hud"))
            for (i, row) in rows.enumerated() {
                let y = shown.minY + 10 + Double(i) * lineHeight
                if !row.key.isEmpty {
                    label(fit.line(row.key, width: keyWidth, size: size, weight: .monospace),
                          Rect(x: shown.minX + 12, y: y, width: keyWidth, height: lineHeight), size: size, accent, weight: .monospace)
                }
                label(row.what, Rect(x: shown.minX + 24 + keyWidth, y: y, width: whatWidth, height: lineHeight), size: size,
                      Color(white: 0.9), weight: .regular)
            }
        }
        if let editor = editor(model, in: layout) {
            list.items.append(.init(rect: editor.backdrop, transform: .identity, opacity: 0.97, fill: .color(Color(hex: 0x0B0D12)), name: "hud"))
            drawEditor(model.parameters.curve, in: editor.plot) { list.items.append($0) }
            let help = fit.lines(editorHelp(model.parameters.curve, duration: model.parameters.duration), width: editor.plot.width,
                                 size: 12.5, weight: .regular, maxLines: 2)
            for (i, line) in help.enumerated() {
                label(line, Rect(x: editor.plot.minX, y: editor.plot.maxY + 6 + Double(i) * 16, width: editor.plot.width, height: 17.5),
                      size: 12.5, Color(white: 0.75), weight: .regular)
            }
        }
        if let name = model.autoplay, let first = screens.first, let last = screens.last {
            let width = last.maxX - first.minX
            let band = Rect(x: first.minX + (last.maxX - first.minX - width) / 2, y: first.maxY - 64, width: width, height: 56)
            list.items.append(.init(rect: band, transform: .identity, opacity: 0.72, fill: .color(Color(hex: 0x0B0D12)), name: "hud"))
            label(name, Rect(x: band.minX, y: band.minY + 4, width: band.width, height: 32), size: 22, .white, alignment: .center)
            label("autoplay · a click, Esc or Space stops", Rect(x: band.minX, y: band.minY + 34, width: band.width, height: 18),
                  size: 12, Color(white: 0.7), weight: .regular, alignment: .center)
        }
    }
}
