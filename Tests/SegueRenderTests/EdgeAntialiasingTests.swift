import Testing
import Segue
@testable import SegueRender

/// The pieces of edge anti-aliasing: the coverage of a pixel square by a half-plane, the
/// tessellator's edge lines and fringe, the sides two layers share, and the rasterizer
/// painting by coverage.
@MainActor @Suite struct EdgeAntialiasingTests {
    /// Worked by hand: an axis-aligned edge covers ½ + d of the square; at 45° the square's
    /// corner triangle past the line has legs of √2·t, so it covers t² (t the overlap
    /// along the normal) — a quarter of the way in from the corner, 0.125.
    @Test func coverageIsTheAreaOfTheSquareInside() {
        let straight = EdgeLine(a: 1, b: 0, c: 0)!
        #expect(straight.coverage(atDistance: 0) == 0.5)
        #expect(close(Double(straight.coverage(atDistance: 0.3)), 0.8, 1e-6))
        #expect(straight.coverage(atDistance: 0.5) == 1 && straight.coverage(atDistance: -0.5) == 0)
        let diagonal = EdgeLine(a: 1, b: 1, c: 0)!
        let half = Double(diagonal.reach)
        #expect(close(half, 0.5.squareRoot(), 1e-6))
        #expect(close(Double(diagonal.coverage(atDistance: 0)), 0.5, 1e-6))
        #expect(close(Double(diagonal.coverage(atDistance: Float(-half / 2))), 0.125, 1e-6))
        #expect(close(Double(diagonal.coverage(atDistance: Float(half / 2))), 0.875, 1e-6))
        // A shallow slope (1:3): the middle is linear, ½ + d / p with p = 3/√10.
        let shallow = EdgeLine(a: 1, b: 3, c: 0)!
        #expect(close(Double(shallow.coverage(atDistance: 0.1)), 0.5 + 0.1 / (3 / 10.0.squareRoot()), 1e-5))
        #expect(EdgeLine(a: 0, b: 0, c: 1) == nil)
    }

    /// A quad drawn anti-aliased gets its four sides as lines (inside positive at its
    /// centre) and a fringe 0.75 px wide around it: 4 bands and 4 corner wedges.
    @Test func aQuadGetsItsSidesAndAFringe() {
        var t = Tessellator()
        t.antialiasing = true
        t.add(rect: Rect(x: 10, y: 20, width: 100, height: 50), transform: .identity, antialiased: true)
        #expect(t.edgeLines.count == 4)
        for l in t.edgeLines { #expect(l.a * 60 + l.b * 45 + l.c > 0) }
        // 2 triangles, 4 bands of 2 and 4 wedges.
        #expect(t.indices.count / 3 == 2 + 8 + 4)
        let xs = t.vertices.map(\.x), ys = t.vertices.map(\.y)
        #expect(xs.min() == 9.25 && xs.max() == 110.75 && ys.min() == 19.25 && ys.max() == 70.75)
        // The fringe carries the attributes of the edge it grows from.
        for v in t.vertices where v.x == 9.25 { #expect(v.u == 0) }
    }

    /// A hard side gets no line and no band; without `antialiasing` nothing changes.
    @Test func hardSidesAndPlainTessellationHaveNoFringe() {
        var t = Tessellator()
        t.antialiasing = true
        t.add(rect: Rect(x: 0, y: 0, width: 10, height: 10), transform: .identity, antialiased: true,
              hardSides: Tessellator.Edge.right | Tessellator.Edge.top)
        #expect(t.edgeLines.count == 2)
        #expect(t.vertices.map(\.x).max() == 10 && t.vertices.map(\.y).min() == 0)
        var plain = Tessellator()
        plain.add(rect: Rect(x: 0, y: 0, width: 10, height: 10), transform: .identity, antialiased: true)
        #expect(plain.edgeLines.isEmpty && plain.indices.count == 6)
    }

    /// A layer clipped to its own bounds has each line once, not twice (its region's edges
    /// lie on its sides).
    @Test func aRegionOnTheLayersSidesAddsNoLine() {
        var t = Tessellator()
        t.antialiasing = true
        let rect = Rect(x: 0, y: 0, width: 40, height: 30)
        t.clip(to: [DisplayList.Clip(rect: rect, cornerRadius: 0, transform: .identity)], index: 0)
        t.add(rect: rect, transform: .identity, antialiased: true)
        #expect(t.edgeLines.count == 4)
    }

    /// Two halves of a square side by side share one side each; a square over another in the
    /// same place shares none (both are drawn, one over the other).
    @Test func sharedSidesAreFoundOnlyBetweenNeighbours() {
        let m = Transform3D.makeRotation(0.3, 0, 0, 1)
        var list = DisplayList()
        list.items.append(.init(rect: Rect(x: 0, y: 0, width: 30, height: 40), transform: m, opacity: 1, fill: .color(.black)))
        list.items.append(.init(rect: Rect(x: 30, y: 0, width: 20, height: 40), transform: m, opacity: 1, fill: .color(.black)))
        list.items.append(.init(rect: Rect(x: 30, y: 0, width: 20, height: 40), transform: m, opacity: 1, fill: .color(.black)))
        list.clips.append(.init(rect: Rect(x: 50, y: 0, width: 10, height: 40), cornerRadius: 0, transform: m))
        var shared = SharedSides()
        shared.find(in: list, nearW: 0.01) { $0 < 2 }
        #expect(shared.hard[0] == Tessellator.Edge.right)
        // Item 1 borders item 0 on its left and the clip region on its right.
        #expect(shared.hard[1] == Tessellator.Edge.left | Tessellator.Edge.right)
        #expect(shared.hard[2] == 0)
        #expect(shared.hardClips == [Tessellator.Edge.left])
    }

    /// The rasterizer paints a pixel the edge halves at half its alpha, blended even when
    /// the call stores, and leaves the rest as without edges.
    @Test func theRasterizerPaintsEdgePixelsByCoverage() {
        let r = RasterizerTests()
        var t = Tessellator()
        t.antialiasing = true
        t.add(rect: Rect(x: 2, y: 2, width: 4.5, height: 4), transform: .identity, antialiased: true)
        let vertices = t.vertices.map { r.vertex($0.x, $0.y, 0xFFFF_FFFF) }
        let out = r.image(10, 10)
        let ranges = [Rasterizer.EdgeRange](repeating: .init(first: 0, count: Int32(t.edgeLines.count)), count: t.indices.count / 3)
        vertices.withUnsafeBufferPointer { v in
            t.indices.withUnsafeBufferPointer { i in
                t.edgeLines.withUnsafeBufferPointer { lines in
                    ranges.withUnsafeBufferPointer { ranges in
                        Rasterizer().draw(v, i, edges: .init(lines: lines, ranges: ranges), texture: nil, blended: false,
                                          into: out, clip: out.bounds)
                    }
                }
            }
        }
        // Column 6 is half covered (x 6…6.5), columns 2…5 wholly, column 1 and 7 not at all.
        #expect(out.pixels[4 * 10 + 3] == 0xFFFF_FFFF)
        #expect(out.pixels[4 * 10 + 6] == 0xFF80_8080)
        #expect(out.pixels[4 * 10 + 7] == 0xFF00_0000 && out.pixels[4 * 10 + 1] == 0xFF00_0000)
        #expect(out.pixels[1 * 10 + 3] == 0xFF00_0000 && out.pixels[6 * 10 + 3] == 0xFF00_0000)
    }
}
