import SegueCommandLine
import SegueDemos
import SegueStudio
import SegueCatalog
import SegueProcess

/// What a program offers, in the HUD's order: the built-in demos, the catalog
/// (`TransitionCatalog`), and the program's own transitions.
struct Lineup {
    let catalog: [CustomTransition]
    let own: [CustomTransition]

    /// The catalog and the program's own transitions.
    var transitions: [CustomTransition] { catalog + own }

    /// Every name offered, in order.
    var names: [String] { DemoCatalog.names + transitions.map(\.name) }

    /// Reads the catalog in `assets` (`TransitionCatalog`: a shipped file that does not read
    /// is a broken installation, exit 1); `own` (checked by `Studio.problem`) come after it,
    /// each taking the place of a catalog transition of its name.
    init(own: [CustomTransition], assets: String) throws {
        // A program's own transition replaces a catalog one of its name: a catalog that grows
        // never breaks a program.
        let catalog = try TransitionCatalog.read(assets: assets).filter { t in !own.contains { $0.name == t.name } }
        self.catalog = catalog
        self.own = own
    }

    /// What `name` names, or nil.
    func entry(named name: String) -> StageEntry? {
        if let demo = BuiltInDemo(rawValue: name) { return .builtIn(demo) }
        return transitions.first { $0.name == name }.map(StageEntry.custom)
    }

    /// The entry `name` names, or a usage error listing the names (`what`: "demo", "transition").
    func entry(named name: String, what: String) throws -> StageEntry {
        guard let entry = entry(named: name) else {
            throw UsageError("unknown \(what) \(Echo.quoted(name)) (one of: \(names.joined(separator: ", ")))")
        }
        return entry
    }
}
