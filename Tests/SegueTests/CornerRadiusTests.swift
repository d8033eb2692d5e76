import Testing
@testable import Segue
@testable import SegueCatalog

/// Corners as Core Animation draws them: the background rounded by `cornerRadius`, the
/// contents and the subtree clipped too with `masksToBounds`; and a file's `cornerRadius`
/// track clipping its layer and what rides on it.
@MainActor @Suite struct CornerRadiusTests {
    private func tree(masks: Bool) -> Layer {
        let root = Layer(name: "root")
        root.frame = Rect(x: 0, y: 0, width: 300, height: 200)
        let card = Layer(name: "card")
        card.frame = Rect(x: 10, y: 10, width: 100, height: 60)
        card.backgroundColor = .white
        card.cornerRadius = 500
        card.masksToBounds = masks
        let badge = Layer(name: "badge")
        badge.frame = Rect(x: -5, y: -5, width: 20, height: 20)
        badge.backgroundColor = .black
        card.addSublayer(badge)
        root.addSublayer(card)
        return root
    }

    @Test func theBackgroundIsRoundedAndOnlyAMaskClipsTheSubtree() {
        let plain = Compositor.compose(tree(masks: false))
        #expect(plain.clips.count == 1)
        // The radius is clamped to half the shorter side; the region is the card's bounds in
        // its own coordinates, with the card's map to pixels.
        #expect(plain.clips[0].cornerRadius == 30 && plain.clips[0].rect == Rect(x: 0, y: 0, width: 100, height: 60))
        #expect(plain.clips[0].transform.project(.zero) == Point(x: 10, y: 10))
        #expect(plain.items.map(\.name) == ["card", "badge"])
        #expect(plain.items.map(\.clip) == [0, nil])

        let masked = Compositor.compose(tree(masks: true))
        #expect(masked.items.map(\.clip) == [0, 0])
    }

    /// A masked layer inside a masked layer: its region lies within its parent's.
    @Test func nestedMasksChainTheirRegions() {
        let root = tree(masks: true)
        let badge = root.sublayers[0].sublayers[0]
        badge.masksToBounds = true
        let inner = Layer(name: "inner")
        inner.frame = Rect(x: 0, y: 0, width: 5, height: 5)
        inner.backgroundColor = .white
        badge.addSublayer(inner)
        let list = Compositor.compose(root)
        #expect(list.clips.map(\.parent) == [nil, 0])
        #expect(list.items.map(\.clip) == [0, 1, 1])
        #expect(list.clips[1].cornerRadius == 0)
    }

    /// `cornerRadius` animates as a number.
    @Test func theRadiusAnimates() {
        let l = Layer()
        l.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        l.add(Animation(property: .cornerRadius, track: KeyframeTrack(from: .number(0), to: .number(40)), easing: .bezier(.linear), duration: 1), forKey: "r")
        #expect(l.presentation(atLocalTime: 0.5).cornerRadius == 20)
    }

    /// A file layer with `cornerRadius` keys masks to its bounds and animates the radius
    /// along its track; the layers without keep square corners.
    @Test func aFileTrackRoundsItsLayer() throws {
        let file = try TransitionFile.read(#"""
            {"format":1,"name":"r","duration":1,"layers":[{"source":"base"},
             {"id":"card","source":"modal","keyframes":[{"t":0,"cornerRadius":40},{"t":1,"cornerRadius":0}]},
             {"parent":"card","source":"color","color":"#FF0000"}]}
            """#)
        let tracks = LayerTracks(file.layers[1], size: Size(width: 375, height: 667))
        #expect(tracks.isRounded && tracks.cornerRadius(at: 0.25) == 30)
        #expect(!LayerTracks(file.layers[0], size: Size(width: 375, height: 667)).isRounded)
        let properties = tracks.animationTracks(reversed: false).map(\.0)
        #expect(properties == [.cornerRadius])
    }
}
