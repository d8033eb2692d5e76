import Segue

/// The pixels opaque items will surely replace, so that what is drawn before them there can
/// be left undrawn: a screen's background under its pictures and bars, the pictures under
/// one flying over them. A pixel an opaque item stores (or blends from an opaque source) no
/// longer shows anything drawn before it, so skipping that drawing changes no pixel.
///
/// Only items drawn without turning or perspective (their screen images axis-aligned
/// rects, cut into no cells) and without a clip region count: of those, the pixels whose
/// squares lie wholly inside the image, `margin` in from its edges, are stored exactly once
/// whatever its edges' anti-aliasing (no edge's coverage reaches them). Only the `limit`
/// largest covers are handed to each draw call, which bounds the work a row. Nothing is
/// allocated once the buffers have grown.
package struct Covers {
    /// How many covers a draw call is given (the largest drawn after it).
    package var limit = 4
    /// Each cover: the place in drawing order of the item that paints it, and its pixels.
    private var covers: [(order: Int, pixels: PixelRect)] = []

    package init() {}

    /// The pixels `item` surely replaces when it is drawn opaque within `area`, nil when
    /// none can be trusted: it turns, tilts or lies in perspective, or is clipped.
    package static func pixels(of item: DisplayList.Item, within area: PixelRect, margin: Double) -> PixelRect? {
        let m = item.transform, r = item.rect
        guard item.clip == nil, m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 > 0, r.width > 0, r.height > 0 else { return nil }
        let xa = (r.minX * m.m11 + m.m41) / m.m44, xb = (r.maxX * m.m11 + m.m41) / m.m44
        let ya = (r.minY * m.m22 + m.m42) / m.m44, yb = (r.maxY * m.m22 + m.m42) / m.m44
        // Pixel x's square is x…x + 1: wholly inside from ⌈low + margin⌉ to before ⌊high − margin⌋.
        func first(_ low: Double) -> Int { Int(max(min((low + margin).rounded(.up), 1e9), -1e9)) }
        func end(_ high: Double) -> Int { Int(max(min((high - margin).rounded(.down), 1e9), -1e9)) }
        let p = PixelRect(x0: first(min(xa, xb)), y0: first(min(ya, yb)), x1: end(max(xa, xb)), y1: end(max(ya, yb))).intersection(area)
        return p.isEmpty ? nil : p
    }

    /// Forgets every cover.
    package mutating func reset() {
        covers.removeAll(keepingCapacity: true)
    }

    /// Adds `pixels`, replaced by the item drawn at place `order` in drawing order.
    package mutating func add(_ pixels: PixelRect, drawnAt order: Int) {
        covers.append((order, pixels))
    }

    /// Fills `out` with the `limit` largest covers of items drawn after place `order`: the
    /// pixels a call holding items up to that place need not draw.
    package func after(_ order: Int, into out: inout [PixelRect]) {
        out.removeAll(keepingCapacity: true)
        func area(_ p: PixelRect) -> Int { (p.x1 - p.x0) * (p.y1 - p.y0) }
        for c in covers where c.order > order {
            if out.count < limit {
                out.append(c.pixels)
                continue
            }
            var smallest = 0
            for k in out.indices where area(out[k]) < area(out[smallest]) { smallest = k }
            if area(c.pixels) > area(out[smallest]) { out[smallest] = c.pixels }
        }
    }
}
