internal import CSegueSupport
import Foundation
import SegueProcess

/// An image decoded into memory: `width` × `height` straight-alpha ARGB words, rows top first.
package struct DecodedImage {
    package var argb: [UInt32]
    package var width: Int
    package var height: Int

    package init(argb: [UInt32], width: Int, height: Int) {
        precondition(argb.count == width * height, "one word a pixel")
        self.argb = argb
        self.width = width
        self.height = height
    }
}

/// Reading and writing image files. Input is PNG or JPEG only (by their magic bytes), and
/// its dimensions are read from the header before decoding: anything over `maxSide` a side
/// is refused without allocating it. PNG goes through libpng directly, so its warnings and
/// errors never reach stderr (they become the one error line); JPEG through the platform's
/// decoder (`ContentDecoders`).
/// Output is PNG, written by the one output writer (`OutputFile`, `OutputFolder`).
package enum ImageFile {
    /// Images and frames larger than this many pixels on a side are refused (before
    /// decoding, for files): at most 8192² RGBA, 256 MB.
    package static let maxSide = 8192

    /// The header of a PNG or JPEG at `path` of at most `maxSide` pixels a side; problems are
    /// `RenderError`s naming the file.
    package static func header(_ path: String) throws -> ImageHeader {
        let name = Echo.quoted(path)
        guard access(path, R_OK) == 0 else { throw RenderError("cannot read image \(name): no such readable file") }
        // A folder, device or pipe is no image (and a pipe could block forever).
        guard RegularFile.size(atPath: path) != nil else { throw RenderError("cannot read image \(name): not a regular file") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw RenderError("cannot read image \(name): \(OutputError.reason(errno))") }
        defer { close(fd) }
        let header: ImageHeader
        do {
            header = try ImageHeader.read { offset, count in
                var bytes = [UInt8](repeating: 0, count: count)
                let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
                return n > 0 ? Array(bytes.prefix(n)) : []
            }
        } catch {
            throw RenderError("cannot decode image \(name): \(error.description)")
        }
        guard header.width <= maxSide, header.height <= maxSide else {
            throw RenderError("image \(name) is \(header.width)×\(header.height) pixels, larger than \(maxSide) on a side")
        }
        return header
    }

    /// Decodes the image at `path`: PNG itself, JPEG through `decoders` (none: refused).
    package static func decode(_ path: String, decoders: (any ContentDecoders)?) throws -> DecodedImage {
        let header = try header(path)
        let name = Echo.quoted(path)
        let image: DecodedImage
        switch header.format {
        case .png:
            image = try readPNG(path)
        case .jpeg:
            guard let decoders else { throw RenderError("cannot decode image \(name): JPEG needs the platform's decoder") }
            image = try decoders.decodeJPEG(path: path)
        }
        guard image.width == header.width, image.height == header.height else {
            throw RenderError("image \(name) decodes to another size than its header says")
        }
        return image
    }

    /// The PNG at `path`, through libpng.
    private static func readPNG(_ path: String) throws -> DecodedImage {
        var pixels: UnsafeMutablePointer<UInt8>?
        var w: Int32 = 0, h: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = segue_png_read(path, Int32(maxSide), &pixels, &w, &h, &message, message.count)
        defer { free(pixels) }
        let name = Echo.quoted(path)
        switch Int(status) {
        case Int(SEGUE_PNG_OK):
            guard let pixels else { throw RenderError("cannot decode image \(name): out of memory") }
            let count = Int(w) * Int(h)
            let argb = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
                RasterImage.swapRedAndBlue(pixels, to: buffer.baseAddress!, count: count)
                initialized = count
            }
            return DecodedImage(argb: argb, width: Int(w), height: Int(h))
        case Int(SEGUE_PNG_TOO_LARGE):
            throw RenderError("image \(name) is \(w)×\(h) pixels, larger than \(maxSide) on a side")
        case Int(SEGUE_PNG_NO_MEMORY):
            throw RenderError("cannot decode image \(name): out of memory")
        default:
            let why = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw RenderError("cannot decode image \(name): \(why.isEmpty ? "unreadable PNG" : why)")
        }
    }

    /// Writes RGBA pixels as a PNG at `path`, whole or not at all (`OutputFile`).
    package static func writePNG(_ rgba: [UInt8], width: Int, height: Int, to path: String) throws {
        try OutputFile.write(path) { try encodePNG(rgba, width: width, height: height, to: $0) }
    }

    /// Writes RGBA pixels as the PNG `name` in `folder`.
    package static func writePNG(_ rgba: [UInt8], width: Int, height: Int, into folder: OutputFolder, name: String) throws {
        try folder.write(name) { try encodePNG(rgba, width: width, height: height, to: $0) }
    }

    private static func encodePNG(_ rgba: [UInt8], width: Int, height: Int, to sink: FileSink) throws {
        precondition(rgba.count == width * height * 4)
        var code: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = rgba.withUnsafeBufferPointer {
            segue_png_write(sink.fd, $0.baseAddress, Int32(width), Int32(height), width * 4, &code, &message, message.count)
        }
        switch Int(status) {
        case Int(SEGUE_PNG_OK): return
        case Int(SEGUE_PNG_IO): throw OutputError(writing: sink.path, errno: code)
        case Int(SEGUE_PNG_INTERRUPTED): try Interruption.check(); throw Interrupted(signal: SIGTERM)
        default:
            let why = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw OutputError("cannot write \(Echo.quoted(sink.path)): \(why.isEmpty ? "PNG encoding failed" : why)")
        }
    }

    /// Reads a PNG (or a JPEG through `decoders`) into RGBA pixels (for golden comparisons).
    package static func readRGBA(_ path: String, decoders: (any ContentDecoders)? = nil) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let image = try decode(path, decoders: decoders)
        let rgba = [UInt8](unsafeUninitializedCapacity: image.argb.count * 4) { buffer, initialized in
            image.argb.withUnsafeBytes { RasterImage.swapRedAndBlue($0.baseAddress!, to: buffer.baseAddress!, count: image.argb.count) }
            initialized = image.argb.count * 4
        }
        return (image.width, image.height, rgba)
    }
}
