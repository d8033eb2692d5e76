import Foundation
import Testing
import Segue
@testable import SegueRender

/// The tessellator cuts what it adds to a display list's clip regions: rounded rects in a
/// layer's plane, under any projection, nested.
@MainActor @Suite struct ClipRegionTests {
    /// Twice the signed area of every emitted triangle, summed, in square pixels.
    private func area(_ t: Tessellator) -> Double {
        stride(from: 0, to: t.indices.count, by: 3).reduce(0) { sum, k in
            let a = t.vertices[Int(t.indices[k])], b = t.vertices[Int(t.indices[k + 1])], c = t.vertices[Int(t.indices[k + 2])]
            let twice = Double(b.x - a.x) * Double(c.y - a.y) - Double(c.x - a.x) * Double(b.y - a.y)
            return sum + abs(twice) / 2
        }
    }

    /// How far `p` lies outside `rect` rounded by `r` (0 inside).
    private func outside(_ p: Point, _ rect: Rect, radius r: Double) -> Double {
        let cx = min(max(p.x, rect.minX + r), rect.maxX - r), cy = min(max(p.y, rect.minY + r), rect.maxY - r)
        return max(0, (p - Point(x: cx, y: cy)).length - r)
    }

    /// A 200 × 100 rect rounded by 20 covers 200·100 − (4 − π)·20² square pixels; the chords
    /// cut inside the arcs by at most `arcTolerance` along their length (2π·20).
    @Test func aRoundedRectCoversItsAreaWithinTheArcTolerance() {
        let rect = Rect(x: 10, y: 20, width: 200, height: 100)
        var t = Tessellator()
        t.clip(to: [.init(rect: rect, cornerRadius: 20, transform: .identity)], index: 0)
        t.add(rect: rect, transform: .identity)
        let exact = 200.0 * 100 - (4 - Double.pi) * 400
        let drawn = area(t)
        #expect(drawn <= exact + 1e-3)
        #expect(drawn >= exact - 2 * Double.pi * 20 * Tessellator.arcTolerance, "\(drawn) of \(exact)")
        for v in t.vertices { #expect(outside(Point(x: Double(v.x), y: Double(v.y)), rect, radius: 20) < 1e-3) }
    }

    /// A square clip (radius 0) cuts a larger quad to itself exactly, and the unit
    /// coordinates of the cut corners are the quad's there.
    @Test func aSquareRegionCutsExactlyWithTheRightTextureCoordinates() {
        var t = Tessellator()
        t.clip(to: [.init(rect: Rect(x: 50, y: 0, width: 50, height: 100), cornerRadius: 0, transform: .identity)], index: 0)
        t.add(rect: Rect(x: 0, y: 0, width: 100, height: 100), transform: .identity)
        #expect(abs(area(t) - 5000) < 1e-3)
        for v in t.vertices {
            #expect(v.x >= 50 - 1e-4)
            #expect(abs(Double(v.u) * 100 - Double(v.x)) < 1e-3)
        }
    }

    /// Under perspective, a sublayer flattened into the clipping layer's plane (it passes
    /// the region on every side) is cut to the region in that plane: every emitted point,
    /// taken back to the plane through its unit coordinates, lies in the rounded rect, and
    /// on screen it is where the plane's projection puts that point.
    @Test(arguments: [25.0, 60.0])
    func aFlattenedSublayerIsCutInThePlaneUnderPerspective(_ degrees: Double) {
        let region = Rect(x: 0, y: 0, width: 300, height: 400)
        let plane = Transform3D.makeTranslation(-150, -200, 0)
            .concatenating(.makeRotation(degrees * .pi / 180, 0, 1, 0))
            .concatenating(.makeRotation(10 * .pi / 180, 1, 0, 0))
            .concatenating(.makePerspective(distance: 500))
            .concatenating(.makeTranslation(400, 300, 0))
        // The sublayer: 400 × 500 placed at (−50, −50) in the plane, turned 5° in it.
        let sub = Rect(x: 0, y: 0, width: 400, height: 500)
        let toPlane = Transform3D.makeRotation(5 * .pi / 180, 0, 0, 1).concatenating(.makeTranslation(-50, -50, 0))
        var t = Tessellator()
        t.clip(to: [.init(rect: region, cornerRadius: 60, transform: plane)], index: 0)
        t.add(rect: sub, transform: toPlane.concatenating(plane))
        #expect(!t.indices.isEmpty)
        for v in t.vertices {
            let local = toPlane.project(Point(x: Double(v.u) * sub.width, y: Double(v.v) * sub.height))!
            #expect(outside(local, region, radius: 60) < 0.05, "\(local) outside the region")
            let screen = plane.project(local)!
            #expect((screen - Point(x: Double(v.x), y: Double(v.y))).length < 0.01)
        }
    }

    /// Nested regions intersect: a region inside another's parent chain cuts to both.
    @Test func nestedRegionsIntersect() {
        var t = Tessellator()
        let clips: [DisplayList.Clip] = [
            .init(rect: Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 0, transform: .identity),
            .init(rect: Rect(x: 60, y: 60, width: 100, height: 100), cornerRadius: 0, transform: .identity, parent: 0),
        ]
        t.clip(to: clips, index: 1)
        t.add(rect: Rect(x: 0, y: 0, width: 200, height: 200), transform: .identity)
        #expect(abs(area(t) - 40 * 40) < 1e-3)
    }

    /// An inner region whose large corners take every chord they can still leaves room for
    /// the region it lies in: nothing passes the outer square.
    @Test func anOuterRegionIsNeverDropped() {
        var t = Tessellator()
        let clips: [DisplayList.Clip] = [
            .init(rect: Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 0, transform: .identity),
            .init(rect: Rect(x: -400, y: -400, width: 1000, height: 1000), cornerRadius: 400, transform: .identity, parent: 0),
        ]
        t.clip(to: clips, index: 1)
        t.add(rect: Rect(x: -1000, y: -1000, width: 2000, height: 2000), transform: .identity)
        #expect(abs(area(t) - 100 * 100) < 1e-3)
        for v in t.vertices { #expect(v.x >= -1e-4 && v.x <= 100 + 1e-4 && v.y >= -1e-4 && v.y <= 100 + 1e-4) }
    }

    /// A region seen edge-on shows nothing; clearing the region draws again.
    @Test func aRegionSeenEdgeOnShowsNothing() {
        let edgeOn = Transform3D.makeRotation(.pi / 2, 0, 1, 0)
        var t = Tessellator()
        t.clip(to: [.init(rect: Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 10, transform: edgeOn)], index: 0)
        t.add(rect: Rect(x: 0, y: 0, width: 100, height: 100), transform: .identity)
        #expect(t.indices.isEmpty)
        t.clip(to: [], index: nil)
        t.add(rect: Rect(x: 0, y: 0, width: 100, height: 100), transform: .identity)
        #expect(t.indices.count == 6)
    }

    /// A radius past half the shorter side is half of it: a 100 × 40 rect by 1000 is a
    /// stadium, 100·40 − (4 − π)·20².
    @Test func anOversizedRadiusMakesAStadium() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        var t = Tessellator()
        t.clip(to: [.init(rect: rect, cornerRadius: 1000, transform: .identity)], index: 0)
        t.add(rect: rect, transform: .identity)
        let exact = 4000 - (4 - Double.pi) * 400
        #expect(area(t) <= exact + 1e-3 && area(t) >= exact - 2 * Double.pi * 20 * Tessellator.arcTolerance)
    }
}
