import Foundation
import Segue
import SegueCatalog
import SegueProcess
import SegueRender

/// A transition file read again whenever it changes on disk, keeping the last version that
/// read cleanly.
///
/// A change is seen by its stamp — device, inode, size, modification and status-change
/// times (a `chmod` that makes it readable counts) — so an editor
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
        var device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64
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
        switch Self.load(path) {
        case .success(let file):
            current = file
            problem = nil
            return .loaded(file)
        case .failure(let p):
            guard p.message != problem else { return nil }
            problem = p.message
            return .failed(p.message)
        }
    }

    /// One line naming a file and what is wrong with it.
    package struct Problem: Error, Equatable {
        package var message: String
    }

    /// Reads and checks the transition file at `path`: a regular UTF-8 file of at most
    /// `maxBytes` that `TransitionFile.read` accepts, or the one line saying why not.
    package static func load(_ path: String) -> Result<TransitionFile, Problem> {
        text(path).flatMap { text in
            do {
                let file = try TransitionFile.read(text)
                if let problem = imageProblem(file, path: path) { return .failure(Problem(message: "\(Echo.quoted(path)): \(problem)")) }
                return .success(file)
            } catch {
                return .failure(Problem(message: "\(Echo.quoted(path)): \(error)"))
            }
        }
    }

    /// What is wrong with the first of `file`'s pictures that is not a PNG or JPEG of at most
    /// `ImageFile.maxSide` a side (by its header, relative to the folder of `path`), nil
    /// when none is.
    package static func imageProblem(_ file: TransitionFile, path: String) -> String? {
        let folder = Path.split(path).folder
        for image in file.images {
            do {
                _ = try ImageFile.header(TransitionFile.resolve(image.path, from: folder.isEmpty ? "." : folder))
            } catch {
                return "\(image.place): \(error)"
            }
        }
        return nil
    }

    /// The text of the transition file at `path`: a regular UTF-8 file of at most
    /// `maxBytes`, or the one line saying why not.
    package static func text(_ path: String) -> Result<String, Problem> {
        let shown = Echo.quoted(path)
        func problem(_ m: String) -> Result<String, Problem> { .failure(Problem(message: "\(shown): \(m)")) }
        guard stamp(path) != nil else { return problem("no such file") }
        let data: Data
        switch RegularFile.read(atPath: path, limit: maxBytes) {
        case .success(let d): data = d
        case .failure(let failure): return problem(failure.description)
        }
        guard let text = String(data: data, encoding: .utf8) else { return problem("not UTF-8 text") }
        return .success(text)
    }

    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                     modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                     changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
    }
}
