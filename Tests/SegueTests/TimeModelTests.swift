import Testing
@testable import Segue

@MainActor @Suite struct TimeModelTests {
    @Test func localTimeFollowsBeginSpeedAndOffset() {
        let t = MediaTiming(beginTime: 2, speed: 0.5, timeOffset: 1)
        #expect(t.localTime(fromParent: 6) == (6 - 2) * 0.5 + 1)
    }

    /// `endTime` is where `hasEnded` turns true, whichever way the animation runs: hand-worked
    /// for a 2 s animation begun at 10 with offset 0.5: forward at ×2 it ends at
    /// 10 + (2 − 0.5) / 2 = 10.75; backward at ×−1 (elapsed 0.5 − (t − 10)) at 10.5; paused
    /// never (or at once, when its offset is past its end).
    @Test func endTimeIsWhereAnAnimationHasEnded() {
        func running(speed: Double, offset: Double) -> Layer.RunningAnimation {
            var a = Animation(property: .opacity, track: KeyframeTrack(from: .number(0), to: .number(1)), duration: 2, beginTime: 10)
            a.speed = speed
            a.timeOffset = offset
            return Layer.RunningAnimation(key: "a", animation: a)
        }
        // A NaN timing has no knowable end: −infinity, so `hasEnded` is always asked.
        #expect(running(speed: .nan, offset: 0).endTime == -.infinity)
        let cases: [(Double, Double, Double)] = [(2, 0.5, 10.75), (-1, 0.5, 10.5), (0, 0.5, .infinity), (0, 3, -.infinity), (0.25, 0, 18)]
        for (speed, offset, end) in cases {
            let r = running(speed: speed, offset: offset)
            #expect(r.endTime == end)
            for t in stride(from: 8.0, through: 20, by: 0.125) where abs(t - end) > 1e-9 {
                #expect(r.animation.hasEnded(atLayerTime: t) == (t >= end), "speed \(speed), offset \(offset), t \(t)")
            }
        }
    }

    @Test func timingComposesDownTheTree() {
        let root = Layer(), mid = Layer(), leaf = Layer()
        root.addSublayer(mid)
        mid.addSublayer(leaf)
        mid.timing = MediaTiming(beginTime: 1, speed: 2, timeOffset: 0)
        leaf.timing = MediaTiming(beginTime: 0, speed: 1, timeOffset: 3)
        root.clockTime = 5
        #expect(mid.localTime == 8)
        #expect(leaf.localTime == 11)
        #expect(leaf.effectiveSpeed == 2)
    }

    /// An animation under a layer that is paused, scrubbed, resumed and reversed shows
    /// the value of its local time at every step.
    @Test func pauseScrubResumeReverse() {
        let root = Layer(), container = Layer(), layer = Layer()
        root.addSublayer(container)
        container.addSublayer(layer)
        container.timing = MediaTiming(beginTime: 0, speed: 0, timeOffset: 0)
        layer.add(Animation(property: .opacity, track: KeyframeTrack(from: .number(0), to: .number(1)),
                            easing: .bezier(.linear), duration: 2), forKey: "fade")
        root.clockTime = 100
        #expect(layer.presentation.opacity == 0)                  // paused at 0
        container.timing.timeOffset = 0.5
        #expect(layer.presentation.opacity == 0.25)               // scrubbed
        container.timing = MediaTiming(beginTime: 100, speed: 1, timeOffset: 0.5)
        root.clockTime = 101
        #expect(layer.presentation.opacity == 0.75)               // resumed from 0.5 s
        container.timing = MediaTiming(beginTime: 101, speed: -1, timeOffset: 1.5)
        root.clockTime = 102
        #expect(layer.presentation.opacity == 0.25)               // played back 1 s
    }

    @Test func pausedAnimationsNeverCompleteOnTheirOwn() {
        let root = Layer(), container = Layer()
        root.addSublayer(container)
        container.timing.speed = 0
        container.timing.timeOffset = 5
        var completions = 0
        let tx = AnimationTransaction { _ in completions += 1 }
        container.add(Animation(property: .opacity, track: KeyframeTrack(from: .number(0), to: .number(1)),
                                duration: 1, transaction: tx), forKey: "a")
        root.clockTime = 300
        root.completeEndedAnimations()
        #expect(completions == 0)
        container.timing.speed = 1
        root.completeEndedAnimations()
        #expect(completions == 1)
    }

    /// A layer built outside the window's tree (as an animator builds its views before adding
    /// them) has no time of its own: what is added to it starts when it joins a clocked
    /// tree. Hand-worked: added at its own time 0 (begin 0, and one begun explicitly at 0.25),
    /// joined at 7 s under a container running ×2 since 5 s (local time (7 − 5)·2 = 4): they
    /// begin at 4 and 4.25, so at 7.25 s (local 4.5) the 1 s fade shows 0.5 and the delayed one
    /// 0.25. One added after it joined keeps its begin; a paused parent starts it at its offset.
    @Test func animationsAddedOffTheTreeStartWhenTheyJoinIt() {
        let root = Layer(), container = Layer(), leaf = Layer(), child = Layer()
        root.clockTime = 7
        root.addSublayer(container)
        container.timing = MediaTiming(beginTime: 5, speed: 2, timeOffset: 0)
        leaf.addSublayer(child)
        let fade = Animation(property: .opacity, track: KeyframeTrack(from: .number(0), to: .number(1)),
                             easing: .bezier(.linear), duration: 1)
        leaf.add(fade, forKey: "fade")
        child.add(Animation(property: .opacity, track: KeyframeTrack(from: .number(0), to: .number(1)),
                            easing: .bezier(.linear), duration: 1, beginTime: 0.25), forKey: "late")
        #expect(leaf.animation(forKey: "fade")?.beginTime == 0)
        container.addSublayer(leaf)
        #expect(leaf.animation(forKey: "fade")?.beginTime == 4)
        #expect(child.animation(forKey: "late")?.beginTime == 4.25)
        root.clockTime = 7.25
        #expect(leaf.presentation.opacity == 0.5 && child.presentation.opacity == 0.25)
        root.completeEndedAnimations()
        #expect(leaf.animation(forKey: "fade") != nil)
        root.clockTime = 7.5
        root.completeEndedAnimations()
        #expect(leaf.animation(forKey: "fade") == nil && child.animation(forKey: "late") != nil)

        // Added in the tree: begins now, and moving it within the tree does not restart it.
        leaf.add(fade, forKey: "again")
        #expect(leaf.animation(forKey: "again")?.beginTime == 5)
        root.addSublayer(leaf)
        #expect(leaf.animation(forKey: "again")?.beginTime == 5)

        // A tree whose root's clock is set only later: its animations start then, once; moving
        // a layer within it afterwards does not shift them again.
        let late = Layer(), inner = Layer(), moved = Layer()
        late.addSublayer(inner)
        inner.addSublayer(moved)
        moved.add(fade, forKey: "fade")
        late.clockTime = 3
        #expect(moved.animation(forKey: "fade")?.beginTime == 3)
        late.clockTime = 3.5
        late.addSublayer(moved)
        #expect(moved.animation(forKey: "fade")?.beginTime == 3)

        // Under a paused parent (an interactive transition's container) it starts at the offset.
        let paused = Layer(), built = Layer()
        paused.timing = MediaTiming(beginTime: 0, speed: 0, timeOffset: 0.3)
        root.addSublayer(paused)
        built.add(fade, forKey: "fade")
        paused.addSublayer(built)
        #expect(built.animation(forKey: "fade")?.beginTime == 0.3)
    }

    @Test func animationsBeginWhenAddedAndHoldTheirEndsWithFill() {
        let root = Layer()
        root.clockTime = 10
        root.add(Animation(property: .opacity, track: KeyframeTrack(from: .number(0.2), to: .number(0.6)),
                           easing: .bezier(.linear), duration: 1), forKey: "o")
        #expect(root.animation(forKey: "o")?.beginTime == 10)
        #expect(root.presentation(atLocalTime: 9).opacity == 0.2)
        #expect(close(root.presentation(atLocalTime: 10.5).opacity, 0.4))
        #expect(root.presentation(atLocalTime: 12).opacity == 0.6)
    }
}

@MainActor @Suite struct AnimationAPITests {
    @Test func animateRecordsFromOldToNewAndSetsTheModelAtOnce() {
        let window = Window(size: Size(width: 100, height: 100))
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(v)
        window.advance(to: 1)
        var finished: [Bool] = []
        View.animate(withDuration: 2, curve: .linear, animations: { v.alpha = 0 }, completion: { finished.append($0) })
        #expect(v.alpha == 0)
        #expect(v.layer.presentation.opacity == 1)
        window.advance(to: 2)
        #expect(close(v.layer.presentation.opacity, 0.5))
        window.advance(to: 2.999)
        #expect(finished.isEmpty)
        window.advance(to: 3)
        #expect(finished == [true])
        #expect(v.layer.animations.isEmpty)
        window.advance(to: 400)
        #expect(finished == [true])
    }

    @Test func delayHoldsTheOldValue() {
        let window = Window(size: Size(width: 100, height: 100))
        View.animate(withDuration: 1, delay: 1, curve: .linear, animations: { window.containerView.alpha = 0 })
        window.advance(to: 0.5)
        #expect(window.containerView.layer.presentation.opacity == 1)
        window.advance(to: 1.5)
        #expect(close(window.containerView.layer.presentation.opacity, 0.5))
    }

    @Test func completionRunsAtOnceWhenNothingChanges() {
        var ran = 0
        View.animate(withDuration: 1, animations: {}, completion: { _ in ran += 1 })
        #expect(ran == 1)
    }

    @Test func replacingAnAnimationEndsTheOldOneUnfinished() {
        let window = Window(size: Size(width: 10, height: 10))
        var results: [Bool] = []
        View.animate(withDuration: 1, animations: { window.containerView.alpha = 0.5 }, completion: { results.append($0) })
        View.animate(withDuration: 1, animations: { window.containerView.alpha = 0 }, completion: { results.append($0) })
        #expect(results == [false])
        window.advance(to: 2)
        #expect(results == [false, true])
    }

    /// The flip's keyframes: the from-view turns in the first half, the to-view in the second,
    /// with one easeInEaseOut over the whole timeline and linear keyframe segments.
    @Test func keyframesHoldUntilTheirWindowAndShareOneCurve() throws {
        let window = Window(size: Size(width: 100, height: 100))
        let a = View(), b = View()
        window.addSubview(a)
        window.addSubview(b)
        b.transform = .makeRotation(-.pi / 2, 1, 0, 0)
        View.animateKeyframes(withDuration: 1, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { a.transform = .makeRotation(.pi / 2, 1, 0, 0) }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { b.transform = .identity }
        })
        for t in [0.1, 0.3, 0.5, 0.7, 0.9] {
            let p = TimingCurve.easeInEaseOut.value(at: t)
            let angleA = p < 0.5 ? (.pi / 2) * p / 0.5 : .pi / 2
            let angleB = p < 0.5 ? -.pi / 2 : -.pi / 2 * (1 - (p - 0.5) / 0.5)
            #expect(a.layer.presentation(atLocalTime: t).transform.isApproximatelyEqual(to: .makeRotation(angleA, 1, 0, 0), tolerance: 1e-9))
            #expect(b.layer.presentation(atLocalTime: t).transform.isApproximatelyEqual(to: .makeRotation(angleB, 1, 0, 0), tolerance: 1e-9))
        }
        let track = try #require(b.layer.animation(forKey: "transform")?.track)
        #expect(track.keyframes.map(\.time) == [0, 0.5, 1])
    }

    @Test func beginFromCurrentStateStartsWhereTheScreenIs() {
        let window = Window(size: Size(width: 100, height: 100))
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(v)
        View.animate(withDuration: 1, curve: .linear, animations: { v.alpha = 0 })
        window.advance(to: 0.5)                                    // showing 0.5
        View.animate(withDuration: 1, curve: .linear, options: .beginFromCurrentState, animations: { v.alpha = 1 })
        #expect(close(v.layer.presentation.opacity, 0.5))          // no jump
        window.advance(to: 1.0)
        #expect(close(v.layer.presentation.opacity, 0.75))
        View.animate(withDuration: 1, curve: .linear, animations: { v.alpha = 0.2 })
        #expect(v.layer.presentation.opacity == 1)                 // from the model value: a jump
    }

    @Test func performWithoutAnimationDoesNotRecord() {
        let window = Window(size: Size(width: 10, height: 10))
        View.animate(withDuration: 1, animations: {
            View.performWithoutAnimation { window.containerView.alpha = 0.3 }
        })
        #expect(window.containerView.layer.animations.isEmpty)
        #expect(window.containerView.alpha == 0.3)
    }
}
