import Segue

/// Finds translucent flat fills whose blending can be done ahead of time, in the vertex
/// colours of what they lie on in their own plane, so the rasterizer blends fewer pixels
/// (a blended pixel costs a software rasterizer about twice an opaque one). Two cases, both
/// exact up to colour rounding and the cuts `Shading` asks for:
///
/// - `under`: a translucent colour or gradient lying wholly on one opaque colour or
///   gradient of its plane, with nothing drawn between them where it lies (a card on a
///   screen), is drawn opaque in the colour it shows over that item.
/// - `over`: a translucent colour or gradient laid exactly over an opaque colour or gradient
///   of its plane and over everything drawn on that item inside it (a page's shadow over the
///   page) is not drawn (`folded`); each of those items is drawn tinted by it instead. Drawn
///   over an item's pixels, a tint of alpha τ turns a colour C into τ·T + (1 − τ)·C whatever
///   C's alpha, so colours, gradients and text (one colour over its glyphs' coverage) can
///   take it; an image cannot, and stops the fold.
///
/// Items meet where their screen boxes overlap and, in one plane, their rects do; an item
/// in another plane that meets the translucent one stops it. Only horizontal and vertical
/// gradients take part, so the cuts stay a grid. A walk looks at most `reach` items back.
package struct Precomposition {
    /// Another item's fill seen from an item: `offset` takes a point of the item's
    /// coordinates to that item's (the two share a plane).
    package struct Tint: Hashable, Sendable {
        package var item: Int
        package var offset: Point
    }

    /// `under[i]`: the opaque item item i is composited onto (i is then drawn opaque).
    package private(set) var under: [Tint?] = []
    /// `over[i]`: the translucent item composited over item i.
    package private(set) var over: [Tint?] = []
    /// `folded[i]`: item i is drawn as the tint of the items under it, not by itself.
    package private(set) var folded: [Bool] = []
    /// Items overlapping a translucent one that a walk looks at before giving up.
    package var reach = 32
    private var between: [Tint] = []

    package init() {}

    /// Fills `under`, `over` and `folded` for `list`. `boxes[i]` is where item i can paint on
    /// screen and `paintRect(i)` where in its plane (text can pass its rect; a clip can cut
    /// it); only items for which `isDrawn` holds take part, `isOpaque` tells which of them
    /// draw without blending, and `isCutExactly` which clipped ones paint exactly their
    /// paint rect (a square-cornered region of their plane: a strip's copy of a screen).
    package mutating func find(in list: DisplayList, boxes: [Rect], isDrawn: (Int) -> Bool, isOpaque: (Int) -> Bool,
                              paintRect: (Int) -> Rect, isCutExactly: (Int) -> Bool = { _ in false }) {
        let items = list.items
        under.removeAll(keepingCapacity: true)
        over.removeAll(keepingCapacity: true)
        folded.removeAll(keepingCapacity: true)
        under.append(contentsOf: repeatElement(nil, count: items.count))
        over.append(contentsOf: repeatElement(nil, count: items.count))
        folded.append(contentsOf: repeatElement(false, count: items.count))
        // A clipped item (rounded corners) paints less than its rect: it is never the tint,
        // whose fold would lose its clip, nor the base, whose cut corners would show through
        // — unless its clip cuts it exactly to its paint rect.
        for j in items.indices where isDrawn(j) && !isOpaque(j) && items[j].clip == nil && Self.isGridFlat(items[j].fill)
            && items[j].rect.width > 0 && items[j].rect.height > 0 {
            let tint = items[j]
            between.removeAll(keepingCapacity: true)
            var base: Tint?
            var looked = 0
            walk: for i in stride(from: j - 1, through: 0, by: -1) {
                guard isDrawn(i), !folded[i], boxes[i].meets(boxes[j]) else { continue }
                looked += 1
                guard looked <= reach, let offset = tint.transform.planeOffset(to: items[i].transform) else { break walk }
                let rect = paintRect(i).offsetBy(offset)
                guard rect.overlaps(tint.rect) else { continue }
                if isOpaque(i) && (items[i].clip == nil || isCutExactly(i)) && Self.isGridFlat(items[i].fill)
                    && rect.contains(tint.rect, tolerance: Self.tolerance(tint.rect)) {
                    base = Tint(item: i, offset: offset)
                    break walk
                }
                guard over[i] == nil, Self.isGridFlat(items[i].fill) || items[i].fill.isText else { break walk }
                between.append(Tint(item: i, offset: offset))
            }
            // A base already tinted by a fold shows its tint: what lies on it is drawn over it.
            guard let base, over[base.item] == nil else { continue }
            if between.isEmpty {
                under[j] = Tint(item: base.item, offset: Point(x: -base.offset.x, y: -base.offset.y))
                continue
            }
            let tolerance = Self.tolerance(tint.rect)
            guard tint.rect.contains(paintRect(base.item).offsetBy(base.offset), tolerance: tolerance),
                  between.allSatisfy({ tint.rect.contains(paintRect($0.item).offsetBy($0.offset), tolerance: tolerance) })
            else { continue }
            over[base.item] = Tint(item: j, offset: base.offset)
            for b in between { over[b.item] = Tint(item: j, offset: b.offset) }
            folded[j] = true
        }
    }

    /// The shading of item i of `list`: its fill with what is precomposited into it.
    package func shading(of i: Int, in list: DisplayList) -> Shading {
        var s = Shading(list.items[i])
        if i < under.count, let u = under[i] { s.under = (list.items[u.item], u.offset) }
        if i < over.count, let o = over[i] { s.over = (list.items[o.item], o.offset) }
        return s
    }

    /// Rect sizes are a few hundred points: a millionth of one is rounding, not a gap.
    private static func tolerance(_ r: Rect) -> Double { 1e-6 * max(1, r.width, r.height) }

    /// A uniform colour, or a gradient along x or y.
    static func isGridFlat(_ fill: DisplayList.Fill) -> Bool {
        switch fill {
        case .color: return true
        case .gradient(let g): return g.startPoint.x == g.endPoint.x || g.startPoint.y == g.endPoint.y
        default: return false
        }
    }
}

/// One item's colours as drawn: its own (a fill's, or the colour of its glyphs) composited
/// over its `under` item, then tinted by its `over` item; and the cuts a tessellator must
/// make for per-vertex colours to stay within tolerance of them.
package struct Shading {
    package var item: DisplayList.Item
    /// An opaque flat item and the offset from this item's coordinates to its.
    package var under: (item: DisplayList.Item, offset: Point)?
    /// A translucent flat item and the offset from this item's coordinates to its.
    package var over: (item: DisplayList.Item, offset: Point)?

    package init(_ item: DisplayList.Item) {
        self.item = item
    }

    /// `own` (straight alpha, opacity applied) at `p`, in the item's coordinates, with what
    /// is precomposited into it.
    package func color(_ own: Color, at p: Point) -> Color {
        let c = base(own, at: p)
        return tint(at: p).map { c.tinted(by: $0) } ?? c
    }

    /// `own` at `p` composited onto the `under` item, untinted.
    package func base(_ own: Color, at p: Point) -> Color {
        guard let u = under, let b = u.item.flatColor(at: p + u.offset) else { return own }
        return own.over(b)
    }

    /// The `over` item's colour at `p`, in the item's coordinates (nil: none).
    package func tint(at p: Point) -> Color? {
        over.flatMap { $0.item.flatColor(at: p + $0.offset) }
    }

    /// The item's own colour at unit point (u, v) of its rect, with what is precomposited
    /// into it; nil unless it is a colour or a gradient.
    package func color(atUnit u: Double, _ v: Double) -> Color? {
        let p = point(atUnit: u, v)
        return item.flatColor(at: p).map { color($0, at: p) }
    }

    /// `color(atUnit:)` in two parts, to be mixed as `Color.tinted(by:)` mixes them: the
    /// colour composited onto `under`, and the tint (nil: none).
    package func colorApart(atUnit u: Double, _ v: Double) -> (base: Color, tint: Color?)? {
        let p = point(atUnit: u, v)
        return item.flatColor(at: p).map { (base($0, at: p), tint(at: p)) }
    }

    private func point(atUnit u: Double, _ v: Double) -> Point {
        Point(x: item.rect.minX + u * item.rect.width, y: item.rect.minY + v * item.rect.height)
    }

    /// Whether the colours drawn (each channel, and the alpha) are affine in the item's unit
    /// coordinates between the gradients' stops, so that cells need no cutting for the
    /// product of factors: a colour over an opaque one is a·C + (1 − a)·U, a tint makes that
    /// (1 − τ)·c + τ·T, and each product is affine while at most one of its factors varies.
    /// That holds where at most one of the item, what it is composited onto and its tint is
    /// a gradient, and that gradient's colour or its alpha is the same at every stop. With
    /// the tint mixed in apart (`tintApart`: per pixel, by a rasterizer that shades exactly),
    /// the tint is a factor of its own: at most one of the item and what it lies on may then
    /// be a gradient, and every gradient's colour or alpha is the same at every stop.
    func isAffine(tintApart: Bool = false) -> Bool {
        var gradients = 0, selfAffine = true
        func note(_ component: DisplayList.Item?) {
            guard let component, case .gradient(let g) = component.fill, let first = g.colors.first else { return }
            gradients += 1
            let sameColour = g.colors.allSatisfy { $0.red == first.red && $0.green == first.green && $0.blue == first.blue }
            let sameAlpha = g.colors.allSatisfy { $0.alpha == first.alpha }
            selfAffine = selfAffine && (sameColour || sameAlpha)
        }
        note(item)
        note(under?.item)
        let beneath = gradients
        note(over?.item)
        return (tintApart ? beneath : gradients) <= 1 && selfAffine
    }

    /// Whether the colour is affine only with the tint mixed in apart: drawn per vertex, it
    /// would be cut evenly for the product of the tint and the colour under it.
    package var isAffineOnlyWithTintApart: Bool {
        over != nil && !isAffine() && isAffine(tintApart: true)
    }

    /// How finely to cut the item for colours drawn per vertex to stay within
    /// `levelTolerance` 8-bit levels (at least 0.01) of `color(atUnit:)`: cell edges at the gradients' stops
    /// (unit coordinates, appended to `uStops` and `vStops`) and the `.unit` precision their
    /// slopes ask for under perspective; `.whole` for uniform colours. With something
    /// precomposited the colour can be a product of two varying factors (a tint's alpha
    /// times the colour under it), which a plane does not interpolate: a cell over which the
    /// factors change by e_u along u and e_v along v is off by at most (e_u + e_v)² / 4, so
    /// the item is also cut evenly until that is within tolerance — unless no factor
    /// varies with another (`isAffine`; the tint a factor apart where `tintApart`: mixed in
    /// per pixel).
    package func cuts(levelTolerance: Double, tintApart: Bool = false, uStops: inout [Double],
                      vStops: inout [Double]) -> Tessellator.Precision {
        let tolerance = (levelTolerance > 0.01 ? levelTolerance : 0.01) / 255, own = item.rect
        guard own.width > 0, own.height > 0 else { return .whole }
        // How fast the colour can change along each unit axis of this item: at most the sum
        // of its components' slopes.
        var changeU = 0.0, changeV = 0.0
        func add(_ component: DisplayList.Item, _ offset: Point) {
            guard case .gradient(let g) = component.fill, component.rect.width > 0, component.rect.height > 0 else { return }
            // The component's rect in this item's coordinates, and how its unit square
            // stretches into this item's.
            let r = component.rect.offsetBy(Point(x: -offset.x, y: -offset.y))
            let perUnit = g.parameterPerUnit, slope = g.steepestSlope * component.opacity
            changeU += slope * abs(perUnit.x) * own.width / r.width
            changeV += slope * abs(perUnit.y) * own.height / r.height
            let horizontal = g.startPoint.y == g.endPoint.y, vertical = g.startPoint.x == g.endPoint.x
            for i in g.colors.indices {
                let s = g.location(ofStop: i)
                if horizontal && !vertical {
                    let x = r.minX + (g.startPoint.x + s * (g.endPoint.x - g.startPoint.x)) * r.width
                    uStops.append((x - own.minX) / own.width)
                } else if vertical && !horizontal {
                    let y = r.minY + (g.startPoint.y + s * (g.endPoint.y - g.startPoint.y)) * r.height
                    vStops.append((y - own.minY) / own.height)
                }
            }
        }
        add(item, .zero)
        if let u = under { add(u.item, u.offset) }
        if let o = over { add(o.item, o.offset) }
        guard changeU > 0 || changeV > 0 else { return .whole }
        // Beyond measure (a sliver of a rect): cut as finely as the tessellator goes.
        guard changeU.isFinite, changeV.isFinite else { return .unit(u: 0, v: 0) }
        if (under != nil || over != nil) && !isAffine(tintApart: tintApart) {
            // At most 64 cells a side: a near-hard step under a tint stays a little off.
            let step = tolerance.squareRoot()
            func cutEvenly(_ change: Double, _ stops: inout [Double]) {
                let n = Int(min((change / step).rounded(.up), 64))
                guard n > 1 else { return }
                for k in 1..<n { stops.append(Double(k) / Double(n)) }
            }
            cutEvenly(changeU, &uStops)
            cutEvenly(changeV, &vStops)
        }
        // The error is changeU·Δu + changeV·Δv: where both axes change, each gets half.
        let share = changeU > 0 && changeV > 0 ? tolerance / 2 : tolerance
        return .unit(u: share / changeU, v: share / changeV)
    }
}
