import Testing
@testable import SegueSDL
@testable import SegueRender

/// Image dimensions read from the header before decoding, for PNG and JPEG only.
@Suite struct ImageHeaderTests {
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0]
    }

    /// A segment: marker, big-endian length (including itself), payload.
    static func segment(_ code: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, code, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    static func sof(_ code: UInt8 = 0xC0, width: Int, height: Int) -> [UInt8] {
        segment(code, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0])
    }

    @Test func pngDimensionsComeFromIHDR() throws {
        #expect(try ImageHeader.parse(Self.png(width: 640, height: 480)) == ImageHeader(format: .png, width: 640, height: 480))
        #expect(try ImageHeader.parse(Self.png(width: 100_000, height: 3)).width == 100_000)
        #expect(throws: ImageHeader.Problem.truncated(.png)) { try ImageHeader.parse(Array(Self.png(width: 1, height: 1).prefix(20))) }
        #expect(throws: ImageHeader.Problem.truncated(.png)) { try ImageHeader.parse([0x89, 0x50, 0x4E]) }
        #expect(throws: ImageHeader.Problem.corrupt(.png, "dimensions 0×1")) { try ImageHeader.parse(Self.png(width: 0, height: 1)) }
    }

    @Test func jpegDimensionsComeFromTheFrameHeaderAfterAnySegments() throws {
        // APP0, a large APP1 full of 0xFF bytes, a DHT, a restart marker, fill bytes, then
        // a progressive frame header.
        var bytes: [UInt8] = [0xFF, 0xD8] + Self.segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0])
        bytes += Self.segment(0xE1, [UInt8](repeating: 0xFF, count: 60_000))
        bytes += Self.segment(0xC4, [0, 1, 2, 3])
        bytes += [0xFF, 0xD3, 0xFF, 0xFF, 0xFF]
        bytes += Self.sof(0xC2, width: 640, height: 480)
        #expect(try ImageHeader.parse(bytes) == ImageHeader(format: .jpeg, width: 640, height: 480))
        #expect(try ImageHeader.parse([0xFF, 0xD8] + Self.sof(width: 65_500, height: 65_500)).height == 65_500)
    }

    @Test(arguments: [
        ([0xFF, 0xD8] as [UInt8], ImageHeader.Problem.truncated(.jpeg)),
        ([0xFF, 0xD8, 0xFF, 0xE0, 0x00], .truncated(.jpeg)),
        ([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 8, 0, 0], .truncated(.jpeg)),
        ([0xFF, 0xD8, 0x00], .corrupt(.jpeg, "no marker at byte 2")),
        ([0xFF, 0xD8, 0xFF, 0xD9], .corrupt(.jpeg, "it ends before its frame header")),
        ([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02], .corrupt(.jpeg, "a scan before the frame header")),
        ([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01], .corrupt(.jpeg, "segment length 1")),
        ([0xFF, 0xD8] + ImageHeaderTests.sof(width: 10, height: 0), .corrupt(.jpeg, "dimensions 10×0")),
        ([], .notPNGOrJPEG),
        (Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF], .notPNGOrJPEG),
        (Array("P6\n60000 60000\n255\n".utf8), .notPNGOrJPEG),
        ([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 32, 0], .notPNGOrJPEG),
    ])
    func badHeadersAreRefusedWithAReason(_ bytes: [UInt8], _ problem: ImageHeader.Problem) {
        #expect(throws: problem) { try ImageHeader.parse(bytes) }
    }

    @Test func endlessSegmentsAreCut() {
        var bytes: [UInt8] = [0xFF, 0xD8]
        for _ in 0...ImageHeader.maxJPEGSegments { bytes += Self.segment(0xE2, []) }
        #expect(throws: ImageHeader.Problem.corrupt(.jpeg, "more than \(ImageHeader.maxJPEGSegments) segments before the frame header")) {
            try ImageHeader.parse(bytes)
        }
    }
}

/// Every input gets its own time from SDL's timestamp, on the frame clock.
@Suite struct InputClockTests {
    @Test func twoMovesEightMillisecondsApartKeepTheirGap() {
        var clock = InputClock()
        // Both taken in one poll at frame time 10.020 s, when SDL's ticks read 5020.
        let a = clock.time(eventTicks: 5004, nowTicks: 5020, now: 10.020)
        let b = clock.time(eventTicks: 5012, nowTicks: 5020, now: 10.020)
        #expect(abs(a - 10.004) < 1e-9 && abs(b - a - 0.008) < 1e-9)
    }

    @Test func timesStayInOrderAndNeverPassTheFrame() {
        var clock = InputClock()
        #expect(clock.time(eventTicks: 100, nowTicks: 5000, now: 1) == 0)          // before the clock's start
        #expect(clock.time(eventTicks: 5000, nowTicks: 5000, now: 2) == 2)
        #expect(clock.time(eventTicks: 4000, nowTicks: 5000, now: 2.5) == 2)       // not before the last input
        #expect(clock.time(eventTicks: 6000, nowTicks: 5000, now: 3) == 3)         // a stamp "ahead" is now
        #expect(abs(clock.time(eventTicks: UInt32.max - 9, nowTicks: 10, now: 4) - 3.98) < 1e-12) // the ticks wrapped
    }
}
