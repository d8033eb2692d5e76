internal import CSDL2
import Foundation
import Segue

/// Reading and writing image files with SDL_image.
package enum ImageFile {
    /// Images and frames larger than this many pixels on a side are refused (before
    /// decoding, for files), so a file that claims huge dimensions cannot exhaust memory.
    package static let maxSide = 8192

    /// Why `path` cannot take a new file, or nil when it can: its folder must exist and be
    /// writable, and the path must not be a folder.
    package static func unwritableReason(_ path: String) -> String? {
        let dir = (path as NSString).deletingLastPathComponent
        let folder = dir.isEmpty ? "." : dir
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
            return "folder '\(folder)' does not exist"
        }
        guard access(folder, W_OK) == 0 else { return "folder '\(folder)' is not writable" }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue { return "it is a folder" }
        return nil
    }

    static func load(_ path: String) throws -> UnsafeMutablePointer<SDL_Surface> {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw SDLError(message: "cannot read image '\(path)': no such readable file")
        }
        // A directory, device or pipe is no image (and a pipe could block forever).
        guard RegularFile.size(atPath: path) != nil else {
            throw SDLError(message: "cannot read image '\(path)': not a regular file")
        }
        if let (w, h) = pngHeaderSize(path), w > maxSide || h > maxSide {
            throw SDLError(message: "image '\(path)' is \(w)×\(h) pixels, larger than \(maxSide) on a side")
        }
        guard let s = IMG_Load(path) else {
            throw SDLError(message: "cannot decode image '\(path)': \(String(cString: SDL_GetError()))")
        }
        if s.pointee.w <= 0 || s.pointee.h <= 0 || s.pointee.w > maxSide || s.pointee.h > maxSide {
            SDL_FreeSurface(s)
            throw SDLError(message: "image '\(path)' has unusable dimensions")
        }
        return s
    }

    /// The width and height a PNG's header claims, or nil when the file is not a PNG.
    private static func pngHeaderSize(_ path: String) -> (Int, Int)? {
        guard let f = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? f.close() }
        guard let d = try? f.read(upToCount: 24), d.count == 24,
              d.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        func be32(_ o: Int) -> Int { d[o..<(o + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    /// Writes RGBA pixels as a PNG at `path`, atomically: to a temporary file beside it,
    /// then renamed, so a failure never leaves a half-written file.
    package static func writePNG(_ rgba: [UInt8], width: Int, height: Int, to path: String) throws {
        var pixels = rgba
        if let reason = unwritableReason(path) { throw SDLError(message: "cannot write '\(path)': \(reason)") }
        let dir = (path as NSString).deletingLastPathComponent
        let temp = (dir.isEmpty ? "." : dir) + "/.\((path as NSString).lastPathComponent).\(getpid()).tmp"
        try pixels.withUnsafeMutableBytes { buf in
            guard let s = SDL_CreateRGBSurfaceWithFormatFrom(buf.baseAddress, Int32(width), Int32(height), 32,
                                                             Int32(width * 4), SDL_PIXELFORMAT_RGBA32.rawValue) else {
                throw SDLError("SDL_CreateRGBSurfaceWithFormatFrom")
            }
            defer { SDL_FreeSurface(s) }
            guard IMG_SavePNG(s, temp) == 0 else {
                unlink(temp)
                throw SDLError(message: "cannot write '\(path)': \(String(cString: SDL_GetError()))")
            }
        }
        guard rename(temp, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw SDLError(message: "cannot write '\(path)': \(reason)")
        }
    }

    /// Reads a PNG into RGBA pixels (for golden comparisons).
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
