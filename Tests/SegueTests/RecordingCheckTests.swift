import Foundation
import Testing
@testable import SegueStudio

/// What a recording is checked for before a replay writes anything.
@MainActor @Suite struct RecordingCheckTests {
    @Test func bracketsInsideStringsDoNotCountAsNesting() throws {
        let deepText = #"{"version":1,"arguments":["--demo","[[[[[[[[[[[[[[[[[[[[\"{{{{{{{{{{{{{{{{{{"],"window":[900,900],"events":[]}"#
        #expect(!Recording.nests(Data(deepText.utf8), deeperThan: Recording.maxDepth))
        // The file parses; its options are then refused for what they are.
        #expect(throws: RecordingError.self) { _ = try Recording.decode(Data("[".utf8)) }
        _ = try Recording.decode(Data(deepText.utf8))
        let deep = String(repeating: "[", count: 17) + String(repeating: "]", count: 17)
        #expect(Recording.nests(Data(deep.utf8), deeperThan: 16))
    }

    /// Every window the app can record replays: a resize to 20000 pixels (refused by an
    /// earlier reader), and one past X11's largest side, written clamped to it.
    @Test func everyWindowTheAppRecordsReplays() throws {
        var written = Recording(arguments: [], window: (40_000, 0))
        #expect(written.window == [32767, 1])
        written.append(.resized(width: 20_000, height: 1000), at: 0.5)
        written.append(.resized(width: 99_999, height: -5), at: 0.6)
        let read = try Recording.decode(try written.encoded())
        #expect(read.events.map { read.input($0) } == [.resized(width: 20_000, height: 1000), .resized(width: 32767, height: 1)])
        var count = 0
        Replayer(recording: read, options: SessionOptions()).run(emit: { _ in }) { _, _, _ in count += 1 }
        #expect(count > 0)
        #expect(throws: RecordingError.self) { _ = try self.recording([1], window: [32768, 900]) }
    }

    private func recording(_ times: [Double], window: [Int] = [900, 900]) throws -> Recording {
        let events = times.map { #"{"t":\#($0),"type":"move","x":1,"y":1}"# }.joined(separator: ",")
        return try Recording.decode(Data(#"{"version":1,"arguments":[],"window":\#(window),"events":[\#(events)]}"#.utf8))
    }

    @Test func frameCountsAreBoundedWithoutPlayingTheRecording() throws {
        // Frames at 0, every 1/60 up to 1 s, at 1 s itself, and 10 s after.
        let one = try recording([1])
        #expect(one.frameCountBound(limit: 1_000_000) == 1 + 59 + 1 + 600)
        var count = 0
        Replayer(recording: one, options: SessionOptions()).run(emit: { _ in }) { _, _, _ in count += 1 }
        #expect(count <= one.frameCountBound(limit: 1_000_000))
        let day = try recording([0.5, 86_400])
        #expect(day.frameCountBound(limit: 216_000) == 216_001)
    }

    @Test func frameSizesFollowTheWindowAndTheScale() throws {
        var options = SessionOptions()
        options.scale = 2
        #expect(try recording([]).frameSizes(options: options).map { [$0.width, $0.height] } == [[750, 1334]])
        options.size = .init(width: 10_000, height: 10_000)
        options.scale = 8
        #expect(try recording([]).frameSizes(options: options).map { [$0.width, $0.height] } == [[80_000, 80_000]])
    }
}
