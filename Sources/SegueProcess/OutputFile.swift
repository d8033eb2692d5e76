internal import CSegueSupport
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The one output writer. A file is written whole or not at all: into a temporary file
/// beside the target, every write checked, then fsync, close (checked), and a rename over
/// the target. The target must be absent or a regular file (a link to one is written
/// through); anything else is refused up front (`target`). On any failure — an I/O error,
/// a full disk, a signal, a throw from the caller — the temporary file is removed and an
/// existing target is left as it was.
package enum OutputFile {
    /// The path to write for the user's `path` given to `option`, checked before any work:
    /// a `UsageError` when it names a folder, a device, a FIFO or a socket, a link to
    /// nothing, or a folder that does not exist or is not writable.
    package static func target(_ path: String, for option: String) throws -> String {
        let refuse = { (why: String) in UsageError("cannot write \(option) \(Echo.quoted(path)): \(why)") }
        guard !path.isEmpty else { throw UsageError("\(option) must name a file") }
        let (folder, name) = Path.split(path)
        if name.isEmpty || name == "." || name == ".." { throw refuse("it names a folder") }
        var target = path
        switch Path.kind(path, follow: false) {
        case nil, .file?:
            break
        case .link?:
            guard Path.kind(path) == .file, let real = Path.resolved(path) else {
                throw refuse("it is a symbolic link to \(Path.kind(path)?.description ?? "nothing")")
            }
            target = real
        case .folder?:
            throw refuse("it is a folder")
        case .other(let what)?:
            throw refuse("it is \(what), not a regular file")
        }
        if let why = Path.unwritableFolderReason(target == path ? folder : Path.split(target).folder) { throw refuse(why) }
        return target
    }

    /// `target`, for a file written as `kind` (its extension, lowercased: "png"): a name with
    /// another extension is refused (a `.jpg` would hold a PNG); one with none is taken.
    package static func target(_ path: String, for option: String, kind: String) throws -> String {
        let name = Path.split(path).name
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            let ext = name[name.index(after: dot)...].lowercased()
            guard ext == kind else {
                throw UsageError("\(option) \(Echo.quoted(path)): Segue writes \(kind.uppercased()) files, so the name must end in .\(kind), not .\(Echo.line(ext))")
            }
        }
        return try target(path, for: option)
    }

    /// Writes the file at `path` (checked with `target` first) with `body`, whole or not at
    /// all. `path` is how messages name it. A signal stops the writing (`Interrupted`)
    /// unless `interruptible` is false: what must be written on the way out (a recording).
    package static func write(_ path: String, interruptible: Bool = true, _ body: (FileSink) throws -> Void) throws {
        try writeTemporary(path, interruptible: interruptible) { _, fd in
            try body(FileSink(fd: fd, path: path, interruptible: interruptible))
        }
    }

    /// Has another program write the file at `path` (checked with `target` first), whole or
    /// not at all: `body` is given the path of the temporary file — created empty beside
    /// the target, with a hidden name ending in `.tmp` — to write in place (the same file,
    /// truncated or not, never replaced), and the file is flushed and renamed once `body`
    /// returns.
    package static func write(_ path: String, byPath body: (String) throws -> Void) throws {
        try writeTemporary(path, interruptible: true) { temp, _ in try body(temp) }
    }

    /// The one writer: `body` writes the temporary file (given its path and descriptor).
    private static func writeTemporary(_ path: String, interruptible: Bool, _ body: (String, Int32) throws -> Void) throws {
        let target = try OutputFile.target(path, for: "output")
        let (folder, name) = Path.split(target)
        let temp = folder + "/." + String(name.prefix(80)) + ".segue-\(getpid())-\(counter.add(1, ordering: .relaxed).oldValue).tmp"
        let check = { if interruptible { try Interruption.check() } }
        try check()
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw OutputError(writing: path, errno: errno) }
        let hook = ExitHooks.add { unlink(temp) }
        defer { ExitHooks.remove(hook) }
        var open = true
        do {
            var info = stat()
            if stat(target, &info) == 0 { fchmod(fd, info.st_mode & 0o7777) }
            try body(temp, fd)
            if fsync(fd) != 0 { throw OutputError(writing: path, errno: errno) }
            open = false
            if close(fd) != 0 { throw OutputError(writing: path, errno: errno) }
            try check()
            guard rename(temp, target) == 0 else { throw OutputError(writing: path, errno: errno) }
        } catch {
            if open { close(fd) }
            unlink(temp)
            throw error
        }
        syncFolder(folder)
    }

    /// Writes `bytes` as the file at `path`, whole or not at all.
    package static func write(_ path: String, bytes: [UInt8], interruptible: Bool = true) throws {
        try write(path, interruptible: interruptible) { try $0.write(bytes) }
    }

    private static let counter = Atomic<Int>(0)

    /// Flushes `folder`'s entries (a rename is durable once its folder is synced).
    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}

/// An open output file: every write checked, a signal stopping it if `interruptible`.
package struct FileSink {
    package let fd: Int32
    /// The path as the user gave it, for messages.
    package let path: String
    package var interruptible = true

    /// A sink for the open descriptor `fd` (not closed by this), named `path` in messages.
    package init(fd: Int32, path: String, interruptible: Bool = true) {
        self.fd = fd
        self.path = path
        self.interruptible = interruptible
    }

    /// Writes all of `bytes`, retrying short writes and EINTR; an error is an
    /// `OutputError` (a full disk: "No space left on device"), a signal `Interrupted`.
    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            if interruptible { try Interruption.check() }
            let n = Glibc.write(fd, bytes.baseAddress! + offset, min(bytes.count - offset, 1 << 20))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw OutputError(writing: path, errno: n < 0 ? errno : EIO) }
            offset += n
        }
    }

    package func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }
}
