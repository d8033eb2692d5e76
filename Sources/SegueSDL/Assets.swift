import Foundation

/// Finds the files the app ships (fonts) in `Assets/`.
package enum Assets {
    /// Where this package's `Assets/` was when it was built: beside `Sources/`, wherever the
    /// package lies (this repository, a path another package depends on, a `.build/checkouts`
    /// clone).
    static let builtFrom = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets").path

    /// The folder holding `DejaVuSans.ttf`: `$SEGUE_ASSETS`, else `Assets/` beside the
    /// executable or in any folder above it (an installed copy), else the package's own
    /// (`builtFrom`: no variable needed for a package that depends on Segue, by path or by
    /// URL), else one in a package checkout above the executable, else `./Assets`.
    package static func directory() throws -> String {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["SEGUE_ASSETS"] { candidates.append(env) }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        var dir = executable
        for _ in 0..<8 {
            candidates.append(dir.appendingPathComponent("Assets").path)
            dir = dir.deletingLastPathComponent()
        }
        candidates.append(builtFrom)
        dir = executable
        for _ in 0..<8 {
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
