import Segue
import SegueDemos
import SegueCatalog
import SegueProcess

/// The inputs: presses on the screens and the HUD, keys, and the commands they run.
extension Session {
    /// Handles one input at `realTime` seconds, the input's own time on the platform's clock
    /// (pointer velocities are measured in it, so slow motion does not change how a flick
    /// feels). The clock first catches up to the input's time, so what had ended by then has
    /// ended, and what the input starts begins then — whatever the frame times were, live or
    /// replayed. While the catalog plays by itself, a click, Esc or Space stops it and does
    /// nothing else; the keys that present it (H, F, F11) do what they do and it plays on;
    /// the others wait for it to stop.
    package func handle(_ input: InputEvent, at realTime: Double) {
        advance(to: realTime)
        if autoplay != nil {
            switch input {
            case .key(.quit, _), .quit: isRunning = false
            case .key(.escape, _), .key(.space, _), .mouseDown: stopAutoplay()
            case .key(.character("h"), _): toggleHUD()
            case .key(.character("f"), _), .key(.fullScreen, _): toggleFullScreen?()
            case .resized(let w, let h): relayout(window: (w, h))
            default: break
            }
            return
        }
        switch input {
        case .quit:
            isRunning = false
        case .resized(let w, let h):
            relayout(window: (w, h))
        case .focusLost:
            cancelPress()
        case .mouseDown(let x, let y):
            let p = Point(x: x, y: y)
            if let editor = HUD.editor(hud, in: layout), editor.backdrop.contains(layout.toHUD(p)) {
                // The open editor takes what lands on it: a handle drags, the rest does nothing.
                if let n = editor.handles.first(where: { $0.rect.contains(layout.toHUD(p)) })?.n { press = .handle(n) }
            } else if let i = layout.screenIndex(at: p) {
                press = .screen(i)
                alignVariants()
                send(.down, p, from: i)
            } else if layout.hudStyle == .panel,
                      let hit = HUD.controls(hud, in: layout.hud).first(where: { $0.rect.contains(layout.toHUD(p)) }) {
                click(hit.control, at: layout.toHUD(p))
            }
        case .mouseMoved(let x, let y):
            let p = Point(x: x, y: y)
            switch press {
            case .screen(let i): send(.moved, p, from: i)
            case .scrub: scrub(toX: layout.toHUD(p).x)
            case .handle(let n): moveHandle(n, to: layout.toHUD(p))
            case .none: break
            }
        case .mouseUp(let x, let y, let inside):
            let p = Point(x: x, y: y)
            switch press {
            case .screen(let i): send(inside ? .up : .cancelled, p, from: i)
            case .scrub: scrub(toX: layout.toHUD(p).x)
            case .handle(let n): moveHandle(n, to: layout.toHUD(p))
            case .none: break
            }
            press = .none
        case .key(let key, let shift):
            handleKey(key, shift: shift)
        }
    }

    /// Sends a pointer event at window point `p`, taken in the points of screen `index`, to
    /// every screen: one drag drives A and B alike.
    private func send(_ phase: PointerEvent.Phase, _ p: Point, from index: Int) {
        let point = layout.toScreen(x: p.x, y: p.y, of: index)
        switch phase {
        case .down, .moved: trail.add(point)
        case .up, .cancelled: trail.clear()
        }
        for v in variants { v.demo.window.handle(PointerEvent(phase, point, time: realTime ?? 0)) }
    }

    private func cancelPress() {
        if case .screen = press {
            trail.clear()
            for v in variants { v.demo.window.handle(PointerEvent(.cancelled, .zero, time: realTime ?? 0)) }
        }
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
            emitScreen()
        case .curveHandle(let n):
            press = .handle(n)
        case .variant(let i):
            select(variant: i)
        }
    }

    /// Moves Bézier handle `n` (1 or 2) of the curve to HUD point `p` in the editor: the
    /// curve changes at once, and is kept.
    private func moveHandle(_ n: Int, to p: Point) {
        guard case .bezier(let c) = demo.parameters.curve, let editor = HUD.editor(hud, in: layout) else { return }
        let (x, y) = HUD.editorValue(at: p, in: editor.plot)
        var q = demo.parameters
        q.curve = .bezier(n == 1 ? TimingCurve(x, y, c.c2.x, c.c2.y) : TimingCurve(c.c1.x, c.c1.y, x, y))
        keepTuning(q)
    }

    /// Steps the spring curve in the editor, as the design tools describe a spring: its
    /// damping ratio (`z`, by 0.05 within 0.05…2), its response (`w`, by 0.05 s: the duration
    /// it settles by scales with it, the ratio kept) or UIKit's initial velocity (`x`, by
    /// 0.25 within −20…20).
    private func stepSpring(ratio: Double = 0, response: Double = 0, velocity: Double = 0) {
        guard case let .spring(r, v) = demo.parameters.curve else { return }
        var q = demo.parameters
        let newRatio = min(max(((r + ratio) * 100).rounded() / 100, 0.05), 2)
        let newVelocity = min(max(((v + velocity) * 100).rounded() / 100, -20), 20)
        q.curve = .spring(dampingRatio: newRatio, velocity: newVelocity)
        if response != 0, Spring.validate(duration: q.duration, dampingRatio: newRatio, initialVelocity: newVelocity) == nil {
            // Nearly proportional to the duration (exactly so without a velocity): scaled
            // until it is the response wanted.
            let response0 = HUD.springResponse(duration: q.duration, dampingRatio: newRatio, velocity: newVelocity)
            let wanted = max(((response0 + response) * 100).rounded() / 100, 0.05)
            var duration = q.duration, now = response0
            for _ in 0..<8 where abs(now - wanted) > 1e-12 {
                duration = min(max(duration * wanted / now, 0.05), 60)
                now = HUD.springResponse(duration: duration, dampingRatio: newRatio, velocity: newVelocity)
            }
            q.duration = duration
        }
        keepTuning(q)
    }

    private func handleKey(_ key: InputEvent.Key, shift: Bool) {
        switch key {
        case .escape: cancelPress()
        case .quit: isRunning = false
        case .space: isPaused.toggle()
        case .right: step(by: 1)
        case .left: step(by: -1)
        case .tab: select(variant: selected + (shift ? -1 : 1))
        case .fullScreen: toggleFullScreen?()
        case .help: hud.showsKeys.toggle()
        case .digit(0): resetParameters()
        case .digit(let n): if n <= entries.count { switchDemo(to: n - 1) }
        case .character("s"): isSlowMotion.toggle()
        case .character("y"): copyTuning()
        case .character("e"): exportLastTransition()
        case .character("b"): toggleSplit()
        case .character("h"): toggleHUD()
        case .character("g"): toggleOnion()
        case .character("["): stepScreens(by: -1)
        case .character("]"): stepScreens(by: 1)
        case .character("f"): toggleFullScreen?()
        case .character("z") where hud.isEditingCurve: stepSpring(ratio: shift ? -0.05 : 0.05)
        case .character("w") where hud.isEditingCurve: stepSpring(response: shift ? -0.05 : 0.05)
        case .character("x") where hud.isEditingCurve: stepSpring(velocity: shift ? -0.25 : 0.25)
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

    /// The selected demo's tuning as code (`TuningCode`): on the clipboard, Swift under the
    /// command line as a comment; as a `tuning` event; and a toast in the HUD.
    package func copyTuning() {
        let entry = entries[current], p = demo.parameters
        let command = TuningCode.command(entry, p, defaults: demo.defaultParameters)
        let swift = TuningCode.swift(entry.name, p)
        copy?("// " + command + "\n" + swift + "\n")
        emit(SessionEvent.tuning(demo: entry.name, tuning: .init(p), command: command, swift: swift,
                                 variant: variants.count > 1 ? variants[selected].name : nil).jsonLine)
        let whose = variants.count > 1 ? "\(entry.name) \(variants[selected].name)" : entry.name
        toast(copy == nil ? "\(whose)'s tuning, as code: see the tuning event" : "Copied \(whose)'s tuning as Swift and a segue command", .done)
    }

    /// Puts `parameters` on the selected screen, kept: A's in `tunings` (and on disk), B's
    /// for the session.
    private func keepTuning(_ parameters: TransitionParameters) {
        demo.parameters = parameters
        let key = entries[current].tuningKey
        if selected == 1 {
            tuningsB[key] = parameters
            return
        }
        tuned.insert(key)
        tunings.keep(parameters, over: options.applied(to: demo.defaultParameters), for: key, at: realTime ?? 0)
    }

    /// Switches to `entries[index]` when no drag or transition is under way (and, for a
    /// file, once it has read).
    package func switchDemo(to index: Int) {
        guard index != current, entries.indices.contains(index), press == .none, !isTransitioning,
              let next = makeDemos(index, count: variants.count) else { return }
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

    /// Shows the next (`by` 1) or previous (−1) pair of `options.screens`, wrapping around,
    /// when no drag or transition is under way; says which in a toast.
    package func stepScreens(by step: Int) {
        guard let screens = options.screens, screens.pairCount > 1, press == .none, !isTransitioning else { return }
        screenPair = ((screenPair + step) % screens.pairCount + screens.pairCount) % screens.pairCount
        showScreens()
        let pair = screens.pair(screenPair)
        let names = [pair.base, pair.modal].map { $0.map { Path.split($0.path).name } ?? "design" }
        toast("Screens \(screenPair + 1)→\(screenPair + 2) of \(screens.pictures.count): \(names[0]) → \(names[1])")
        emitScreen()
    }

    /// Shows or hides the onion skin: `options.onion` ghosts each side (`OnionSkin.defaultCount`
    /// when it gives none), said in a toast.
    package func toggleOnion() {
        if onion == nil {
            let skin = OnionSkin(count: options.onion.flatMap { $0 > 0 ? $0 : nil } ?? OnionSkin.defaultCount)
            onion = skin
            toast("Onion skin: \(skin.count) ghosts each side, 1/15 s apart (earlier cool, later warm)")
        } else {
            onion = nil
            toast("Onion skin off")
        }
    }

    /// Puts the pair of pictures shown on every screen's demo (nothing without `options.screens`).
    func showScreens() {
        guard let screens = options.screens else { return }
        for v in variants { v.demo.show(screens.pair(screenPair)) }
    }

    /// Switches to the built-in `demo`.
    package func switchDemo(to demo: BuiltInDemo) {
        switchDemo(to: entries.firstIndex { if case .builtIn(demo) = $0 { true } else { false } } ?? current)
    }

    /// Splits the stage into A and B (B showing what A shows, with B's tuning), or joins it
    /// back to A — when no drag or transition is under way.
    package func toggleSplit() {
        guard press == .none, !isTransitioning else { return }
        if variants.count > 1 {
            selected = 0
            install([variants[0].demo], current)
        } else {
            guard let b = entries[current].makeDemo(screenSize: options.size) else { return }
            if let op = demo.nextOperation, op != b.nextOperation { b.prepare(for: op) }
            install([variants[0].demo, b], current)
        }
        layoutRequest.screenCount = variants.count
        relayout(window: layout.window)
    }

    /// Puts every screen where A is when they rest apart (their tunings decided one drag
    /// differently: A finished, B cancelled), so the next drag or start is one transition
    /// again on every screen. The outcome stays in view until then.
    func alignVariants() {
        guard variants.count > 1, !isTransitioning, let op = variants[0].demo.nextOperation else { return }
        for v in variants.dropFirst() where v.demo.nextOperation != op { v.demo.prepare(for: op) }
    }

    /// Starts the next transition on every screen, as its button would, aligned first.
    func startNextOnEveryScreen() {
        alignVariants()
        for v in variants { if let op = v.demo.nextOperation { v.demo.start(op) } }
    }

    /// Makes variant `index` (wrapped) the one the HUD shows and edits.
    func select(variant index: Int) {
        guard variants.count > 1 else { return }
        selected = (index % variants.count + variants.count) % variants.count
        refreshHUD()
    }

    /// Hides the HUD (the screens grow into its place) or shows it again — not during a
    /// press, whose points would change under it.
    package func toggleHUD() {
        guard press == .none else { return }
        layoutRequest.showsHUD.toggle()
        relayout(window: layout.window)
    }

    /// Lays the stage out anew for a window of `window` pixels, and tells.
    func relayout(window: (width: Int, height: Int)) {
        layout = Layout(window: window, screen: options.size, layoutRequest)
        describeScreen()
        emitScreen()
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

    /// Scrubs to the fraction of the bar under HUD x: pauses, starts the next transition
    /// from rest if none runs (as its button would, on every screen), and sets the clock to
    /// that fraction of the animation's time. A transition under the pointer or an
    /// interactive one playing out is left alone. The fraction is held below 1, so scrubbing
    /// never ends it.
    private func scrub(toX x: Double) {
        let bar = HUD.scrubArea(in: layout.hud)
        // The bar shows the percent a release decides by: the time that shows it.
        let fraction = min(demo.parameters.timeFraction(atPercent: min(max((x - bar.minX) / bar.width, 0), 1)), 0.999)
        isPaused = true
        if !isTransitioning { startNextOnEveryScreen() }
        guard let c = demo.window.activeTransition, !c.isInteractive, let start = c.animationStartTime else { return }
        moveScene(to: start + fraction * c.duration)
    }
}
