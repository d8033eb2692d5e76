/// Bad command-line input: printed as one line on stderr, exit status 2. Messages quote
/// what the user typed with `Echo.quoted`.
package struct UsageError: Error, CustomStringConvertible, Equatable {
    package let description: String
    package init(_ message: String) { description = message }
}

/// An input or output operation that failed (a full disk, an I/O error): one line on
/// stderr, exit status 1. Whatever was being written was removed.
package struct OutputError: Error, CustomStringConvertible, Equatable {
    package let description: String
    package init(_ message: String) { description = message }

    /// "cannot write 'PATH': <strerror(code)>".
    package init(writing path: String, errno code: Int32) {
        description = "cannot write \(Echo.quoted(path)): \(OutputError.reason(code))"
    }

    /// The system's wording for `code` (strerror).
    package static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// A SIGINT or SIGTERM stopped the work: exit status 128 + the signal, nothing printed.
package struct Interrupted: Error, Equatable {
    package let signal: Int32
    package init(signal: Int32) { self.signal = signal }
    package var exitStatus: Int32 { 128 + signal }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
