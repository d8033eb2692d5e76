import Segue
import SegueDemos

/// One run of the app without its platform: the demo, the scene clock (pause, slow motion,
/// stepping, scrubbing), the tunable parameters, the HUD, and the JSON events. The live
/// window and a replayed recording drive it the same way: `handle(_:at:)` for each input, at
/// the input's own time, then `advance(to:)` once per frame, then compose.
///
/// Two clocks: real time, the platform's seconds, which only ever moves forward (an earlier
/// time than one already seen counts as that one) and in which pointer velocities are
/// measured; and scene time, what the demo's window sees, which follows real time (slowed
/// in slow motion, not at all while paused) and moves in one place, `moveScene(to:)`.
@MainActor
package final class Session {
    /// Slow motion runs every animation this many times slower (the iOS simulator's factor).
    package static let slowMotionFactor = 0.1
    /// One frame, for stepping: seconds of scene time.
    package static let frameStep = 1.0 / 60

    package let options: SessionOptions
    package private(set) var demo: Demo
    package private(set) var layout: Layout
    /// Seconds of scene time: what the demo's window sees.
    package private(set) var sceneTime = 0.0
    package private(set) var isPaused = false
    package private(set) var isSlowMotion: Bool
    package private(set) var isRunning = true
    package internal(set) var hud: HUDModel
    /// Receives every event line (`SessionEvent.jsonLine`).
    package var emit: (String) -> Void = { _ in }

    enum Press: Equatable { case none, screen, scrub, handle(Int) }
    private(set) var press = Press.none
    /// The latest real time seen, seconds (nil before the first).
    private(set) var realTime: Double?
    private weak var lastDrag: DragInteractionController?
    /// Whether a drag is under way on the screen, as of the last `advance`.
    package private(set) var isDragging = false

    /// What the session offers, in the order of the keys 1, 2, 3…: the built-in demos, the
    /// Swift transitions, then the transition files (`options.transitionFiles`, then
    /// `moreFiles`).
    package private(set) var entries: [StageEntry]
    /// The index in `entries` of what is shown now.
    package private(set) var current: Int
    /// File events seen before `emitReady`, told right after it.
    private var earlyEvents: [SessionEvent] = []
    /// Each demo's tuning as the user left it (in this session and, kept on disk, before).
    package let tunings: TuningStore
    /// The entries (`StageEntry.tuningKey`) whose tuning was changed in this session: back on
    /// one, its kept tuning stands as it is (the command line's values are not laid over it
    /// again).
    private var tuned: Set<String> = []
    /// A file whose new version waits for the transition under way to end.
    var reloadPending = false
    /// The last transition that ended: its name and real-time span, began to ended (`export`).
    package internal(set) var lastTransition: (name: String, span: ClosedRange<Double>)?
    var transitionBegan = 0.0

    /// A session showing the first of `options.transitionFiles` that reads, else what
    /// `options.demo` names, else flip; `transitions` follow the built-in demos in the list,
    /// and `moreFiles` join it, watched too.
    package init(options: SessionOptions, window: (width: Int, height: Int), transitions: [CustomTransition] = [],
                 moreFiles: [String] = [], tunings: TuningStore = TuningStore()) {
        self.options = options
        self.tunings = tunings
        isSlowMotion = options.slowMotion
        layout = Layout(window: window, screen: options.size, fixedScale: options.scale)
        var paths: [String] = []
        for p in options.transitionFiles + moreFiles where !paths.contains(p) { paths.append(p) }
        let files = paths.map(WatchedTransitionFile.init(path:))
        let fixed = BuiltInDemo.allCases.map(StageEntry.builtIn) + transitions.map(StageEntry.custom)
        entries = fixed + files.map(StageEntry.file)
        for f in files { if let change = f.poll() { earlyEvents.append(Self.event(for: f)(change)) } }
        if let i = files.firstIndex(where: { $0.current != nil && options.transitionFiles.contains($0.path) }) {
            current = fixed.count + i
        } else if let name = options.demo, let i = fixed.firstIndex(where: { $0.name == name }) {
            current = i
        } else {
            current = 0
        }
        demo = entries[current].makeDemo(screenSize: options.size)!
        hud = HUDModel(demos: [], currentDemo: current, parameters: demo.parameters, defaults: demo.defaultParameters)
        hud.problem = files.compactMap(\.problem).last
        install(demo, current)
    }

    /// What the session watches on the demo's window; replaced with the demo.
    private var transitionObservation: Window.Observation?

    func install(_ next: Demo, _ index: Int) {
        demo = next
        current = index
        lastDrag = nil
        // The reference here is the demo's with the command line's values; what is kept is
        // what the user tuned over it, and the command line lies over that until they tune
        // this demo again.
        let key = entries[index].tuningKey, base = options.applied(to: demo.defaultParameters)
        let saved = tunings.parameters(for: key, over: base)
        demo.parameters = tuned.contains(key) ? saved ?? base : options.applied(to: saved ?? base)
        moveScene(to: sceneTime)
        hud.demos = entries.map(\.name)
        hud.currentDemo = index
        hud.transition = nil; hud.operation = nil; hud.phase = nil; hud.percent = 0
        hud.hint = demo.hint + (demo.hint.hasSuffix(".") ? "" : ".") + " Space pauses, ← → step, S slow motion, letters tune (Shift back), 0 resets, Y copies as code, E exports the last transition. Esc cancels a drag · 1–\(min(entries.count, 9)), ↑ ↓ switch · Q quits."
        describeScreen()
        transitionObservation = demo.window.observeTransitions { [weak self] event in
            self?.transitionEvent(event)
        }
    }

    private func transitionEvent(_ event: Window.TransitionEvent) {
        switch event {
        case .began(let c):
            transitionBegan = realTime ?? 0
            hud.transition = c.transitionName
            hud.operation = c.operation
            hud.previousPlot = hud.plot
            hud.plot = TransitionPlot(threshold: demo.parameters.threshold)
            plotStart = sceneTime
            plottedReleases = demo.interactions.map(\.releaseCount)
            var e = SessionEvent(.began)
            e.transition = c.transitionName
            e.operation = c.operation.rawValue
            e.interactive = c.isInteractive
            emit(e.jsonLine)
        case .ended(let c, let cancelled):
            lastTransition = (c.transitionName, transitionBegan...max(realTime ?? 0, transitionBegan))
            hud.plot?.append(.init(t: sceneTime - plotStart, finger: nil, progress: cancelled ? 0 : 1))
            // Told here, not guessed from the last phase seen: a drag released at 0 %
            // cancels and ends within one frame, never seen "cancelling".
            hud.phase = cancelled ? .cancelled : .finished
            hud.percent = cancelled ? 0 : 1
            var e = SessionEvent(.ended)
            e.transition = c.transitionName
            e.operation = c.operation.rawValue
            e.cancelled = cancelled
            emit(e.jsonLine)
            emitScreen()
        }
    }

    // MARK: Events

    /// The first frame is on screen, drawn by `renderer` for `reason` (`Renderer.reason`).
    package func emitReady(renderer: String, reason: String) {
        // The HUD has room for the gist: "raster · no GPU", "opengl · GPU".
        hud.renderer = "\(renderer) · \(reason.prefix { $0 != ":" })"
        var e = screenEvent(.ready)
        e.window = .init(width: layout.window.width, height: layout.window.height)
        e.renderer = renderer
        e.rendererReason = reason
        e.tuning = SessionEvent.Tuning(demo.parameters)
        emit(e.jsonLine)
        for e in earlyEvents { emit(e.jsonLine) }
        earlyEvents = []
    }

    /// What the screen now shows and what can be tapped on it.
    func emitScreen() {
        emit(screenEvent(.screen).jsonLine)
    }

    private func screenEvent(_ kind: SessionEvent.Kind) -> SessionEvent {
        var e = SessionEvent(kind)
        e.demo = demo.name
        e.screen = .init(layout.screen)
        e.targets = demo.targets.map { .init(name: $0.name, frame: layout.toWindow($0.frame)) }
        return e
    }

    // MARK: Input

    /// Handles one input at `realTime` seconds, the input's own time on the platform's clock
    /// (pointer velocities are measured in it, so slow motion does not change how a flick
    /// feels). The clock first catches up to the input's time, so what had ended by then has
    /// ended, and what the input starts begins then — whatever the frame times were, live or
    /// replayed.
    package func handle(_ input: InputEvent, at realTime: Double) {
        advance(to: realTime)
        switch input {
        case .quit:
            isRunning = false
        case .resized(let w, let h):
            layout = Layout(window: (w, h), screen: options.size, fixedScale: options.scale)
            describeScreen()
            emitScreen()
        case .focusLost:
            cancelPress()
        case .mouseDown(let x, let y):
            let p = Point(x: x, y: y)
            if layout.screen.contains(p) {
                press = .screen
                send(.down, p)
            } else if let hit = HUD.controls(hud, in: layout.hud).first(where: { $0.rect.contains(p) }) {
                click(hit.control, at: p)
            }
        case .mouseMoved(let x, let y):
            switch press {
            case .screen: send(.moved, Point(x: x, y: y))
            case .scrub: scrub(toX: x)
            case .handle(let n): moveHandle(n, to: Point(x: x, y: y))
            case .none: break
            }
        case .mouseUp(let x, let y, let inside):
            switch press {
            case .screen: send(inside ? .up : .cancelled, Point(x: x, y: y))
            case .scrub: scrub(toX: x)
            case .handle(let n): moveHandle(n, to: Point(x: x, y: y))
            case .none: break
            }
            press = .none
        case .key(let key, let shift):
            handleKey(key, shift: shift)
        }
    }

    private func send(_ phase: PointerEvent.Phase, _ windowPoint: Point) {
        demo.window.handle(PointerEvent(phase, layout.toScreen(x: windowPoint.x, y: windowPoint.y), time: realTime ?? 0))
    }

    private func cancelPress() {
        if press == .screen { demo.window.handle(PointerEvent(.cancelled, .zero, time: realTime ?? 0)) }
        press = .none
    }

    private func click(_ control: HUDControl, at p: Point) {
        switch control {
        case .demo(let index): switchDemo(to: index)
        case .page(let step):
            let page = HUD.shownPage(hud, in: layout.hud)
            hud.demoPage = min(max(page.index + step, 0), page.count - 1)
        case .adjust(let parameter, let step): adjust(parameter, by: step)
        case .scrubBar:
            press = .scrub
            scrub(toX: p.x)
        case .curveValue:
            hud.isEditingCurve.toggle()
        case .curveHandle(let n):
            press = .handle(n)
        }
    }

    /// Moves Bézier handle `n` (1 or 2) of the curve to window point `p` in the editor: the
    /// curve changes at once, and is kept.
    private func moveHandle(_ n: Int, to p: Point) {
        guard case .bezier(let c) = demo.parameters.curve else { return }
        let (x, y) = HUD.editorValue(at: p, in: HUD.plotBox(layout.hud))
        var q = demo.parameters
        q.curve = .bezier(n == 1 ? TimingCurve(x, y, c.c2.x, c.c2.y) : TimingCurve(c.c1.x, c.c1.y, x, y))
        keepTuning(q)
    }

    /// Steps the spring curve's damping ratio (`z`) or velocity (`w`) in the editor.
    private func stepSpring(ratio: Double, velocity: Double) {
        guard case let .spring(r, v) = demo.parameters.curve else { return }
        var q = demo.parameters
        q.curve = .spring(dampingRatio: min(max(((r + ratio) * 100).rounded() / 100, 0.05), 2),
                          velocity: min(max(((v + velocity) * 100).rounded() / 100, -20), 20))
        keepTuning(q)
    }

    private func handleKey(_ key: InputEvent.Key, shift: Bool) {
        switch key {
        case .escape: cancelPress()
        case .quit: isRunning = false
        case .space: isPaused.toggle()
        case .right: step(by: 1)
        case .left: step(by: -1)
        case .digit(0): resetParameters()
        case .digit(let n): if n <= entries.count { switchDemo(to: n - 1) }
        case .character("s"): isSlowMotion.toggle()
        case .character("y"): copyTuning()
        case .character("e"): exportLastTransition()
        case .character("z") where hud.isEditingCurve: stepSpring(ratio: shift ? -0.05 : 0.05, velocity: 0)
        case .character("w") where hud.isEditingCurve: stepSpring(ratio: 0, velocity: shift ? -0.25 : 0.25)
        case .character(let c):
            if let p = Parameter.allCases.first(where: { $0.key == c }) { adjust(p, by: shift ? -1 : 1) }
        case .up: step(through: -1)
        case .down: step(through: 1)
        }
    }

    // MARK: Commands

    /// Steps `parameter` once (see `Parameter.stepped`); it applies from the next transition
    /// and is kept (`tunings`).
    package func adjust(_ parameter: Parameter, by step: Int) {
        keepTuning(parameter.stepped(demo.parameters, by: step, reference: demo.defaultParameters))
    }

    /// Back to the demo's references, kept so.
    package func resetParameters() {
        keepTuning(demo.defaultParameters)
    }

    /// Where `y` puts the tuning as code (the app: SDL's clipboard); nil: nowhere.
    package var copy: ((String) -> Void)?
    /// Where `e` asks for a video of the last transition (the app: `TransitionExporter`); nil: nowhere.
    package var export: ((ExportRequest) -> Void)?
    /// Seconds a toast stays.
    static let toastSeconds = 2.5
    var toastUntil = 0.0

    /// The demo's tuning as code (`TuningCode`): on the clipboard, Swift under the command
    /// line as a comment; as a `tuning` event; and a toast in the HUD.
    package func copyTuning() {
        let entry = entries[current], p = demo.parameters
        let command = TuningCode.command(entry, p, defaults: demo.defaultParameters)
        let swift = TuningCode.swift(entry.name, p)
        copy?("// " + command + "\n" + swift + "\n")
        var e = SessionEvent(.tuning)
        e.demo = entry.name
        e.tuning = SessionEvent.Tuning(p)
        e.command = command
        e.swift = swift
        emit(e.jsonLine)
        toast(copy == nil ? "\(entry.name)'s tuning, as code: see the tuning event" : "Copied \(entry.name)'s tuning as Swift and a segue command")
    }

    private func keepTuning(_ parameters: TransitionParameters) {
        demo.parameters = parameters
        let key = entries[current].tuningKey
        tuned.insert(key)
        tunings.keep(parameters, over: options.applied(to: demo.defaultParameters), for: key, at: realTime ?? 0)
    }

    /// Switches to `entries[index]` when no drag or transition is under way (and, for a
    /// file, once it has read).
    package func switchDemo(to index: Int) {
        guard index != current, entries.indices.contains(index), press == .none, !demo.window.isTransitioning,
              let next = entries[index].makeDemo(screenSize: options.size) else { return }
        reloadPending = false
        install(next, index)
        emitScreen()
    }

    /// Switches to the nearest entry `direction` (±1) away that can be shown (a file that
    /// has not read cannot).
    private func step(through direction: Int) {
        var i = current + direction
        while entries.indices.contains(i) && !entries[i].canShow { i += direction }
        switchDemo(to: i)
    }

    /// Switches to the built-in `demo`.
    package func switchDemo(to demo: BuiltInDemo) {
        switchDemo(to: entries.firstIndex { if case .builtIn(demo) = $0 { true } else { false } } ?? current)
    }

    /// Pauses and moves the scene clock one frame forward or back; back never before the
    /// running transition's start (nothing is there to go back to at rest).
    package func step(by frames: Int) {
        isPaused = true
        if frames < 0 {
            guard let start = demo.window.activeTransition?.animationStartTime else { return }
            moveScene(to: max(sceneTime - Session.frameStep, start))
        } else {
            moveScene(to: sceneTime + Session.frameStep)
        }
    }

    /// Scrubs to the fraction of the bar under window x: pauses, starts the next transition
    /// from rest if none runs (as its button would), and sets the clock to that fraction of
    /// the animation's time. A transition under the pointer or an interactive one playing
    /// out is left alone. The fraction is held below 1, so scrubbing never ends it.
    private func scrub(toX x: Double) {
        let bar = HUD.scrubArea(in: layout.hud)
        let fraction = min(max((x - bar.minX) / bar.width, 0), 0.999)
        isPaused = true
        if !demo.window.isTransitioning, let op = demo.nextOperation {
            demo.start(op)
        }
        guard let c = demo.window.activeTransition, !c.isInteractive, let start = c.animationStartTime else { return }
        moveScene(to: start + fraction * c.duration)
    }

    // MARK: Frames

    /// Moves to `realTime` (never back: an earlier time counts as the latest seen): the scene
    /// clock runs with it (slowed, or not at all while paused), and the HUD refreshes.
    package func advance(to realTime: Double) {
        let now = max(realTime, self.realTime ?? realTime)
        let dt = now - (self.realTime ?? now)
        self.realTime = now
        moveScene(to: isPaused ? sceneTime : sceneTime + dt * (isSlowMotion ? Session.slowMotionFactor : 1))
        reloadIfPending()
        tunings.write(ifDueAt: now)
        refreshHUD()
    }

    /// The one place the scene clock moves: sets it to `time` and advances the demo's window
    /// there (display links, then animations that have ended).
    private func moveScene(to time: Double) {
        sceneTime = time
        demo.window.advance(to: time)
    }

    /// When the plotted transition began (scene seconds), and each drag's release count then.
    private var plotStart = 0.0
    private var plottedReleases: [Int] = []

    /// Adds this frame to the plot of the transition under way: the drag's percent while it
    /// drags, the timeline shown, and a release that came since.
    private func plotFrame() {
        guard hud.plot != nil, let context = demo.window.activeTransition else { return }
        let t = sceneTime - plotStart
        for (i, drag) in demo.interactions.enumerated() where i < plottedReleases.count && drag.releaseCount != plottedReleases[i] {
            plottedReleases[i] = drag.releaseCount
            if let release = drag.lastRelease { hud.plot?.release = (t, release) }
        }
        let finger = demo.interactions.first { $0.isInteracting }?.percentComplete
        hud.plot?.append(.init(t: t, finger: finger, progress: context.fractionComplete))
    }

    private func refreshHUD() {
        if hud.toast != nil, (realTime ?? 0) >= toastUntil { hud.toast = nil }
        plotFrame()
        let interactions = demo.interactions
        let active = interactions.first { $0.recognizer.isActive }
        isDragging = active != nil
        if let active { lastDrag = active }
        // A transition driven by buttons only has no drag to show.
        if let pan = (lastDrag ?? interactions.first)?.recognizer {
            if pan.isActive { hud.translation = pan.translation }
            hud.velocity = pan.isActive || pan.state == .ended ? pan.velocity : .zero
        } else {
            hud.translation = .zero
            hud.velocity = .zero
        }
        hud.parameters = demo.parameters
        hud.defaults = demo.defaultParameters
        hud.isPaused = isPaused
        hud.isSlowMotion = isSlowMotion
        if let c = demo.window.activeTransition {
            hud.phase = c.phase
            hud.percent = c.fractionComplete
        }
    }

    private func describeScreen() {
        hud.screen = "\(Int(options.size.width))×\(Int(options.size.height)) pt @ \(String(format2: layout.scale))x"
    }

    /// Sets the frames per second the HUD shows.
    package func setFPS(_ fps: Double) { hud.fps = fps }

    /// The screen's display list in window pixels, or with `inWindow: false` in pixels from
    /// the screen's own top-left corner (a frame of the screen alone).
    package func composeScreen(into list: inout DisplayList, inWindow: Bool = true) {
        list.removeAll()
        Compositor.compose(demo.window.layer, scale: layout.scale, offset: inWindow ? layout.screen.origin : .zero, into: &list)
    }

    /// The HUD's display list in window pixels.
    package func composeHUD(into list: inout DisplayList) {
        list.removeAll()
        HUD.compose(hud, in: layout.hud, into: &list)
    }
}
