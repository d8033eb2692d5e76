import Segue

/// Where the device screens and the HUD sit in a window of any size, in pixels.
///
/// The HUD is laid out in its own units (`HUD` works in them): window pixels divided by
/// `hudScale`, so a HUD at scale 2 is drawn twice as large and as sharp. It is a panel
/// beside the screens while it fits readably and leaves the screens at least
/// `minimumScreenShare` of the window's height; else a one-row strip under them; hidden
/// when asked, or when not even the strip fits.
package struct Layout: Hashable, Sendable {
    package enum HUDStyle: String, Hashable, Sendable { case panel, strip, hidden }

    /// What the layout is asked for, besides the window and the screen's size.
    package struct Request: Hashable, Sendable {
        /// Pixels per point, or nil to fit the window.
        package var fixedScale: Double?
        /// 1, or 2 while split into A and B.
        package var screenCount = 1
        /// False: the user hid the HUD (`h`).
        package var showsHUD = true
        /// The HUD's scale as forced (`--hud-scale`); nil: the display's density, larger in
        /// windows over 1000 pixels high, smaller where the panel would not fit.
        package var hudScale: Double?
        /// The display's pixels per 1/96 inch (1 on an ordinary monitor).
        package var density = 1.0
        /// Margins of 24 and the panel at scale 1 whatever the window, as before the layout
        /// fitted any window: a recording made then replays as it ran.
        package var isClassic = false

        package init(fixedScale: Double? = nil, screenCount: Int = 1, showsHUD: Bool = true, hudScale: Double? = nil,
                     density: Double = 1) {
            self.fixedScale = fixedScale
            self.screenCount = screenCount
            self.showsHUD = showsHUD
            self.hudScale = hudScale
            self.density = density
        }
    }

    /// The screens never get less than this share of the window's height while the HUD is a
    /// panel beside them.
    package static let minimumScreenShare = 0.4
    /// A panel at a smaller scale than this is not readable: the HUD becomes the strip.
    package static let minimumPanelScale = 0.75
    /// How much larger two screens must show over the strip than beside the panel for a
    /// split stage to take the strip.
    package static let stripGainForSplit = 1.15

    package var window: (width: Int, height: Int)
    /// The device screens in window pixels: one, or A and B side by side while split.
    package var screens: [Rect]
    /// Pixels per point of the screens.
    package var scale: Double
    package var hudStyle: HUDStyle
    /// Window pixels per HUD unit.
    package var hudScale: Double
    /// The HUD's panel or strip in HUD units (`Rect.zero` when hidden).
    package var hud: Rect
    /// The gap around and between the screens, window pixels.
    package var margin: Double

    /// The first (or only) screen.
    package var screen: Rect { screens[0] }

    package static func == (a: Layout, b: Layout) -> Bool {
        a.window == b.window && a.screens == b.screens && a.scale == b.scale && a.hudStyle == b.hudStyle
            && a.hudScale == b.hudScale && a.hud == b.hud
    }

    package func hash(into h: inout Hasher) {
        h.combine(window.width); h.combine(window.height); h.combine(screens); h.combine(scale); h.combine(hud)
    }

    /// The screens (`size` points each) scaled to fit beside the HUD, or at
    /// `request.fixedScale`, the whole centred in `window`.
    package init(window: (width: Int, height: Int), screen size: Size, _ request: Request = Request()) {
        self.window = window
        let w = Double(max(window.width, 1)), h = Double(max(window.height, 1))
        let m = request.isClassic ? 24 : min(24, max(8, (min(w, h) * 0.03).rounded()))
        margin = m
        let n = Double(max(request.screenCount, 1))
        let wanted = request.isClassic ? 1 : request.hudScale ?? request.density * max(1, h / 1000)
        /// The scale at which the screens fill `width` × `height` pixels with margins.
        func fit(_ width: Double, _ height: Double) -> Double {
            max(min((width - (n + 1) * m) / (n * size.width), (height - 2 * m) / size.height), 0.01)
        }
        var style = HUDStyle.hidden
        var s = wanted
        if request.showsHUD && request.isClassic {
            style = .panel
        } else if request.showsHUD {
            // The panel, as large as wanted but no taller than the window.
            s = Self.panelScale(height: h, margin: m, density: request.density, forced: request.hudScale)
            let screenScale = request.fixedScale ?? fit(w - HUD.panelWidth * s - m, h)
            // At a fixed scale the screens may leave the panel no room across.
            let across = n * size.width * screenScale + (n + 2) * m + HUD.panelWidth * s
            let stripScale = request.hudScale ?? min(wanted, max(w / 900, Self.minimumPanelScale))
            let stripFits = h - HUD.stripHeight * stripScale >= 0.5 * h
            // Two screens beside the panel in a narrow window leave half the stage empty: they
            // take the whole width over the strip when that shows them a good deal larger.
            let splitFillsBetterOverStrip = n > 1 && request.fixedScale == nil && stripFits
                && fit(w, h - HUD.stripHeight * stripScale) >= Self.stripGainForSplit * screenScale
            if s >= Self.minimumPanelScale && screenScale * size.height >= Self.minimumScreenShare * h && across <= w + 0.5
                && !splitFillsBetterOverStrip {
                style = .panel
            } else {
                s = stripScale
                if stripFits { style = .strip }
            }
        }
        hudStyle = style
        hudScale = s
        let panelWidth = style == .panel ? HUD.panelWidth * s + m : 0
        let stageHeight = style == .strip ? h - HUD.stripHeight * s : h
        scale = request.fixedScale ?? fit(w - panelWidth, stageHeight)
        let sw = size.width * scale, sh = size.height * scale
        let group = n * sw + (n - 1) * m + panelWidth
        let left = max(m, (w - group) / 2), top = max(m, (stageHeight - sh) / 2)
        screens = (0..<Int(n)).map { Rect(x: left + Double($0) * (sw + m), y: top, width: sw, height: sh) }
        switch style {
        case .panel:
            let x = screens[screens.count - 1].maxX + m
            hud = Rect(x: x / s, y: m / s, width: HUD.panelWidth, height: max(h - 2 * m, 200) / s)
        case .strip:
            hud = Rect(x: 0, y: stageHeight / s, width: w / s, height: HUD.stripHeight)
        case .hidden:
            hud = .zero
        }
    }

    /// The window size that shows one screen of `size` points at `scale` beside the HUD at
    /// the scale the layout gives it there (`density`, larger past 1000 pixels high; or
    /// `hudScale` where forced).
    package static func windowSize(screen size: Size, scale: Double, density: Double = 1,
                                   hudScale: Double? = nil) -> (width: Int, height: Int) {
        let h = max(size.height * scale + 2 * 24, 640)
        let panel = panelScale(height: h, density: density, forced: hudScale)
        return (Int((size.width * scale + HUD.panelWidth * panel + 3 * 24).rounded()), Int(h.rounded()))
    }

    /// The panel's scale in a window `height` pixels high with `margin` around it on a
    /// display of `density`: `forced` where given, else the density (larger past 1000
    /// pixels high) as far as the window's height allows.
    private static func panelScale(height h: Double, margin m: Double = 24, density: Double, forced: Double?) -> Double {
        forced ?? min(density * max(1, h / 1000), (h - 2 * m) / HUD.panelHeight)
    }

    /// The largest scale (≤ 2, in steps of 0.05) at which the screen and the HUD (at
    /// `hudScale` where forced) fit a display of `display` pixels.
    package static func fittingScale(for size: Size, display: (width: Int, height: Int)?, density: Double = 1,
                                     hudScale: Double? = nil) -> Double {
        guard let d = display else { return 1 }
        let tall = (Double(d.height) - 2 * 24 - 80) / size.height
        let hud = HUD.panelWidth * panelScale(height: tall * size.height + 2 * 24, density: density, forced: hudScale)
        let s = min(tall, (Double(d.width) - hud - 3 * 24) / size.width, 2)
        return max((s * 20).rounded(.down) / 20, 0.25)
    }

    /// The index of the screen holding window point `p`, if any.
    package func screenIndex(at p: Point) -> Int? {
        screens.firstIndex { $0.contains(p) }
    }

    /// A window point in the points of screen `index`.
    package func toScreen(x: Double, y: Double, of index: Int = 0) -> Point {
        let r = screens[index]
        return Point(x: (x - r.minX) / scale, y: (y - r.minY) / scale)
    }

    /// A window point in HUD units.
    package func toHUD(_ p: Point) -> Point { Point(x: p.x / hudScale, y: p.y / hudScale) }

    /// A rectangle in window pixels in HUD units.
    package func toHUD(_ r: Rect) -> Rect {
        Rect(x: r.minX / hudScale, y: r.minY / hudScale, width: r.width / hudScale, height: r.height / hudScale)
    }

    /// A rectangle in the points of screen `index` in window pixels.
    package func toWindow(_ r: Rect, of index: Int = 0) -> Rect {
        let s = screens[index]
        return Rect(x: s.minX + r.minX * scale, y: s.minY + r.minY * scale, width: r.width * scale, height: r.height * scale)
    }
}
