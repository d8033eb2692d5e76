#if canImport(Glibc)
import Glibc
#endif

/// Paths split as POSIX does, without Foundation's path APIs (which trap on some inputs).
package enum Path {
    /// The folder and the last component of `path`: "a" → (".", "a"), "/a" → ("/", "a"),
    /// "x/y/a" → ("x/y", "a"). A path ending in "/" has an empty name.
    package static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let name = String(path[path.index(after: slash)...])
        var folder = String(path[..<slash])
        while folder.hasSuffix("/") { folder.removeLast() }
        return (folder.isEmpty ? "/" : folder, name)
    }

    /// What lies at `path` (links followed unless `follow` is false), or nil when nothing.
    package static func kind(_ path: String, follow: Bool = true) -> Kind? {
        var info = stat()
        let status = follow ? stat(path, &info) : lstat(path, &info)
        guard status == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        case S_IFCHR: return .other("a character device")
        case S_IFBLK: return .other("a block device")
        case S_IFIFO: return .other("a FIFO")
        case S_IFSOCK: return .other("a socket")
        default: return .other("not a regular file")
        }
    }

    package enum Kind: Equatable {
        case file, folder, link
        case other(String)

        package var description: String {
            switch self {
            case .file: "a file"
            case .folder: "a folder"
            case .link: "a symbolic link"
            case .other(let what): what
            }
        }
    }

    /// The canonical absolute path of `path` (links resolved), or nil.
    package static func resolved(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// Why the folder `folder` cannot take new entries, or nil when it can.
    package static func unwritableFolderReason(_ folder: String) -> String? {
        guard kind(folder) == .folder else { return "folder \(Echo.quoted(folder)) does not exist" }
        guard access(folder, W_OK | X_OK) == 0 else {
            return "folder \(Echo.quoted(folder)) is not writable (\(OutputError.reason(errno)))"
        }
        return nil
    }
}
