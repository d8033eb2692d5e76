import Segue

/// Finds the display-list items that cannot show: each wholly hidden under one opaque item
/// drawn after it, wholly outside the output, or wholly behind the eye. Items are drawn in
/// order with no depth buffer (Core Animation's rule), so a later opaque item hides whatever
/// lies inside its screen image, whatever their depths.
///
/// An item's screen image is the projection of the part of its quad in front of the near
/// plane (what the tessellator draws): a convex polygon of at most five corners. A
/// rasterizer paints the pixels whose centres lie inside a triangle, so an item is hidden
/// when every pixel centre of its image's bounding box, cut to the output, lies inside an
/// opaque item's image (by `margin`, for the rounding of vertices). Only the `capacity`
/// largest occluders are kept, which bounds the work an item. Nothing is allocated once the
/// buffers have grown.
package struct Occlusion {
    /// `hidden[i]` tells whether item i can be skipped, after `find`.
    package private(set) var hidden: [Bool] = []
    /// `boxes[i]` spans the first to the last pixel centre item i can paint (its image's
    /// bounding box grown by `margin` and `fringe`, cut to the output), for the items not
    /// hidden.
    package private(set) var boxes: [Rect] = []
    /// Whether, after `find`, one opaque item covers every pixel centre of the area: what
    /// was there before the list is drawn never shows. (In perspective too: the
    /// tessellator's cells meet without cracks.)
    package private(set) var coversArea = false
    /// Pixels a covered pixel centre must lie inside an occluder's edges: more than the
    /// rounding of vertex positions to `Float`, or than a rasterizer's own error where it
    /// does not sample at pixel centres.
    package var margin = 0.01
    /// Pixels an item may paint outside its image: an anti-aliasing rasterizer's fringe. An
    /// item then covers the area only when every pixel square of it lies inside, not just
    /// every centre (those it cuts are painted by their coverage).
    package var fringe = 0.0
    /// How many occluders are kept (the largest by area).
    package var capacity = 4
    private var occluders: [Polygon] = []

    /// A convex screen polygon of up to five corners in order, with twice its signed area.
    private struct Polygon {
        private var corners: (Point, Point, Point, Point, Point)
        private(set) var count = 0
        private(set) var twiceArea = 0.0

        init() {
            let o = Point(x: 0, y: 0)
            corners = (o, o, o, o, o)
        }

        subscript(i: Int) -> Point {
            switch i {
            case 0: return corners.0
            case 1: return corners.1
            case 2: return corners.2
            case 3: return corners.3
            default: return corners.4
            }
        }

        mutating func append(_ p: Point) {
            switch count {
            case 0: corners.0 = p
            case 1: corners.1 = p
            case 2: corners.2 = p
            case 3: corners.3 = p
            default: corners.4 = p
            }
            count += 1
        }

        /// The image of the quad a, b, c, d (homogeneous, in order) in front of `nearW`.
        init(_ a: Vector4, _ b: Vector4, _ c: Vector4, _ d: Vector4, nearW: Double) {
            self.init()
            func corner(_ i: Int) -> Vector4 {
                switch i % 4 {
                case 0: return a
                case 1: return b
                case 2: return c
                default: return d
                }
            }
            for i in 0..<4 {
                let p = corner(i), q = corner(i + 1)
                if p.w > nearW { append(p.projected) }
                if (p.w > nearW) != (q.w > nearW) {
                    let t = (nearW - p.w) / (q.w - p.w)
                    append(Point(x: (p.x + (q.x - p.x) * t) / nearW, y: (p.y + (q.y - p.y) * t) / nearW))
                }
            }
            guard count >= 3 else { return }
            for i in 0..<count {
                let p = self[i], q = self[(i + 1) % count]
                twiceArea += p.x * q.y - q.x * p.y
            }
        }

        /// The bounding box of the corners.
        var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
            var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
            for i in 0..<count {
                let p = self[i]
                box = (min(box.minX, p.x), min(box.minY, p.y), max(box.maxX, p.x), max(box.maxY, p.y))
            }
            return box
        }

        /// Whether `p` lies inside, at least `margin` from every edge.
        func contains(_ p: Point, margin: Double) -> Bool {
            let sign: Double = twiceArea < 0 ? -1 : 1
            for i in 0..<count {
                let e0 = self[i], e1 = self[(i + 1) % count]
                let ex = e1.x - e0.x, ey = e1.y - e0.y
                if (ex * (p.y - e0.y) - ey * (p.x - e0.x)) * sign < margin * (ex * ex + ey * ey).squareRoot() { return false }
            }
            return true
        }

        func contains(_ r: Rect, margin: Double) -> Bool {
            contains(Point(x: r.minX, y: r.minY), margin: margin) && contains(Point(x: r.maxX, y: r.minY), margin: margin)
                && contains(Point(x: r.maxX, y: r.maxY), margin: margin) && contains(Point(x: r.minX, y: r.maxY), margin: margin)
        }
    }

    package init() {}

    /// Fills `hidden` for `list` drawn into `area` (pixels); `nearW` is the renderer's near
    /// plane; `isOpaque(i)` tells whether item i paints every pixel of its paint rect
    /// opaquely, and `paintRect(i)` where in its plane it paints (its rect, unless it paints
    /// past it, as text that overflows its label does).
    package mutating func find(in list: DisplayList, area: Rect, nearW: Double, isOpaque: (Int) -> Bool,
                              paintRect: (Int) -> Rect) {
        hidden.removeAll(keepingCapacity: true)
        hidden.append(contentsOf: repeatElement(false, count: list.items.count))
        boxes.removeAll(keepingCapacity: true)
        boxes.append(contentsOf: repeatElement(.zero, count: list.items.count))
        occluders.removeAll(keepingCapacity: true)
        for index in list.items.indices.reversed() {
            let r = paintRect(index), m = list.items[index].transform
            // An empty rect draws nothing (a bounds animation can pass through zero).
            guard r.width > 0, r.height > 0 else {
                hidden[index] = true
                continue
            }
            let image = Polygon(m.apply(x: r.minX, y: r.minY), m.apply(x: r.maxX, y: r.minY),
                                m.apply(x: r.maxX, y: r.maxY), m.apply(x: r.minX, y: r.maxY), nearW: nearW)
            // The first and last pixel centres (k + ½) in the box (grown by the margin), cut
            // to the output.
            let box = image.bounds
            func first(_ low: Double, _ limit: Double, _ grow: Double) -> Double { (max(low - grow, limit) - 0.5).rounded(.up) + 0.5 }
            func last(_ high: Double, _ limit: Double, _ grow: Double) -> Double { (min(high + grow, limit) - 0.5).rounded(.down) + 0.5 }
            let minX = first(box.minX, area.minX, margin), maxX = last(box.maxX, area.maxX, margin)
            let minY = first(box.minY, area.minY, margin), maxY = last(box.maxY, area.maxY, margin)
            guard image.count >= 3, minX <= maxX, minY <= maxY else {
                hidden[index] = true
                continue
            }
            let visible = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
            let reach = margin + fringe
            let x0 = first(box.minX, area.minX, reach), y0 = first(box.minY, area.minY, reach)
            boxes[index] = Rect(x: x0, y: y0, width: last(box.maxX, area.maxX, reach) - x0, height: last(box.maxY, area.maxY, reach) - y0)
            if occluders.contains(where: { $0.contains(visible, margin: margin) }) {
                hidden[index] = true
            } else if isOpaque(index), let hiding = Self.surelyPainted(list, index, r) {
                if hiding == r {
                    keep(image)
                } else {
                    let inner = Polygon(m.apply(x: hiding.minX, y: hiding.minY), m.apply(x: hiding.maxX, y: hiding.minY),
                                        m.apply(x: hiding.maxX, y: hiding.maxY), m.apply(x: hiding.minX, y: hiding.maxY), nearW: nearW)
                    keep(inner)
                }
            }
        }
        // Hard edges paint the pixels whose centres they hold; anti-aliased ones, wholly,
        // only those whose squares they hold (an exact fit, within rounding, does).
        let covered = fringe > 0 ? area : Rect(x: area.minX + 0.5, y: area.minY + 0.5, width: area.width - 1, height: area.height - 1)
        let inset = fringe > 0 ? -1.0 / 512 : margin
        coversArea = covered.width >= 0 && covered.height >= 0
            && occluders.contains { $0.contains(covered, margin: inset) }
    }

    /// The part of item `index`'s paint rect `r` it surely paints: all of it unclipped; for
    /// an item clipped to one region of its own plane (its own layer's rounded bounds), `r`
    /// within the region's rect inset by radius·(1 − 1/√2) — the rect whose corners lie on
    /// the arcs, so wholly inside the rounded rect; nil for any other clip, or nothing left.
    private static func surelyPainted(_ list: DisplayList, _ index: Int, _ r: Rect) -> Rect? {
        let item = list.items[index]
        guard let c = item.clip else { return r }
        let region = list.clips[c]
        guard region.parent == nil, region.transform == item.transform else { return nil }
        let d = region.cornerRadius * (1 - 0.5.squareRoot())
        let inner = region.rect.insetBy(dx: d, dy: d)
        let shared = r.intersection(inner)
        return shared.width > 0 && shared.height > 0 ? shared : nil
    }

    /// Adds `image` to the occluders, dropping the smallest when there are `capacity`.
    private mutating func keep(_ image: Polygon) {
        // Seen edge-on, as the tessellator judges it (a quarter of a square pixel or less), it
        // draws nothing and hides nothing.
        guard abs(image.twiceArea) >= 0.5, capacity > 0 else { return }
        if occluders.count < capacity {
            occluders.append(image)
            return
        }
        var smallest = 0
        for i in occluders.indices where abs(occluders[i].twiceArea) < abs(occluders[smallest].twiceArea) { smallest = i }
        if abs(image.twiceArea) > abs(occluders[smallest].twiceArea) { occluders[smallest] = image }
    }
}
