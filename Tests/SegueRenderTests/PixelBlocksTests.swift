import Testing
@testable import SegueRender
import SegueTestSupport

/// The blocks of a frame written since it was kept (`PixelBlocks`): hand-worked sets and
/// the runs of a row they give.
@Suite struct PixelBlocksTests {
    /// The runs of row `y` within `from`…`to`.
    func runs(_ blocks: PixelBlocks, row y: Int, from: Int = 0, to: Int) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        blocks.runs(row: y, from: from, to: to) { out.append($0...$1) }
        return out
    }

    /// A rect marks every 32 × 32 block it meets, whole; rows of other blocks give nothing,
    /// and runs are cut to the columns asked for.
    @Test func aRectMarksTheBlocksItMeets() {
        var blocks = PixelBlocks(width: 200, height: 100)
        #expect(runs(blocks, row: 10, to: 199).isEmpty)
        blocks.insert(PixelRect(x0: 40, y0: 10, x1: 70, y1: 33))   // columns 32…95, rows 0…63
        #expect(runs(blocks, row: 0, to: 199) == [32...95])
        #expect(runs(blocks, row: 63, to: 199) == [32...95])
        #expect(runs(blocks, row: 64, to: 199).isEmpty)
        #expect(runs(blocks, row: 5, from: 50, to: 60) == [50...60])
        blocks.insert(PixelRect(x0: 190, y0: 0, x1: 300, y1: 1))   // blocks 5 and 6 (160…199), cut to the image
        #expect(runs(blocks, row: 20, to: 199) == [32...95, 160...199])
        blocks.removeAll()
        #expect(runs(blocks, row: 20, to: 199).isEmpty)
        blocks.insertAll()
        #expect(runs(blocks, row: 99, to: 199) == [0...199])
    }

    /// Rects in an image whose rows of blocks straddle the 64-block words (94 blocks a row):
    /// each marks exactly the blocks it meets, as marking them one by one does, and a row's
    /// runs, whole or within a window of columns, are those blocks'.
    @Test func rectsAcrossWordsMarkTheBlocksTheyMeet() {
        var rng = SeededGenerator(seed: 0xB10C)
        for _ in 0..<60 {
            var blocks = PixelBlocks(width: 3000, height: 200)
            var marked = Set<Int>()   // row of blocks · 94 + column
            for _ in 0..<3 {
                let x0 = Int.random(in: -40..<3000, using: &rng), y0 = Int.random(in: -40..<200, using: &rng)
                let rect = PixelRect(x0: x0, y0: y0, x1: x0 + Int.random(in: 1...3100, using: &rng), y1: y0 + Int.random(in: 1...90, using: &rng))
                blocks.insert(rect)
                let r = rect.intersection(PixelRect(x0: 0, y0: 0, x1: 3000, y1: 200))
                guard !r.isEmpty else { continue }
                for row in (r.y0 / 32)...((r.y1 - 1) / 32) {
                    for column in (r.x0 / 32)...((r.x1 - 1) / 32) { marked.insert(row * 94 + column) }
                }
            }
            for row in 0..<7 {
                var expected: [ClosedRange<Int>] = []
                for column in 0..<94 where marked.contains(row * 94 + column) {
                    let x = column * 32...min(2999, column * 32 + 31)
                    if let last = expected.last, last.upperBound + 1 == x.lowerBound {
                        expected[expected.count - 1] = last.lowerBound...x.upperBound
                    } else {
                        expected.append(x)
                    }
                }
                #expect(runs(blocks, row: row * 32, to: 2999) == expected)
                // Within a window of columns, the same runs cut to it.
                let a = Int.random(in: 0..<3000, using: &rng), b = Int.random(in: a..<3000, using: &rng)
                let cut = expected.compactMap { r in max(r.lowerBound, a) <= min(r.upperBound, b) ? max(r.lowerBound, a)...min(r.upperBound, b) : nil }
                #expect(runs(blocks, row: min(row * 32 + 31, 199), from: a, to: b) == cut)
            }
        }
    }

    /// A draw call's triangles mark what they meet grown by the margin, within the clip; one
    /// with a corner far off (or not finite) marks the whole clip.
    @Test func trianglesMarkWhatTheyMeetGrownWithinTheClip() {
        var blocks = PixelBlocks(width: 256, height: 64)
        let vertices = [RasterVertex(x: 70, y: 5, r: 0, g: 0, b: 0, a: 255), RasterVertex(x: 90, y: 5, r: 0, g: 0, b: 0, a: 255),
                        RasterVertex(x: 80, y: 20, r: 0, g: 0, b: 0, a: 255), RasterVertex(x: 2e7, y: 5, r: 0, g: 0, b: 0, a: 255)]
        let clip = PixelRect(x0: 0, y0: 0, x1: 128, y1: 64)
        vertices.withUnsafeBufferPointer { v in
            [Int32(0), 1, 2].withUnsafeBufferPointer { blocks.insert(triangles: v, $0, margin: 2, clip: clip) }
        }
        // x 68…92 (+1), y 3…22 (+1): blocks 2 (64…95), row 0.
        #expect(runs(blocks, row: 0, to: 255) == [64...95])
        #expect(runs(blocks, row: 40, to: 255).isEmpty)
        vertices.withUnsafeBufferPointer { v in
            [Int32(0), 1, 3].withUnsafeBufferPointer { blocks.insert(triangles: v, $0, margin: 2, clip: clip) }
        }
        #expect(runs(blocks, row: 40, to: 255) == [0...127])
    }

    /// A thin triangle across the image marks, in each row of blocks, the blocks its part
    /// there spans grown by the margin — not its box (every block).
    @Test func aDiagonalTriangleMarksTheBlocksAlongIt() {
        var blocks = PixelBlocks(width: 256, height: 128)
        let vertices = [RasterVertex(x: 2, y: 2, r: 0, g: 0, b: 0, a: 255), RasterVertex(x: 6, y: 2, r: 0, g: 0, b: 0, a: 255),
                        RasterVertex(x: 254, y: 126, r: 0, g: 0, b: 0, a: 255)]
        vertices.withUnsafeBufferPointer { v in
            [Int32(0), 1, 2].withUnsafeBufferPointer { blocks.insert(triangles: v, $0, margin: 2, clip: PixelRect(x0: 0, y0: 0, x1: 256, y1: 128)) }
        }
        // Rows of blocks grown to y −2…34, 30…66, 62…98, 94…130: x 2…70, 58.9…134, 123.9…198,
        // 189.0…254, grown by 2 and to whole pixels.
        #expect(runs(blocks, row: 10, to: 255) == [0...95])
        #expect(runs(blocks, row: 40, to: 255) == [32...159])
        #expect(runs(blocks, row: 70, to: 255) == [96...223])
        #expect(runs(blocks, row: 100, to: 255) == [160...255])
    }
}
