import Segue
import SegueDemos
import SegueCatalog

/// Something a session can show: a built-in demo, a transition written in Swift, or the
/// transition of a watched file; the last two between the flip demo's two screens.
@MainActor
package enum StageEntry {
    case builtIn(BuiltInDemo)
    case custom(CustomTransition)
    case file(WatchedTransitionFile)

    /// The name the HUD lists: the demo's, or the file's transition's (its file name until
    /// it has read).
    /// What its tuning is kept under (`TuningStore`): the name, or for a file `file:` and its
    /// path (a file's transition may share a demo's name).
    package var tuningKey: String {
        if case .file(let f) = self { return "file:" + f.path }
        return name
    }

    package var name: String {
        switch self {
        case .builtIn(let demo): return demo.rawValue
        case .custom(let t): return t.name
        case .file(let f): return f.current?.name ?? String(f.path.split(separator: "/").last ?? "")
        }
    }

    /// What is wrong with the file, nil for a demo or a file in use.
    package var problem: String? {
        if case .file(let f) = self { return f.problem }
        return nil
    }

    /// Whether it can be shown: false only for a file that has not read.
    package var canShow: Bool {
        if case .file(let f) = self { return f.current != nil }
        return true
    }

    /// A new demo of this entry on a screen of `size` points; nil for a file that has not read.
    package func makeDemo(screenSize size: Size) -> Demo? {
        switch self {
        case .builtIn(let demo): return DemoCatalog.make(demo, screenSize: size)
        case .custom(let t): return DemoCatalog.make(t, screenSize: size)
        case .file(let f): return f.current.map { DemoCatalog.make(CustomTransition(file: $0, path: f.path), screenSize: size) }
        }
    }
}
