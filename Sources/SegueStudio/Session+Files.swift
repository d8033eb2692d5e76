import Segue

/// The watched transition files: their events, and putting a new version in place.
extension Session {
    /// The event that tells `change` of `file`.
    static func event(for file: WatchedTransitionFile) -> (WatchedTransitionFile.Change) -> SessionEvent {
        { change in
            switch change {
            case .loaded(let f): return .loaded(file: file.path, name: f.name)
            case .failed(let message): return .error(file: file.path, message: message)
            }
        }
    }

    /// Looks at every watched file: a new good version is told (`loaded`) and, when it is
    /// the one shown, put in place at once at rest or when the transition under way ends,
    /// keeping the screen that shows; a save that does not read is told (`error`) and shown
    /// in the HUD until a good one follows.
    package func pollFiles() {
        for (i, entry) in entries.enumerated() {
            guard case .file(let file) = entry, let change = file.poll() else { continue }
            emit(Self.event(for: file)(change).jsonLine)
            hud.demos = entries.map(\.name)
            switch change {
            case .loaded:
                if hud.problem != nil { hud.problem = entries.compactMap { $0.problem }.last }
                if i == current { reloadPending = true }
            case .failed(let message):
                hud.problem = message
            }
        }
        reloadIfPending()
    }

    /// Whether any transition file is watched (`pollFiles` has work).
    package var watchesFiles: Bool { entries.contains { if case .file = $0 { true } else { false } } }

    /// Rebuilds the shown file's demo from its new version when nothing is under way.
    func reloadIfPending() {
        guard reloadPending, press == .none, !isTransitioning, let next = makeDemos(current, count: variants.count) else { return }
        reloadPending = false
        let presented = demo.nextOperation == .dismiss
        install(next, current)
        if presented { for v in variants { v.demo.prepare(for: .dismiss) } }
        emitScreen()
    }
}
