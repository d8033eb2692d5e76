import Foundation
import Segue
import SegueCommandLine
import SegueProcess

extension Recording {
    /// An empty recording of a session with `options` in a window of `window` pixels.
    package init(options: SessionOptions, window: (width: Int, height: Int)) {
        self.init(arguments: options.arguments, window: window)
        layout = Self.layoutVersion
    }

    /// Reads and validates the recording at `path` and its options; every problem is a
    /// `UsageError` naming the file.
    package static func read(_ path: String) throws -> (Recording, SessionOptions) {
        let name = Echo.quoted(path)
        guard access(path, R_OK) == 0 else { throw UsageError("cannot read recording \(name): no such readable file") }
        let data: Data
        switch RegularFile.read(atPath: path, limit: maxFileSize) {
        case .success(let d): data = d
        case .failure(let failure):
            if case .tooLarge = failure { throw UsageError("recording \(name) is \(failure)") }
            throw UsageError("cannot read recording \(name): \(failure)")
        }
        let recording: Recording
        do {
            recording = try decode(data)
        } catch let e as RecordingError {
            throw UsageError("recording \(name) is not a valid Segue recording: \(e.description)")
        }
        do {
            var options = try SessionOptions(parsing: recording.arguments)
            options.classicLayout = recording.layout == nil
            return (recording, options)
        } catch let e as UsageError {
            throw UsageError("recording \(name) has bad options: \(e.description)")
        }
    }

    /// The most frames a replay at `frameRate` can draw — the first, one per frame step
    /// up to each input, one at each input's time, and 10 s of frames after the last — or
    /// `limit + 1` as soon as that is exceeded (so a day-long recording costs nothing).
    package func frameCountBound(frameRate: Double = 60, limit: Int) -> Int {
        let step = 1 / frameRate
        var count = 1, time = 0.0, i = 0
        while i < events.count {
            let t = events[i].t
            let gap = max(0, ((t - 1e-9 - time) / step).rounded(.up) - 1)
            if Double(count) + gap >= Double(limit) { return limit + 1 }
            count += Int(gap) + 1
            time = t
            while i < events.count && events[i].t == t { i += 1 }
        }
        count += Int((10 * frameRate).rounded(.up))
        return min(count, limit + 1)
    }

    /// The size in pixels of the frame `framing` makes (the screen's, by default) in each
    /// window the replay shows (the first and after each resize), in order, without repeats.
    package func frameSizes(options: SessionOptions, framing: ExportFraming = ExportFraming()) -> [(width: Int, height: Int)] {
        var windows = [(window[0], window[1])]
        for e in events {
            if case .resize(let w, let h) = e.kind { windows.append((w, h)) }
        }
        var sizes: [(width: Int, height: Int)] = []
        for w in windows {
            let size = framing.size(Layout(window: w, screen: options.size, options.layoutRequest))
            if !sizes.contains(where: { $0 == size }) { sizes.append(size) }
        }
        return sizes
    }
}

extension Recording {
    /// Writes the recording as JSON at `path`, whole or not at all (`OutputFile`), even
    /// after a signal: it is what the app writes on its way out.
    package func write(to path: String) throws {
        try OutputFile.write(path, bytes: Array(try encoded()), interruptible: false)
    }
}
