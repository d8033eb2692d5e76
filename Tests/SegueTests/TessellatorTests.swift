import Testing
@testable import Segue

@Suite struct TessellatorTests {
    @Test func aFlatQuadIsTwoTrianglesOnFourVertices() {
        var t = Tessellator()
        t.add(rect: Rect(x: 0, y: 0, width: 100, height: 50), transform: .makeScale(2, 2, 1).translated(0, 0, 0))
        #expect(t.vertices.count == 4)
        #expect(t.indices.count == 6)
        #expect(Set(t.vertices.map { [$0.x, $0.y] }) == [[0, 0], [200, 0], [200, 100], [0, 100]])
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
        var worst = 0.0
        for k in stride(from: 0, to: t.indices.count, by: 3) {
            let v = (0..<3).map { t.vertices[Int(t.indices[k + $0])] }
            for (a, b) in [(1.0 / 3, 1.0 / 3), (0.5, 0.25), (0.25, 0.5), (0.5, 0.5), (0.1, 0.8)] {
                let c = 1 - a - b
                let sx = Double(v[0].x) * c + Double(v[1].x) * a + Double(v[2].x) * b
                let sy = Double(v[0].y) * c + Double(v[1].y) * a + Double(v[2].y) * b
                let u = Double(v[0].u) * c + Double(v[1].u) * a + Double(v[2].u) * b
                let w = Double(v[0].v) * c + Double(v[1].v) * a + Double(v[2].v) * b
                let exact = m.project(Point(x: u * rect.width, y: w * rect.height))!
                worst = max(worst, (exact - Point(x: sx, y: sy)).length)
            }
        }
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
        // The part in front of the eye reaches to the near plane: u up to where w = nearW.
        let uNear = (1 - t.nearW) / (1 - wRight) // w is linear in u: 1 at u = 0, wRight at u = 1
        let maxU = t.vertices.map { Double($0.u) }.max() ?? 0
        #expect(abs(maxU - uNear) < 1e-3)
    }

    @Test func gradientStopsBecomeGridLines() {
        var t = Tessellator()
        t.add(rect: Rect(x: 0, y: 0, width: 10, height: 10), transform: .identity, uStops: [0.5, 0.25])
        #expect(Set(t.vertices.map(\.u)) == [0, 0.25, 0.5, 1])
    }
}

@Suite struct EdgeOnTests {
    @Test func aQuadSeenEdgeOnEmitsNothing() {
        var t = Tessellator()
        let edgeOn = Transform3D.makeRotation(.pi / 2, 1, 0, 0).concatenating(.makePerspective(distance: 600))
        #expect(t.add(rect: Rect(x: -100, y: -100, width: 200, height: 200), transform: edgeOn).isEmpty)
        let almost = Transform3D.makeRotation(.pi / 2 - 0.05, 1, 0, 0).concatenating(.makePerspective(distance: 600))
        #expect(!t.add(rect: Rect(x: -100, y: -100, width: 200, height: 200), transform: almost).isEmpty)
    }
}
