import Segue
import SegueDemos

/// What an export shows of a session in each frame: the stage alone — the device screen,
/// or A and B side by side while split — or the whole window, the HUD included; each
/// screen clipped to itself, every pixel scaled by `scale`.
package struct ExportFraming: Hashable, Sendable {
    /// The scales an export takes: output pixels per window pixel.
    package static let scales = 0.1...4.0
    /// The window's background behind the screens and the HUD (the live app's).
    package static let windowBackground = ScreenPicture.stage

    /// Whether the frame is the whole window, the HUD included.
    package var includesHUD: Bool
    /// Output pixels per window pixel, within `scales`.
    package var scale: Double

    package init(includesHUD: Bool = false, scale: Double = 1) {
        precondition(Self.scales.contains(scale), "scale \(scale) outside \(Self.scales)")
        self.includesHUD = includesHUD
        self.scale = scale
    }

    /// The part of the window a frame shows, window pixels: all of it, or the screens' bounds.
    package func shown(_ layout: Layout) -> Rect {
        guard !includesHUD else { return Rect(x: 0, y: 0, width: Double(layout.window.width), height: Double(layout.window.height)) }
        return layout.screens.dropFirst().reduce(layout.screens[0]) { $0.union($1) }
    }

    /// A frame's size in output pixels (each side rounded) for a session laid out as `layout`.
    package func size(_ layout: Layout) -> (width: Int, height: Int) {
        let r = shown(layout)
        return (Int((r.width * scale).rounded()), Int((r.height * scale).rounded()))
    }

    /// Where screen `index` lies in the frame, output pixels (what its drawing is clipped to).
    package func screenRect(_ layout: Layout, _ index: Int = 0) -> Rect {
        let s = layout.screens[index], o = shown(layout).origin
        return Rect(x: (s.minX - o.x) * scale, y: (s.minY - o.y) * scale, width: s.width * scale, height: s.height * scale)
    }

    /// The background between what the frame shows: the window's, except behind a lone
    /// screen (black, as `render` draws).
    package func background(_ layout: Layout) -> Color {
        includesHUD || layout.screens.count > 1 ? Self.windowBackground : .black
    }

    /// Each screen's display list in output pixels (`screens` holds one per screen after),
    /// and the HUD's (emptied when the frame has none), drawn at `hudPixelScale`.
    @MainActor package func compose(_ session: Session, screens: inout [DisplayList], hud: inout DisplayList) {
        let o = shown(session.layout).origin
        session.composeScreens(into: &screens, shiftedBy: Point(x: -o.x, y: -o.y))
        for i in screens.indices { screens[i].scale(by: scale) }
        if includesHUD {
            session.composeHUD(into: &hud)
            hud.scale(by: scale)
        } else {
            hud.removeAll()
        }
    }

    /// The pixel scale the HUD's list draws at.
    package func hudPixelScale(_ layout: Layout) -> Double { layout.hudScale * scale }
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
