import Testing
import Segue
@testable import SegueRender

/// The pieces of edge anti-aliasing: the coverage of a pixel square by a half-plane, the
/// tessellator's edge lines and the cells it grows past them, the sides two layers share, and the rasterizer
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

    /// Where more than one edge cuts a pixel, its coverage is the area inside all of them,
    /// worked by hand: a sliver 0.3 px wide through pixel (0, 0) (x in 0.35…0.65, each side
    /// alone covering 0.65) covers 0.3, not 0.65² = 0.4225 (the product, which took the
    /// sides as independent); a corner of two sides at 45° to the axes meeting at the
    /// centre (inside where y ≥ x and y ≥ −x) covers a quarter; a rounded corner's chords
    /// crowding into the pixel, the area their polygon leaves of it.
    @Test func edgesCuttingOnePixelCoverTheAreaInsideAll() {
        func coverage(_ lines: [EdgeLine]) -> Double {
            lines.withUnsafeBufferPointer { Double(Rasterizer.TriangleSpans.coverage(column: 0, row: 0, by: $0.baseAddress!, count: $0.count)) }
        }
        let sliver = [EdgeLine(a: 1, b: 0, c: -0.35)!, EdgeLine(a: -1, b: 0, c: 0.65)!]
        #expect(close(coverage(sliver), 0.3, 1e-6))
        let corner = [EdgeLine(a: -1, b: 1, c: 0)!, EdgeLine(a: 1, b: 1, c: -1)!]
        #expect(close(coverage(corner), 0.25, 1e-6))
        // One side alone cutting, the other wholly inside: that side's coverage.
        #expect(close(coverage([EdgeLine(a: 1, b: 0, c: -0.35)!, EdgeLine(a: -1, b: 0, c: 3)!]), 0.65, 1e-6))
        // Three chords cutting the corner x + y ≥ 0.4, x ≥ 0.1, y ≥ 0.1 off: the square less
        // the part left of x = 0.1 (0.1), below y = 0.1 (0.1, 0.01 of it counted twice) and
        // the triangle x + y < 0.4 past both (legs 0.2: 0.02).
        let chords = [EdgeLine(a: 1, b: 0, c: -0.1)!, EdgeLine(a: 0, b: 1, c: -0.1)!, EdgeLine(a: 1, b: 1, c: -0.4)!]
        #expect(close(coverage(chords), 1 - 0.1 - 0.1 + 0.01 - 0.02, 1e-6))
    }

    /// A quad drawn anti-aliased gets its four sides as lines (inside positive at its
    /// centre) and grows 0.75 px past each: still two triangles, its corners mitred
    /// (0.75 px out along both axes), their unit coordinates carried on past 0…1.
    @Test func aQuadGetsItsSidesAndGrowsPastThem() {
        var t = Tessellator()
        t.antialiasing = true
        t.add(rect: Rect(x: 10, y: 20, width: 100, height: 50), transform: .identity, antialiased: true)
        #expect(t.edgeLines.count == 4)
        for l in t.edgeLines { #expect(l.a * 60 + l.b * 45 + l.c > 0) }
        #expect(t.indices.count / 3 == 2)
        #expect(Set(t.vertices.map(\.x)) == [9.25, 110.75] && Set(t.vertices.map(\.y)) == [19.25, 70.75])
        for v in t.vertices {
            #expect(close(Double(v.u), (Double(v.x) - 10) / 100, 1e-6) && close(Double(v.v), (Double(v.y) - 20) / 50, 1e-6))
        }
    }

    /// In perspective a grown corner takes the unit coordinates and w of the quad's point
    /// seen there, not the corner's own: the plane carried on exactly.
    @Test func aGrownCornerIsThePlanesPointSeenThere() {
        let turned = Self.turned(0.6, about: (0, 1, 0), eyeAt: 400)
        var t = Tessellator()
        t.antialiasing = true
        let rect = Rect(x: -40, y: -30, width: 80, height: 60)
        t.add(rect: rect, transform: turned, precision: .whole, antialiased: true)
        #expect(t.vertices.count == 4)
        for v in t.vertices {
            let p = turned.apply(x: rect.minX + Double(v.u) * rect.width, y: rect.minY + Double(v.v) * rect.height)
            #expect(close(p.x / p.w, Double(v.x), 1e-3) && close(p.y / p.w, Double(v.y), 1e-3) && close(p.w, Double(v.w), 1e-5))
            #expect(v.u < 0 || v.u > 1)
        }
        // Each corner lies 0.75 px outside both of its sides' lines.
        for v in t.vertices {
            let outside = t.edgeLines.map { $0.a * v.x + $0.b * v.y + $0.c }.filter { $0 < 0 }
            #expect(outside.count == 2 && outside.allSatisfy { abs($0 + 0.75) < 1e-3 })
        }
    }

    /// Two cells of one quad cut by the tessellator grow a corner they share to the same
    /// point, so the grown polygons still meet without a crack: the shared side's ends are
    /// one vertex position in both.
    @Test func cellsGrowTheCornersTheyShareAlike() {
        // Turned about a diagonal, so the grid is cut both ways.
        let turned = Self.turned(0.9, about: (1, 1, 0), eyeAt: 300)
        var t = Tessellator()
        t.antialiasing = true
        t.add(rect: Rect(x: -100, y: -60, width: 200, height: 120), transform: turned, antialiased: true)
        let polygons = t.indices.count / 3
        #expect(polygons > 2)
        // Every position used by one cell's triangles that lies on a shared grid line is
        // used, bit for bit, by the next cell too: count each position's uses.
        var uses: [SIMD2<Float>: Int] = [:]
        for v in t.vertices { uses[SIMD2(v.x, v.y), default: 0] += 1 }
        // Four outer corners are used once; a corner on a side by two cells, inside by four.
        #expect(uses.values.filter { $0 == 1 }.count == 4)
        #expect(uses.values.allSatisfy { [1, 2, 4].contains($0) } && uses.values.contains(4))
    }

    /// A layer turned nearly edge-on, cut into thin cells, paints the very pixels it paints
    /// as one cell: each cell grows only past the layer's edges and is cut back to its
    /// neighbours' sides, so no pixel of the fringe is painted twice or missed — at the
    /// sharp ends too, where the sides meet at a few degrees.
    @Test(arguments: [1.5, 1.52, 1.535, 1.545, 1.555, 1.565])
    func cellsPaintTheFringeOnceEach(_ angle: Double) {
        let turned = Self.turned(angle, about: (0, 1, 0), eyeAt: 100).concatenating(.makeTranslation(40.3, 40, 0))
        let rect = Rect(x: -30, y: -30, width: 60, height: 60)
        // No grown point lies deeper than 8 times the layer's deepest corner (near its
        // horizon, where its attributes would grow past what `Float` holds).
        let deepest = 8 * [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)]
            .map { turned.apply(x: $0.0, y: $0.1).w }.max()!
        func painted(_ precision: Tessellator.Precision) -> (pixels: [UInt32], triangles: Int) {
            var t = Tessellator()
            t.antialiasing = true
            t.add(rect: rect, transform: turned, precision: precision, antialiased: true)
            #expect(t.vertices.allSatisfy { Double($0.w) <= deepest * 1.0001 })
            let out = Self.paintWhite(t, width: 80, height: 80)
            return (Array(UnsafeBufferPointer(start: out.pixels, count: 80 * 80)), t.indices.count / 3)
        }
        let whole = painted(.whole), cut = painted(.pixels(0.02))
        #expect(whole.triangles <= 4 && cut.triangles > 1000)
        // The layer is about a pixel wide: its fringe is much of what it paints.
        #expect(whole.pixels.filter { $0 & 0xFF != 0 && $0 & 0xFF != 0xFF }.count > 40)
        let worst = zip(whole.pixels, cut.pixels).map { abs(Int($0 & 0xFF) - Int($1 & 0xFF)) }.max() ?? 0
        #expect(worst <= 1, "\(worst) levels apart")
    }

    /// A hard side gets no line and nothing grows past it; without `antialiasing` nothing
    /// changes.
    @Test func hardSidesAndPlainTessellationDoNotGrow() {
        var t = Tessellator()
        t.antialiasing = true
        t.add(rect: Rect(x: 0, y: 0, width: 10, height: 10), transform: .identity, antialiased: true,
              hardSides: Tessellator.Edge.right | Tessellator.Edge.top)
        #expect(t.edgeLines.count == 2)
        #expect(t.vertices.map(\.x).max() == 10 && t.vertices.map(\.y).min() == 0)
        // The grown corners slide along the hard sides: (0, 0) left, (10, 10) down.
        #expect(Set(t.vertices.map { SIMD2($0.x, $0.y) }) == [SIMD2(-0.75, 0), SIMD2(10, 0), SIMD2(10, 10.75), SIMD2(-0.75, 10.75)])
        var plain = Tessellator()
        plain.add(rect: Rect(x: 0, y: 0, width: 10, height: 10), transform: .identity, antialiased: true)
        #expect(plain.edgeLines.isEmpty && plain.indices.count == 6)
    }

    /// In perspective, the corners at a hard side's ends stay on its line as they grow,
    /// 0.75 px out of their other side: what continues the layer there still meets it.
    @Test func grownCornersStayOnAHardSide() {
        let turned = Self.turned(0.5, about: (1, 1, 0), eyeAt: 300)
        let rect = Rect(x: -40, y: -30, width: 80, height: 60)
        var t = Tessellator()
        t.antialiasing = true
        t.add(rect: rect, transform: turned, precision: .whole, antialiased: true, hardSides: Tessellator.Edge.left)
        #expect(t.edgeLines.count == 3 && t.vertices.count == 4)
        let top = turned.apply(x: rect.minX, y: rect.minY), bottom = turned.apply(x: rect.minX, y: rect.maxY)
        let a = Point(x: top.x / top.w, y: top.y / top.w), b = Point(x: bottom.x / bottom.w, y: bottom.y / bottom.w)
        let onLeft = t.vertices.filter { $0.u < 0.5 }
        #expect(onLeft.count == 2)
        for v in onLeft {
            // The cross product of (b − a) and (v − a): zero on the line through a and b.
            let across = ((b.x - a.x) * (Double(v.y) - a.y) - (b.y - a.y) * (Double(v.x) - a.x)) / ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            #expect(abs(across) < 1e-3 && close(Double(v.u), 0, 1e-5))
            let outside = t.edgeLines.map { $0.a * v.x + $0.b * v.y + $0.c }.filter { $0 < 0 }
            #expect(outside.count == 1 && abs(outside[0] + 0.75) < 1e-3)
        }
    }

    /// A corner on a hard side where it meets an edge at 5° slides along the side no more
    /// than 1.5 px: the band past the edge stops there, not 8.6 px on (0.75 / sin 5°), where
    /// nothing of the layer lies and the edge's coverage alone would paint a streak.
    @Test func aHardSideStopsTheBandNearItsCorner() {
        var sheared = Transform3D.makeTranslation(20, 19.8, 0)
        (sheared.m21, sheared.m22) = (1, 0.0875)
        var t = Tessellator()
        t.antialiasing = true
        // The top side runs from (20, 19.8) to (120, 19.8), the left one from (20, 19.8)
        // to (120, 28.55).
        t.add(rect: Rect(x: 0, y: 0, width: 100, height: 100), transform: sheared, precision: .whole, antialiased: true,
              hardSides: Tessellator.Edge.left)
        let out = Self.paintWhite(t, width: 240, height: 40)
        for x in 11...19 { #expect(out.pixels[19 * 240 + x] == 0xFF00_0000, "column \(x)") }
        // Along the top side, row 19 is a fifth covered (0.2 · 255 = 51), row 20 wholly.
        #expect(out.pixels[19 * 240 + 60] == 0xFF33_3333 && out.pixels[20 * 240 + 60] == 0xFFFF_FFFF)
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

    /// A search that starts from the order the frame before left finds what a fresh one
    /// finds, whether the sides moved a little (a few shifted into place) or were dealt anew
    /// (too many moves: sorted again).
    @Test func sharedSidesFromTheOrderBeforeAreTheSame() {
        func strip(_ shift: Double, _ order: [Int]) -> DisplayList {
            var list = DisplayList()
            for k in order {
                list.items.append(.init(rect: Rect(x: Double(k) * 10 + shift, y: Double(k % 3) * 0.001, width: 10, height: 40),
                                        transform: .makeRotation(0.2, 0, 0, 1), opacity: 1, fill: .color(.black)))
            }
            return list
        }
        var kept = SharedSides()
        for list in [strip(0, Array(0..<12)), strip(0.3, Array(0..<12)), strip(0.3, [7, 2, 11, 0, 5, 9, 1, 10, 3, 8, 6, 4]),
                     strip(-5, Array((0..<12).reversed()))] {
            kept.find(in: list, nearW: 0.01) { _ in true }
            var fresh = SharedSides()
            fresh.find(in: list, nearW: 0.01) { _ in true }
            #expect(kept.hard == fresh.hard)
            #expect(kept.hard.filter { $0 == Tessellator.Edge.left | Tessellator.Edge.right }.count == 10)
        }
    }

    /// The rasterizer paints a pixel the edge halves at half its alpha, blended even when
    /// the call stores, and leaves the rest as without edges.
    @Test func theRasterizerPaintsEdgePixelsByCoverage() {
        var t = Tessellator()
        t.antialiasing = true
        t.add(rect: Rect(x: 2, y: 2, width: 4.5, height: 4), transform: .identity, antialiased: true)
        let out = Self.paintWhite(t, width: 10, height: 10)
        // Column 6 is half covered (x 6…6.5), columns 2…5 wholly, column 1 and 7 not at all.
        #expect(out.pixels[4 * 10 + 3] == 0xFFFF_FFFF)
        #expect(out.pixels[4 * 10 + 6] == 0xFF80_8080)
        #expect(out.pixels[4 * 10 + 7] == 0xFF00_0000 && out.pixels[4 * 10 + 1] == 0xFF00_0000)
        #expect(out.pixels[1 * 10 + 3] == 0xFF00_0000 && out.pixels[6 * 10 + 3] == 0xFF00_0000)
    }

    /// What `t` tessellated paints in opaque white over black, its edges anti-aliased by
    /// all of its lines, drawn stored.
    static func paintWhite(_ t: Tessellator, width: Int, height: Int) -> RasterImage {
        let r = RasterizerTests()
        let vertices = t.vertices.map { r.vertex($0.x, $0.y, 0xFFFF_FFFF) }
        let out = r.image(width, height)
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
        return out
    }

    /// A rotation by `angle` (radians) about `axis`, seen in perspective from `eyeAt` points.
    static func turned(_ angle: Double, about axis: (Double, Double, Double), eyeAt distance: Double) -> Transform3D {
        var perspective = Transform3D.identity
        perspective.m34 = -1 / distance
        return Transform3D.makeRotation(angle, axis.0, axis.1, axis.2).concatenating(perspective)
    }
}
