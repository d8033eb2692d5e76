import Foundation
import Segue
import SegueCommandLine

/// Each demo's tuning as the user left it, kept across runs: a demo's entry is the tuning
/// options that differ from its reference, as command-line arguments (`--duration 0.6 …`),
/// so reading one back checks it exactly as the command line is checked. Stored as JSON,
/// `{"version": 1, "tunings": {"flip": ["--duration", "0.6"], …}}`, written whole or not at
/// all (`OutputFile`) after every change. Without a path (a replay, `--no-saved-tuning`) it
/// lives in memory only.
@MainActor
package final class TuningStore {
    package static let version = 1
    /// Files larger than this are not read.
    static let maxFileSize = 1 << 20

    /// Each demo's arguments, by name.
    package private(set) var tunings: [String: [String]]
    /// Where they are kept, or nil.
    package let path: String?
    /// Why the file could not be read or written, once: a broken file is set aside (the
    /// session starts from the references) and written anew at the next change.
    package private(set) var problem: String?
    /// Told each new problem in writing the file (the app prints it on stderr).
    package var onProblem: ((String) -> Void)?

    /// A store of `tunings` in memory only (a replay's: what the recording kept).
    package init(tunings: [String: [String]] = [:]) {
        self.tunings = tunings
        path = nil
    }

    /// The store kept at `path`: read now (a missing file is an empty store).
    package init(path: String) {
        self.path = path
        tunings = [:]
        guard FileManager.default.fileExists(atPath: path) else { return }
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? Int, size > Self.maxFileSize {
                throw TuningFileError("it is over \(Self.maxFileSize >> 20) MB")
            }
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let file = try JSONDecoder().decode(File.self, from: data)
            guard file.version == Self.version else { throw TuningFileError("version \(file.version), not \(Self.version)") }
            tunings = file.tunings
        } catch {
            problem = "cannot read the saved tuning \(Echo.quoted(path)) (\(Self.reason(error))); starting from the references"
        }
    }

    /// `$XDG_CONFIG_HOME/segue/tuning.json` (default `~/.config/segue/tuning.json`), nil
    /// without either variable.
    package static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let base = environment["XDG_CONFIG_HOME"].flatMap({ $0.isEmpty ? nil : $0 })
                ?? environment["HOME"].map({ $0 + "/.config" }) else { return nil }
        return base + "/segue/tuning.json"
    }

    /// `demo`'s saved tuning over `defaults`, or nil when none is kept (or it no longer
    /// reads: then it is dropped).
    package func parameters(for demo: String, defaults: TransitionParameters) -> TransitionParameters? {
        guard let arguments = tunings[demo] else { return nil }
        guard let options = try? SessionOptions(parsing: arguments) else {
            tunings[demo] = nil
            return nil
        }
        return options.applied(to: defaults)
    }

    /// Keeps `parameters` for `demo` (what differs from `defaults`; nothing when nothing
    /// does) and writes the file.
    package func keep(_ parameters: TransitionParameters, defaults: TransitionParameters, for demo: String) {
        let arguments = SessionOptions(tuning: parameters, against: defaults).tuningArguments
        tunings[demo] = arguments.isEmpty ? nil : arguments
        save()
    }

    private func save() {
        guard let path else { return }
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            let data = try encoder.encode(File(version: Self.version, tunings: tunings))
            try OutputFile.write(path, bytes: Array(data), interruptible: false)
            problem = nil
        } catch {
            let message = "cannot save the tuning to \(Echo.quoted(path)) (\(Self.reason(error)))"
            if message != problem { onProblem?(message) }
            problem = message
        }
    }

    private struct File: Codable {
        var version: Int
        var tunings: [String: [String]]
    }

    private struct TuningFileError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private static func reason(_ error: Error) -> String {
        if error is DecodingError { return "not a tuning file" }
        return "\(error)"
    }
}

extension SessionOptions {
    /// The tuning options that turn `defaults` into `parameters` (only those that differ).
    package init(tuning parameters: TransitionParameters, against defaults: TransitionParameters) {
        self.init()
        if parameters.duration != defaults.duration { duration = parameters.duration }
        if parameters.curve != defaults.curve { curve = parameters.curve }
        if parameters.threshold != defaults.threshold { threshold = parameters.threshold }
        if parameters.completionSpeed != defaults.completionSpeed { completionSpeed = parameters.completionSpeed }
        if parameters.completionCurve != defaults.completionCurve { completionCurve = parameters.completionCurve }
        if parameters.perspectiveDistance != defaults.perspectiveDistance { perspective = parameters.perspectiveDistance }
        if parameters.releaseRule != defaults.releaseRule { release = parameters.releaseRule }
        springCompletion = parameters.springCompletion && !defaults.springCompletion
    }

    /// The tuning options alone, as command-line arguments.
    package var tuningArguments: [String] {
        var tuning = SessionOptions()
        (tuning.duration, tuning.curve, tuning.threshold) = (duration, curve, threshold)
        (tuning.completionSpeed, tuning.completionCurve, tuning.perspective) = (completionSpeed, completionCurve, perspective)
        (tuning.release, tuning.springCompletion) = (release, springCompletion)
        // Without the screen size every session's arguments start with.
        return Array(tuning.arguments.dropFirst(2))
    }
}
