import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a command needs to know of an input path, and the one way every reader of an
/// outside file reads it: whole, up to a cap, whatever size the file says it has.
package enum RegularFile {
    /// The size in bytes of the regular file at `path`, following symbolic links; nil when
    /// there is none there (nothing, a directory, a device, a pipe).
    package static func size(atPath path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Why a file could not be read whole.
    package enum ReadFailure: Error, Equatable, CustomStringConvertible {
        /// Nothing at the path, a folder, a device, a pipe.
        case notRegular
        /// Past `limit` bytes: `size` is what the file reports, where that is over the limit
        /// (a file under /proc reports 0 and may never end: nil).
        case tooLarge(size: Int?, limit: Int)
        /// The system's reason.
        case failed(String)

        /// "not a regular file", "2000000 bytes, more than 1048576", "more than 1048576 bytes".
        package var description: String {
            switch self {
            case .notRegular: return "not a regular file"
            case .tooLarge(let size?, let limit): return "\(size) bytes, more than \(limit)"
            case .tooLarge(nil, let limit): return "more than \(limit) bytes"
            case .failed(let reason): return reason
            }
        }
    }

    /// The bytes of the regular file at `path` (following links), at most `limit` of them:
    /// reading stops once past the limit, so a file that reports a small size and never ends
    /// costs `limit` bytes and a chunk of memory, not all of it. Chunks are 64 KiB (whole
    /// multiples of 8, as some kernel files require).
    package static func read(atPath path: String, limit: Int) -> Result<Data, ReadFailure> {
        // Not blocking: a FIFO with no writer would hold `open` (and SA_RESTART would restart
        // it after a signal); a regular file reads the same either way.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(errno == ENOENT ? .notRegular : .failed(String(cString: strerror(errno)))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
        let reported = Int(info.st_size)
        if reported > limit { return .failure(.tooLarge(size: reported, limit: limit)) }
        var data = Data(capacity: reported)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while data.count <= limit {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.failed(String(cString: strerror(errno))))
            }
            if n == 0 { return .success(data) }
            data.append(contentsOf: chunk[0..<n])
        }
        return .failure(.tooLarge(size: nil, limit: limit))
    }
}
