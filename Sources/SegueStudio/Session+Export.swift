/// A video `e` asks for: a transition by name, between two real times of the session
/// (seconds on the clock its recording uses).
package struct ExportRequest: Hashable, Sendable {
    package var name: String
    package var start: Double
    package var end: Double
}

extension Session {
    /// Seconds an export of the last transition shows before it began and after it ended
    /// (its end pose), never past the moment `e` was pressed.
    package static let exportMargins = (before: 0.25, after: 0.5)

    /// `e`: asks `export` for a video of the last transition that ended, from a moment
    /// before it began to a moment after it ended, and says so in the HUD; with none yet,
    /// nowhere to export to (a replay), or an export still under way (one at a time), the
    /// HUD says so instead.
    func exportLastTransition() {
        guard let export else {
            toast("Exporting is the app's: segue replay REC --out FILE.mp4 exports a recording", .refused)
            return
        }
        guard let last = lastTransition else {
            toast("No transition has ended yet: nothing to export", .refused)
            return
        }
        guard !isExporting else {
            toast("Still exporting: one export at a time, press E again when it is done", .refused)
            return
        }
        let now = realTime ?? 0
        isExporting = true
        toast("Exporting \(last.name)…")
        export(ExportRequest(name: last.name, start: max(last.span.lowerBound - Self.exportMargins.before, 0),
                             end: min(last.span.upperBound + Self.exportMargins.after, now)))
    }

    /// An export `e` asked for has ended: written to `file` (an `exported` event), or not,
    /// for `problem` (an `error` event); either way a toast says so.
    package func exportEnded(file: String, problem: String?) {
        isExporting = false
        emit((problem.map { SessionEvent.error(file: file, message: $0) } ?? .exported(file: file)).jsonLine)
        if let problem { toast("Export failed: \(problem)", .failed) } else { toast("Exported \(file)", .done) }
    }

    /// Shows `text` in the HUD for `toastSeconds`, in the colour of its `kind`.
    package func toast(_ text: String, _ kind: Toast.Kind = .info) {
        hud.toast = Toast(text: text, kind: kind)
        toastUntil = (realTime ?? 0) + Self.toastSeconds
    }
}
