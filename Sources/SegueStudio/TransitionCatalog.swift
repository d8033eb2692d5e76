import Foundation
import Segue
import SegueDemos
import SegueCatalog
import SegueProcess

/// The catalog the app ships: the transition files in `Assets/Transitions/`, by file name.
/// A file named as a built-in demo is its twin (the seeds' flip and page turn written as
/// files) and is left out: the built-in demo is the catalog's.
package enum TransitionCatalog {
    /// The catalog's transitions in `assets`/Transitions, in the order of their file names.
    /// A file that does not read, or two of one name, is a broken installation: `CatalogError`.
    package static func read(assets: String) throws -> [CustomTransition] {
        let folder = assets + "/Transitions"
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        var out: [CustomTransition] = []
        for name in files {
            let path = folder + "/" + name
            switch WatchedTransitionFile.load(path) {
            case .success(let file):
                if let twin = out.first(where: { $0.name == file.name }) {
                    throw CatalogError(description: "the catalog is broken: \(Echo.quoted(path)) and \(Echo.quoted(twin.file ?? "")) are both \(Echo.quoted(file.name))")
                }
                if !DemoCatalog.names.contains(file.name) { out.append(CustomTransition(file: file, path: path)) }
            case .failure(let problem):
                throw CatalogError(description: "the catalog is broken: \(problem.message)")
            }
        }
        return out
    }
}

/// A file the app ships does not read.
package struct CatalogError: Error, CustomStringConvertible {
    package let description: String
}
