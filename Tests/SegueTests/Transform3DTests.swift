import Foundation
import Testing
@testable import Segue

@MainActor @Suite struct Transform3DTests {
    @Test func rotationAboutXFollowsCoreAnimationSigns() {
        let r = Transform3D.makeRotation(.pi / 2, 1, 0, 0)
        // y' = y·c − z·s, z' = y·s + z·c: the bottom (+y) comes toward the viewer (+z).
        let v = r.apply(x: 0, y: 1, z: 0)
        #expect(close(v.y, 0) && close(v.z, 1))
        let w = r.apply(x: 0, y: 0, z: 1)
        #expect(close(w.y, -1) && close(w.z, 0))
    }

    @Test func rotationAboutYLiftsTheRightEdgeForNegativeAngles() {
        let r = Transform3D.makeRotation(-.pi / 2, 0, 1, 0)
        // x' = x·c + z·s, z' = −x·s + z·c: with a = −π/2 the right edge (+x) comes to +z.
        let v = r.apply(x: 1, y: 0, z: 0)
        #expect(close(v.x, 0) && close(v.z, 1))
    }

    @Test func rotationNormalisesTheAxisAndZeroAxisIsIdentity() {
        #expect(Transform3D.makeRotation(0.7, 0, 0, 0) == .identity)
        #expect(Transform3D.makeRotation(0.7, 3, 0, 0).isApproximatelyEqual(to: .makeRotation(0.7, 1, 0, 0)))
    }

    @Test func concatAppliesTheFirstArgumentFirst() {
        let t = Transform3D.makeTranslation(10, 0, 0), s = Transform3D.makeScale(2, 2, 1)
        // Translate then scale: (1 + 10) · 2 = 22.
        #expect(close(Transform3D.concat(t, s).apply(x: 1, y: 0).x, 22))
        // Scale then translate: 1 · 2 + 10 = 12.
        #expect(close(Transform3D.concat(s, t).apply(x: 1, y: 0).x, 12))
        // rotated(t, …) = R · t: the rotation happens first.
        let rt = t.rotated(.pi / 2, 0, 0, 1)
        #expect(rt.isApproximatelyEqual(to: .concat(.makeRotation(.pi / 2, 0, 0, 1), t)))
    }

    @Test func perspectiveDividesByOneMinusZOverD() {
        let p = Transform3D.makePerspective(distance: 500)
        let v = Transform3D.makeTranslation(100, 50, 100).concatenating(p).apply(x: 0, y: 0)
        #expect(close(v.w, 1 - 100.0 / 500))
        #expect(close(v.projected, Point(x: 125, y: 62.5)))
    }

    /// DESIGN.md's worked example, checked against a browser.
    @Test func worked18DegreeExampleMatchesTheBrowser() {
        let container = LayerState.make(bounds: Rect(x: 0, y: 0, width: 480, height: 640), position: Point(x: 240, y: 320),
                                        sublayerTransform: .makePerspective(distance: 640))
        let view = LayerState.make(bounds: Rect(x: 0, y: 0, width: 480, height: 640), position: Point(x: 240, y: 320),
                                   transform: .makeRotation(18 * .pi / 180, 1, 0, 0))
        let m = view.toSuperlayerPlane(parent: container)
        let tol = 1e-3
        #expect(close(m.project(Point(x: 0, y: 0)), Point(x: 32.119, y: 56.392), tol))
        #expect(close(m.project(Point(x: 480, y: 0)), Point(x: 447.881, y: 56.392), tol))
        #expect(close(m.project(Point(x: 480, y: 640)), Point(x: 523.859, y: 679.954), tol))
        #expect(close(m.project(Point(x: 0, y: 640)), Point(x: -43.859, y: 679.954), tol))
    }

    @Test(arguments: [
        Transform3D.makeRotation(0.3, 1, 2, 3).translated(5, -7, 11),
        Transform3D.makeScale(2, 3, 4).rotated(1.1, 0, 1, 0),
        Transform3D.makePerspective(distance: 300).concatenating(.makeTranslation(1, 2, 3)),
    ])
    func inverseUndoesTheTransform(_ m: Transform3D) throws {
        let inv = try #require(m.inverted)
        #expect(m.concatenating(inv).isApproximatelyEqual(to: .identity, tolerance: 1e-12))
        #expect(inv.concatenating(m).isApproximatelyEqual(to: .identity, tolerance: 1e-12))
    }

    @Test func singularMatrixHasNoInverse() {
        #expect(Transform3D.makeScale(0, 1, 1).inverted == nil)
    }

    @Test(arguments: [
        Transform3D.makeRotation(.pi / 2, 1, 0, 0),
        Transform3D.makeRotation(-.pi / 2, 0, 1, 0).translated(30, 0, 0),
        Transform3D.makeRotation(2.5, 1, -1, 0.5).scaled(2, 0.5, 1),
        Transform3D.makeScale(-1, 1, 1),
        Transform3D.makeTranslation(3, 4, 5).concatenating(.makePerspective(distance: 400)),
        Transform3D(m11: 1, m12: 0.2, m13: 0, m14: 0, m21: 0.3, m22: 1, m23: 0, m24: 0,
                    m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1),
    ])
    func decompositionRecomposesTheSameMatrix(_ m: Transform3D) throws {
        let d = try #require(m.decomposed)
        // The decomposition is of M / m44, the same projective map.
        let normalized = Transform3D.concat(m, .makeScale(1 / m.m44, 1 / m.m44, 1 / m.m44))
        var expected = normalized
        expected.m14 = m.m14 / m.m44; expected.m24 = m.m24 / m.m44; expected.m34 = m.m34 / m.m44; expected.m44 = 1
        #expect(d.recomposed.isApproximatelyEqual(to: expected, tolerance: 1e-9))
    }

    @Test(arguments: [0.0, 0.25, 0.5, 0.8, 1.0])
    func interpolatingRotationsInterpolatesTheAngle(_ t: Double) {
        let a = Transform3D.makeRotation(-.pi / 2, 1, 0, 0), b = Transform3D.identity
        let mid = a.interpolated(to: b, at: t)
        #expect(mid.isApproximatelyEqual(to: .makeRotation(-.pi / 2 * (1 - t), 1, 0, 0), tolerance: 1e-9))
    }

    @Test func interpolationNeverBlendsElements() {
        // Element-wise blending of ±90° about Y would collapse the x axis at t = 0.5.
        let a = Transform3D.makeRotation(.pi / 2, 0, 1, 0), b = Transform3D.makeRotation(-.pi / 2, 0, 1, 0)
        let mid = a.interpolated(to: b, at: 0.5)
        #expect(mid.isApproximatelyEqual(to: .identity, tolerance: 1e-9))
    }

    @Test func unprojectInvertsProjection() throws {
        let m = Transform3D.makeRotation(0.6, 1, 0.3, 0).translated(10, 20, 0)
            .concatenating(.makePerspective(distance: 500))
        let p = Point(x: 37, y: -12)
        let screen = try #require(m.project(p))
        #expect(close(m.unproject(screen), p, 1e-9))
    }
}

extension LayerState {
    static func make(bounds: Rect, position: Point, transform: Transform3D = .identity,
                     sublayerTransform: Transform3D = .identity) -> LayerState {
        var s = LayerState()
        s.bounds = bounds
        s.position = position
        s.transform = transform
        s.sublayerTransform = sublayerTransform
        return s
    }
}
