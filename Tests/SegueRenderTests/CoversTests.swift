import Testing
import Segue
@testable import SegueRender

/// The pixels opaque items surely replace, and the rasterizer leaving them undrawn:
/// hand-worked rects and rows.
@Suite struct CoversTests {
    let area = PixelRect(x0: 0, y0: 0, x1: 1000, y1: 800)

    func item(_ rect: Rect, _ transform: Transform3D = .identity, clip: Int? = nil) -> DisplayList.Item {
        DisplayList.Item(rect: rect, transform: transform, opacity: 1, fill: .color(.white), name: "", clip: clip)
    }

    /// The rows `item` covers, each with its run of columns (rows with none left out).
    func rows(_ item: DisplayList.Item, margin: Double = 0.01, shown: Rect? = nil) -> [Int: Range<Int>]? {
        var covers = Covers()
        guard covers.add(item, drawnAt: 0, within: area, margin: margin, shown: shown) else { return nil }
        var out: [Int: Range<Int>] = [:]
        var chosen: [CoveredPixels.Cover] = []
        covers.after(-1, into: &chosen)
        #expect(chosen.count == 1)
        covers.runs.withUnsafeBufferPointer { runs in
            chosen.withUnsafeBufferPointer { c in
                let pixels = CoveredPixels(covers: c, runs: runs)
                for y in Int(c[0].y0)..<Int(c[0].y1) {
                    let r = pixels.run(c[0], row: y)
                    if r.x0 < r.x1 { out[y] = r.x0..<r.x1 }
                }
            }
        }
        #expect(out.values.map(\.count).reduce(0, +) == chosen[0].pixels)
        return out
    }

    /// Every row of `rows` from `y0` to `y1` (exclusive) the run `x`.
    func rectangle(_ x: Range<Int>, _ y: Range<Int>) -> [Int: Range<Int>] {
        Dictionary(uniqueKeysWithValues: y.map { ($0, x) })
    }

    /// (10.3, 20) to (50.7, 60.5): the squares wholly inside, 0.01 in from each edge, are
    /// columns 11…49 and rows 21…59 (row 20 touches the top edge: not trusted); scaled 2×
    /// and moved by 5, (0, 0, 10, 10) is 5…25, so columns and rows 6…23; cut to the area,
    /// (−50, 700)…(50, 900) is columns 0…48, rows 701…799.
    @Test func thePixelsWhollyInsideAFlatUnturnedItemAreCovered() {
        #expect(rows(item(Rect(x: 10.3, y: 20, width: 40.4, height: 40.5))) == rectangle(11..<50, 21..<60))
        let scaled = Transform3D.makeScale(2, 2, 1).concatenating(.makeTranslation(5, 5, 0))
        #expect(rows(item(Rect(x: 0, y: 0, width: 10, height: 10), scaled)) == rectangle(6..<24, 6..<24))
        #expect(rows(item(Rect(x: -50, y: 700, width: 100, height: 200))) == rectangle(0..<49, 701..<800))
        // Under a pixel wide, nothing is wholly inside.
        #expect(rows(item(Rect(x: 10.2, y: 0, width: 0.9, height: 100))) == nil)
    }

    /// A clipped item covers only what its clip regions surely show: (0, 0, 100, 100) shown
    /// in (10.5, 20, 50, 30) covers columns 11…59 and rows 21…48 (rows 20 and 49 touch the
    /// top and bottom edges); with nothing surely shown, nothing.
    @Test func aClippedItemCoversWhatItsClipSurelyShows() {
        let clipped = item(Rect(x: 0, y: 0, width: 100, height: 100), clip: 0)
        #expect(rows(clipped, shown: Rect(x: 10.5, y: 20, width: 50, height: 30)) == rectangle(11..<60, 21..<49))
        #expect(rows(clipped) == nil)
        #expect(rows(clipped, shown: Rect(x: 200, y: 0, width: 50, height: 50)) == nil)
    }

    /// A square of side 50·√2 turned 45° about (100, 100) is the diamond |x − 100| + |y − 100|
    /// ≤ 50. A quarter pixel in (a side 0.25·√2 nearer in x + y), a pixel square's corners
    /// must lie within 49.646: row 100 (y 100…101, worst |y − 100| = 1) keeps |x′ − 100| ≤
    /// 48.646 for x′ = x and x + 1, so columns 52…147; row 60 (worst 40) keeps ≤ 9.646, so
    /// columns 91…108; row 52 (worst 48) keeps ≤ 1.646, so columns 99…100, and row 51 none:
    /// the rows reach from 52 to 147.
    @Test func aTurnedItemCoversTheSquaresWhollyInsideItsImage() {
        let side = 50 * 2.0.squareRoot()
        let turned = Transform3D.makeRotation(.pi / 4, 0, 0, 1).concatenating(.makeTranslation(100, 100, 0))
        let covered = rows(item(Rect(x: -side / 2, y: -side / 2, width: side, height: side), turned), margin: 0.25)!
        #expect(covered[100] == 52..<148)
        #expect(covered[60] == 91..<109)
        #expect(covered[52] == 99..<101 && covered.keys.min() == 52 && covered.keys.max() == 147)
    }

    /// Turned by a hair (the last frames of a turn easing back to 0), a side is all but
    /// level: its bound on the columns of the row it crosses lies far off the area, and
    /// is held to it; the rows inside are whole.
    @Test func anItemTurnedByAHairCoversItsInside() {
        let r = Rect(x: 10.5, y: 20.5, width: 300, height: 200)
        for angle in [1e-11, 3e-10, -2e-10] {
            let covered = rows(item(r, .makeRotation(angle, 0, 0, 1)))
            #expect(covered?[100] == 11..<310, "\(angle)")
            #expect(covered?.keys.min() == 21 && covered?.keys.max() == 219, "\(angle)")
        }
    }

    /// In perspective the image is still a convex quad: every covered square's corners lie
    /// inside it (checked against its projected corners), and the squares wholly inside
    /// that lie a pixel from every side are all covered. Reaching the eye plane, or
    /// clipped, an item covers nothing.
    @Test func anItemInPerspectiveCoversTheSquaresInsideItsProjectedImage() {
        let r = Rect(x: 0, y: 0, width: 600, height: 400)
        let m = Transform3D.makeTranslation(-300, -200, 0).concatenating(.makeRotation(0.7, 1, 0, 0))
            .concatenating(.makeRotation(0.4, 0, 1, 0)).concatenating(.makePerspective(distance: 700))
            .concatenating(.makeTranslation(500, 400, 0))
        let covered = rows(item(r, m))!
        let corners = [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)].map { m.project(Point(x: $0.0, y: $0.1))! }
        /// The least distance of (x, y) inside the quad's sides (negative outside).
        func depth(_ x: Double, _ y: Double) -> Double {
            var orientation = 0.0
            for k in 0..<4 { orientation += corners[k].x * corners[(k + 1) % 4].y - corners[(k + 1) % 4].x * corners[k].y }
            return (0..<4).map { k in
                let s = corners[k], e = corners[(k + 1) % 4]
                return ((e.x - s.x) * (y - s.y) - (e.y - s.y) * (x - s.x)) / (e - s).length * (orientation > 0 ? 1 : -1)
            }.min()!
        }
        var inner = 0
        for y in 0..<800 {
            for x in 0..<1000 {
                let worst = [(0, 0), (1, 0), (0, 1), (1, 1)].map { depth(Double(x + $0.0), Double(y + $0.1)) }.min()!
                let isCovered = covered[y]?.contains(x) ?? false
                if isCovered { #expect(worst >= 0.01 - 1e-9, "(\(x), \(y)) covered, \(worst) inside") }
                if worst >= 1 {
                    inner += 1
                    #expect(isCovered, "(\(x), \(y)) lies \(worst) inside, not covered")
                }
            }
        }
        #expect(inner > 100_000)
        let throughTheEye = Transform3D.makeRotation(-80 * .pi / 180, 0, 1, 0).concatenating(.makePerspective(distance: 500))
        #expect(rows(item(Rect(x: 0, y: 0, width: 1000, height: 600), throughTheEye)) == nil)
        #expect(rows(item(r, m, clip: 0)) == nil)
    }

    /// A call is given the covers of items drawn after its last, the largest `limit` of them.
    @Test func aCallGetsTheLargestCoversDrawnAfterIt() {
        var covers = Covers()
        covers.limit = 2
        let big = Rect(x: 0, y: 0, width: 100, height: 100), mid = Rect(x: 0, y: 0, width: 50, height: 50)
        let small = Rect(x: 0, y: 0, width: 10, height: 10)
        for (rect, place) in [(big, 1), (small, 3), (mid, 4), (small, 5)] {
            let added = covers.add(item(rect), drawnAt: place, within: area, margin: 0.01)
            #expect(added)
        }
        var out: [CoveredPixels.Cover] = []
        covers.after(0, into: &out)
        // 0.01 in from (0, 0)…(100, 100): columns and rows 1…98.
        #expect(out.map(\.pixels).sorted() == [48 * 48, 98 * 98])
        covers.after(1, into: &out)
        #expect(out.map(\.pixels).sorted() == [8 * 8, 48 * 48])
        covers.after(5, into: &out)
        #expect(out.isEmpty)
    }

    /// Covers of whole rects, for the rasterizer: their runs a row each.
    func covered(_ rects: [PixelRect]) -> (covers: [CoveredPixels.Cover], runs: [CoveredPixels.Run]) {
        var covers: [CoveredPixels.Cover] = [], runs: [CoveredPixels.Run] = []
        for r in rects {
            covers.append(CoveredPixels.Cover(y0: Int32(r.y0), y1: Int32(r.y1), x0: Int32(r.x0), x1: Int32(r.x1), first: Int32(runs.count),
                                              pixels: (r.x1 - r.x0) * (r.y1 - r.y0)))
            runs.append(contentsOf: repeatElement(CoveredPixels.Run(x0: Int32(r.x0), x1: Int32(r.x1)), count: r.y1 - r.y0))
        }
        return (covers, runs)
    }

    func with(_ rects: [PixelRect], _ body: (CoveredPixels) -> Void) {
        let (covers, runs) = covered(rects)
        covers.withUnsafeBufferPointer { c in runs.withUnsafeBufferPointer { r in body(CoveredPixels(covers: c, runs: r)) } }
    }

    /// Columns 0…20 of row 7 less [3, 6), [5, 10) and [15, 30) (and a rect on other rows):
    /// the runs 0…2 and 10…14.
    @Test func aRowIsPaintedInTheRunsNoCoverHolds() {
        let rects = [PixelRect(x0: 3, y0: 0, x1: 6, y1: 8), PixelRect(x0: 5, y0: 7, x1: 10, y1: 9),
                     PixelRect(x0: 15, y0: 7, x1: 30, y1: 8), PixelRect(x0: 0, y0: 8, x1: 30, y1: 20)]
        var runs: [ClosedRange<Int>] = []
        with(rects) { c in Rasterizer.uncovered(0, 20, row: 7, c) { runs.append($0...$1) } }
        #expect(runs == [0...2, 10...14])
        runs.removeAll()
        with(rects) { c in Rasterizer.uncovered(4, 12, row: 8, c) { runs.append($0...$1) } }
        #expect(runs.isEmpty)
    }

    /// The covers a triangle's box meets: of [3, 6) × rows 0…7 and [15, 30) × row 7, the box
    /// columns 0…10 of rows 5…9 meets the first only; columns 6…14 of rows 0…6 neither (the
    /// first ends before column 6, the second starts at row 7).
    @Test func aTriangleLooksOnlyAtTheCoversItsBoxMeets() {
        let rects = [PixelRect(x0: 3, y0: 0, x1: 6, y1: 8), PixelRect(x0: 15, y0: 7, x1: 30, y1: 8)]
        let buffer = UnsafeMutablePointer<CoveredPixels.Cover>.allocate(capacity: rects.count)
        defer { buffer.deallocate() }
        with(rects) { c in
            #expect(Array(c.meeting(columns: 0, 10, rows: 5, 9, in: buffer).covers) == [c.covers[0]])
            #expect(c.meeting(columns: 6, 14, rows: 0, 6, in: buffer).covers.isEmpty)
            #expect(Array(c.meeting(columns: 5, 15, rows: 7, 7, in: buffer).covers) == Array(c.covers))
        }
    }

    /// A fill sparing covers sets every other pixel, and leaves theirs.
    @Test func aFillSparesTheCoveredPixels() {
        let image = RasterImage(width: 30, height: 20)!
        image.fill(0xFF00_0000, image.bounds)
        let rects = [PixelRect(x0: 3, y0: 2, x1: 9, y1: 12), PixelRect(x0: 6, y0: 10, x1: 40, y1: 15)]
        with(rects) { image.fill(0xFFFF_FFFF, image.bounds, sparing: $0) }
        for y in 0..<20 {
            for x in 0..<30 {
                let spared = rects.contains { $0.x0 <= x && x < $0.x1 && $0.y0 <= y && y < $0.y1 }
                #expect(image.pixels[y * 30 + x] == (spared ? 0xFF00_0000 : 0xFFFF_FFFF), "(\(x), \(y))")
            }
        }
    }

    /// A triangle pair drawn with covers leaves exactly the covered pixels as they were, and
    /// paints the rest as it does without them — hard edges or anti-aliased.
    @Test(arguments: [false, true])
    func coveredPixelsAreLeftAndTheRestPaintedAlike(_ antialiased: Bool) {
        let w = 40, h = 30
        let vertices = [(3.3, 2.6), (36.2, 4.1), (33.7, 27.4), (5.1, 25.8)].map { p in
            RasterVertex(x: Float(p.0), y: Float(p.1), r: 200, g: 90, b: 30, a: 180)
        }
        let indices: [Int32] = [0, 1, 2, 0, 2, 3]
        // The quad's four sides, inside positive (it winds clockwise on screen, y down).
        var lines: [EdgeLine] = []
        for k in 0..<4 {
            let p = vertices[k], q = vertices[(k + 1) % 4]
            let a = Double(p.y - q.y), b = Double(q.x - p.x)
            lines.append(EdgeLine(a: a, b: b, c: -(a * Double(p.x) + b * Double(p.y)))!)
        }
        let ranges = [Rasterizer.EdgeRange](repeating: .init(first: 0, count: 4), count: 2)
        let covered = [PixelRect(x0: 8, y0: 5, x1: 20, y1: 15), PixelRect(x0: 15, y0: 10, x1: 45, y1: 12)]
        func render(_ covers: [PixelRect]) -> [UInt32] {
            let image = RasterImage(width: w, height: h)!
            for i in 0..<(w * h) { image.pixels[i] = 0xFF00_0000 | UInt32(i &* 2_654_435_761 >> 8 & 0xFF_FFFF) }
            let rasterizer = Rasterizer(.init(parallelArea: 0))
            vertices.withUnsafeBufferPointer { v in
                indices.withUnsafeBufferPointer { i in
                    lines.withUnsafeBufferPointer { l in
                        ranges.withUnsafeBufferPointer { r in
                            with(covers) { c in
                                rasterizer.draw(v, i, edges: antialiased ? .init(lines: l, ranges: r) : nil, texture: nil, blended: true,
                                                into: image, clip: image.bounds, covered: c)
                            }
                        }
                    }
                }
            }
            return Array(UnsafeBufferPointer(start: image.pixels, count: w * h))
        }
        let before = render([PixelRect(x0: 0, y0: 0, x1: w, y1: h)]), plain = render([]), skipped = render(covered)
        #expect(zip(plain, before).contains { $0 != $1 })
        for y in 0..<h {
            for x in 0..<w {
                let isCovered = covered.contains { $0.x0 <= x && x < $0.x1 && $0.y0 <= y && y < $0.y1 }
                #expect(skipped[y * w + x] == (isCovered ? before : plain)[y * w + x], "pixel (\(x), \(y))")
            }
        }
    }
}
