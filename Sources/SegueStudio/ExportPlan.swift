import Segue

/// Which frames of a replay an export draws, found by replaying once without drawing: the
/// frames within `range` (recording seconds; the session still runs through the others),
/// less the idle stretches — a frame whose display lists equal the previous frame's shows
/// nothing new, and of a run of such frames only `IdleTrim.seconds` worth is kept.
/// A replay is deterministic, so the drawing pass meets the same frames.
@MainActor
package struct ExportPlan {
    /// The time of the replay's last frame, seconds.
    package private(set) var duration = 0.0
    /// Whether frame n (from 1) is drawn: `drawn[n - 1]`.
    package private(set) var drawn: [Bool] = []
    /// The distinct sizes of the drawn frames in output pixels, in order of appearance.
    package private(set) var sizes: [(width: Int, height: Int)] = []
    /// The frames in `range`, drawn or trimmed.
    package private(set) var framesInRange = 0
    /// The background of the first drawn frame (`ExportFraming.background`): what a video
    /// pads an odd side with, so the padding matches the frame's own edge.
    package private(set) var firstBackground = Color.black

    /// How many frames are drawn.
    package var drawnCount: Int { drawn.reduce(0) { $1 ? $0 + 1 : $0 } }

    /// Plans `replayer`'s frames shown as `framing`; `trimIdle` false keeps every frame in
    /// range. `check` runs before every frame (a signal throws from it).
    package init(_ replayer: Replayer, framing: ExportFraming, range: ClosedRange<Double>, trimIdle: Bool,
                 check: () throws -> Void) throws {
        var trim = IdleTrim(frameRate: replayer.frameRate)
        var screens: [DisplayList] = [], hud = DisplayList(), lastScreens: [DisplayList] = [], lastHUD = DisplayList()
        var duration = 0.0, drawn: [Bool] = [], sizes: [(width: Int, height: Int)] = [], inRange = 0
        var firstBackground: Color?
        try replayer.run(emit: { _ in }) { session, number, time in
            try check()
            // As in the drawing pass: the HUD shows the export's frame rate, and after the
            // first frame the renderer (named there).
            if number == 1 { session.setFPS(replayer.frameRate) }
            defer { if number == 1 { session.emitReady(renderer: "-", reason: "-") } }
            duration = time
            guard range.contains(time) else {
                drawn.append(false)
                return
            }
            framing.compose(session, screens: &screens, hud: &hud)
            let changed = inRange == 0 || screens != lastScreens || hud != lastHUD
            inRange += 1
            let keep = !trimIdle || trim.keep(changed: changed)
            drawn.append(keep)
            if keep {
                let size = framing.size(session.layout)
                if !sizes.contains(where: { $0 == size }) { sizes.append(size) }
                if firstBackground == nil { firstBackground = framing.background(session.layout) }
            }
            swap(&screens, &lastScreens)
            swap(&hud, &lastHUD)
        }
        self.duration = duration
        self.drawn = drawn
        self.sizes = sizes
        self.firstBackground = firstBackground ?? .black
        framesInRange = inRange
    }
}

/// Cuts idle stretches: of a run of frames that show nothing new, those within `seconds`
/// of the frame that last changed are kept, so a pose held longer shows for `seconds`.
package struct IdleTrim: Sendable {
    /// How long a still pose shows at most, seconds.
    package static let seconds = 0.5
    /// Unchanged frames kept after a change: `seconds` at the frame rate, less the changed
    /// frame itself (at least 0).
    package let limit: Int
    private var still = 0

    /// A trim for frames at `frameRate` per second (above 0).
    package init(frameRate: Double) {
        limit = max(Int((Self.seconds * frameRate).rounded()) - 1, 0)
    }

    /// Whether the next frame is kept, given whether it shows something new.
    package mutating func keep(changed: Bool) -> Bool {
        if changed {
            still = 0
            return true
        }
        still += 1
        return still <= limit
    }
}
