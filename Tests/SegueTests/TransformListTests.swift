import Foundation
import Testing
@testable import Segue
@testable import SegueCatalog

/// Format 2's transform lists: the matrices of CSS's functions and the interpolation of two
/// lists as CSS Transforms 2 defines it, against hand-worked values.
@Suite struct TransformListTests {
    let size = Size(width: 200, height: 100)

    func matrix(_ functions: [TransformFunction]) -> Transform3D { ResolvedTransform(functions, size: size).matrix }

    func mixed(_ a: [TransformFunction], _ b: [TransformFunction], _ u: Double) -> Transform3D {
        ResolvedTransform(a, size: size).interpolated(to: ResolvedTransform(b, size: size), at: u)
    }

    func degrees(_ d: Double) -> Double { d * .pi / 180 }

    /// Where the matrix takes the point (x, y, z), after the divide.
    func image(_ m: Transform3D, _ x: Double, _ y: Double, _ z: Double = 0) -> (Double, Double, Double) {
        let w = x * m.m14 + y * m.m24 + z * m.m34 + m.m44
        return ((x * m.m11 + y * m.m21 + z * m.m31 + m.m41) / w, (x * m.m12 + y * m.m22 + z * m.m32 + m.m42) / w,
                (x * m.m13 + y * m.m23 + z * m.m33 + m.m43) / w)
    }

    func near(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Bool {
        abs(a.0 - b.0) < 1e-9 && abs(a.1 - b.1) < 1e-9 && abs(a.2 - b.2) < 1e-9
    }

    /// A point meets the last function first: translate then rotate turns about the moved
    /// origin; percentages are of the layer's own width and height.
    @Test func aListAppliesItsLastFunctionFirst() {
        // rotateZ(90) takes (1, 0) to (0, 1); then translate(50% = 100, 0).
        #expect(near(image(matrix([.translate(.percent(50), 0, 0), .rotateZ(90)]), 1, 0), (100, 1, 0)))
        // translate first, then the turn: (1 + 100, 0) turned to (0, 101).
        #expect(near(image(matrix([.rotateZ(90), .translate(.percent(50), 0, 0)]), 1, 0), (0, 101, 0)))
    }

    /// CSS's skew, perspective and matrix3d by hand: skew(45°, 0) moves (0, 1) to (1, 1);
    /// perspective(100) shows (10, 0, 50) at x = 10 / (1 − 50/100) = 20; matrix3d's
    /// 13th–15th numbers are its translation.
    @Test func skewPerspectiveAndMatrixAreCSSs() {
        #expect(near(image(matrix([.skew(45, 0)]), 0, 1), (1, 1, 0)))
        #expect(near(image(matrix([.skew(0, 45)]), 1, 0), (1, 1, 0)))
        #expect(abs(image(matrix([.perspective(100)]), 10, 0, 50).0 - 20) < 1e-9)
        let m = matrix([.matrix3d([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 7, 8, 9, 1])])
        #expect(near(image(m, 1, 2, 3), (8, 10, 12)))
        // rotate3d's axis need not be unit length; rotateY(90) takes (1, 0, 0) to (0, 0, −1).
        #expect(near(image(matrix([.rotate3d(x: 0, y: 5, z: 0, degrees: 90)]), 1, 0, 0), (0, 0, -1)))
    }

    /// Lists of one shape are interpolated function by function: half-way from rotateX(0)
    /// to rotateX(90) is rotateX(45), not the mean of the matrices.
    @Test func matchingListsMixNumberByNumber() {
        let half = mixed([.translate(0, 0, 0), .rotateX(0)], [.translate(.percent(100), 40, 0), .rotateX(90)], 0.5)
        let expected = Transform3D.makeRotation(degrees(45), 1, 0, 0).concatenating(.makeTranslation(100, 20, 0))
        #expect(half.isApproximatelyEqual(to: expected))
        // A turn by nothing takes the other's axis: rotateX(0) to rotateY(90) is rotateY(45).
        #expect(mixed([.rotateX(0)], [.rotateY(90)], 0.5).isApproximatelyEqual(to: .makeRotation(degrees(45), 0, 1, 0)))
    }

    /// A shorter list is padded with the identities of the other's functions: animate.css's
    /// flipInX ends on perspective(400px) alone, so half-way from perspective(400px)
    /// rotate3d(1, 0, 0, −20°) it is perspective(400px) rotateX(−10°).
    @Test func aShorterListIsPaddedWithIdentities() {
        let half = mixed([.perspective(400), .rotate3d(x: 1, y: 0, z: 0, degrees: -20)], [.perspective(400)], 0.5)
        let expected = Transform3D.makeRotation(degrees(-10), 1, 0, 0).concatenating(.makePerspective(distance: 400))
        #expect(half.isApproximatelyEqual(to: expected))
    }

    /// Perspectives mix as their inverses: half-way from 100 to 400 is 1 / ((1/100 + 1/400) / 2) = 160.
    @Test func perspectivesMixAsTheirInverses() {
        #expect(mixed([.perspective(100)], [.perspective(400)], 0.5).isApproximatelyEqual(to: .makePerspective(distance: 160)))
    }

    /// Functions of two kinds make the rest matrices, interpolated by decomposition: half-way
    /// from rotateX(90°) to rotateY(90°) the quaternions' slerp turns 70.53° about (1, 1, 0):
    /// cos(θ/2) = 2·cos 45° / √3.
    @Test func listsOfTwoShapesMixAsMatrices() {
        let angle = 2 * acos(2 * cos(Double.pi / 4) / 3.0.squareRoot())
        #expect(abs(angle - degrees(70.528779)) < 1e-6)
        #expect(mixed([.rotateX(90)], [.rotateY(90)], 0.5).isApproximatelyEqual(to: .makeRotation(angle, 1, 1, 0), tolerance: 1e-9))
        // The matching prefix still mixes by number: translate(0 → 100) before the rest.
        let half = mixed([.translate(0, 0, 0), .rotateX(90)], [.translate(100, 0, 0), .rotateY(90)], 0.5)
        #expect(half.isApproximatelyEqual(to: Transform3D.makeRotation(angle, 1, 1, 0).concatenating(.makeTranslation(50, 0, 0)), tolerance: 1e-9))
    }

    /// A layer's transform is about its origin, z included: rotateY(90°) about an origin
    /// 100 points behind the centre takes the centre to (−100, 0, −100) from the origin's
    /// place — the view turning about its anchor, the origin folded in.
    @Test func aTransformIsAboutTheOriginWithItsZ() throws {
        let file = try TransitionFile.read(#"""
            {"format":2,"name":"x","duration":1,"layers":[{"source":"base","origin":[0.5,0.5,-100],
             "keyframes":[{"t":0,"transform":[{"rotateY":90}]}]}]}
            """#)
        let tracks = LayerTracks(file.layers[0], size: size)
        // The view's anchor is the centre: the centre is (0, 0, 0) in the anchor's frame.
        // About (0, 0, −100): the centre is 100 in front; turned 90° about Y it goes to x = 100
        // (rotateY takes +z to +x), z = −100.
        #expect(near(image(tracks.transform(at: 0), 0, 0, 0), (100, 0, -100)))
        // An origin track moves the point turned about: at the layer's left edge, x = −100.
        let moving = try TransitionFile.read(#"""
            {"format":2,"name":"x","duration":1,"layers":[{"source":"base",
             "keyframes":[{"t":0,"transform":[{"rotateZ":180}],"origin":[0,0.5,0]}]}]}
            """#)
        let turned = LayerTracks(moving.layers[0], size: size).transform(at: 0)
        // Half a turn about the left edge's middle takes the centre (100 to its right) to 200 to its left.
        #expect(near(image(turned, 0, 0), (-200, 0, 0)))
    }
}
