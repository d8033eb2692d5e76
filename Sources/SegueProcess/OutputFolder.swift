internal import CSegueSupport
#if canImport(Glibc)
import Glibc
#endif

/// A folder of output files written whole or not at all: the files go into a staging
/// folder (beside the target when the target does not exist yet, inside it when it does),
/// and `commit` moves them into place after one flush of the file system, then removes the
/// files an earlier run left there (those `isOurs` names that this one did not write), so
/// the folder holds this run's output alone. `discard`, or the process ending without a
/// commit, removes the staging folder and what it holds, so a failed or interrupted command
/// leaves neither a folder it created nor partial files.
package final class OutputFolder {
    /// The folder as the user gave it.
    package let path: String
    private let staging: String
    private let created: Bool
    private var names: [String] = []
    private var hook: Int?
    private let isOurs: (String) -> Bool

    /// Checks `path` for `option` before any work: an existing folder that can be written and
    /// holds only files `isOurs` names (and hidden ones), or nothing, in a folder that can be
    /// written. A `UsageError` otherwise.
    package static func check(_ path: String, for option: String, isOurs: (String) -> Bool) throws {
        guard !path.isEmpty else { throw UsageError("\(option) must name a folder") }
        let refuse = { (why: String) in UsageError("cannot write \(option) folder \(Echo.quoted(path)): \(why)") }
        switch Path.kind(path) {
        case .folder?:
            if let why = Path.unwritableFolderReason(path) { throw refuse(why) }
            if let stranger = entries(of: path).first(where: { !$0.hasPrefix(".") && !isOurs($0) }) {
                throw refuse("it holds \(Echo.quoted(stranger)), which segue did not write (name an empty or new folder)")
            }
        case nil:
            if Path.kind(path, follow: false) == .link { throw refuse("it is a symbolic link to nothing") }
            let (parent, name) = Path.split(path.hasSuffix("/") ? String(path.dropLast()) : path)
            if name == "." || name == ".." { throw refuse("it cannot be created") }
            if let why = Path.unwritableFolderReason(parent) { throw refuse(why) }
        case let kind?:
            throw refuse("it is \(kind.description), not a folder")
        }
    }

    /// Starts writing into `path` (checked with `check` first), whose earlier files are
    /// those `isOurs` names.
    package init(_ path: String, isOurs: @escaping (String) -> Bool) throws {
        try OutputFolder.check(path, for: "output", isOurs: isOurs)
        self.path = path
        self.isOurs = isOurs
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        created = Path.kind(trimmed) == nil
        if created {
            let (parent, name) = Path.split(trimmed)
            staging = parent + "/." + String(name.prefix(80)) + ".segue-\(getpid()).tmp"
        } else {
            staging = trimmed + "/.segue-\(getpid()).tmp"
        }
        guard mkdir(staging, 0o777) == 0 else { throw OutputError(writing: path, errno: errno) }
        let staging = staging
        hook = ExitHooks.add { OutputFolder.removeTree(staging) }
    }

    deinit { discard() }

    /// Writes the file `name` in the folder with `body` (checked writes, no per-file sync).
    package func write(_ name: String, _ body: (FileSink) throws -> Void) throws {
        precondition(!name.contains("/") && !name.isEmpty)
        let file = staging + "/" + name
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw OutputError(writing: path + "/" + name, errno: errno) }
        names.append(name)
        do {
            try body(FileSink(fd: fd, path: path + "/" + name))
        } catch {
            close(fd)
            throw error
        }
        if close(fd) != 0 { throw OutputError(writing: path + "/" + name, errno: errno) }
    }

    /// Flushes everything written and moves it into place.
    package func commit() throws {
        try Interruption.check()
        let fd = open(staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw OutputError(writing: path, errno: errno) }
        let synced = segue_sync_filesystem(fd) == 0 ? 0 : errno
        close(fd)
        if synced != 0 { throw OutputError(writing: path, errno: synced) }
        try Interruption.check()
        if created {
            var trimmed = path
            while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
            guard rename(staging, trimmed) == 0 else { throw OutputError(writing: path, errno: errno) }
            OutputFile.syncFolder(Path.split(trimmed).folder)
        } else {
            for name in names {
                guard rename(staging + "/" + name, path + "/" + name) == 0 else { throw OutputError(writing: path + "/" + name, errno: errno) }
            }
            rmdir(staging)
            let written = Set(names)
            for old in Self.entries(of: path) where isOurs(old) && !written.contains(old) { unlink(path + "/" + old) }
            OutputFile.syncFolder(path)
        }
        names = []
        if let hook { ExitHooks.remove(hook) }
        hook = nil
    }

    /// Removes what was written and not committed.
    package func discard() {
        guard let hook else { return }
        ExitHooks.remove(hook)
        self.hook = nil
        OutputFolder.removeTree(staging)
    }

    /// Removes `folder`'s files (it holds no subfolders) and the folder.
    static func removeTree(_ folder: String) {
        for name in entries(of: folder) { unlink(folder + "/" + name) }
        rmdir(folder)
    }

    /// The names in `folder` but `.` and `..` (none where it cannot be read).
    static func entries(of folder: String) -> [String] {
        var out: [String] = []
        guard let dir = opendir(folder) else { return out }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { out.append(name) }
        }
        closedir(dir)
        return out
    }
}
