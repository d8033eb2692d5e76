import Foundation

/// What a command needs to know of an input path before reading it.
package enum RegularFile {
    /// The size in bytes of the regular file at `path`, following symbolic links; nil when
    /// there is none there (nothing, a directory, a device, a pipe).
    package static func size(atPath path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}
