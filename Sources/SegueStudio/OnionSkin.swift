import Segue

/// Onion skin, as motion designers read spacing and arcs: the frames a transition shows
/// `spacing` seconds of its own timeline before and after the live one, `count` each side,
/// drawn under the live frame, so they show where it has been and where it is going around
/// it — tinted, the earlier ones cool and the later ones warm, fainter with distance. Only
/// what moves is ghosted (an item the live frame draws the same is left out; so is text,
/// the shapes carry the motion), no ghost falls before the transition's start or past its
/// end, and at rest there are none.
package struct OnionSkin: Hashable, Sendable {
    /// Ghosts each side a session or a frame may ask for.
    package static let counts = 0...10
    /// Ghosts each side when `g` turns them on without `--onion`.
    package static let defaultCount = 3
    /// Seconds of the transition's timeline between ghosts.
    package static let spacing = 1.0 / 15
    /// The colours the earlier and the later ghosts are tinted toward.
    package static let earlierTint = Color(hex: 0x38BDF8), laterTint = Color(hex: 0xF59E0B)
    /// How far a ghost's colours go toward its tint, 0…1.
    package static let tintAmount = 0.6

    /// Ghosts each side, within `counts`.
    package var count: Int

    package init(count: Int) {
        precondition(Self.counts.contains(count), "onion count \(count) outside \(Self.counts)")
        self.count = count
    }

    /// The opacity of the ghost `step` ghosts from the live frame (1…`count`): 0.6 for the
    /// nearest, less by 0.6 / `count` each step further.
    package func opacity(step: Int) -> Double { 0.6 * Double(count - step + 1) / Double(count) }

    /// Puts under the items of `list` — `window`'s live frame composed with `scale` and
    /// `offset` — the ghosts of the transition `window` runs, farthest first. Leaves `window`
    /// as it was.
    @MainActor package func compose(_ window: Window, scale: Double, offset: Point, into list: inout DisplayList) {
        guard count > 0, let context = window.activeTransition, let start = context.animationStartTime,
              context.duration > 0 else { return }
        struct Drawn: Hashable { let rect: Rect, transform: Transform3D, opacity: Double, fill: DisplayList.Fill }
        let live = Set(list.items.lazy.map { Drawn(rect: $0.rect, transform: $0.transform, opacity: $0.opacity, fill: $0.fill) })
        let liveCount = list.items.count
        let container = context.containerView.layer
        let now = container.localTime - start, timing = container.timing
        defer { container.timing = timing }
        for step in stride(from: count, through: 1, by: -1) {
            for side in [-1.0, 1.0] {
                let shift = side * Double(step) * Self.spacing
                guard (0...context.duration).contains(now + shift) else { continue }
                container.timing.timeOffset = timing.timeOffset + shift
                let first = list.items.count
                Compositor.compose(window.layer, scale: scale, offset: offset, into: &list)
                let tint = side < 0 ? Self.earlierTint : Self.laterTint, alpha = opacity(step: step)
                var kept = first
                for i in first..<list.items.count {
                    var item = list.items[i]
                    if case .text = item.fill { continue }
                    guard !live.contains(Drawn(rect: item.rect, transform: item.transform, opacity: item.opacity, fill: item.fill)) else { continue }
                    item.opacity *= alpha
                    item.fill = Self.tinted(item.fill, toward: tint)
                    list.items[kept] = item
                    kept += 1
                }
                list.items.removeSubrange(kept...)
            }
        }
        guard list.items.count > liveCount else { return }
        list.items = Array(list.items[liveCount...] + list.items[..<liveCount])
    }

    /// `fill` with its colours `tintAmount` of the way to `tint` (images and snapshots as they are).
    static func tinted(_ fill: DisplayList.Fill, toward tint: Color) -> DisplayList.Fill {
        func mix(_ c: Color) -> Color { c.interpolated(to: tint.withAlpha(c.alpha), at: tintAmount) }
        switch fill {
        case .color(let c): return .color(mix(c))
        case .gradient(var g):
            g.colors = g.colors.map(mix)
            return .gradient(g)
        case .text, .image, .snapshot: return fill
        }
    }
}
