import Segue

/// What an export shows of a session in each frame: the device screen alone (A's while
/// split), or the whole window — every screen, each clipped to itself, and the HUD — with
/// every pixel scaled by `scale`.
package struct ExportFraming: Hashable, Sendable {
    /// The scales an export takes: output pixels per window pixel.
    package static let scales = 0.1...4.0
    /// The window's background behind the screens and the HUD (the live app's).
    package static let windowBackground = Color(hex: 0x0F1115)

    /// Whether the frame is the whole window, the HUD included.
    package var includesHUD: Bool
    /// Output pixels per window pixel, within `scales`.
    package var scale: Double

    package init(includesHUD: Bool = false, scale: Double = 1) {
        precondition(Self.scales.contains(scale), "scale \(scale) outside \(Self.scales)")
        self.includesHUD = includesHUD
        self.scale = scale
    }

    /// A frame's size in output pixels (each side rounded) for a session laid out as `layout`.
    package func size(_ layout: Layout) -> (width: Int, height: Int) {
        let (w, h) = includesHUD ? (Double(layout.window.width), Double(layout.window.height))
                                 : (layout.screen.width, layout.screen.height)
        return (Int((w * scale).rounded()), Int((h * scale).rounded()))
    }

    /// One display list of a frame: what it draws, at which pixel scale (`DisplayListRenderer`'s),
    /// limited to `clip` (output pixels) when there is one.
    package struct Part: Equatable, Sendable {
        package var list = DisplayList()
        package var pixelScale = 1.0
        package var clip: Rect?
    }

    /// The frame's parts in drawing order — the screens (one without the HUD), then the
    /// HUD — composed into `parts` (reusing its lists), in output pixels.
    @MainActor package func compose(_ session: Session, into parts: inout [Part]) {
        let layout = session.layout
        let screens = includesHUD ? session.variants.count : 1
        let count = screens + (includesHUD ? 1 : 0)
        while parts.count < count { parts.append(Part()) }
        parts.removeLast(parts.count - count)
        for i in 0..<screens {
            session.composeScreen(i, into: &parts[i].list, inWindow: includesHUD)
            parts[i].list.scale(by: scale)
            parts[i].pixelScale = layout.scale * scale
            let s = layout.screens[i]
            parts[i].clip = includesHUD ? Rect(x: s.minX * scale, y: s.minY * scale, width: s.width * scale, height: s.height * scale) : nil
        }
        if includesHUD {
            session.composeHUD(into: &parts[screens].list)
            parts[screens].list.scale(by: scale)
            parts[screens].pixelScale = layout.hudScale * scale
            parts[screens].clip = nil
        }
    }
}
