internal import CSDL2
internal import CSegueSupport
import Foundation
import Segue
import SegueCommandLine
import SegueProcess

/// Reading and writing image files. Input is PNG or JPEG only (by their magic bytes), and
/// its dimensions are read from the header before decoding: anything over `maxSide` a side
/// is refused without allocating it. PNG goes through libpng directly, so its warnings and
/// errors never reach stderr (they become the one error line); JPEG through SDL_image.
/// Output is PNG, written by the one output writer (`OutputFile`, `OutputFolder`).
package enum ImageFile {
    /// Images and frames larger than this many pixels on a side are refused (before
    /// decoding, for files): at most 8192² RGBA, 256 MB.
    package static let maxSide = 8192

    /// The header of the image at `path`; problems are `SDLError`s naming the file.
    package static func header(_ path: String) throws -> ImageHeader {
        let name = Echo.quoted(path)
        guard access(path, R_OK) == 0 else { throw SDLError(message: "cannot read image \(name): no such readable file") }
        // A folder, device or pipe is no image (and a pipe could block forever).
        guard RegularFile.size(atPath: path) != nil else { throw SDLError(message: "cannot read image \(name): not a regular file") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SDLError(message: "cannot read image \(name): \(OutputError.reason(errno))") }
        defer { close(fd) }
        do {
            return try ImageHeader.read { offset, count in
                var bytes = [UInt8](repeating: 0, count: count)
                let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
                return n > 0 ? Array(bytes.prefix(n)) : []
            }
        } catch {
            throw SDLError(message: "cannot decode image \(name): \(error.description)")
        }
    }

    /// Decodes the image at `path` into a surface the caller frees.
    static func load(_ path: String) throws -> UnsafeMutablePointer<SDL_Surface> {
        let header = try header(path)
        let name = Echo.quoted(path)
        guard header.width <= maxSide, header.height <= maxSide else {
            throw SDLError(message: "image \(name) is \(header.width)×\(header.height) pixels, larger than \(maxSide) on a side")
        }
        let surface: UnsafeMutablePointer<SDL_Surface>
        switch header.format {
        case .png:
            surface = try readPNG(path)
        case .jpeg:
            guard let rw = SDL_RWFromFile(path, "rb"), let s = IMG_LoadTyped_RW(rw, 1, "JPG") else {
                throw SDLError(message: "cannot decode image \(name): \(String(cString: SDL_GetError()))")
            }
            surface = s
        }
        guard Int(surface.pointee.w) == header.width, Int(surface.pointee.h) == header.height else {
            SDL_FreeSurface(surface)
            throw SDLError(message: "image \(name) decodes to another size than its header says")
        }
        return surface
    }

    /// The PNG at `path` as an RGBA surface, through libpng.
    private static func readPNG(_ path: String) throws -> UnsafeMutablePointer<SDL_Surface> {
        var pixels: UnsafeMutablePointer<UInt8>?
        var w: Int32 = 0, h: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = segue_png_read(path, Int32(maxSide), &pixels, &w, &h, &message, message.count)
        defer { free(pixels) }
        let name = Echo.quoted(path)
        switch Int(status) {
        case Int(SEGUE_PNG_OK):
            guard let pixels, let s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
                throw SDLError("SDL_CreateRGBSurfaceWithFormat \(w)×\(h)")
            }
            let pitch = Int(s.pointee.pitch), row = Int(w) * 4
            for y in 0..<Int(h) { (s.pointee.pixels + y * pitch).copyMemory(from: pixels + y * row, byteCount: row) }
            return s
        case Int(SEGUE_PNG_TOO_LARGE):
            throw SDLError(message: "image \(name) is \(w)×\(h) pixels, larger than \(maxSide) on a side")
        case Int(SEGUE_PNG_NO_MEMORY):
            throw SDLError(message: "cannot decode image \(name): out of memory")
        default:
            let why = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw SDLError(message: "cannot decode image \(name): \(why.isEmpty ? "unreadable PNG" : why)")
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

    /// Reads a PNG or JPEG into RGBA pixels (for golden comparisons).
    package static func readRGBA(_ path: String) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let s = try load(path)
        defer { SDL_FreeSurface(s) }
        guard let conv = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
            throw SDLError("SDL_ConvertSurfaceFormat")
        }
        defer { SDL_FreeSurface(conv) }
        let w = Int(conv.pointee.w), h = Int(conv.pointee.h), pitch = Int(conv.pointee.pitch)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let src = conv.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            for x in 0..<(w * 4) { out[y * w * 4 + x] = src[y * pitch + x] }
        }
        return (w, h, out)
    }
}
