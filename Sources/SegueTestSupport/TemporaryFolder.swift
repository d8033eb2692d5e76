import Foundation

/// A new, empty folder under the system's temporary folder, named `prefix-<UUID>`; its path.
package func temporaryFolder(_ prefix: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
