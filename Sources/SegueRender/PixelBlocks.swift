/// A set of an image's pixels kept as whole blocks of `side` × `side`: where a frame was
/// written since it last matched its kept copy (`RasterBackend`), so that beginning the next
/// frame from the kept one copies those blocks alone, not the whole frame.
///
/// It only grows by what it is told (`insert`), a pixel's whole block at a time: a superset of
/// the pixels written. Nothing is allocated once made but by copying it while it changes.
package struct PixelBlocks: Equatable, Sendable {
    /// A block's side, pixels.
    package static let side = 32

    package let width: Int, height: Int
    /// Blocks a row of them, and rows of blocks.
    let columns: Int, rows: Int
    /// One bit a block, row by row of blocks, 64 a word.
    private var words: [UInt64]

    /// No pixel of a `width` × `height` image.
    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        columns = (self.width + Self.side - 1) / Self.side
        rows = (self.height + Self.side - 1) / Self.side
        words = [UInt64](repeating: 0, count: (columns * rows + 63) / 64)
    }

    /// Forgets every pixel.
    package mutating func removeAll() {
        for i in words.indices { words[i] = 0 }
    }

    /// Adds every pixel of the image.
    package mutating func insertAll() {
        insert(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
    }

    /// Adds the blocks `rect` meets (any part outside the image ignored).
    package mutating func insert(_ rect: PixelRect) {
        let (width, height, columns) = (width, height, columns)
        words.withUnsafeMutableBufferPointer { Self.mark(rect, width: width, height: height, columns: columns, in: $0) }
    }

    /// Sets the bits of the blocks `rect` meets in `words` (of an image `width` × `height`,
    /// `columns` blocks a row): the words borrowed once for many rects.
    private static func mark(_ rect: PixelRect, width: Int, height: Int, columns: Int, in words: UnsafeMutableBufferPointer<UInt64>) {
        let r = rect.intersection(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
        guard !r.isEmpty else { return }
        let c0 = r.x0 / Self.side, c1 = (r.x1 - 1) / Self.side
        for row in (r.y0 / Self.side)...((r.y1 - 1) / Self.side) {
            for column in c0...c1 {
                let bit = row * columns + column
                words[bit >> 6] |= 1 << UInt64(bit & 63)
            }
        }
    }

    /// Adds the pixels a draw call's triangles may paint within `clip`: in each row of blocks
    /// a triangle meets, the columns its part there spans, grown by `margin` pixels every way
    /// (an anti-aliased edge's fringe reaches a pixel past it) — a turned tile marks the
    /// blocks along it, not its whole box. A triangle with a corner far off or not finite
    /// adds the whole clip.
    package mutating func insert(triangles vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>,
                                 margin: Float, clip: PixelRect) {
        let bounds = clip.intersection(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
        guard !bounds.isEmpty else { return }
        let (width, height, columns) = (width, height, columns)
        words.withUnsafeMutableBufferPointer { words in
            Self.mark(triangles: vertices, indices, margin: margin, clip: clip, bounds: bounds, width: width, height: height, columns: columns,
                      in: words)
        }
    }

    /// `insert(triangles:)` into `words`, `bounds` the clip within the image.
    private static func mark(triangles vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>, margin: Float,
                             clip: PixelRect, bounds: PixelRect, width: Int, height: Int, columns: Int,
                             in words: UnsafeMutableBufferPointer<UInt64>) {
        func mark(_ r: PixelRect) { Self.mark(r, width: width, height: height, columns: columns, in: words) }
        var k = 0
        while k + 2 < indices.count {
            let a = vertices[Int(indices[k])], b = vertices[Int(indices[k + 1])], c = vertices[Int(indices[k + 2])]
            k += 3
            let y0 = min(a.y, b.y, c.y) - margin, y1 = max(a.y, b.y, c.y) + margin
            guard min(a.x, b.x, c.x) > -Rasterizer.farOff, y0 > -Rasterizer.farOff,
                  max(a.x, b.x, c.x) < Rasterizer.farOff, y1 < Rasterizer.farOff else {
                // (Not finite fails each comparison too.)
                mark(clip)
                return
            }
            let top = max(bounds.y0, Int(y0.rounded(.down))), bottom = min(bounds.y1, Int(y1.rounded(.up)) + 1)
            guard top < bottom else { continue }
            for row in (top / Self.side)...((bottom - 1) / Self.side) {
                // The triangle's part within the row's pixels grown by the margin: its x
                // extent is that of its sides' parts there (it is convex).
                let low = Float(row * Self.side) - margin, high = Float((row + 1) * Self.side) + margin
                var left = Float.infinity, right = -Float.infinity
                Self.widen(&left, &right, by: a, b, within: low, high)
                Self.widen(&left, &right, by: b, c, within: low, high)
                Self.widen(&left, &right, by: c, a, within: low, high)
                guard left <= right else { continue }
                mark(PixelRect(x0: Int((left - margin).rounded(.down)), y0: max(top, row * Self.side),
                               x1: Int((right + margin).rounded(.up)) + 1, y1: min(bottom, (row + 1) * Self.side)).intersection(bounds))
            }
        }
    }

    /// Widens left…right to the x at the ends of the part of the segment p q whose y lies in
    /// low…high (unchanged if none does).
    @inline(__always)
    static func widen(_ left: inout Float, _ right: inout Float, by p: RasterVertex, _ q: RasterVertex,
                      within low: Float, _ high: Float) {
        var from: Float = 0, to: Float = 1
        let dy = q.y - p.y
        if dy == 0 {
            guard p.y >= low && p.y <= high else { return }
        } else {
            let t0 = (low - p.y) / dy, t1 = (high - p.y) / dy
            from = max(0, min(t0, t1))
            to = min(1, max(t0, t1))
            guard from <= to else { return }
        }
        let dx = q.x - p.x, x0 = p.x + dx * from, x1 = p.x + dx * to
        left = min(left, x0, x1)
        right = max(right, x0, x1)
    }

    /// Calls `body` with each run lo…hi of columns of pixel row `y`, within `from`…`to`, whose
    /// blocks the set holds, left to right. (Found a word of blocks at a time: a frame's
    /// copy asks it of every row.)
    @inline(__always)
    package func runs(row y: Int, from: Int, to: Int, _ body: (Int, Int) -> Void) {
        guard y >= 0, y < height, from <= to else { return }
        let base = (y / Self.side) * columns
        let last = base + min(to, width - 1) / Self.side
        var bit = base + max(0, from) / Self.side
        while let start = next(from: bit, through: last, held: true) {
            let end = next(from: start + 1, through: last, held: false) ?? last + 1
            body(max(from, (start - base) * Self.side), min(to, (end - base) * Self.side - 1))
            bit = end + 1
        }
    }

    /// The first block from bit `bit` through `last` that the set holds (`held`) or not; nil
    /// where there is none.
    @inline(__always)
    private func next(from bit: Int, through last: Int, held: Bool) -> Int? {
        var bit = bit
        while bit <= last {
            let word = held ? words[bit >> 6] : ~words[bit >> 6]
            let ahead = word & (~0 << UInt64(bit & 63))
            if ahead != 0 {
                let found = (bit & ~63) + ahead.trailingZeroBitCount
                return found <= last ? found : nil
            }
            bit = (bit | 63) + 1
        }
        return nil
    }
}
