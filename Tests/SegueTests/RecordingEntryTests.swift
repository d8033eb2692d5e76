import Foundation
import Segue
import Testing
@testable import SegueStudio

/// A recording's entries are a case per kind of input, written with the documented keys.
@MainActor @Suite struct RecordingEntryTests {
    @Test func everyKindIsWrittenWithItsOwnKeysAndReadBack() throws {
        var r = Recording(arguments: [], window: (900, 700))
        let inputs: [InputEvent] = [.mouseDown(x: 1.5, y: 2), .mouseMoved(x: 3, y: 4), .mouseUp(x: 5, y: 6, inside: false),
                                    .key(.character("d"), shift: true), .key(.escape, shift: false), .key(.digit(3), shift: false),
                                    .resized(width: 800, height: 600), .focusLost, .quit]
        for (i, input) in inputs.enumerated() { r.append(input, at: Double(i)) }
        let json = String(decoding: try r.encoded(), as: UTF8.self)
        #expect(json.contains(#""events":[{"t":0,"type":"down","x":1.5,"y":2},{"t":1,"type":"move","x":3,"y":4},"#
            + #"{"inside":false,"t":2,"type":"up","x":5,"y":6},{"key":"d","shift":true,"t":3,"type":"key"},"#
            + #"{"key":"escape","shift":false,"t":4,"type":"key"},{"key":"3","shift":false,"t":5,"type":"key"},"#
            + #"{"height":600,"t":6,"type":"resize","width":800},{"t":7,"type":"focus-lost"},{"t":8,"type":"quit"}]"#), "\(json)")
        r.layout = Recording.layoutVersion
        let read = try Recording.decode(try r.encoded())
        #expect(read.events.map { read.input($0) } == inputs)
    }

    /// A kind missing a key it needs is refused by `decode`, naming its place and type.
    @Test(arguments: [#"{"t":1,"type":"up","x":1,"y":2}"#, #"{"t":1,"type":"key","shift":true}"#, #"{"t":1,"type":"resize","width":9}"#])
    func aKindWithoutItsKeysIsMalformed(_ entry: String) {
        let text = #"{"version":1,"arguments":[],"window":[900,900],"events":["# + entry + "]}"
        #expect(throws: RecordingError.self) { _ = try Recording.decode(Data(text.utf8)) }
        do { _ = try Recording.decode(Data(text.utf8)) } catch {
            #expect("\(error)".contains("event 1 (") && "\(error)".contains("is malformed"), "\(error)")
        }
    }
}
