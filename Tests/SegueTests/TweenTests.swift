import Testing
@testable import Segue
import SegueTestSupport

/// A tween writes a plain value straight into the layer state; it must show exactly what the
/// track's `value(at:)` stored through `LayerState`'s subscript shows, bit for bit.
@Suite struct TweenTests {
    static let plain: [AnimatableProperty] = [.opacity, .cornerRadius, .position, .anchorPoint, .bounds, .backgroundColor]

    /// A random value of `property`'s kind, components in −500…500 (colours: sometimes nil).
    static func value(of property: AnimatableProperty, _ rng: inout SeededGenerator) -> AnimatableValue {
        func n() -> Double { Double.random(in: -500...500, using: &rng) }
        switch property {
        case .opacity, .cornerRadius: return .number(n())
        case .position, .anchorPoint: return .point(Point(x: n(), y: n()))
        case .bounds: return .rect(Rect(x: n(), y: n(), width: n(), height: n()))
        case .backgroundColor:
            return Int.random(in: 0..<3, using: &rng) == 0 ? .color(nil) : .color(Color(red: n(), green: n(), blue: n(), alpha: n()))
        case .transform, .sublayerTransform: return .transform(.makeRotation(n(), 0, 0, 1))
        }
    }

    /// For every plain property, random ends at random keyframe times, at progress inside,
    /// at and past both ends (a spring overshoots): the state the tween writes is the state
    /// the subscript writes.
    @Test(arguments: plain)
    func aTweenWritesWhatTheTrackGives(_ property: AnimatableProperty) throws {
        var rng = SeededGenerator(seed: 0x7EE4)
        for _ in 0..<200 {
            let t0 = Double.random(in: -1...0.9, using: &rng), t1 = t0 + Double.random(in: 0.001...2, using: &rng)
            let a = Self.value(of: property, &rng), b = Self.value(of: property, &rng)
            if a == .color(nil) && b == .color(nil) { continue }
            let track = KeyframeTrack([.init(time: t0, value: a), .init(time: t1, value: b)])
            let tween = try #require(Tween(property: property, track: track))
            var model = LayerState()
            model[property] = Self.value(of: property, &rng)
            for p in [-0.5, 0, 1e-9, 0.25, 0.5, 0.999, 1, 1.5] + (0..<8).map({ _ in Double.random(in: -1...2, using: &rng) }) {
                var expected = model, shown = model
                expected[property] = track.value(at: p)
                tween.apply(at: p, to: &shown)
                #expect(shown == expected, "\(property) \(a) → \(b) at \(p)")
            }
        }
    }

    /// A track's keys are in time order, keys of one time in the order given, whether they
    /// come in order, reversed (a dismiss's samples) or neither.
    @Test func keysAreInTimeOrderTiesAsGiven() {
        func key(_ t: Double, _ v: Double) -> KeyframeTrack.Keyframe { .init(time: t, value: .number(v)) }
        let inOrder = [key(0, 1), key(0.5, 2), key(0.5, 3), key(1, 4)]
        #expect(KeyframeTrack(inOrder).keyframes == inOrder)
        #expect(KeyframeTrack(inOrder.reversed()).keyframes == [key(0, 1), key(0.5, 3), key(0.5, 2), key(1, 4)])
        #expect(KeyframeTrack([key(1, 4), key(0.5, 2), key(0, 1), key(0.5, 3)]).keyframes == inOrder)
        #expect(KeyframeTrack([key(1, 4), key(0, 1), key(0.5, 2)]).keyframes == [key(0, 1), key(0.5, 2), key(1, 4)])
        let decreasing = KeyframeTrack([key(1, 4), key(0.5, 2), key(0, 1)])
        #expect(decreasing.keyframes == [key(0, 1), key(0.5, 2), key(1, 4)] && decreasing.value(at: 0.25) == .number(1.5))
    }

    /// Between two keys of one transform the track holds that transform exactly, as given —
    /// not its decomposition made again, which comes back a few bits off — and between two
    /// that differ it interpolates their decompositions.
    @Test func aTransformHeldBetweenEqualKeysIsTheOneGiven() throws {
        let held = Transform3D.concat(.makeRotation(0.7, 0.3, 1, 0.2), .makePerspective(distance: 900))
        let moved = Transform3D.makeTranslation(40, -12, 5)
        let decomposed = try #require(held.decomposed)
        // (The round trip is not exact, so a track that made the transform again would differ.)
        #expect(decomposed.interpolated(to: decomposed, at: 0.5).recomposed != held)
        let track = KeyframeTrack([.init(time: 0, value: .transform(held)), .init(time: 0.5, value: .transform(held)),
                                   .init(time: 1, value: .transform(moved))])
        #expect(track.value(at: 0.25) == .transform(held))
        let between = try #require(moved.decomposed)
        #expect(track.value(at: 0.75) == .transform(decomposed.interpolated(to: between, at: 0.5).recomposed))
    }

    /// Where the track's own rules apply — transforms (decomposed), values of another kind,
    /// two nil colours, keyframes at one time, one or three keyframes — there is no tween.
    @Test func noTweenWhereTheTrackDecides() {
        let turn = AnimatableValue.transform(.makeRotation(1, 0, 0, 1))
        let cases: [(AnimatableProperty, [KeyframeTrack.Keyframe])] = [
            (.transform, [.init(time: 0, value: .transform(.identity)), .init(time: 1, value: turn)]),
            (.opacity, [.init(time: 0, value: .number(0)), .init(time: 1, value: .point(.zero))]),
            (.position, [.init(time: 0, value: .number(0)), .init(time: 1, value: .number(1))]),
            (.backgroundColor, [.init(time: 0, value: .color(nil)), .init(time: 1, value: .color(nil))]),
            (.opacity, [.init(time: 0.5, value: .number(0)), .init(time: 0.5, value: .number(1))]),
            (.opacity, [.init(time: 0, value: .number(0))]),
            (.opacity, [.init(time: 0, value: .number(0)), .init(time: 0.5, value: .number(1)), .init(time: 1, value: .number(0))]),
        ]
        for (property, keyframes) in cases {
            #expect(Tween(property: property, track: KeyframeTrack(keyframes)) == nil, "\(property) \(keyframes)")
        }
    }
}
