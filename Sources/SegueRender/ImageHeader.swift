/// The format and dimensions an image file claims, read from its first bytes before any
/// decoding, so a file claiming a huge canvas is refused without allocating it. PNG (its
/// IHDR) and JPEG (its frame header, SOF, after any number of other segments) are read;
/// anything else is refused. Depends on nothing, so it can be fuzzed on its own
/// (scripts/fuzz.sh).
package struct ImageHeader: Equatable, Sendable {
    package enum Format: String, Sendable { case png = "PNG", jpeg = "JPEG" }

    package let format: Format
    package let width: Int
    package let height: Int

    /// Segments a JPEG may have before its frame header.
    package static let maxJPEGSegments = 10_000

    /// Why a file's header is unusable.
    package enum Problem: Error, Equatable, CustomStringConvertible {
        case notPNGOrJPEG
        case truncated(Format)
        case corrupt(Format, String)

        package var description: String {
            switch self {
            case .notPNGOrJPEG: "not a PNG or JPEG file"
            case .truncated(let f): "truncated \(f.rawValue) header"
            case .corrupt(let f, let why): "corrupt \(f.rawValue) header: \(why)"
            }
        }
    }

    /// Parses the header from `bytes`, the start of a file (or all of it).
    package static func parse(_ bytes: [UInt8]) throws(Problem) -> ImageHeader {
        try read { offset, count in
            guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
            return Array(bytes[offset..<min(bytes.count, offset + count)])
        }
    }

    /// Parses the header through `read(offset, count)`, which gives up to `count` bytes at
    /// `offset` (fewer at the end of the file). Reads only what it needs: 24 bytes of a
    /// PNG; a JPEG's segment markers and lengths up to its frame header.
    package static func read(_ read: (Int, Int) -> [UInt8]) throws(Problem) -> ImageHeader {
        let start = read(0, 8)
        if start.count >= 2 && start[0] == 0xFF && start[1] == 0xD8 { return try jpeg(read) }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard start == signature else {
            if !start.isEmpty && start.count < 8 && Array(signature.prefix(start.count)) == start { throw .truncated(.png) }
            throw .notPNGOrJPEG
        }
        let ihdr = read(8, 16)
        guard ihdr.count == 16 else { throw .truncated(.png) }
        guard be32(ihdr, 0) == 13, Array(ihdr[4..<8]) == Array("IHDR".utf8) else { throw .corrupt(.png, "no IHDR chunk first") }
        let w = be32(ihdr, 8), h = be32(ihdr, 12)
        guard w > 0, h > 0, w <= 0x7FFF_FFFF, h <= 0x7FFF_FFFF else { throw .corrupt(.png, "dimensions \(w)×\(h)") }
        return ImageHeader(format: .png, width: w, height: h)
    }

    private static func jpeg(_ read: (Int, Int) -> [UInt8]) throws(Problem) -> ImageHeader {
        var pos = 2
        for _ in 0..<maxJPEGSegments {
            // A marker: 0xFF, any number of 0xFF fill bytes, then the code.
            let lead = read(pos, 1)
            guard let ff = lead.first else { throw .truncated(.jpeg) }
            guard ff == 0xFF else { throw .corrupt(.jpeg, "no marker at byte \(pos)") }
            pos += 1
            var code: UInt8 = 0xFF
            var fill = 0
            while code == 0xFF {
                guard let c = read(pos, 1).first else { throw .truncated(.jpeg) }
                code = c
                pos += 1
                fill += 1
                if fill > 65_536 { throw .corrupt(.jpeg, "endless fill bytes") }
            }
            switch code {
            case 0xD0...0xD7, 0x01:
                continue                                    // standalone markers
            case 0x00, 0xD8:
                throw .corrupt(.jpeg, "unexpected marker 0x\(String(code, radix: 16, uppercase: true))")
            case 0xD9:
                throw .corrupt(.jpeg, "it ends before its frame header")
            case 0xDA:
                throw .corrupt(.jpeg, "a scan before the frame header")
            default:
                break
            }
            let lengthBytes = read(pos, 2)
            guard lengthBytes.count == 2 else { throw .truncated(.jpeg) }
            let length = Int(lengthBytes[0]) << 8 | Int(lengthBytes[1])
            guard length >= 2 else { throw .corrupt(.jpeg, "segment length \(length)") }
            if isFrameHeader(code) {
                let sof = read(pos + 2, 5)
                guard sof.count == 5 else { throw .truncated(.jpeg) }
                guard length >= 8 else { throw .corrupt(.jpeg, "frame header length \(length)") }
                let h = Int(sof[1]) << 8 | Int(sof[2]), w = Int(sof[3]) << 8 | Int(sof[4])
                guard w > 0, h > 0 else { throw .corrupt(.jpeg, "dimensions \(w)×\(h)") }
                return ImageHeader(format: .jpeg, width: w, height: h)
            }
            pos += length
        }
        throw .corrupt(.jpeg, "more than \(maxJPEGSegments) segments before the frame header")
    }

    /// SOF0…SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    private static func isFrameHeader(_ code: UInt8) -> Bool {
        (0xC0...0xCF).contains(code) && code != 0xC4 && code != 0xC8 && code != 0xCC
    }

    private static func be32(_ b: [UInt8], _ o: Int) -> Int {
        Int(b[o]) << 24 | Int(b[o + 1]) << 16 | Int(b[o + 2]) << 8 | Int(b[o + 3])
    }
}
