#if !SEGUE_FUZZING
import Segue
#endif

/// What is legal in a transition file but likely a mistake, found once it reads whole.
enum TransitionFileWarnings {
    /// The screen a file is checked on: the app's default.
    static let screen = Size(width: 375, height: 667)

    /// A presentation frame the modal layer does not reach at t = 1 (by more than half a
    /// point on the default screen), or a presentation with no modal layer to rest there.
    static func presentation(of file: TransitionFile, root: JSONValue) -> [TransitionFileError] {
        guard let presentation = file.presentation else { return [] }
        let place = root.member("presentation")?.member("frame") ?? root
        func warning(_ message: String) -> TransitionFileError {
            TransitionFileError(place: "presentation.frame", message: message, line: place.line, column: place.column)
        }
        guard let spec = file.layers.first(where: { $0.source == .modal && $0.parent == nil }) else {
            return [warning("no modal layer on the screen comes to rest there")]
        }
        let bounds = Rect(x: 0, y: 0, width: screen.width, height: screen.height)
        let frame = spec.rect.within(bounds), target = presentation.frame.within(bounds)
        let anchor = Point(x: frame.minX + spec.anchor.x * frame.width, y: frame.minY + spec.anchor.y * frame.height)
        var toScreen = Transform3D.makeTranslation(-spec.anchor.x * frame.width, -spec.anchor.y * frame.height, 0)
            .concatenating(LayerTracks(spec, size: frame.size).transform(at: 1))
            .concatenating(.makeTranslation(anchor.x, anchor.y, 0))
        if let d = file.perspective?.distance(for: screen) {
            let c = Point(x: screen.width / 2, y: screen.height / 2)
            toScreen = toScreen.concatenating(.makeTranslation(-c.x, -c.y, 0)).concatenating(.makePerspective(distance: d))
                .concatenating(.makeTranslation(c.x, c.y, 0))
        }
        let shown = toScreen.projectedBounds(of: Rect(x: 0, y: 0, width: frame.width, height: frame.height))
        let off = max(abs(shown.minX - target.minX), abs(shown.minY - target.minY), abs(shown.maxX - target.maxX), abs(shown.maxY - target.maxY))
        guard off > 0.5 else { return [] }
        func n(_ v: Double) -> String { TransitionFile.number((v * 10).rounded() / 10) }
        return [warning("the modal layer comes to rest at [\(n(shown.minX)), \(n(shown.minY)), \(n(shown.width)), \(n(shown.height))] pt, "
                        + "not at this frame's [\(n(target.minX)), \(n(target.minY)), \(n(target.width)), \(n(target.height))] (on a 375 × 667 screen)")]
    }
}
