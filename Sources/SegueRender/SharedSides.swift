import Segue

/// Finds the sides that two display-list items' or clip regions' screen images share, one
/// image on each side: a screen cut in strips or tiles (the strips' regions cut what they
/// hold), two faces of a cube. Such a side is drawn hard on both
/// items, each pixel centre going to one of them, as the triangles inside one layer are:
/// anti-aliased on both, two half coverages would blend to three quarters and let what lies
/// beneath show through a seam.
///
/// Sides match when their ends lie within `tolerance` of each other's; sorted by their
/// midpoints, each is compared only with those nearby. Nothing is allocated once the buffers
/// have grown.
package struct SharedSides {
    /// `hard[i]` holds item i's shared sides as `Tessellator.Edge` bits, after `find`.
    package private(set) var hard: [UInt64] = []
    /// `hardClips[i]` holds the shared sides of the list's clip region i, after `find`.
    package private(set) var hardClips: [UInt64] = []
    /// Pixels the ends of two shared sides may lie apart.
    package var tolerance = 1.0 / 64
    private var sides: [Side] = []
    /// The sides' indices by midpoint, ties by index (as a stable sort leaves them): kept
    /// from the last `find`, where the sides were much the same and in much the same order.
    private var order: [Int32] = []

    /// One side of an item's image, from `p` to `q` as its corners go round.
    private struct Side {
        /// An item's index, or for a clip region -1 − its index.
        var item: Int
        var bit: UInt64
        var p: Point
        var q: Point
        /// Whether the item's corners go round clockwise on screen (y down).
        var clockwise: Bool
        /// The midpoint's x, the sides' sort key.
        var midX: Double

        init(item: Int, bit: UInt64, p: Point, q: Point, clockwise: Bool) {
            (self.item, self.bit, self.p, self.q, self.clockwise) = (item, bit, p, q, clockwise)
            midX = (p.x + q.x) / 2
        }
    }

    package init() {}

    /// Fills `hard` for the items of `list` that `isCandidate` names, and `hardClips` for its
    /// clip regions; one with a corner at or behind `nearW` shares nothing.
    package mutating func find(in list: DisplayList, nearW: Double, isCandidate: (Int) -> Bool) {
        hard.removeAll(keepingCapacity: true)
        hard.append(contentsOf: repeatElement(0, count: list.items.count))
        hardClips.removeAll(keepingCapacity: true)
        hardClips.append(contentsOf: repeatElement(0, count: list.clips.count))
        sides.removeAll(keepingCapacity: true)
        // (The fields read in place: a copy of each item would retain what it shows.)
        for index in list.items.indices where isCandidate(index) {
            addSides(of: list.items[index].rect, list.items[index].transform, index, nearW: nearW)
        }
        for (index, clip) in list.clips.enumerated() {
            addSides(of: clip.rect, clip.transform, -1 - index, nearW: nearW)
        }
        guard sides.count > 4 else { return }
        sortByMidpoint()
        for i in order.indices {
            let s = sides[Int(order[i])]
            var j = i + 1
            while j < order.count && sides[Int(order[j])].midX - s.midX <= tolerance {
                let t = sides[Int(order[j])]
                j += 1
                guard t.item != s.item else { continue }
                // Wound alike, images on the two sides of an edge go along it in opposite
                // directions; wound oppositely, in the same one.
                let (tp, tq) = t.clockwise == s.clockwise ? (t.q, t.p) : (t.p, t.q)
                if near(s.p, tp) && near(s.q, tq) {
                    mark(s)
                    mark(t)
                }
            }
        }
    }

    /// Puts `order` in the sides' order by midpoint, ties by index: from the last frame's
    /// order, where as many sides were found, by insertion (a frame's sides move a little,
    /// so it moves few of them), falling back to a sort of all of them where it would move
    /// many (a side is 64 bytes to move: indices are sorted).
    private mutating func sortByMidpoint() {
        let count = sides.count
        if order.count != count {
            order.removeAll(keepingCapacity: true)
            order.append(contentsOf: 0..<Int32(count))
        }
        sides.withUnsafeBufferPointer { sides in
            order.withUnsafeMutableBufferPointer { order in
                @inline(__always) func before(_ a: Int32, _ b: Int32) -> Bool {
                    let (x, y) = (sides[Int(a)].midX, sides[Int(b)].midX)
                    return x < y || (x == y && a < b)
                }
                var moves = 0
                for i in 1..<count {
                    let side = order[i]
                    var j = i
                    while j > 0 && before(side, order[j - 1]) {
                        order[j] = order[j - 1]
                        j -= 1
                    }
                    order[j] = side
                    moves += i - j
                    if moves > 4 * count {
                        order.sort(by: before)
                        return
                    }
                }
            }
        }
    }

    private mutating func mark(_ side: Side) {
        if side.item >= 0 { hard[side.item] |= side.bit } else { hardClips[-1 - side.item] |= side.bit }
    }

    /// Adds the four sides of `r` under `m`, as `index` (see `Side.item`).
    private mutating func addSides(of r: Rect, _ m: Transform3D, _ index: Int, nearW: Double) {
        let a = m.apply(x: r.minX, y: r.minY), b = m.apply(x: r.maxX, y: r.minY)
        let c = m.apply(x: r.maxX, y: r.maxY), d = m.apply(x: r.minX, y: r.maxY)
        guard min(min(a.w, b.w), min(c.w, d.w)) > nearW else { return }
        let pa = a.projected, pb = b.projected, pc = c.projected, pd = d.projected
        let twiceArea = (pa.x * pb.y - pb.x * pa.y) + (pb.x * pc.y - pc.x * pb.y)
            + (pc.x * pd.y - pd.x * pc.y) + (pd.x * pa.y - pa.x * pd.y)
        guard twiceArea != 0, twiceArea.isFinite else { return }
        let clockwise = twiceArea > 0
        sides.append(Side(item: index, bit: Tessellator.Edge.top, p: pa, q: pb, clockwise: clockwise))
        sides.append(Side(item: index, bit: Tessellator.Edge.right, p: pb, q: pc, clockwise: clockwise))
        sides.append(Side(item: index, bit: Tessellator.Edge.bottom, p: pc, q: pd, clockwise: clockwise))
        sides.append(Side(item: index, bit: Tessellator.Edge.left, p: pd, q: pa, clockwise: clockwise))
    }

    private func near(_ a: Point, _ b: Point) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }
}
