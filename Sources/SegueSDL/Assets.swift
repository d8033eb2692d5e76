import Foundation

/// Finds the files the app ships (fonts) in `Assets/`.
package enum Assets {
    /// The folder holding `DejaVuSans.ttf`: `$SEGUE_ASSETS`, else `Assets/` beside the
    /// executable or in any folder above it — or in a package checkout there (a package
    /// depending on Segue finds it in `.build/checkouts/…`) — else `./Assets`.
    package static func directory() throws -> String {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["SEGUE_ASSETS"] { candidates.append(env) }
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<8 {
            candidates.append(dir.appendingPathComponent("Assets").path)
            let checkouts = dir.appendingPathComponent("checkouts").path
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: checkouts)) ?? []).sorted() {
                candidates.append(checkouts + "/" + name + "/Assets")
            }
            dir = dir.deletingLastPathComponent()
        }
        candidates.append(FileManager.default.currentDirectoryPath + "/Assets")
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0 + "/DejaVuSans.ttf") }) {
            return found
        }
        throw SDLError(message: "cannot find the Assets folder with DejaVuSans.ttf (set SEGUE_ASSETS to it)")
    }
}
