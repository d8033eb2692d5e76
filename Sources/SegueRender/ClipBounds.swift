import Segue

/// Where in its own plane an item's clip regions can let it show: a screen cut in tiles
/// clips every tile's copy of the screen to the tile, so most of each copy's items and
/// glyphs lie wholly outside and can be skipped before they are cut into triangles.
///
/// A region clips what is drawn in homogeneous screen space by the lines of its edges
/// (`Tessellator.clip(to:)`), so the points of the item's plane it keeps are those whose
/// screen images lie in the region's: the region's rect taken through the screen into the
/// item's plane (the region's plane map, then the inverse of the item's). Where each corner
/// lands at a positive weight there, that image is the convex quad of the corners, and its
/// bounding box holds all the item can show; a rounded region lies within its rect.
package enum ClipBounds {
    /// What an item's clip regions let it show, in its plane (`shown(through:of:in:)`).
    package struct Shown: Sendable {
        /// Outside this, nothing shows.
        package var rect: Rect
        /// Exactly this shows, where the regions are square-cornered and axis-aligned.
        package var exact: Rect?
        /// All of this surely shows, where the regions are axis-aligned.
        package var inner: Rect?
    }

    /// The rectangle of the item's coordinates (mapped to the screen by `transform`) outside
    /// which its region `clip` of `clips` and the regions that region lies in show nothing:
    /// the intersection of their images' bounding boxes, grown by a millionth of their size
    /// for rounding. Empty (zero width or height) when they share nothing; nil when none
    /// bounds it (no region, the item's plane seen edge-on, or a region whose image reaches
    /// the plane's line at infinity).
    package static func rect(seenThrough clip: Int?, of transform: Transform3D, in clips: [DisplayList.Clip]) -> Rect? {
        shown(through: clip, of: transform, in: clips)?.rect
    }

    /// `rect(seenThrough:of:in:)`; the rect of the item's plane the regions show exactly
    /// (to rounding, not grown) where each is a square-cornered rect whose image there is
    /// axis-aligned (a tile's or a strip's copy of a screen; nil otherwise); and a rect of
    /// the item's plane they surely show all of where each image is axis-aligned: a rounded
    /// region's rect less its corners' rows (or columns, whichever leaves more), which lies
    /// inside the polygon its corners are cut as.
    package static func shown(through clip: Int?, of transform: Transform3D,
                              in clips: [DisplayList.Clip]) -> Shown? {
        guard clip != nil, let plane = Tessellator.PlaneMap(transform) else { return nil }
        var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        var raw: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        var inner: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        var exact = true, aligned = true
        var next = clip
        while let i = next {
            let region = clips[i]
            next = region.parent
            let r = region.rect, m = region.transform
            // A region of no size (or not a number) shows nothing (the tessellator draws
            // nothing in it): nothing of it is surely shown, nor exactly.
            if !(r.width > 0 && r.height > 0) { (exact, aligned) = (false, false) }
            var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
            var corners = InlineArray<4, Point>(repeating: .zero)
            var bounded = true
            for k in 0..<4 {
                let x = k == 0 || k == 3 ? r.minX : r.maxX, y = k < 2 ? r.minY : r.maxY
                guard let p = plane.point(seenAt: m.apply(x: x, y: y)) else {
                    bounded = false
                    break
                }
                corners[k] = p
                box = (min(box.minX, p.x), min(box.minY, p.y), max(box.maxX, p.x), max(box.maxY, p.y))
            }
            guard bounded else {
                (exact, aligned) = (false, false)
                continue
            }
            let slack = 1e-6 * max(max(1, box.maxX - box.minX, box.maxY - box.minY), max(abs(box.minX), abs(box.maxX)), max(abs(box.minY), abs(box.maxY)))
            // Axis-aligned: the corners share their x along the left and right sides, their y
            // along the top and bottom, or (turned a quarter) the other way round.
            func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= slack }
            let upright = same(corners[0].y, corners[1].y) && same(corners[2].y, corners[3].y)
                && same(corners[1].x, corners[2].x) && same(corners[3].x, corners[0].x)
            let quarter = same(corners[0].x, corners[1].x) && same(corners[2].x, corners[3].x)
                && same(corners[1].y, corners[2].y) && same(corners[3].y, corners[0].y)
            exact = exact && region.cornerRadius <= 0 && (upright || quarter)
            aligned = aligned && (upright || quarter)
            if upright || quarter {
                // The corners' radius along the plane's x and y.
                let w = box.maxX - box.minX, h = box.maxY - box.minY
                let (across, down) = upright ? (r.width, r.height) : (r.height, r.width)
                let rx = across > 0 ? max(0, region.cornerRadius) * w / across : 0, ry = down > 0 ? max(0, region.cornerRadius) * h / down : 0
                // Inset by the slack the corners were matched within: a region all but
                // upright lies within that of its box.
                var band = (minX: box.minX + slack, minY: box.minY + slack, maxX: box.maxX - slack, maxY: box.maxY - slack)
                if rx > 0 || ry > 0 {
                    if w * max(0, h - 2 * ry) >= max(0, w - 2 * rx) * h {
                        (band.minY, band.maxY) = (band.minY + ry, band.maxY - ry)
                    } else {
                        (band.minX, band.maxX) = (band.minX + rx, band.maxX - rx)
                    }
                }
                inner = inner.map { (max($0.minX, band.minX), max($0.minY, band.minY), min($0.maxX, band.maxX), min($0.maxY, band.maxY)) } ?? band
            }
            raw = raw.map { (max($0.minX, box.minX), max($0.minY, box.minY), min($0.maxX, box.maxX), min($0.maxY, box.maxY)) } ?? box
            box = (box.minX - slack, box.minY - slack, box.maxX + slack, box.maxY + slack)
            bounds = bounds.map { (max($0.minX, box.minX), max($0.minY, box.minY), min($0.maxX, box.maxX), min($0.maxY, box.maxY)) } ?? box
        }
        func rect(_ b: (minX: Double, minY: Double, maxX: Double, maxY: Double)) -> Rect {
            Rect(x: b.minX, y: b.minY, width: max(0, b.maxX - b.minX), height: max(0, b.maxY - b.minY))
        }
        guard let bounds, let raw else { return nil }
        return Shown(rect: rect(bounds), exact: exact ? rect(raw) : nil, inner: aligned ? inner.map(rect) : nil)
    }
}
