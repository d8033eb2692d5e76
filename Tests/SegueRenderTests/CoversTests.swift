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

    /// (10.3, 20) to (50.7, 60.5): the squares wholly inside, 0.01 in from each edge, are
    /// columns 11…49 and rows 21…59 (row 20 touches the top edge: not trusted); scaled 2×
    /// and moved by 5, (0, 0, 10, 10) is 5…25, so columns and rows 6…23; cut to the area,
    /// (−50, 700)…(50, 900) is columns 0…48, rows 701…799.
    @Test func thePixelsWhollyInsideAFlatUnturnedItemAreCovered() {
        #expect(Covers.pixels(of: item(Rect(x: 10.3, y: 20, width: 40.4, height: 40.5)), within: area, margin: 0.01)
            == PixelRect(x0: 11, y0: 21, x1: 50, y1: 60))
        let scaled = Transform3D.makeScale(2, 2, 1).concatenating(.makeTranslation(5, 5, 0))
        #expect(Covers.pixels(of: item(Rect(x: 0, y: 0, width: 10, height: 10), scaled), within: area, margin: 0.01)
            == PixelRect(x0: 6, y0: 6, x1: 24, y1: 24))
        #expect(Covers.pixels(of: item(Rect(x: -50, y: 700, width: 100, height: 200)), within: area, margin: 0.01)
            == PixelRect(x0: 0, y0: 701, x1: 49, y1: 800))
        // Under a pixel wide, nothing is wholly inside.
        #expect(Covers.pixels(of: item(Rect(x: 10.2, y: 0, width: 0.9, height: 100)), within: area, margin: 0.01) == nil)
    }

    /// Turned, in perspective (cut into cells that may leave pinholes) or clipped, an item
    /// covers nothing that can be trusted.
    @Test func turnedTiltedOrClippedItemsCoverNothing() {
        let r = Rect(x: 100, y: 100, width: 300, height: 200)
        #expect(Covers.pixels(of: item(r, .makeRotation(0.1, 0, 0, 1)), within: area, margin: 0.01) == nil)
        let tilted = Transform3D.makeRotation(0.3, 0, 1, 0).concatenating(.makePerspective(distance: 800))
        #expect(Covers.pixels(of: item(r, tilted), within: area, margin: 0.01) == nil)
        #expect(Covers.pixels(of: item(r, clip: 0), within: area, margin: 0.01) == nil)
    }

    /// A call is given the covers of items drawn after its last, the largest `limit` of them.
    @Test func aCallGetsTheLargestCoversDrawnAfterIt() {
        var covers = Covers()
        covers.limit = 2
        let big = PixelRect(x0: 0, y0: 0, x1: 100, y1: 100), mid = PixelRect(x0: 0, y0: 0, x1: 50, y1: 50)
        let small = PixelRect(x0: 0, y0: 0, x1: 10, y1: 10)
        covers.add(big, drawnAt: 1)
        covers.add(small, drawnAt: 3)
        covers.add(mid, drawnAt: 4)
        covers.add(small, drawnAt: 5)
        var out: [PixelRect] = []
        covers.after(0, into: &out)
        #expect(out.count == 2 && out.contains(big) && out.contains(mid))
        covers.after(1, into: &out)
        #expect(out.count == 2 && out.contains(mid) && out.contains(small))
        covers.after(5, into: &out)
        #expect(out.isEmpty)
    }

    /// Columns 0…20 of row 7 less [3, 6), [5, 10) and [15, 30) (and a rect on other rows):
    /// the runs 0…2 and 10…14.
    @Test func aRowIsPaintedInTheRunsNoCoverHolds() {
        let covered = [PixelRect(x0: 3, y0: 0, x1: 6, y1: 8), PixelRect(x0: 5, y0: 7, x1: 10, y1: 9),
                       PixelRect(x0: 15, y0: 7, x1: 30, y1: 8), PixelRect(x0: 0, y0: 8, x1: 30, y1: 20)]
        var runs: [ClosedRange<Int>] = []
        covered.withUnsafeBufferPointer { c in Rasterizer.uncovered(0, 20, row: 7, c) { runs.append($0...$1) } }
        #expect(runs == [0...2, 10...14])
        runs.removeAll()
        covered.withUnsafeBufferPointer { c in Rasterizer.uncovered(4, 12, row: 8, c) { runs.append($0...$1) } }
        #expect(runs.isEmpty)
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
            var rasterizer = Rasterizer()
            rasterizer.parallelArea = 0
            vertices.withUnsafeBufferPointer { v in
                indices.withUnsafeBufferPointer { i in
                    lines.withUnsafeBufferPointer { l in
                        ranges.withUnsafeBufferPointer { r in
                            covers.withUnsafeBufferPointer { c in
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
