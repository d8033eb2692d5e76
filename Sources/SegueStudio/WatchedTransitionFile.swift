import Foundation
import Segue

/// A transition file read again whenever it changes on disk, keeping the last version that
/// read cleanly.
///
/// A change is seen by its stamp — device, inode, size and modification time — so an editor
/// that saves by writing a new file and renaming it over the old one is seen as surely as one
/// that writes in place. A save that does not read (half written, broken, deleted) is
/// reported once and leaves the last good version in use.
package final class WatchedTransitionFile {
    /// Files larger than this are refused unread.
    package static let maxBytes = 1 << 20

    /// What a look at the file found.
    package enum Change: Equatable {
        case loaded(TransitionFile)
        /// One line saying what is wrong, naming the file.
        case failed(String)
    }

    package let path: String
    /// The last version that read cleanly, nil before the first.
    package private(set) var current: TransitionFile?
    /// Why the file on disk is not in use, nil while it is.
    package private(set) var problem: String?
    private var stamp: Stamp?

    private struct Stamp: Equatable {
        var device: UInt64, inode: UInt64, size: Int64, modified: Int64
    }

    package init(path: String) {
        self.path = path
    }

    /// Reads the file if its stamp changed since the last look (the first look always reads):
    /// `.loaded` with a new good version, `.failed` once per bad state, nil when nothing changed.
    package func poll() -> Change? {
        let now = Self.stamp(path)
        guard now != stamp || (now == nil && problem == nil) else { return nil }
        stamp = now
        switch Self.read(path, exists: now != nil) {
        case .success(let file):
            current = file
            problem = nil
            return .loaded(file)
        case .failure(let message):
            guard message != problem else { return nil }
            problem = message
            return .failed(message)
        }
    }

    private enum Outcome { case success(TransitionFile), failure(String) }

    private static func read(_ path: String, exists: Bool) -> Outcome {
        let shown = Echo.quoted(path)
        guard exists else { return .failure("\(shown): no such file") }
        guard let size = RegularFile.size(atPath: path) else { return .failure("\(shown): not a regular file") }
        guard size <= maxBytes else { return .failure("\(shown): \(size) bytes, more than \(maxBytes)") }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure("\(shown): cannot be read") }
        guard let text = String(data: data, encoding: .utf8) else { return .failure("\(shown): not UTF-8 text") }
        do {
            return .success(try TransitionFile.read(text))
        } catch {
            return .failure("\(shown): \(error)")
        }
    }

    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                     modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
