import Testing
@testable import SegueRender

/// Textures drawn minified are sampled from halved copies (mipmaps), so fine detail fades to
/// its average instead of shimmering; drawn at size or larger, they are sampled as before.
@MainActor @Suite struct MipmapTests {
    let r = RasterizerTests()

    /// A one-texel checkerboard of black and white, `w` × `h`.
    func checkerboard(_ w: Int, _ h: Int) -> RasterImage {
        let t = RasterImage(width: w, height: h)!
        for y in 0..<h { for x in 0..<w { t.pixels[y * w + x] = (x + y) % 2 == 0 ? 0xFFFF_FFFF : 0xFF00_0000 } }
        return t
    }

    func quad(_ x1: Float, _ y1: Float) -> [RasterVertex] {
        [r.vertex(0, 0, u: 0, v: 0), r.vertex(x1, 0, u: 1, v: 0), r.vertex(x1, y1, u: 1, v: 1), r.vertex(0, y1, u: 0, v: 1)]
    }

    /// Squeezed 3 to 11 times along x, the board is an even grey: the standard deviation of
    /// its pixels stays within 16 levels (sampled from the board itself, 70 or more) — of
    /// odd sides too (441 × 65, as a 375 × 667 screen's are), whose levels, sampled
    /// bilinearly at each texel's centre's drifting place (as OpenGL's generation blits
    /// them), beat against the board in broad dark and light patches.
    @Test(arguments: [3, 5, 8, 11], [440, 441])
    func aSqueezedCheckerboardIsAnEvenGrey(_ factor: Int, _ width: Int) {
        let board = checkerboard(width, width == 440 ? 64 : 65)
        let out = r.image(440 / factor, 64)
        r.draw(quad(Float(440 / factor), 64), on: out, texture: board)
        let greys = (0..<(out.width * out.height)).map { Double(out.pixels[$0] & 0xFF) }
        let mean = greys.reduce(0, +) / Double(greys.count)
        let deviation = (greys.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(greys.count)).squareRoot()
        #expect(deviation <= 16, "×\(factor): deviation \(deviation) levels")
        #expect(abs(mean - 127.5) < 12, "×\(factor): mean \(mean)")
    }

    /// A polygon's level of detail d (log₂ texels a pixel) picks the nearest level; a cell
    /// of a surface whose squeeze changes across it takes the nearest alone within 3/8 of it,
    /// and across the quarter-level between mixes the next in, from none at n + 3/8 to all
    /// at n + 5/8 — half at n + ½, where the nearest level changes. Glyphs take the nearest
    /// level alone, at most `coverageLevelLimit`.
    @Test func theNextLevelIsMixedInAcrossTheQuarterLevelBetween() {
        func choice(_ detail: Float, coverage: Bool = false, mixing: Bool = true) -> [Int] {
            let c = Rasterizer.MipChoice(detail: detail, coverage: coverage, mixing: mixing)
            return [c.level, Int(c.blend)]
        }
        #expect(choice(-2) == [0, 0] && choice(0) == [0, 0] && choice(0.375) == [0, 0])
        // 0.4: a tenth of the way across, 25.6 of 256.
        #expect(choice(0.4) == [0, 26])
        #expect(choice(0.5) == [0, 128] && choice(0.625) == [1, 0] && choice(1) == [1, 0] && choice(1.375) == [1, 0])
        #expect(choice(1.5) == [1, 128] && choice(3) == [3, 0] && choice(20) == [16, 0])
        #expect(choice(0.4, mixing: false) == [0, 0] && choice(0.55, mixing: false) == [1, 0] && choice(1.5, mixing: false) == [2, 0])
        #expect(choice(1.4, coverage: true) == [1, 0] && choice(3.4, coverage: true) == [2, 0])
    }

    /// Two cells of one surface (sharing a side) squeezed just under and just over the
    /// squeeze where the nearest level changes (√2: 1.40 and 1.43 texels a pixel, 2 % apart)
    /// differ as little:
    /// each mixes about half of levels 0 and 1 (113 and 144 of 256 of level 1: deviations 43
    /// and 32 levels), where one took level 0 alone (its moiré, a deviation of about 77
    /// levels) and the other level 1 (an even grey), a hard line between them.
    @Test func noLineWhereTheLevelChanges() {
        let (left, right) = squeezedCells(apart: 0)
        #expect(abs(left - right) <= 12, "deviation \(left) left, \(right) right")
    }

    /// The same two cells a pixel apart (two layers, not one surface) keep their nearest
    /// levels alone, as a layer squeezed alike all over does: level 0's moiré on the left,
    /// level 1's even grey on the right.
    @Test func cellsApartKeepTheirNearestLevels() {
        let (left, right) = squeezedCells(apart: 1)
        #expect(left > 60 && right < 1, "deviation \(left) left, \(right) right")
    }

    /// A one-texel board in two cells of one call, 50 × 16 pixels each, `apart` pixels apart,
    /// squeezed 1.40 and 1.43 times across: the deviations of the greys of their columns away
    /// from their sides.
    func squeezedCells(apart: Float) -> (left: Double, right: Double) {
        let board = checkerboard(256, 16)
        let out = r.image(101, 16)
        func cell(_ x0: Float, _ x1: Float, _ u0: Float, _ u1: Float) -> [RasterVertex] {
            [r.vertex(x0, 0, u: u0, v: 0), r.vertex(x1, 0, u: u1, v: 0), r.vertex(x1, 16, u: u1, v: 1), r.vertex(x0, 16, u: u0, v: 1)]
        }
        r.draw(cell(0, 50, 0, 70 / 256) + cell(50 + apart, 100 + apart, 70 / 256, 141.5 / 256), [0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7],
               on: out, texture: board)
        func deviation(_ columns: Range<Int>) -> Double {
            let greys = columns.flatMap { x in (0..<16).map { Double(out.pixels[$0 * 101 + x] & 0xFF) } }
            let mean = greys.reduce(0, +) / Double(greys.count)
            return (greys.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(greys.count)).squareRoot()
        }
        return (deviation(2..<48), deviation(53..<98))
    }

    /// At size, the board is drawn texel for texel, as without levels.
    @Test func atSizeNothingChanges() {
        let board = checkerboard(32, 32)
        let out = r.image(32, 32)
        r.draw(quad(32, 32), on: out, texture: board)
        for i in 0..<(32 * 32) { #expect(out.pixels[i] == board.pixels[i]) }
    }

    /// A level's texel averages the 2 × 2 under it weighed by alpha: an opaque red beside
    /// three clear texels gives red at a quarter alpha, not a darkened red. An odd side
    /// rounds down, each texel the average of the three it reaches by the share it covers:
    /// 3 × 1 → 1 × 1 is the three's mean, (0 + 128 + 255, 0 + 64 + 255, 0 + 32 + 255) / 3.
    @Test func levelsAverageByAlpha() {
        let t = RasterImage(width: 2, height: 2)!
        t.pixels[0] = 0xFFFF_0000
        t.pixels[1] = 0x0000_FF00; t.pixels[2] = 0x0000_00FF; t.pixels[3] = 0x0012_3456
        t.prepareLevels(upTo: 5)
        #expect(t.level(1).width == 1 && t.level(1).height == 1 && t.level(1).pixels[0] == 0x40FF_0000)
        #expect(t.level(9) === t.level(1))
        // A write is seen in the levels once they are made again.
        t.pixels[3] = 0xFF00_00FF
        t.pixelsChanged(in: PixelRect(x0: 1, y0: 1, x1: 2, y1: 2))
        #expect(t.level(1).pixels[0] == 0x40FF_0000)
        t.prepareLevels(upTo: 1)
        #expect(t.level(1).pixels[0] == 0x8080_0080)
        let odd = RasterImage(width: 3, height: 1)!
        odd.pixels[0] = 0xFF00_0000; odd.pixels[1] = 0xFF80_4020; odd.pixels[2] = 0xFFFF_FFFF
        odd.prepareLevels(upTo: 1)
        #expect(odd.level(1).pixels[0] == 0xFF80_6A60)
    }

    /// An image filled whole and then written in one place (a glyph atlas) makes its levels
    /// from that place only, and they equal levels made from every texel.
    @Test func aFilledImageMakesItsLevelsFromWhatWasWritten() {
        func atlas() -> RasterImage {
            let t = RasterImage(width: 64, height: 32)!
            t.fill(0x00FF_FFFF, t.bounds)
            for y in 10..<13 { for x in 20..<25 { t.pixels[y * 64 + x] = 0xFFFF_FFFF } }
            t.pixelsChanged(in: PixelRect(x0: 20, y0: 10, x1: 25, y1: 13))
            return t
        }
        let fromWritten = atlas()
        fromWritten.prepareLevels(upTo: 3)
        for n in 1...3 { #expect(fromWritten.level(n).width == 64 >> n && fromWritten.level(n).height == 32 >> n) }
        // Level 1 texel (11, 5) covers texels 22…23 × 10…11: all written, opaque.
        #expect(fromWritten.level(1).pixels[5 * 32 + 11] == 0xFFFF_FFFF)
        // Far from the write the levels keep the fill.
        #expect(fromWritten.level(2).pixels[0] == 0x00FF_FFFF && fromWritten.level(3).pixels[3 * 8 + 7] == 0x00FF_FFFF)
        // The same levels as a full pass over a copy not known to be uniform.
        let full = RasterImage(width: 64, height: 32)!
        for i in 0..<(64 * 32) { full.pixels[i] = fromWritten.pixels[i] }
        full.prepareLevels(upTo: 3)
        for n in 1...3 {
            let a = fromWritten.level(n), b = full.level(n)
            #expect((0..<(a.width * a.height)).allSatisfy { a.pixels[$0] == b.pixels[$0] }, "level \(n)")
        }
    }

    /// A polygon takes one mip level, its largest triangle's: a fan whose small half is
    /// squeezed 8 times (which alone would sample level 3) draws both halves at level 0, so
    /// no seam runs between a sharp and a soft half. A triangle that does not share the
    /// fan's first vertex starts the next polygon.
    @Test func aPolygonTakesItsLargestTrianglesLevel() {
        let texture = RasterImage(width: 64, height: 64)!
        // A (0, 0) B (64, 0) C (64, 64): a texel a pixel. A C D with D (0, 8) at v = 1: v
        // runs 64 texels in 8 pixels down the left side.
        let vertices = [r.vertex(0, 0, u: 0, v: 0), r.vertex(64, 0, u: 1, v: 0), r.vertex(64, 64, u: 1, v: 1),
                        r.vertex(0, 8, u: 0, v: 1), r.vertex(0, 0, u: 0, v: 0), r.vertex(8, 0, u: 1, v: 0), r.vertex(0, 8, u: 0, v: 1)]
        let indices: [Int32] = [0, 1, 2, 0, 2, 3, 4, 5, 6]
        #expect(Rasterizer.detail(vertices[0], vertices[2], vertices[3], width: 64, height: 64) == 3)
        vertices.withUnsafeBufferPointer { v in
            indices.withUnsafeBufferPointer { i in
                let first = Rasterizer.polygonDetail(v, i, at: 0, texture: texture)
                #expect(first.detail == 0 && first.end == 6)
                // The last triangle alone: 64 texels in 8 pixels both ways.
                let next = Rasterizer.polygonDetail(v, i, at: 6, texture: texture)
                #expect(next.detail == 3 && next.end == 9)
            }
        }
    }
}
