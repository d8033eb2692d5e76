import Testing
import Segue
@testable import SegueRender
import SegueCatalog

/// Points inside every triangle as an affine rasterizer sees them: the screen point and the
/// unit coordinates it interpolates there, at a few barycentric spots per triangle.
func affineSamples(_ t: Tessellator) -> [(screen: Point, u: Double, v: Double)] {
    stride(from: 0, to: t.indices.count, by: 3).flatMap { k in
        let v = (0..<3).map { t.vertices[Int(t.indices[k + $0])] }
        return [(1.0 / 3, 1.0 / 3), (0.5, 0.25), (0.25, 0.5), (0.5, 0.5), (0.1, 0.8)].map { (a, b) in
            func mix(_ f: (Tessellator.Vertex) -> Float) -> Double {
                Double(f(v[0])) * (1 - a - b) + Double(f(v[1])) * a + Double(f(v[2])) * b
            }
            return (Point(x: mix(\.x), y: mix(\.y)), mix(\.u), mix(\.v))
        }
    }
}

@MainActor @Suite struct TessellatorTests {
    @Test func aFlatQuadIsTwoTrianglesOnFourVertices() {
        var t = Tessellator()
        t.add(rect: Rect(x: 0, y: 0, width: 100, height: 50), transform: .makeScale(2, 2, 1).translated(0, 0, 0))
        #expect(t.vertices.count == 4)
        #expect(t.indices.count == 6)
        #expect(Set(t.vertices.map { [$0.x, $0.y] }) == [[0, 0], [200, 0], [200, 100], [0, 100]])
    }

    /// The rows a quad's cuts cross on screen, and its area: a 100 × 100 rect stretched to
    /// 100 × 200 and halved each way — the cut along v crosses all 200 rows, the one along u
    /// lies along a row and crosses none; with stops at u = ¼ and v = ½ (cells a rasterizer
    /// needs either way, not counted) the halving cuts u at ⅛ and ⅝: 400 rows. Sheared (y +
    /// 0.3·x), the cut along u rises 30 rows, the one along v still crosses 100; the area stays.
    @Test func theRowsACutCrossesAreItsLinesHeightsOnScreen() throws {
        let rect = Rect(x: 0, y: 0, width: 100, height: 100)
        var t = Tessellator()
        func measure(_ m: Transform3D, uStops: [Double] = [], vStops: [Double] = []) -> (rows: Double, area: Double)? {
            t.reset()
            t.add(rect: rect, transform: m, minimumDepth: 1, uStops: uStops, vStops: vStops)
            return t.rowsCrossedByCuts()
        }
        let stretched = try #require(measure(.makeScale(1, 2, 1)))
        #expect(stretched.rows == 200 && stretched.area == 20_000)
        #expect(try #require(measure(.makeScale(1, 2, 1), uStops: [0.25], vStops: [0.5])).rows == 400)
        var shear = Transform3D.identity
        shear.m12 = 0.3
        let sheared = try #require(measure(shear))
        #expect(abs(sheared.rows - 130) < 1e-9 && abs(sheared.area - 10_000) < 1e-9)
        // Uncut, nothing; a quad reaching behind the eye, no measure.
        t.reset()
        t.add(rect: rect, transform: .identity, uStops: [0.5])
        #expect(t.rowsCrossedByCuts()?.rows == 0)
        t.reset()
        t.add(rect: Rect(x: 0, y: 0, width: 1000, height: 600),
              transform: Transform3D.makeRotation(-80 * .pi / 180, 0, 1, 0).concatenating(.makePerspective(distance: 500)))
        #expect(t.rowsCrossedByCuts() == nil)
    }

    /// A grown outline that turns inward at a corner (fold's strip crease meeting a panel's
    /// edge: a corner slid 0.4 px inside the line its neighbours span) loses that corner, so
    /// its fan's triangles do not overlap; points in line and a convex outline stay as they
    /// are, either way round.
    @Test func anOutlineTurningInwardLosesThatCorner() {
        let notched = [(169.49341, 263.5458), (194.0628, 238.64923), (195.05713, 239.05724), (195.34663, 238.76451),
                       (195.34663, 238.76451), (169.49341, 264.90552)]
        var t = Tessellator()
        func outline(_ points: [(Double, Double)]) -> [[Double]] {
            t.outline = points.enumerated().map { ($1.0, $1.1, $0, true) }
            t.dropInwardCorners()
            return t.outline.map { [$0.x, $0.y] }
        }
        let kept = notched.enumerated().filter { $0.offset != 2 }.map { [$0.element.0, $0.element.1] }
        #expect(outline(notched) == kept)
        #expect(outline(notched.reversed()) == kept.reversed())
        let square = [(0.0, 0.0), (10.0, 0.0), (10.0, 5.0), (10.0, 10.0), (0.0, 10.0)]
        #expect(outline(square) == square.map { [$0.0, $0.1] })
    }

    /// Inside every triangle, the affine map a rasterizer uses stays within the tolerance of
    /// the true perspective image of the same point of the quad.
    @Test(arguments: [20.0, 40.0, 70.0])
    func affineErrorStaysWithinTolerance(_ degrees: Double) {
        let rect = Rect(x: 0, y: 0, width: 400, height: 600)
        let m = Transform3D.makeTranslation(-200, -300, 0)
            .concatenating(.makeRotation(degrees * .pi / 180, 0, 1, 0))
            .concatenating(.makePerspective(distance: 600))
            .concatenating(.makeTranslation(640, 400, 0))
        var t = Tessellator()
        t.add(rect: rect, transform: m)
        let worst = affineSamples(t).map { s in
            (m.project(Point(x: s.u * rect.width, y: s.v * rect.height))! - s.screen).length
        }.max()!
        #expect(worst <= t.tolerance + 0.01, "worst affine error \(worst) px")
    }

    /// A quad that swings through the eye plane: nothing behind the near plane is emitted,
    /// and what is emitted lies on the quad.
    @Test func geometryBehindTheEyeIsClipped() {
        let rect = Rect(x: 0, y: 0, width: 1000, height: 600)
        // About its left edge, −80° about Y, eye 500 points away: the right part passes the eye.
        let m = Transform3D.makeRotation(-80 * .pi / 180, 0, 1, 0)
            .concatenating(.makePerspective(distance: 500))
        let wRight = m.apply(x: 1000, y: 0).w
        #expect(wRight < 0)
        var t = Tessellator()
        t.add(rect: rect, transform: m)
        #expect(!t.indices.isEmpty)
        for v in t.vertices {
            #expect(v.x.isFinite && v.y.isFinite)
            let h = m.apply(x: Double(v.u) * rect.width, y: Double(v.v) * rect.height)
            #expect(h.w >= t.nearW - 1e-6)
            #expect(abs(h.x / h.w - Double(v.x)) < 1e-2 * max(1, abs(Double(v.x))))
        }
        // w does not change along v: rows are cut only where that is the better of two
        // cuts, never for cells the near plane asks more of once u is cut all it may be
        // (4,288 triangles when they were, 670 now, unclipped to any output).
        #expect(t.indices.count / 3 < 1000, "\(t.indices.count / 3) triangles")
        // The part in front of the eye reaches to the near plane: u up to where w = nearW.
        let uNear = (1 - t.nearW) / (1 - wRight) // w is linear in u: 1 at u = 0, wRight at u = 1
        let maxU = t.vertices.map { Double($0.u) }.max() ?? 0
        #expect(abs(maxU - uNear) < 1e-3)
    }

    /// Turned about two axes near the eye, the quad is cut finely at one corner only; still
    /// no corner of a cell lies inside another cell's side (a T-junction, which rounding to
    /// the rasterizer's grid opens into a crack): along every side of every triangle that
    /// runs along u or v, no vertex lies strictly between its ends.
    @Test(arguments: [Tessellator.Precision.pixels(0.5), .unit(u: 0.002, v: .infinity)])
    func cellsMeetOnlyAtTheirCorners(_ precision: Tessellator.Precision) {
        let m = Transform3D.makeTranslation(-300, -200, 0)
            .concatenating(.makeRotation(0.7, 1, 0, 0)).concatenating(.makeRotation(0.6, 0, 1, 0))
            .concatenating(.makePerspective(distance: 500)).concatenating(.makeTranslation(320, 240, 0))
        var t = Tessellator()
        t.add(rect: Rect(x: 0, y: 0, width: 600, height: 400), transform: m, precision: precision)
        let us = Set(t.vertices.map(\.u)), vs = Set(t.vertices.map(\.v))
        // Cut more finely near the eye (along u alone where only u's error counts).
        #expect(us.count > 3, "cut \(us.count - 1) × \(vs.count - 1)")
        var corners: [Float: [Float]] = [:], cornersAlongV: [Float: [Float]] = [:]
        for p in t.vertices {
            corners[p.v, default: []].append(p.u)
            cornersAlongV[p.u, default: []].append(p.v)
        }
        var junctions = 0
        for k in stride(from: 0, to: t.indices.count, by: 3) {
            for e in 0..<3 {
                let p = t.vertices[Int(t.indices[k + e])], q = t.vertices[Int(t.indices[k + (e + 1) % 3])]
                if p.v == q.v {
                    junctions += corners[p.v]!.filter { min(p.u, q.u) < $0 && $0 < max(p.u, q.u) }.count
                } else if p.u == q.u {
                    junctions += cornersAlongV[p.u]!.filter { min(p.v, q.v) < $0 && $0 < max(p.v, q.v) }.count
                }
            }
        }
        #expect(junctions == 0)
    }

    @Test func gradientStopsBecomeGridLines() {
        var t = Tessellator()
        t.add(rect: Rect(x: 0, y: 0, width: 10, height: 10), transform: .identity, uStops: [0.5, 0.25])
        #expect(Set(t.vertices.map(\.u)) == [0, 0.25, 0.5, 1])
    }
}

@MainActor @Suite struct EdgeOnTests {
    @Test func aQuadSeenEdgeOnEmitsNothing() {
        var t = Tessellator()
        let edgeOn = Transform3D.makeRotation(.pi / 2, 1, 0, 0).concatenating(.makePerspective(distance: 600))
        #expect(t.add(rect: Rect(x: -100, y: -100, width: 200, height: 200), transform: edgeOn).isEmpty)
        let almost = Transform3D.makeRotation(.pi / 2 - 0.05, 1, 0, 0).concatenating(.makePerspective(distance: 600))
        #expect(!t.add(rect: Rect(x: -100, y: -100, width: 200, height: 200), transform: almost).isEmpty)
    }
}

@MainActor @Suite struct GradientPrecisionTests {
    /// Hand-worked: the page-turn shadow (black → 50 % black → 50 % white over halves) drawn
    /// over anything changes by (1·0 + 0.5) / 0.5 = 1 in its first half and (0.5·1 + 0) / 0.5
    /// = 1 in its second, per unit of the parameter.
    @Test func steepestSlopeBoundsTheBlendedColour() {
        #expect(close(PageTurnAnimator.shadowGradient.steepestSlope, 1))
        let fadeIn = Gradient(colors: [Color.white.withAlpha(0), .white, .white], locations: [0, 0.25, 1])
        #expect(close(fadeIn.steepestSlope, 4))
        #expect(Gradient(colors: [.black]).steepestSlope == 0)
        let hardStop = Gradient(colors: [.black, .white, .white], locations: [0.5, 0.5, 1])
        #expect(hardStop.steepestSlope == 0)
    }

    @Test func theParameterGrowsAlongTheAxis() {
        let diagonal = Gradient(colors: [.black, .white], startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1))
        #expect(close(diagonal.parameterPerUnit.x, 0.5) && close(diagonal.parameterPerUnit.y, 0.5))
        #expect(close(diagonal.parameter(atUnitPoint: Point(x: 1, y: 0)), 0.5))
    }

    /// With `.unit` precision, the unit coordinates the affine map gives every point of every
    /// triangle stay within the tolerance of the true ones, including where the quad nears
    /// the eye and its pixels grow without bound.
    @Test(arguments: [40.0, 80.0])
    func unitErrorStaysWithinTolerance(_ degrees: Double) {
        let rect = Rect(x: 0, y: 0, width: 1000, height: 600)
        let m = Transform3D.makeRotation(-degrees * .pi / 180, 0, 1, 0).concatenating(.makePerspective(distance: 500))
        var t = Tessellator()
        t.clipRect = Rect(x: -500, y: -500, width: 1000, height: 1000)
        t.add(rect: rect, transform: m, precision: .unit(u: 0.002, v: .infinity))
        #expect(!t.indices.isEmpty)
        // The true u of each screen point: unproject it onto the quad's plane z = 0.
        let worst = affineSamples(t).map { s in abs(m.unproject(s.screen)!.x / rect.width - s.u) }.max()!
        #expect(worst <= 0.002 * 1.05, "worst unit error \(worst)")
    }

    /// A near-hard colour step asks for a tiny unit error, but a quad 40 pixels across is cut
    /// only until its affine image is within a quarter pixel: a few cells, not 64 × 64.
    @Test func aSteepGradientSmallOnScreenStaysFewCells() {
        let m = Transform3D.makeRotation(60 * .pi / 180, 0, 1, 0).concatenating(.makePerspective(distance: 100))
        var t = Tessellator()
        t.add(rect: Rect(x: -20, y: -20, width: 40, height: 40), transform: m, precision: .unit(u: 1e-7, v: .infinity))
        #expect(t.indices.count / 3 > 2 && t.indices.count / 3 <= 128, "\(t.indices.count / 3) triangles")
    }
}
