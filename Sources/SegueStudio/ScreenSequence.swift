import Foundation
import Segue
import SegueCommandLine
import SegueDemos
import SegueProcess
import SegueRender

/// The pictures a session shows as its two screens instead of the demos' designs:
/// `--from A --to B`, or every picture of `--screens DIR`, walked pair by pair (1→2, 2→3, …)
/// with `[` and `]`. Each is a PNG or JPEG of at most `ImageFile.maxSide` a side, checked by
/// its header when the options are read; paths are kept absolute, so a recording replays from
/// any folder.
package struct ScreenSequence: Hashable, Sendable {
    /// With `--from`/`--to`: the two (nil for one not given); with `--screens`: the folder's
    /// pictures, by name.
    package private(set) var pictures: [ScreenPicture?]
    /// The folder `--screens` named, absolute; nil for `--from`/`--to`.
    package private(set) var folder: String?
    /// A folder may hold at most this many pictures.
    package static let maxPictures = 1000

    /// How many pairs there are to step through (1 for `--from`/`--to`).
    package var pairCount: Int { max(pictures.count - 1, 1) }

    /// Pair `index` (wrapping around): picture `index` as the base, the next as the modal.
    package func pair(_ index: Int) -> ScreenPictures {
        let i = ((index % pairCount) + pairCount) % pairCount
        return ScreenPictures(base: pictures[i], modal: pictures.count > i + 1 ? pictures[i + 1] : nil)
    }

    /// The option that named `picture`: `--screens`, or `--from` / `--to`.
    package func option(for picture: ScreenPicture) -> String {
        folder != nil ? SessionOptions.screensOption.name : pictures[0] == picture ? SessionOptions.fromOption.name : SessionOptions.toOption.name
    }

    /// The options that make it again (for recordings).
    package var arguments: [String] {
        if let folder { return [SessionOptions.screensOption.name, folder] }
        var out: [String] = []
        if let from = pictures[0] { out += [SessionOptions.fromOption.name, from.path] }
        if let to = pictures[1] { out += [SessionOptions.toOption.name, to.path] }
        return out
    }

    /// The pictures `from` and `to` name (nil: neither given); throws a `UsageError` naming
    /// the option for one that is no readable PNG or JPEG of an allowed size.
    package static func pair(from: String?, to: String?) throws -> ScreenSequence? {
        guard from != nil || to != nil else { return nil }
        return ScreenSequence(pictures: [try picture(from, SessionOptions.fromOption.name),
                                         try picture(to, SessionOptions.toOption.name)], folder: nil)
    }

    /// Every regular file `.png`, `.jpg` or `.jpeg` of `folder` (not its subfolders, not a
    /// hidden one), by name as people count (2 before 10); throws a
    /// `UsageError` for a folder that cannot be read, one with fewer than two pictures or
    /// more than `maxPictures`, or a picture that is not what its name says.
    package static func folder(_ folder: String) throws -> ScreenSequence {
        let option = SessionOptions.screensOption.name
        let absolute = Self.absolute(folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else {
            throw UsageError("\(option): cannot read the folder \(Echo.quoted(folder))")
        }
        let pictures = names.filter { name in
            !name.hasPrefix(".") && ["png", "jpg", "jpeg"].contains((name as NSString).pathExtension.lowercased())
                && RegularFile.size(atPath: absolute + "/" + name) != nil
        }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        guard pictures.count >= 2 else {
            throw UsageError("\(option): \(Echo.quoted(folder)) holds \(pictures.count) pictures (.png, .jpg, .jpeg); it needs two or more")
        }
        guard pictures.count <= maxPictures else {
            throw UsageError("\(option): \(Echo.quoted(folder)) holds \(pictures.count) pictures, more than \(maxPictures)")
        }
        return ScreenSequence(pictures: try pictures.map { try picture(absolute + "/" + $0, option) }, folder: absolute)
    }

    /// The picture at `path`, its size from its header; nil for nil.
    private static func picture(_ path: String?, _ option: String) throws -> ScreenPicture? {
        guard let path else { return nil }
        do {
            let header = try ImageFile.header(path)
            return ScreenPicture(path: absolute(path), given: path, pixelSize: Size(width: Double(header.width), height: Double(header.height)))
        } catch let e as RenderError {
            throw UsageError("\(option): \(e.message)")
        }
    }

    /// `path` from the root: as it is when it starts with "/", else under the working folder.
    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
