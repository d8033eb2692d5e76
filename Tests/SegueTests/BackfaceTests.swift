import Testing
@testable import Segue

/// `isDoubleSided` (CSS's `backface-visibility`): a layer that may not show its back is left
/// out, with what rides on it, while its image on screen is turned over.
@MainActor @Suite struct BackfaceTests {
    /// A card turned about Y under a perspective, with a badge riding on it.
    private func names(turnedBy degrees: Double, doubleSided: Bool) -> [String] {
        let root = Layer(name: "root")
        root.frame = Rect(x: 0, y: 0, width: 300, height: 200)
        root.sublayerTransform = .makePerspective(distance: 500)
        let card = Layer(name: "card")
        card.frame = Rect(x: 100, y: 50, width: 100, height: 100)
        card.backgroundColor = .white
        card.isDoubleSided = doubleSided
        card.transform = .makeRotation(degrees * .pi / 180, 0, 1, 0)
        let badge = Layer(name: "badge")
        badge.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        badge.backgroundColor = .black
        card.addSublayer(badge)
        root.addSublayer(card)
        return Compositor.compose(root).items.map(\.name)
    }

    @Test func aLayerFacingAwayIsLeftOutWithWhatRidesOnIt() {
        #expect(names(turnedBy: 89, doubleSided: false) == ["card", "badge"])
        #expect(names(turnedBy: 91, doubleSided: false) == [])
        #expect(names(turnedBy: 180, doubleSided: false) == [])
        #expect(names(turnedBy: 271, doubleSided: false) == ["card", "badge"])
        #expect(names(turnedBy: 180, doubleSided: true) == ["card", "badge"])
    }

    /// The orientation of a map's image by hand: the identity shows the front, a mirror in x
    /// or a half turn about Y the back, a half turn about Z (in the plane) the front.
    @Test func turningOverIsTheImagesOrientation() {
        #expect(!Transform3D.identity.turnsOver)
        #expect(Transform3D.makeScale(-1, 1, 1).turnsOver)
        #expect(Transform3D.makeRotation(.pi, 0, 1, 0).turnsOver)
        #expect(!Transform3D.makeRotation(.pi, 0, 0, 1).turnsOver)
        #expect(!Transform3D.makeRotation(.pi / 3, 1, 0, 0).concatenating(.makePerspective(distance: 300)).turnsOver)
    }
}
