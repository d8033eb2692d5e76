import Segue

/// What an export shows of a session in each frame: the device screen alone, or the whole
/// window — the screen, clipped to itself, and the HUD beside it — with every pixel scaled
/// by `scale`.
package struct ExportFraming: Hashable, Sendable {
    /// The scales an export takes: output pixels per window pixel.
    package static let scales = 0.1...4.0
    /// The window's background behind the screen and the HUD (the live app's).
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

    /// Where the screen lies in the frame, output pixels (what its drawing is clipped to).
    package func screenRect(_ layout: Layout) -> Rect {
        let s = layout.screen
        let origin = includesHUD ? s.origin : .zero
        return Rect(x: origin.x * scale, y: origin.y * scale, width: s.width * scale, height: s.height * scale)
    }

    /// The screen's display list in output pixels, and the HUD's (emptied when the frame has none).
    @MainActor package func compose(_ session: Session, screen: inout DisplayList, hud: inout DisplayList) {
        session.composeScreen(into: &screen, inWindow: includesHUD)
        screen.scale(by: scale)
        if includesHUD {
            session.composeHUD(into: &hud)
            hud.scale(by: scale)
        } else {
            hud.removeAll()
        }
    }
}

extension DisplayList {
    /// Scales every item and clip region by `factor` about the output's origin (x and y;
    /// depth and perspective are unchanged).
    package mutating func scale(by factor: Double) {
        guard factor != 1 else { return }
        let s = Transform3D.makeScale(factor, factor, 1)
        for i in items.indices { items[i].transform = items[i].transform.concatenating(s) }
        for i in clips.indices { clips[i].transform = clips[i].transform.concatenating(s) }
    }
}
