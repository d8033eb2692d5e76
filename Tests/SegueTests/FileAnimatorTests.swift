import Testing
@testable import Segue
@testable import SegueDemos
@testable import SegueCatalog

@MainActor @Suite struct FileAnimatorTests {
    private func layer(_ keys: String) throws -> LayerTracks {
        let f = try TransitionFile.read(#"{"format":1,"name":"x","duration":1,"layers":[{"source":"base","keyframes":["# + keys + "]}]}")
        return LayerTracks(f.layers[0], size: Size(width: 200, height: 100))
    }

    /// Each property is its own track: before its first key the first value, after its last
    /// the last, between two the segment's curve from the earlier key.
    @Test func eachPropertyIsItsOwnTrack() throws {
        let l = try layer(#"{"t":0.2,"opacity":0.2,"curve":"easeIn"},{"t":0.4,"rotateZ":90},{"t":0.6,"opacity":1}"#)
        #expect(l.opacity(at: 0) == 0.2 && l.opacity(at: 0.2) == 0.2 && l.opacity(at: 0.9) == 1)
        // Half way from 0.2 to 0.6 along easeIn: 0.2 + 0.8 · easeIn(0.5).
        #expect(close(l.opacity(at: 0.4), 0.2 + 0.8 * TimingCurve.easeIn.value(at: 0.5), 1e-12))
        // rotateZ has one key: it holds 90° everywhere.
        let p = l.transform(at: 0).project(Point(x: 1, y: 0))
        #expect(close(p, Point(x: 0, y: 1), 1e-12))
        // A property no key names keeps its default.
        #expect(try layer(#"{"t":0,"opacity":0.5}"#).transform(at: 0.5) == .identity)
    }

    /// Between two keys of three the segment around t: x 0 → 100 over 0…0.5, then 100 → 300
    /// over 0.5…1 (linear), so 50 at 0.25 and 200 at 0.75; a number's scale is both axes'; a
    /// turn no key names is 0.
    @Test func theSegmentAroundTIsInterpolated() throws {
        let l = try layer(#"{"t":0,"translate":[0,0,0],"rotateX":30},{"t":0.5,"translate":[100,0,0],"scale":2},{"t":1,"translate":[300,10,0]}"#)
        #expect(l.translation(at: 0.25) == SIMD4(50, 0, 0, 0) && l.translation(at: 0.75) == SIMD4(200, 5, 0, 0))
        #expect(l.translation(at: 0.5) == SIMD4(100, 0, 0, 0) && l.translation(at: 2) == SIMD4(300, 10, 0, 0))
        #expect(l.scaling(at: 0.9) == SIMD4(2, 2, 0, 0) && l.turns(at: 0.9) == SIMD4(30, 0, 0, 0))
        #expect(try layer(#"{"t":0,"opacity":0.5}"#).scaling(at: 0.3) == SIMD4(1, 1, 0, 0))
    }

    /// CSS order about the anchor: a point is scaled, turned about Z, Y, X, then moved.
    /// (1, 0, 0) scaled ×2 → (2, 0, 0); turned 90° about Z → (0, 2, 0); 90° about X (y' = y·c
    /// − z·s, z' = y·s + z·c) → (0, 0, 2); moved by (10, 20, 30) → (10, 20, 32).
    @Test func transformsComposeInCSSOrder() throws {
        let l = try layer(#"{"t":0,"translate":[10,20,30],"rotateX":90,"rotateZ":90,"scale":2}"#)
        let m = l.transform(at: 0)
        let v = m.apply(x: 1, y: 0, z: 0)
        #expect(close(v.x, 10, 1e-9) && close(v.y, 20, 1e-9) && close(v.z, 32, 1e-9) && v.w == 1)
    }

    /// Percentages (an extension of format 1) are of the layer's own size: x and z of its
    /// width (200), y of its height (100); they interpolate with points as numbers.
    @Test func percentagesAreOfTheLayersSize() throws {
        let l = try layer(#"{"t":0,"translate":["50%","-10%","20%"]},{"t":1,"translate":[0,10,0]}"#)
        let v = l.transform(at: 0).apply(x: 0, y: 0, z: 0)
        #expect(close(v.x, 100, 1e-9) && close(v.y, -10, 1e-9) && close(v.z, 40, 1e-9))
        let half = l.transform(at: 0.5).apply(x: 0, y: 0, z: 0)
        #expect(close(half.x, 50, 1e-9) && close(half.y, 0, 1e-9) && close(half.z, 20, 1e-9))
    }

    /// A dismiss runs the timeline backwards: its track at progress p is the present's at 1 − p.
    @Test func aDismissIsThePresentBackwards() throws {
        let l = try layer(#"{"t":0,"rotateY":-90,"opacity":0},{"t":0.3,"opacity":1},{"t":1,"rotateY":0}"#)
        let present = Dictionary(uniqueKeysWithValues: l.animationTracks(reversed: false).map { ($0.0, $0.1) })
        let dismiss = Dictionary(uniqueKeysWithValues: l.animationTracks(reversed: true).map { ($0.0, $0.1) })
        #expect(Set(present.keys) == [.transform, .opacity])
        for p in stride(from: 0.0, through: 1, by: 0.05) {
            guard case .number(let o1) = present[.opacity]!.value(at: p), case .number(let o2) = dismiss[.opacity]!.value(at: 1 - p) else {
                Issue.record("not numbers"); return
            }
            #expect(close(o1, o2, 1e-12) && close(o1, l.opacity(at: p), 1e-12))
            guard case .transform(let a) = present[.transform]!.value(at: p), case .transform(let b) = dismiss[.transform]!.value(at: 1 - p) else {
                Issue.record("not transforms"); return
            }
            let corner = Point(x: 100, y: 50)
            #expect(close(a.project(corner), b.project(corner)!, 1e-9))
            // The samples interpolate a turn about one axis exactly, but for the rounding of
            // decomposing and recomposing (under a millionth of a point here).
            #expect(close(a.project(corner), l.transform(at: p).project(corner)!, 1e-5))
        }
    }

    /// A percent as the file defines it: the displacement along the pan over its distance,
    /// clamped.
    @Test func panPercents() {
        let size = Size(width: 300, height: 600)
        #expect(TransitionFile.Pan(.up).percent(Point(x: 5, y: -150), screen: size) == 0.25)
        #expect(TransitionFile.Pan(.up).percent(Point(x: 0, y: 150), screen: size) == 0)
        #expect(TransitionFile.Pan(.horizontal).percent(Point(x: -75, y: 9), screen: size) == 0.25)
        #expect(TransitionFile.Pan(.left, edge: .right, distance: .points(100)).percent(Point(x: -150, y: 0), screen: size) == 1)
    }

    /// A file's transition, driven by a drag, runs through the same interactor as the seeds':
    /// past the threshold it finishes with only the modal screen shown, untransformed; short
    /// of it, it cancels back to the base screen.
    @Test func aDragDrivesAFilesTransition() throws {
        let file = try TransitionFile.read(pageTurnFileText)
        let demo = DemoCatalog.make(CustomTransition(file: file), screenSize: Size(width: 375, height: 667))
        let h = Harness(demo)
        h.drag(from: Point(x: 370, y: 300), to: Point(x: 270, y: 300))
        h.run(2)
        #expect(h.log == ["began pageturn present interactive=true", "ended pageturn present cancelled=true"])
        #expect(demo.window.containerView.subviews.count == 1 && demo.window.containerView.subviews[0] === demo.home.view && !demo.home.view.isHidden)
        h.drag(from: Point(x: 370, y: 300), to: Point(x: 70, y: 300))
        h.run(2)
        #expect(h.log.last == "ended pageturn present cancelled=false")
        let shown = demo.window.containerView.subviews
        #expect(shown.count == 1 && shown[0] === demo.modal.view && !shown[0].isHidden && shown[0].transform == .identity)
        #expect(shown[0].frame == demo.window.containerView.bounds && demo.modal.view.layer.animations.isEmpty)
    }

    private func view(named name: String, in parent: View) -> View? { parent.subviews.first(where: { $0.layer.name == name }) }

    /// A dismiss of the file's own (format 2) plays its own timeline forward, with its own
    /// duration scaled as the tuning scales the file's: here 0.5 s, linear, the modal fading
    /// out by t = 0.5; then the base shows alone, untransformed.
    @Test func aDismissOfItsOwnPlaysItsTimelineForward() throws {
        let file = try TransitionFile.read(#"""
            {"format":2,"name":"axis","duration":1,"curve":"linear",
             "layers":[{"source":"base"},{"source":"modal","keyframes":[{"t":0,"opacity":0},{"t":1,"opacity":1}]}],
             "dismiss":{"duration":0.5,"layers":[{"source":"base"},
               {"id":"out","source":"modal","keyframes":[{"t":0,"opacity":1},{"t":0.5,"opacity":0}]}]}}
            """#)
        let demo = DemoCatalog.make(CustomTransition(file: file), screenSize: Size(width: 375, height: 667))
        let h = Harness(demo)
        demo.start(.present)
        h.run(1.1)
        demo.start(.dismiss)
        // A quarter of 0.5 s: t = 0.25, half-way down the fade.
        h.run(0.125)
        let stage = try #require(view(named: "transition axis", in: demo.window.containerView))
        let out = try #require(view(named: "out", in: stage))
        #expect(close(out.layer.presentation.opacity, 0.5, 1e-9))
        h.run(0.4)
        #expect(h.log.suffix(2) == ["began axis dismiss interactive=false", "ended axis dismiss cancelled=false"])
        let shown = demo.window.containerView.subviews
        #expect(shown.count == 1 && shown[0] === demo.home.view && !shown[0].isHidden && shown[0].transform == .identity)
    }

    /// `backface: "hidden"` reaches the layer's view.
    @Test func aHiddenBackfaceReachesTheView() throws {
        let file = try TransitionFile.read(#"""
            {"format":2,"name":"card","duration":1,"layers":[{"source":"base"},{"id":"face","source":"modal","backface":"hidden",
             "keyframes":[{"t":0,"transform":[{"rotateY":180}]},{"t":1,"transform":[{"rotateY":0}]}]}]}
            """#)
        let demo = DemoCatalog.make(CustomTransition(file: file), screenSize: Size(width: 375, height: 667))
        let h = Harness(demo)
        demo.start(.present)
        h.run(0.2)
        let stage = try #require(view(named: "transition card", in: demo.window.containerView))
        #expect(view(named: "face", in: stage)?.layer.isDoubleSided == false)
    }
}
