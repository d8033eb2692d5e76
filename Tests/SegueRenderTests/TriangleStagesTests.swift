import Foundation
import Testing
import SegueTestSupport
@testable import SegueRender

/// The rasterizer's three stages apart: a triangle's setup (`TriangleSetup`), the walk down
/// its rows (`RowWalk`) and the painting of a row's runs (`TriangleSpans`), each against
/// hand-worked values and an independent inside test.
@Suite struct TriangleStagesTests {
    func vertex(_ x: Float, _ y: Float, _ argb: UInt32 = 0xFFFF_FFFF) -> RasterVertex {
        RasterVertex(x: x, y: y, r: UInt8(argb >> 16 & 0xFF), g: UInt8(argb >> 8 & 0xFF), b: UInt8(argb & 0xFF), a: UInt8(argb >> 24))
    }

    let wide = PixelRect(x0: -1000, y0: -1000, x1: 1000, y1: 1000)

    /// The columns each row of the walk finds, from the setup's top to its bottom.
    func rows(_ setup: Rasterizer.TriangleSetup, columns: ClosedRange<Int> = -1000...999) -> [Int: ClosedRange<Int>] {
        var walk = Rasterizer.RowWalk(setup.sides, from: setup.top), found: [Int: ClosedRange<Int>] = [:]
        while walk.row <= setup.bottom {
            let y = walk.row, (lo, hi) = walk.next(within: columns)
            if lo <= hi { found[y] = lo...hi }
        }
        return found
    }

    // MARK: Setup

    /// Rows are those whose centres the corners' box reaches, cut to the clip; the corners
    /// snap to 1/256 pixel.
    @Test func theRowsAreThoseWhoseCentresTheBoxReaches() throws {
        let setup = try #require(Rasterizer.TriangleSetup(vertex(0.5, 1.2), vertex(10, 1.2), vertex(3, 7.9), clip: wide))
        // Centres at y + ½: the first at or below 1.2 is row 1 (1.5); the last at or above 7.9 is row 7 (7.5).
        #expect((setup.top, setup.bottom) == (1, 7))
        #expect((setup.left, setup.right) == (128, 2560))
        let cut = try #require(Rasterizer.TriangleSetup(vertex(0.5, 1.2), vertex(10, 1.2), vertex(3, 7.9),
                                                         clip: PixelRect(x0: 0, y0: 0, x1: 20, y1: 5)))
        #expect((cut.top, cut.bottom) == (1, 4))
    }

    /// No area, a corner far off or not a number, or no row of the clip: nothing to set up.
    @Test func whatPaintsNothingIsNotSetUp() {
        #expect(Rasterizer.TriangleSetup(vertex(0, 0), vertex(4, 4), vertex(8, 8), clip: wide) == nil)
        #expect(Rasterizer.TriangleSetup(vertex(0, 0), vertex(4, 0), vertex(0, .nan), clip: wide) == nil)
        #expect(Rasterizer.TriangleSetup(vertex(0, 0), vertex(4_000_000, 0), vertex(0, 4), clip: wide) == nil)
        // Between two rows' centres: y from 0.6 to 1.4 holds none.
        #expect(Rasterizer.TriangleSetup(vertex(0, 0.6), vertex(9, 0.6), vertex(4, 1.4), clip: wide) == nil)
        #expect(Rasterizer.TriangleSetup(vertex(0, 0), vertex(4, 0), vertex(0, 4), clip: PixelRect(x0: 0, y0: 10, x1: 9, y1: 20)) == nil)
    }

    /// A triangle turning the other way is turned (v1 and v2 swapped, their shades too), so
    /// it paints the same pixels.
    @Test func aTriangleEitherWayRoundPaintsTheSamePixels() throws {
        let shades = (VertexShade(q: 1), VertexShade(q: 2), VertexShade(q: 3), VertexShade(q: 4))
        let one = try #require(Rasterizer.TriangleSetup(vertex(1, 1), vertex(9, 2), vertex(3, 8), clip: wide))
        let other = try #require(Rasterizer.TriangleSetup(vertex(1, 1), vertex(3, 8), vertex(9, 2), shades: shades, clip: wide))
        #expect(rows(one) == rows(other))
        #expect(other.corners.1.x == 9 && other.corners.2.x == 3)
        #expect(other.shades.map { [$0.0.q, $0.1.q, $0.2.q, $0.3.q] } == [1, 3, 2, 4])
    }

    /// Planes through the corners' values: over (0, 0), (4, 0), (0, 2) the values 0, 8, 6
    /// change by 2 a pixel along x and 3 along y.
    @Test func aPlaneChangesAsItsCornersSay() throws {
        let setup = try #require(Rasterizer.TriangleSetup(vertex(0, 0), vertex(4, 0), vertex(0, 2), clip: wide))
        let (dx, dy) = setup.plane(SIMD4(repeating: 0), SIMD4(repeating: 8), SIMD4(repeating: 6))
        #expect(dx == SIMD4(repeating: 2) && dy == SIMD4(repeating: 3))
    }

    /// A worker's first band: every second band of 32 rows from its own, the first that
    /// meets the rows.
    @Test func aWorkerStartsAtItsFirstBandTheTriangleMeets() throws {
        let tall = try #require(Rasterizer.TriangleSetup(vertex(0, 40), vertex(9, 40), vertex(0, 101), clip: wide))
        #expect((tall.top, tall.bottom) == (40, 100))
        #expect(tall.firstBand(of: 32, worker: 0, of: 2) == 64)
        #expect(tall.firstBand(of: 32, worker: 1, of: 2) == 32)
        let short = try #require(Rasterizer.TriangleSetup(vertex(0, 40), vertex(9, 40), vertex(0, 51), clip: wide))
        #expect(short.firstBand(of: 32, worker: 0, of: 2) == nil)
        #expect(short.firstBand(of: 32, worker: 1, of: 2) == 32)
    }

    // MARK: Row walk

    /// The half square (0, 0), (4, 0), (0, 4): centres on the diagonal (x + y = 4) go to the
    /// other half, by the top-left rule; the other half takes exactly those.
    @Test func halfASquarePaintsItsCentresAndTheOtherHalfTheDiagonal() throws {
        let upper = try #require(Rasterizer.TriangleSetup(vertex(0, 0), vertex(4, 0), vertex(0, 4), clip: wide))
        #expect(rows(upper) == [0: 0...2, 1: 0...1, 2: 0...0])
        let lower = try #require(Rasterizer.TriangleSetup(vertex(4, 0), vertex(4, 4), vertex(0, 4), clip: wide))
        #expect(rows(lower) == [0: 3...3, 1: 2...3, 2: 1...3, 3: 0...3])
    }

    /// A side's step down a row (its quotient carried without a branch) is the exact division
    /// at that row, every row, for sides of every slope: shallow, steep, vertical,
    /// horizontal, either way, and off the grid by odd 1/256ths.
    @Test func aSideStepsToTheExactDivisionEveryRow() {
        let sides: [(Int64, Int64, Int64, Int64)] = [
            (0, 0, 2560, 256), (0, 0, 256, 2560), (2560, 256, 0, 0), (256, 2560, 0, 0),
            (100, -37, 100, 5000), (-7, 300, 9001, 300), (12345, 678, -987, 65432),
            (-3333, -1, 1, 77777), (5, 5, 6, 400_000), (0, 129, 255_999, 130),
        ]
        for (px, py, qx, qy) in sides {
            let side = Rasterizer.RowEdge(px, py, qx, qy)
            var step = side.step(row: -40)
            for y in Int64(-40)...Int64(400) {
                let exact = side.step(row: y), same = step.quotient == exact.quotient && step.remainder == exact.remainder
                #expect(same, "side \((px, py, qx, qy)) at row \(y)")
                if !same { break }
                side.advance(&step)
            }
        }
    }

    /// The walk's columns are cut to those asked for.
    @Test func theWalkKeepsToTheColumnsAsked() throws {
        let upper = try #require(Rasterizer.TriangleSetup(vertex(0, 0), vertex(4, 0), vertex(0, 4), clip: wide))
        #expect(rows(upper, columns: 1...5) == [0: 1...2, 1: 1...1])
    }

    /// Quads cut into two triangles along a diagonal, their corners on the 1/256 grid: each
    /// pixel whose centre lies strictly inside the quad is painted exactly once, none whose
    /// centre lies outside — an inside test in exact integers, apart from the walk's steps.
    @Test func twoHalvesOfAQuadPaintEachInsideCentreOnce() throws {
        var random = SeededGenerator(seed: 7), convex = 0, wrong: [String] = []
        for _ in 0..<600 {
            // Four points around a centre at growing angles; the convex quads among them.
            let cx = Float(Int.random(in: 8...40, using: &random)), cy = Float(Int.random(in: 8...40, using: &random))
            var corners: [(Float, Float)] = []
            for k in 0..<4 {
                let angle = (Float(k) + Float(Int.random(in: 0...80, using: &random)) / 100) * .pi / 2
                let radius = Float(Int.random(in: 300...2000, using: &random)) / 100
                corners.append(((cx + radius * cos(angle) * 256).rounded() / 256, (cy + radius * sin(angle) * 256).rounded() / 256))
            }
            // Exact: in 1/256 pixels the corners are whole numbers, a centre (256x + 128, 256y + 128).
            let p = corners.map { (Int64(($0.0 * 256).rounded()), Int64(($0.1 * 256).rounded())) }
            let turns = (0..<4).map { k in
                let a = p[k], b = p[(k + 1) % 4], c = p[(k + 2) % 4]
                return (b.0 - a.0) * (c.1 - b.1) - (b.1 - a.1) * (c.0 - b.0)
            }
            guard turns.allSatisfy({ $0 > 0 }) else { continue }
            convex += 1
            var painted = [Int](repeating: 0, count: 64 * 64)
            for (a, b, c) in [(0, 1, 2), (0, 2, 3)] {
                let v = [corners[a], corners[b], corners[c]].map { vertex($0.0, $0.1) }
                guard let setup = Rasterizer.TriangleSetup(v[0], v[1], v[2], clip: PixelRect(x0: 0, y0: 0, x1: 64, y1: 64)) else { continue }
                for (y, span) in rows(setup, columns: 0...63) { for x in span { painted[y * 64 + x] += 1 } }
            }
            for y in 0..<64 {
                for x in 0..<64 {
                    let q = (Int64(256 * x + 128), Int64(256 * y + 128))
                    @inline(__always) func side(_ k: Int) -> Int64 {
                        let s = p[k], e = p[(k + 1) % 4]
                        return (e.0 - s.0) * (q.1 - s.1) - (e.1 - s.1) * (q.0 - s.0)
                    }
                    let sides = (side(0), side(1), side(2), side(3))
                    let inside = sides.0 > 0 && sides.1 > 0 && sides.2 > 0 && sides.3 > 0
                    let outside = sides.0 < 0 || sides.1 < 0 || sides.2 < 0 || sides.3 < 0
                    let times = painted[y * 64 + x]
                    if (inside && times != 1) || (outside && times != 0) || times > 1 { wrong.append("(\(x), \(y)) \(times)× in \(corners)") }
                }
            }
        }
        #expect(convex > 100)
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    // MARK: Spans

    /// Coverage by one edge is the pixel's area inside it; two edges at right angles (a
    /// corner) multiply; two nearly parallel (a rounded corner's chords) give the smaller.
    @Test func coverageIsTheAreaInside() {
        // Inside where x < 2.5: −x + 2.5 ≥ 0.
        let vertical = EdgeLine(unit: -1, 0, 2.5), horizontal = EdgeLine(unit: 0, -1, 1.5)
        let chord = EdgeLine(a: -1, b: 0.2, c: 2.5)!
        func coverage(_ lines: [EdgeLine], _ x: Int, _ y: Int) -> Float {
            lines.withUnsafeBufferPointer { Rasterizer.TriangleSpans.coverage(column: x, row: y, by: $0.baseAddress!, count: lines.count) }
        }
        #expect(coverage([vertical], 1, 0) == 1)
        #expect(coverage([vertical], 2, 0) == 0.5)
        #expect(coverage([vertical], 3, 0) == 0)
        #expect(coverage([vertical, horizontal], 2, 1) == 0.25)
        #expect(coverage([vertical, horizontal], 1, 1) == 0.5)
        let alone = coverage([chord], 2, 0)
        #expect(coverage([vertical, chord], 2, 0) == min(0.5, alone))
        #expect(coverage([], 7, 7) == 1)
    }

    /// Row 0's columns lo…hi of the white triangle (0, 0) (size, 0) (0, size), stored over
    /// eight black pixels, anti-aliased against `near`.
    func paintRow(size: Float, near: [EdgeLine], _ lo: Int, _ hi: Int) throws -> [UInt32] {
        let setup = try #require(Rasterizer.TriangleSetup(vertex(0, 0), vertex(size, 0), vertex(0, size), clip: wide))
        var near = near, source = [UInt32](repeating: 0, count: 16), line = [UInt32](repeating: 0xFF00_0000, count: 8)
        near.withUnsafeMutableBufferPointer { near in
            source.withUnsafeMutableBufferPointer { source in
                let spans = Rasterizer.TriangleSpans(setup, texture: nil, near: near.baseAddress!, nearCount: near.count,
                                                     source: source.baseAddress!, blended: false)
                line.withUnsafeMutableBufferPointer { spans.span($0.baseAddress!, lo, hi, 0, (0, Int(size) - 2)) }
            }
        }
        return line
    }

    /// A row's run of a white triangle over black: inside its edge each pixel white, the
    /// pixel the edge halves half white, nothing past the run.
    @Test func aRunIsPaintedAndItsEdgePixelBlendedByCoverage() throws {
        #expect(try paintRow(size: 8, near: [EdgeLine(unit: -1, 0, 2.5)], 0, 4)
            == [0xFFFF_FFFF, 0xFFFF_FFFF, 0xFF80_8080, 0xFF00_0000, 0xFF00_0000, 0xFF00_0000, 0xFF00_0000, 0xFF00_0000])
    }

    /// A row between two near edges, one facing right (its inside to the right: x > 1.5)
    /// and one facing left (x < 5.25): each end's fringe is weighed against the edge on its
    /// side alone — the left one halves column 1, the right one leaves a quarter of column 5
    /// — and columns 0 and 6, past them, stay as they were.
    @Test func eachFringeWeighsTheEdgeOnItsSide() throws {
        // White over black at alpha 64 (a quarter of 255, rounded): 64 in each channel.
        #expect(try paintRow(size: 16, near: [EdgeLine(unit: 1, 0, -1.5), EdgeLine(unit: -1, 0, 5.25)], 0, 6)
            == [0xFF00_0000, 0xFF80_8080, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFF40_4040, 0xFF00_0000, 0xFF00_0000])
    }

    /// Without near edges a run is stored as it is: colours interpolated from the row's
    /// origin column, here red rising by 16 a column.
    @Test func aShadedRunStepsFromTheOrigin() throws {
        let setup = try #require(Rasterizer.TriangleSetup(vertex(0, 0, 0xFF00_0000), vertex(16, 0, 0xFFFF_0000),
                                                           vertex(0, 16, 0xFF00_0000), clip: wide))
        var line = [UInt32](repeating: 0, count: 6), lines = [EdgeLine](repeating: EdgeLine(unit: 1, 0, 0), count: 1)
        lines.withUnsafeMutableBufferPointer { near in
            let spans = Rasterizer.TriangleSpans(setup, texture: nil, near: near.baseAddress!, nearCount: 0, source: nil, blended: false)
            line.withUnsafeMutableBufferPointer { spans.span($0.baseAddress!, 1, 4, 0, (0, 15)) }
        }
        // Red at column x's centre: 255 / 16 · (x + ½).
        let red = (1...4).map { UInt32((255 / 16 * (Float($0) + 0.5)).rounded()) }
        #expect(line == [0] + red.map { 0xFF00_0000 | $0 << 16 } + [0])
    }
}
