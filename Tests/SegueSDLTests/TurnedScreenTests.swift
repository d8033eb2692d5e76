import Foundation
import Segue
import SegueRender
import SegueSDL
import Testing

/// A screen turned in perspective, as the transitions turn one: its outline drawn by its
/// exact coverage even seen all but edge-on, and a fine pattern on it minified 3–11× an even
/// grey with no line where the mip level changes (in `GoldenFrameTests`: SDL is global).
extension GoldenFrameTests {
    /// A 375 × 667-point screen at `scale` pixels a point turned `angle`° about `axis` about
    /// its centre, seen at `distance` points, centred on a `w` × `h` canvas.
    private func screen(turned angle: Double, _ axis: (Double, Double, Double), distance: Double, scale: Double,
                        w: Int, h: Int) -> (Rect, Transform3D) {
        let m = Transform3D.makeTranslation(-187.5, -333.5, 0)
            .concatenating(.makeScale(scale, scale, 1))
            .concatenating(.makeRotation(angle * .pi / 180, axis.0, axis.1, axis.2))
            .concatenating(.makePerspective(distance: distance * scale))
            .concatenating(.makeTranslation(Double(w) / 2, Double(h) / 2, 0))
        return (Rect(x: 0, y: 0, width: 375, height: 667), m)
    }

    /// The screen outline of `rect` with corners of `radius` under `m`, each arc in 32 chords
    /// (within a thousandth of a pixel of it at these sizes).
    private func roundedOutline(_ rect: Rect, _ radius: Double, _ m: Transform3D) -> [Point] {
        let centres = [(rect.maxX - radius, rect.minY + radius, -90.0), (rect.maxX - radius, rect.maxY - radius, 0),
                       (rect.minX + radius, rect.maxY - radius, 90), (rect.minX + radius, rect.minY + radius, 180)]
        return centres.flatMap { cx, cy, start in
            (0...32).map { k in
                let a = (start + Double(k) * 90 / 32) * .pi / 180
                return m.apply(x: cx + radius * cos(a), y: cy + radius * sin(a)).projected
            }
        }
    }

    /// A white screen with corners of 40 points at half scale, turned 88° (seen all but
    /// edge-on, a sliver a few pixels wide whose arcs squeeze into a pixel or two): the mean
    /// error over the pixels its outline crosses stays within 0.05 of their exact coverage.
    /// Every cell of it met more chords than the 8 edges a triangle took, and two sides
    /// cutting one pixel multiplied their coverages: 0.059 and 0.067 before, 0.002 now.
    @Test(arguments: [(500.0, (1.0, 1.0, 0.0)), (800, (0, 1, 0))])
    func anEdgeOnScreenIsDrawnByItsCoverage(_ distance: Double, _ axis: (Double, Double, Double)) throws {
        let platform = try Platform(headless: true)
        let (w, h) = (400, 400)
        let canvas = try OffscreenCanvas(platform: platform, width: w, height: h, assetsDirectory: try Assets.directory())
        let (rect, m) = screen(turned: 88, axis, distance: distance, scale: 0.5, w: w, h: h)
        var list = DisplayList()
        list.clips.append(.init(rect: rect, cornerRadius: 40, transform: m))
        list.items.append(.init(rect: rect, transform: m, opacity: 1, fill: .color(Color(hex: 0xFFFFFF)), clip: 0))
        let rgba = try canvas.render(list, pixelScale: 1)
        let outline = roundedOutline(rect, 40, m)
        let xs = outline.map(\.x), ys = outline.map(\.y)
        var sum = 0.0, count = 0
        for y in max(0, Int(ys.min()!) - 1)...min(h - 1, Int(ys.max()!) + 1) {
            for x in max(0, Int(xs.min()!) - 1)...min(w - 1, Int(xs.max()!) + 1) {
                let covered = min(1, coverage(outline, x, y))
                guard covered > 1e-6 && covered < 1 - 1e-6 else { continue }
                sum += abs(Double(rgba[(y * w + x) * 4 + 1]) / 255 - covered)
                count += 1
            }
        }
        #expect(sum / Double(count) <= 0.05, "mean error \(sum / Double(count)) over \(count) outline pixels")
    }

    /// A one-pixel checkerboard (1125 × 2001 texels: odd sides, three a point) on a screen at
    /// 0.9 pixels a point turned 57° at 500 points, minified from about 3× at its near side
    /// to 11× at its far one: an even grey over the pixels a pixel inside its outline
    /// (deviation within 16 levels), with no step between neighbouring columns' means.
    @Test func aCheckerboardOnATurnedScreenIsAnEvenGrey() throws {
        let platform = try Platform(headless: true)
        let (w, h) = (600, 700)
        let canvas = try OffscreenCanvas(platform: platform, width: w, height: h, assetsDirectory: try Assets.directory())
        let (side, tall) = (1125, 2001)
        var board = [UInt8](repeating: 255, count: side * tall * 4)
        for y in 0..<tall { for x in 0..<side where (x + y) % 2 == 1 { for c in 0..<3 { board[(y * side + x) * 4 + c] = 0 } } }
        let path = NSTemporaryDirectory() + "segue-board-\(ProcessInfo.processInfo.processIdentifier).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ImageFile.writePNG(board, width: side, height: tall, to: path)
        let content = try canvas.drawer.textures.registerImage(id: "board", path: path)
        let (rect, m) = screen(turned: 57, (0, 1, 0), distance: 500, scale: 0.9, w: w, h: h)
        var list = DisplayList()
        list.items.append(.init(rect: rect, transform: m, opacity: 1, fill: .image(content, source: Rect(x: 0, y: 0, width: 1, height: 1))))
        let rgba = try canvas.render(list, pixelScale: 1)
        let outline = polygon(rect, m)
        let turn: Double = {
            let a = outline[0], b = outline[1], c = outline[2]
            return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) > 0 ? 1 : -1
        }()
        /// Whether the pixel's square grown by a pixel each way lies inside the outline.
        func deep(_ x: Int, _ y: Int) -> Bool {
            [(-1.0, -1.0), (2, -1), (2, 2), (-1, 2)].allSatisfy { d in
                outline.indices.allSatisfy { i in
                    let p = outline[i], q = outline[(i + 1) % outline.count]
                    return turn * ((q.x - p.x) * (Double(y) + d.1 - p.y) - (q.y - p.y) * (Double(x) + d.0 - p.x)) >= 0
                }
            }
        }
        var greys: [Double] = [], means: [Int: Double] = [:]
        for x in 0..<w {
            let column = (0..<h).filter { deep(x, $0) }.map { Double(rgba[($0 * w + x) * 4 + 1]) }
            greys += column
            if column.count >= 20 { means[x] = column.reduce(0, +) / Double(column.count) }
        }
        let mean = greys.reduce(0, +) / Double(greys.count)
        let deviation = (greys.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(greys.count)).squareRoot()
        #expect(greys.count > 100_000 && deviation <= 16 && abs(mean - 127.5) < 12, "deviation \(deviation), mean \(mean)")
        let step = means.keys.compactMap { x in means[x + 1].map { abs($0 - means[x]!) } }.max() ?? 0
        #expect(step <= 4, "neighbouring columns' means differ by \(step)")
    }
}
