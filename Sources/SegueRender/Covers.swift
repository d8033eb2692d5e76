import Segue

/// The pixels opaque items will surely replace, so that what is drawn before them there can
/// be left undrawn: a screen's background under its pictures and bars, the pictures under
/// one flying over them, the clear under a screen turned in perspective. A pixel an opaque
/// item stores (or blends from an opaque source) no longer shows anything drawn before it,
/// so skipping that drawing changes no pixel.
///
/// An item wholly in front of the eye covers the pixels whose squares lie wholly inside its
/// screen image (a convex quad, whatever its turn or perspective; for a clipped item, the
/// image of the part its clip regions surely show), `margin` in from its sides: their
/// centres lie inside every triangle the tessellator cuts it into (which meet without
/// cracks), and no edge's anti-aliasing reaches them, so each is stored exactly once. They are kept row by row, one run of
/// columns a row. Only the `limit` largest covers are handed to each draw call, which
/// bounds the work a row. Nothing is allocated once the buffers have grown.
package struct Covers {
    /// How many covers a draw call is given (the largest drawn after it).
    package var limit = 4
    /// Each cover: the place in drawing order of the item that paints it, and its rows.
    private var covers: [(order: Int, rows: CoveredPixels.Cover)] = []
    /// Every cover's runs of columns, a row each.
    package private(set) var runs: [CoveredPixels.Run] = []

    package init() {}

    /// Forgets every cover.
    package mutating func reset() {
        covers.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
    }

    /// Adds the pixels `item` surely replaces when drawn opaque at place `order` in drawing
    /// order, within `area`; returns whether it covers any (none when it reaches the near
    /// plane `nearW`, where the tessellator cuts it). A clipped item covers only where its
    /// clip regions surely show it, `shown` (a rect of its plane, `ClipBounds.shown`'s
    /// `inner`), and nothing without one.
    @discardableResult
    package mutating func add(_ item: DisplayList.Item, drawnAt order: Int, within area: PixelRect, margin: Double,
                              nearW: Double = 0.01, shown: Rect? = nil) -> Bool {
        let m = item.transform
        var r = item.rect
        if item.clip != nil {
            guard let shown else { return false }
            r = r.intersection(shown)
        }
        guard r.width > 0, r.height > 0, !area.isEmpty else { return false }
        var p = InlineArray<4, Point>(repeating: Point(x: 0, y: 0))
        let xs: InlineArray<4, Double> = [r.minX, r.maxX, r.maxX, r.minX], ys: InlineArray<4, Double> = [r.minY, r.minY, r.maxY, r.maxY]
        for k in 0..<4 {
            let h = m.apply(x: xs[k], y: ys[k])
            guard h.w > nearW else { return false }
            p[k] = Point(x: h.x / h.w, y: h.y / h.w)
        }
        var twiceArea = 0.0, yMin = Double.infinity, yMax = -Double.infinity
        for k in 0..<4 {
            twiceArea += p[k].x * p[(k + 1) % 4].y - p[(k + 1) % 4].x * p[k].y
            (yMin, yMax) = (min(yMin, p[k].y), max(yMax, p[k].y))
        }
        guard abs(twiceArea) > 1, twiceArea.isFinite else { return false }
        // The sides as lines a·x + b·y + c ≥ 0 inside, (a, b) a unit normal.
        var sides = InlineArray<4, (a: Double, b: Double, c: Double)>(repeating: (0, 0, 0))
        for k in 0..<4 {
            let s = p[k], e = p[(k + 1) % 4]
            guard (e - s).length > 0 else { return false }
            let inward = (twiceArea > 0 ? 1 : -1) / (e - s).length
            let a = (s.y - e.y) * inward, b = (e.x - s.x) * inward
            sides[k] = (a, b, -(a * s.x + b * s.y))
        }
        let top = max(area.y0, Int(max(yMin, -1e9).rounded(.down))), bottom = min(area.y1, Int(min(yMax, 1e9).rounded(.up)))
        guard top < bottom else { return false }
        let first = runs.count
        var pixels = 0, lastRow = top, left = Int.max, right = Int.min
        for y in top..<bottom {
            // Square x…x + 1 × y…y + 1 lies `margin` inside a side where its worst corner does.
            var lo = Double(area.x0), hi = Double(area.x1)
            for k in 0..<4 {
                let s = sides[k]
                let worstRow = min(s.b * Double(y), s.b * Double(y + 1)) + s.c - margin
                if s.a > 1e-12 {
                    lo = max(lo, (-worstRow / s.a).rounded(.up))
                } else if s.a < -1e-12 {
                    hi = min(hi, (-worstRow / s.a).rounded(.down))
                } else if worstRow < 0 {
                    hi = lo
                }
            }
            // A side all but level gives a bound far off the area (or infinite): held to it.
            lo = min(max(lo, Double(area.x0)), Double(area.x1))
            hi = min(max(hi, Double(area.x0)), Double(area.x1))
            let x0 = Int(lo), x1 = max(x0, Int(hi))
            runs.append(CoveredPixels.Run(x0: Int32(x0), x1: Int32(x1)))
            pixels += x1 - x0
            if x1 > x0 {
                lastRow = y + 1
                (left, right) = (min(left, x0), max(right, x1))
            }
        }
        guard pixels > 0 else {
            runs.removeLast(runs.count - first)
            return false
        }
        runs.removeLast(bottom - lastRow)
        covers.append((order, CoveredPixels.Cover(y0: Int32(top), y1: Int32(lastRow), x0: Int32(left), x1: Int32(right),
                                                  first: Int32(first), pixels: pixels)))
        return true
    }

    /// Fills `out` with the `limit` largest covers of items drawn after place `order`: the
    /// pixels a call holding items up to that place need not draw (their runs in `runs`).
    package func after(_ order: Int, into out: inout [CoveredPixels.Cover]) {
        out.removeAll(keepingCapacity: true)
        for c in covers where c.order > order {
            if out.count < limit {
                out.append(c.rows)
                continue
            }
            var smallest = 0
            for k in out.indices where out[k].pixels < out[smallest].pixels { smallest = k }
            if c.rows.pixels > out[smallest].pixels { out[smallest] = c.rows }
        }
    }
}

/// Pixels a draw call may leave as they are, row by row: each cover's rows y0 ..< y1, row y's
/// columns `runs[first + y − y0]` (x0 ..< x1). It borrows its buffers: the workers of one call
/// read them while the caller holds them, and nobody writes them meanwhile.
package struct CoveredPixels: Sendable {
    package struct Cover: Equatable, Sendable, BitwiseCopyable {
        package var y0: Int32, y1: Int32
        /// The columns x0 ..< x1 hold every run.
        package var x0: Int32, x1: Int32
        /// The run of row y0 in `runs`.
        package var first: Int32
        /// How many pixels its runs hold.
        package var pixels: Int

        package init(y0: Int32, y1: Int32, x0: Int32, x1: Int32, first: Int32, pixels: Int) {
            (self.y0, self.y1, self.x0, self.x1, self.first, self.pixels) = (y0, y1, x0, x1, first, pixels)
        }
    }

    /// Columns x0 ..< x1 of one row.
    package struct Run: Equatable, Sendable, BitwiseCopyable {
        package var x0: Int32, x1: Int32

        package init(x0: Int32, x1: Int32) {
            (self.x0, self.x1) = (x0, x1)
        }
    }

    private let coverMemory: RasterMemory<Cover>, runMemory: RasterMemory<Run>

    package var covers: UnsafeBufferPointer<Cover> { coverMemory.buffer }
    package var runs: UnsafeBufferPointer<Run> { runMemory.buffer }

    package init(covers: UnsafeBufferPointer<Cover>, runs: UnsafeBufferPointer<Run>) {
        coverMemory = RasterMemory(covers)
        runMemory = RasterMemory(runs)
    }

    /// No pixel covered.
    package static var none: CoveredPixels {
        CoveredPixels(covers: UnsafeBufferPointer(start: nil, count: 0), runs: UnsafeBufferPointer(start: nil, count: 0))
    }

    /// These covers that meet columns `left`…`right` of rows `top`…`bottom`, written to
    /// `buffer` (room for all of them).
    func meeting(columns left: Int, _ right: Int, rows top: Int, _ bottom: Int,
                 in buffer: UnsafeMutablePointer<Cover>) -> CoveredPixels {
        var n = 0
        for c in covers where Int(c.y0) <= bottom && top < Int(c.y1) && Int(c.x0) <= right && left < Int(c.x1) {
            buffer[n] = c
            n += 1
        }
        return CoveredPixels(covers: UnsafeBufferPointer(start: buffer, count: n), runs: runs)
    }

    /// The columns of row `y` that `cover` holds (empty off its rows).
    @inline(__always)
    func run(_ cover: Cover, row y: Int) -> (x0: Int, x1: Int) {
        guard Int(cover.y0) <= y && y < Int(cover.y1) else { return (0, 0) }
        let r = runs[Int(cover.first) + y - Int(cover.y0)]
        return (Int(r.x0), Int(r.x1))
    }
}
