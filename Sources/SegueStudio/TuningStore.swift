import Foundation
import Segue
import SegueCommandLine
import SegueCatalog
import SegueProcess

/// Each demo's tuning as the user left it, kept across runs: a demo's entry is the tuning
/// options that differ from the session's reference for it, as command-line arguments
/// (`--duration 0.6 …`), so reading one back checks it exactly as the command line is
/// checked. Stored as JSON, `{"version": 1, "tunings": {"flip": ["--duration", "0.6"], …}}`.
///
/// Changes are written at most every `writeInterval` seconds and at `flush` (the app's
/// exit), whole or not at all (`OutputFile`), merged into what the file holds then, read
/// again before each write (another running app's entries, or a hand edit, stay). A file
/// that does not read then, at start or since, is renamed aside (`tuning.json.bad`) and
/// every tuning this session knows is written; one of a newer version, at start or since,
/// is never written over.
/// Without a path (a replay, `--no-saved-tuning`) the store lives in memory only.
@MainActor
package final class TuningStore {
    nonisolated package static let version = 1
    /// Files larger than this are not read.
    nonisolated static let maxFileSize = 1 << 20
    /// Seconds between writes while changes come (a key held down).
    package static let writeInterval = 0.5

    /// Each entry's arguments, by key (`StageEntry.tuningKey`).
    package private(set) var tunings: [String: [String]]
    /// Where they are kept, or nil.
    package let path: String?
    /// Why the file could not be read or written (the latest).
    package private(set) var problem: String?
    /// Told each new problem in writing the file (the app prints it on stderr).
    package var onProblem: ((String) -> Void)?
    /// The entries changed since the last write.
    private var changed: Set<String> = []
    private var lastWrite = -Double.infinity
    /// Whether the file must never be written (a newer version's).
    private var readOnly = false

    /// A store of `tunings` in memory only (a replay's: what the recording kept).
    package init(tunings: [String: [String]] = [:]) {
        self.tunings = tunings
        path = nil
    }

    /// The store kept at `path`: read now (a missing file is an empty store).
    package init(path: String) {
        self.path = path
        tunings = [:]
        switch Self.read(path) {
        case .success(let read): tunings = read
        case .failure(.newer(let version, let read)):
            readOnly = true
            tunings = read
            problem = "the saved tuning \(Echo.quoted(path)) is of a newer Segue (version \(version)): "
                + "it is used as far as it reads and not written over"
        case .failure(let error):
            problem = "cannot read the saved tuning \(Echo.quoted(path)) (\(error)); starting from the references "
                + "(it is kept as \(Echo.quoted(path + ".bad")) at the first change)"
        }
    }

    /// `$XDG_CONFIG_HOME/segue/tuning.json` (default `~/.config/segue/tuning.json`), nil
    /// without either variable.
    package static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let base = environment["XDG_CONFIG_HOME"].flatMap({ $0.isEmpty ? nil : $0 })
                ?? environment["HOME"].map({ $0 + "/.config" }) else { return nil }
        return base + "/segue/tuning.json"
    }

    /// The entry `key`'s tuning over `base` (the session's reference for it), or nil when
    /// none is kept (or it no longer reads: then it is dropped).
    package func parameters(for key: String, over base: TransitionParameters) -> TransitionParameters? {
        guard let arguments = tunings[key] else { return nil }
        guard let options = try? SessionOptions(parsing: arguments) else {
            tunings[key] = nil
            return nil
        }
        return options.applied(to: base)
    }

    /// Keeps `parameters` for `key` as what differs from `base` (nothing when nothing does);
    /// written within `writeInterval` of `now`, or at `flush`.
    package func keep(_ parameters: TransitionParameters, over base: TransitionParameters, for key: String, at now: Double) {
        let arguments = SessionOptions(tuning: parameters, against: base).tuningArguments
        tunings[key] = arguments.isEmpty ? nil : arguments
        changed.insert(key)
        write(ifDueAt: now)
    }

    /// Writes the changes if `writeInterval` has passed since the last write.
    package func write(ifDueAt now: Double) {
        guard !changed.isEmpty, now - lastWrite >= Self.writeInterval else { return }
        lastWrite = now
        flush()
    }

    /// Writes the changes now (merged into the file as it is then).
    package func flush() {
        guard let path, !changed.isEmpty, !readOnly else { return }
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            var merged: [String: [String]]
            switch Self.read(path) {
            case .success(let onDisk):
                merged = onDisk
            case .failure(.newer(let version, _)):
                readOnly = true
                let message = "the saved tuning \(Echo.quoted(path)) became a newer Segue's (version \(version)): it is not written over"
                if message != problem { onProblem?(message) }
                problem = message
                return
            case .failure:
                // Set aside as at start; what this session knows is written whole.
                _ = try? FileManager.default.removeItem(atPath: path + ".bad")
                try FileManager.default.moveItem(atPath: path, toPath: path + ".bad")
                merged = tunings
            }
            for key in changed { merged[key] = tunings[key] }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            let data = try encoder.encode(File(version: Self.version, tunings: merged))
            try OutputFile.write(path, bytes: Array(data), interruptible: false)
            changed = []
            problem = nil
        } catch {
            let message = "cannot save the tuning to \(Echo.quoted(path)) (\(Self.reason(error)))"
            if message != problem { onProblem?(message) }
            problem = message
        }
    }

    private enum ReadError: Error, CustomStringConvertible {
        /// A newer version's file, with its entries as far as they read.
        case newer(Int, [String: [String]])
        case tooLarge, notATuningFile, unreadable(String)

        var description: String {
            switch self {
            case .newer(let v, _): return "version \(v)"
            case .tooLarge: return "it is over \(TuningStore.maxFileSize >> 20) MB"
            case .notATuningFile: return "not a tuning file"
            case .unreadable(let why): return why
            }
        }
    }

    /// The tunings in the file at `path` (none when it does not exist). Anything but a
    /// regular file (a folder, a FIFO that would block the read) is not read.
    private static func read(_ path: String) -> Result<[String: [String]], ReadError> {
        switch Path.kind(path) {
        case nil: return .success([:])
        case .file?: break
        case let kind?: return .failure(.unreadable("it is \(kind.description), not a file"))
        }
        do {
            let data: Data
            switch RegularFile.read(atPath: path, limit: maxFileSize) {
            case .success(let d): data = d
            case .failure(.tooLarge): return .failure(.tooLarge)
            case .failure(let failure): return .failure(.unreadable(failure.description))
            }
            guard let version = try? JSONDecoder().decode(Version.self, from: data) else { return .failure(.notATuningFile) }
            if version.version > Self.version {
                // As far as it reads: its entries, if they are still lists of arguments.
                return .failure(.newer(version.version, (try? JSONDecoder().decode(File.self, from: data))?.tunings ?? [:]))
            }
            guard version.version == Self.version, let file = try? JSONDecoder().decode(File.self, from: data) else {
                return .failure(.notATuningFile)
            }
            return .success(file.tunings)
        } catch {
            return .failure(.unreadable(reason(error)))
        }
    }

    /// An error in a few words: the system's for a failed call (Foundation wraps it), else
    /// its own description.
    private static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? Error {
            let posix = underlying as NSError
            if posix.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(posix.code))) }
        }
        return "\(error)"
    }

    private struct Version: Codable { var version: Int }

    private struct File: Codable {
        var version: Int
        var tunings: [String: [String]]
    }
}
