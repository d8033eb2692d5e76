import Segue
import SegueDemos
import SegueCatalog

/// One run of the app without its platform: the demo, the scene clock (pause, slow motion,
/// stepping, scrubbing), the tunable parameters, the HUD, and the JSON events. The live
/// window and a replayed recording drive it the same way: `handle(_:at:)` for each input, at
/// the input's own time, then `advance(to:)` once per frame, then compose.
///
/// Two clocks: real time, the platform's seconds, which only ever moves forward (an earlier
/// time than one already seen counts as that one) and in which pointer velocities are
/// measured; and scene time, what the demo's window sees, which follows real time (slowed
/// in slow motion, not at all while paused) and moves in one place, `moveScene(to:)`.
///
/// The stage shows one variant, A, or while split (`b`) two, A and B, the same entry with a
/// tuning each: every input reaches both, the HUD edits the selected one (Tab).
@MainActor
package final class Session {
    /// Slow motion runs every animation this many times slower (the iOS simulator's factor).
    package static let slowMotionFactor = 0.1
    /// One frame, for stepping: seconds of scene time.
    package static let frameStep = 1.0 / 60

    package let options: SessionOptions
    /// A, or A and B while split.
    package private(set) var variants: [Variant] = []
    /// The index in `variants` of the one the HUD shows and edits.
    package internal(set) var selected = 0
    /// The selected variant's demo.
    package var demo: Demo { variants[selected].demo }
    package internal(set) var layout: Layout
    /// What the layout is asked for: the screens' scale, one or two screens, the HUD shown.
    var layoutRequest: Layout.Request
    /// Seconds of scene time: what the demo's window sees.
    package private(set) var sceneTime = 0.0
    package internal(set) var isPaused = false
    package internal(set) var isSlowMotion: Bool
    package internal(set) var isRunning = true
    package internal(set) var hud: HUDModel
    /// Receives every event line (`SessionEvent.jsonLine`).
    package var emit: (String) -> Void = { _ in }
    /// Says one line on stderr (the app's: "PROGRAM: line").
    package var report: (String) -> Void = { _ in }
    /// How the HUD measures its text to fit it (the app's and an export's: their font
    /// engine's widths; `TextFit.estimate` without one).
    package var textFit = TextFit.estimate
    /// Where `y` puts the tuning as code (the app: SDL's clipboard); nil: nowhere.
    package var copy: ((String) -> Void)?
    /// What `f` and F11 do (the app: switch the window to and from full screen); nil: nothing.
    package var toggleFullScreen: (() -> Void)?
    /// Where `e` asks for a video of the last transition (the app: `TransitionExporter`); nil: nowhere.
    package var export: ((ExportRequest) -> Void)?
    /// Whether an export asked for has not ended yet (`exportEnded`): one at a time.
    package internal(set) var isExporting = false

    enum Press: Equatable { case none, screen(Int), scrub, handle(Int) }
    var press = Press.none
    /// The latest real time seen, seconds (nil before the first).
    var realTime: Double?
    /// Whether a drag is under way on the screen, as of the last `advance`.
    package private(set) var isDragging = false
    /// Where the pointer has been during the drag under way, for the dot the screens show.
    package internal(set) var trail = PointerTrail()
    /// The catalog playing by itself (`--autoplay`), until a click, Esc or Space.
    package internal(set) var autoplay: Autoplay?

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
    var tuned: Set<String> = []
    /// B's tuning of each entry, for this session (B starts as a copy of A's).
    var tuningsB: [String: TransitionParameters] = [:]
    /// A file whose new version waits for the transition under way to end.
    var reloadPending = false
    /// Seconds a toast stays.
    static let toastSeconds = 2.5
    var toastUntil = 0.0
    /// The last transition that ended: its name and real-time span, from when the first
    /// screen began it to when the last ended it (`export`).
    package internal(set) var lastTransition: (name: String, span: ClosedRange<Double>)?
    var transitionBegan = 0.0
    /// The pair of `options.screens` shown (0-based; `[` and `]` step it).
    package internal(set) var screenPair = 0
    /// The transition's ghosts drawn under the live frame (`g`, `--onion`); nil: none.
    package internal(set) var onion: OnionSkin?

    /// A session showing the first of `options.transitionFiles` that reads, else what
    /// `options.demo` names, else flip; `transitions` follow the built-in demos in the list,
    /// and `moreFiles` join it, watched too.
    package init(options: SessionOptions, window: (width: Int, height: Int), transitions: [CustomTransition] = [],
                 moreFiles: [String] = [], tunings: TuningStore = TuningStore()) {
        self.options = options
        self.tunings = tunings
        isSlowMotion = options.slowMotion
        layoutRequest = options.layoutRequest
        layout = Layout(window: window, screen: options.size, layoutRequest)
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
        let first = entries[current].makeDemo(screenSize: options.size)!
        hud = HUDModel(demos: [], currentDemo: current, parameters: first.parameters, defaults: first.defaultParameters)
        hud.problem = files.compactMap(\.problem).last
        install([first], current)
        if options.autoplay { autoplay = Autoplay(startingAt: 0) }
        if let n = options.onion, n > 0 { onion = OnionSkin(count: n) }
    }

    /// Shows `demos` (A, and B while split) of `entries[index]`, each with its tuning.
    func install(_ demos: [Demo], _ index: Int) {
        current = index
        // The reference here is the demo's with the command line's values; what is kept is
        // what the user tuned over it, and the command line lies over that until they tune
        // this demo again.
        let key = entries[index].tuningKey, base = options.applied(to: demos[0].defaultParameters)
        let saved = tunings.parameters(for: key, over: base)
        demos[0].parameters = tuned.contains(key) ? saved ?? base : options.applied(to: saved ?? base)
        if demos.count > 1 { demos[1].parameters = tuningsB[key] ?? demos[0].parameters }
        let kept = variants
        variants = demos.enumerated().map { i, demo in
            if let same = kept.first(where: { $0.demo === demo }) { return same }
            let v = Variant(name: i == 0 ? "A" : "B", demo: demo)
            v.observation = demo.window.observeTransitions { [weak self, unowned v] event in
                self?.transitionEvent(event, of: v)
            }
            return v
        }
        selected = min(selected, variants.count - 1)
        showScreens()
        hud.variants = variants.count > 1 ? variants.map(\.name) : []
        moveScene(to: sceneTime)
        hud.demos = entries.map(\.name)
        hud.currentDemo = index
        let ownScreens = (options.screens?.pairCount ?? 1) > 1 ? " [ ] step through your screens." : ""
        hud.hint = demo.hint + (demo.hint.hasSuffix(".") ? "" : ".") + ownScreens + " Space pauses, ← → step, S slow motion, letters tune (Shift back), 0 resets, Y copies as code, E exports the last transition, B splits A/B (Tab picks), H hides the HUD, G onion skin, F full screen, F1 or ? lists the keys. Esc cancels a drag · 1–\(min(entries.count, 9)), ↑ ↓ switch · Q quits."
        describeScreen()
    }

    /// New demos of `entries[index]`, one per screen; nil when it cannot be shown.
    func makeDemos(_ index: Int, count: Int) -> [Demo]? {
        var demos: [Demo] = []
        for _ in 0..<count {
            guard let d = entries[index].makeDemo(screenSize: options.size) else { return nil }
            demos.append(d)
        }
        return demos
    }

    /// Tells an animated transition's start and end; an unanimated one (a screen put in place
    /// at once, as a reload or the A/B split does) is no transition to the user.
    private func transitionEvent(_ event: Window.TransitionEvent, of variant: Variant) {
        switch event {
        case .began(let c), .ended(let c, _): guard c.isAnimated else { return }
        case .mistake(let c, let message):
            // Said as UIKit logs it: one line on stderr, an event, the HUD's message.
            report(message)
            hud.problem = message
            emit(SessionEvent.mistake(transition: c.transitionName, message: message).jsonLine)
            return
        }
        let e: SessionEvent
        switch event {
        case .began(let c):
            if !variants.contains(where: { $0 !== variant && $0.demo.window.isTransitioning }) { transitionBegan = realTime ?? 0 }
            variant.transition = (c.transitionName, c.operation)
            variant.ending = nil
            variant.beginPlot(at: sceneTime)
            e = .began(transitionState(c, variant), interactive: c.isInteractive)
        case .mistake: return
        case .ended(let c, let cancelled):
            variant.endPlot(at: sceneTime, cancelled: cancelled)
            if !isTransitioning { lastTransition = (c.transitionName, transitionBegan...max(realTime ?? 0, transitionBegan)) }
            // Told here, not guessed from the last phase seen: a drag released at 0 %
            // cancels and ends within one frame, never seen "cancelling".
            variant.ending = cancelled ? .cancelled : .finished
            e = .ended(transitionState(c, variant), cancelled: cancelled)
        }
        emit(e.jsonLine)
        if case .ended = event, !isTransitioning { emitScreen() }
    }

    // MARK: Events

    /// The first frame is on screen, drawn by `renderer` for `reason` (`Renderer.reason`).
    package func emitReady(renderer: String, reason: String) {
        // The HUD has room for the gist: "raster · no GPU", "opengl · GPU".
        hud.renderer = "\(renderer) · \(reason.prefix { $0 != ":" })"
        emit(SessionEvent.ready(screenState, window: .init(width: layout.window.width, height: layout.window.height),
                                renderer: renderer, rendererReason: reason, tuning: .init(demo.parameters)).jsonLine)
        for e in earlyEvents { emit(e.jsonLine) }
        earlyEvents = []
    }

    /// What the screen now shows and what can be tapped on it.
    func emitScreen() {
        emit(SessionEvent.screen(screenState).jsonLine)
    }

    /// What a tap on the first screen reaches now, in its points: the demo's targets, but
    /// those under the open curve editor (which takes the taps that land on it).
    package var reachableTargets: [(name: String, frame: Rect)] {
        let editor = HUD.editor(hud, in: layout)?.backdrop
        return variants[0].demo.targets.filter { target in
            let r = layout.toWindow(target.frame)
            return editor.map { !$0.contains(layout.toHUD(Point(x: r.midX, y: r.midY))) } ?? true
        }
    }

    /// What the screen shows and what can be tapped on it, for `ready` and `screen`.
    private var screenState: SessionEvent.ScreenState {
        .init(demo: demo.name, screen: .init(layout.screen),
              screens: variants.count > 1 ? zip(variants, layout.screens).map { .init(variant: $0.name, frame: $1) } : nil,
              hud: layout.hudStyle.rawValue,
              targets: reachableTargets.map { .init(name: $0.name, frame: layout.toWindow($0.frame)) })
    }

    /// The transition `c` on `variant`'s screen, for `began` and `ended`.
    private func transitionState(_ c: TransitionContext, _ variant: Variant) -> SessionEvent.TransitionState {
        .init(transition: c.transitionName, operation: c.operation.rawValue, variant: variants.count > 1 ? variant.name : nil)
    }

    // MARK: Frames

    /// Whether a transition is under way on any screen.
    package var isTransitioning: Bool { variants.contains { $0.demo.window.isTransitioning } }

    /// Whether what the session shows changes as time passes, with no input: an animation
    /// runs, or the catalog plays by itself. The app sleeps otherwise.
    package var changesWithTime: Bool {
        autoplay != nil || variants.contains { $0.demo.window.changesWithTime }
    }

    /// Moves to `realTime` (never back: an earlier time counts as the latest seen): the scene
    /// clock runs with it (slowed, or not at all while paused), and the HUD refreshes.
    package func advance(to realTime: Double) {
        let now = max(realTime, self.realTime ?? realTime)
        let dt = now - (self.realTime ?? now)
        self.realTime = now
        moveScene(to: isPaused ? sceneTime : sceneTime + dt * (isSlowMotion ? Session.slowMotionFactor : 1))
        if !isPaused { playAutoplay() }
        reloadIfPending()
        tunings.write(ifDueAt: now)
        refreshHUD()
    }

    /// The one place the scene clock moves: sets it to `time` and advances every screen's
    /// window there (display links, then animations that have ended).
    func moveScene(to time: Double) {
        sceneTime = time
        for v in variants { v.demo.window.advance(to: time) }
    }

    func refreshHUD() {
        if hud.toast != nil, (realTime ?? 0) >= toastUntil { hud.toast = nil }
        // The HUD lets go of the plots first: sharing their samples, it would make each
        // frame appended to them copy them whole.
        (hud.plot, hud.comparedPlot) = (nil, nil)
        for v in variants { v.plotFrame(at: sceneTime) }
        isDragging = false
        for v in variants {
            if let active = v.demo.interactions.first(where: { $0.recognizer.isActive }) { (v.lastDrag, isDragging) = (active, true) }
        }
        let shown = variants[selected]
        // The screen's last drag; none yet (a transition just switched to, one driven by
        // buttons only) shows none, not another screen's.
        if let pan = shown.lastDrag?.recognizer {
            if pan.isActive { hud.translation = pan.translation }
            hud.velocity = pan.isActive || pan.state == .ended ? pan.velocity : .zero
        } else {
            hud.translation = .zero
            hud.velocity = .zero
        }
        hud.plot = shown.plot
        hud.previousPlot = shown.previousPlot
        hud.comparedPlot = variants.count > 1 ? variants[1 - selected].plot : nil
        hud.selectedVariant = selected
        hud.parameters = shown.demo.parameters
        hud.defaults = shown.demo.defaultParameters
        hud.isPaused = isPaused
        hud.isSlowMotion = isSlowMotion
        hud.autoplay = autoplay.map { _ in entries[current].name }
        hud.transition = shown.transition?.name
        hud.operation = shown.transition?.operation
        if let c = shown.demo.window.activeTransition {
            hud.phase = c.phase
            hud.percent = shown.demo.parameters.percent(atTimeFraction: c.fractionComplete)
        } else {
            hud.phase = shown.ending
            hud.percent = shown.ending == .finished ? 1 : 0
        }
    }

    func describeScreen() {
        hud.screen = "\(Int(options.size.width))×\(Int(options.size.height)) pt @ \(String(format2: layout.scale))x"
    }

    /// Sets the frames per second the HUD shows.
    package func setFPS(_ fps: Double) { hud.fps = fps }

    /// Every screen's display list (`lists` holds one a screen after), each moved by `shift`
    /// from where the window shows it.
    package func composeScreens(into lists: inout [DisplayList], shiftedBy shift: Point = .zero) {
        let count = layout.screens.count
        while lists.count < count { lists.append(DisplayList()) }
        if lists.count > count { lists.removeLast(lists.count - count) }
        for i in 0..<count {
            let s = layout.screens[i]
            composeScreen(i, into: &lists[i], at: Point(x: s.minX + shift.x, y: s.minY + shift.y))
        }
    }

    /// Screen `index`'s display list in window pixels, or with its top-left corner `at` a
    /// point of one's own (`.zero`: a frame of the screen alone), the pointer's dot and
    /// trail over it while a drag is under way.
    package func composeScreen(_ index: Int = 0, into list: inout DisplayList, at origin: Point? = nil) {
        list.removeAll()
        let offset = origin ?? layout.screens[index].origin
        let window = variants[index].demo.window
        Compositor.compose(window.layer, scale: layout.scale, offset: offset, into: &list)
        onion?.compose(window, scale: layout.scale, offset: offset, into: &list)
        trail.compose(into: &list, scale: layout.scale, offset: offset)
    }

    /// The HUD's display list in window pixels (its items scaled by `layout.hudScale`, to be
    /// drawn at that pixel scale): the panel or strip, and the captions over the stage.
    package func composeHUD(into list: inout DisplayList) {
        list.removeAll()
        let fit = textFit.at(scale: layout.hudScale)
        switch layout.hudStyle {
        case .panel: HUD.compose(hud, in: layout.hud, fit: fit, into: &list)
        case .strip: HUD.composeStrip(hud, in: layout.hud, fit: fit, into: &list)
        case .hidden: break
        }
        HUD.composeCaptions(hud, in: layout, fit: fit, into: &list)
        if layout.hudScale != 1 { list.scale(by: layout.hudScale) }
    }
}
