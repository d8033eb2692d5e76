import Foundation
import SegueCommandLine
import SegueDemos
import SegueStudio

/// What a program offers, in the HUD's order: the built-in demos, the catalog (the
/// transition files in `Assets/Transitions/`, by name), and the program's own transitions.
/// A catalog file named as a built-in demo is its twin (the seeds' flip and page turn
/// written as files) and is not offered again.
struct Lineup {
    let catalog: [CustomTransition]
    let own: [CustomTransition]

    /// The catalog and the program's own transitions.
    var transitions: [CustomTransition] { catalog + own }

    /// Every name offered, in order.
    var names: [String] { DemoCatalog.names + transitions.map(\.name) }

    /// Reads the catalog in `assets`/Transitions. A shipped file that does not read is a
    /// broken installation (exit 1); an own transition whose name is taken, or otherwise
    /// wrong (`Studio.problem`), is the program's mistake (exit 2).
    init(own: [CustomTransition], assets: String) throws {
        let folder = assets + "/Transitions"
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        var catalog: [CustomTransition] = []
        for name in files {
            let path = folder + "/" + name
            switch WatchedTransitionFile.load(path) {
            case .success(let file):
                if !DemoCatalog.names.contains(file.name) { catalog.append(CustomTransition(file: file, path: path)) }
            case .failure(let problem):
                throw CatalogError(description: "the catalog is broken: \(problem.message)")
            }
        }
        if let problem = Studio.problem(with: own, taken: DemoCatalog.names + catalog.map(\.name)) { throw UsageError(problem) }
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

/// A file the app ships does not read.
struct CatalogError: Error, CustomStringConvertible {
    let description: String
}
