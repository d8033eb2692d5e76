import Segue

/// The catalog playing by itself, for a demo nobody drives (`--autoplay`): each entry that
/// can be shown, in turn, is presented, held, dismissed and left, its name shown over the
/// stage; after the last, the first again. Timed in scene seconds, so it pauses with the
/// scene and a replay plays it the same.
package struct Autoplay: Equatable, Sendable {
    package enum Step: Equatable, Sendable {
        /// Just switched: the screen shows a moment before its transition starts.
        case arriving
        /// Its first transition (present, push) is under way.
        case presenting
        /// Presented: held to be seen.
        case holding
        /// Its way back (dismiss, pop) is under way.
        case dismissing
        /// Back at rest: a moment before the next entry.
        case leaving
    }

    /// Seconds of scene time each pause lasts.
    package static let arrive = 0.6, hold = 1.2, leave = 0.5

    package private(set) var step = Step.arriving
    /// When the pause under way ends, scene seconds.
    package private(set) var until: Double

    package init(startingAt time: Double) {
        until = time + Self.arrive
    }

    /// What the session must do now, at scene time `now`, given whether a transition is under
    /// way (`busy`): nothing, start the screen's next transition, or move to the next entry.
    package enum Action: Equatable, Sendable { case wait, start, next }

    /// Moves on where `now` and `busy` say the step is done, and tells what to do.
    package mutating func advance(at now: Double, busy: Bool) -> Action {
        switch step {
        case .arriving, .holding:
            guard now >= until else { return .wait }
            step = step == .arriving ? .presenting : .dismissing
            return .start
        case .presenting, .dismissing:
            guard !busy else { return .wait }
            let pause = step == .presenting ? Self.hold : Self.leave
            step = step == .presenting ? .holding : .leaving
            until = now + pause
            return .wait
        case .leaving:
            guard now >= until else { return .wait }
            step = .arriving
            until = now + Self.arrive
            return .next
        }
    }
}

extension Session {
    /// Plays the catalog on while it plays by itself (from `advance`).
    func playAutoplay() {
        guard var a = autoplay else { return }
        // A screen that cannot start (a file gone bad) moves straight on.
        switch a.advance(at: sceneTime, busy: isTransitioning) {
        case .wait: break
        case .start:
            // Between transitions (the step waits for each to end), so nothing running after
            // means nothing could start.
            startNextOnEveryScreen()
            if !isTransitioning { _ = a.advance(at: sceneTime, busy: false) }
        case .next:
            var i = (current + 1) % entries.count
            while !entries[i].canShow && i != current { i = (i + 1) % entries.count }
            switchDemo(to: i)
        }
        autoplay = a
    }

    /// Stops the catalog playing by itself; what shows stays.
    package func stopAutoplay() {
        autoplay = nil
        refreshHUD()
    }
}
