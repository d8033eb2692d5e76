import Foundation
import Testing
import SegueSDL
import SegueRender

/// Compares rendered RGBA frames with PNGs in `Goldens/` beside this file.
///
/// A pixel matches when every channel is within `tolerance`; a frame matches when at most
/// `allowedFraction` of its pixels do not. On a mismatch the actual frame and a diff (red
/// where pixels differ) are written beside the golden. With `SEGUE_RECORD_GOLDENS=1` the
/// goldens are (re)written and the test fails, so a recording never passes silently.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static var recording: Bool { ProcessInfo.processInfo.environment["SEGUE_RECORD_GOLDENS"] == "1" }

    static func check(_ rgba: [UInt8], width: Int, height: Int, name: String,
                      tolerance: Int = 4, allowedFraction: Double = 0.002) throws {
        let path = directory.appendingPathComponent(name + ".png").path
        if recording {
            try ImageFile.writePNG(rgba, width: width, height: height, to: path)
            Issue.record("recorded golden \(name).png; run again without SEGUE_RECORD_GOLDENS")
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            Issue.record("missing golden \(name).png (record with SEGUE_RECORD_GOLDENS=1)")
            return
        }
        let golden = try ImageFile.readRGBA(path)
        #expect(golden.width == width && golden.height == height, "\(name): size \(width)×\(height), golden \(golden.width)×\(golden.height)")
        guard golden.width == width && golden.height == height else { return }
        let (bad, diff) = compare(rgba, golden.rgba, tolerance: tolerance)
        let fraction = Double(bad) / Double(width * height)
        if fraction > allowedFraction {
            let base = directory.appendingPathComponent(name).path
            try ImageFile.writePNG(rgba, width: width, height: height, to: base + ".actual.png")
            try ImageFile.writePNG(diff, width: width, height: height, to: base + ".diff.png")
            Issue.record("\(name): \(bad) pixels (\(fraction * 100) %) differ by more than \(tolerance); see \(name).actual.png and \(name).diff.png")
        }
    }

    /// How many pixels of two same-sized RGBA frames differ in some channel by more than
    /// `tolerance`, and a picture of where (red; the rest `a` darkened).
    static func compare(_ a: [UInt8], _ b: [UInt8], tolerance: Int) -> (bad: Int, diff: [UInt8]) {
        var diff = [UInt8](repeating: 0, count: a.count)
        var bad = 0
        for p in stride(from: 0, to: a.count, by: 4) {
            let worst = (0..<4).map { abs(Int(a[p + $0]) - Int(b[p + $0])) }.max()!
            if worst > tolerance {
                bad += 1
                diff[p] = 255
            } else {
                diff[p] = a[p] / 4; diff[p + 1] = a[p + 1] / 4; diff[p + 2] = a[p + 2] / 4
            }
            diff[p + 3] = 255
        }
        return (bad, diff)
    }
}
