import Testing
import SegueTestSupport
@testable import SegueRender

/// A cell turned in perspective: its two triangles are not one plane of texels, and the
/// rasterizer walks them as one quad, each row cut where the diagonal crosses it.
@MainActor @Suite struct QuadPairTests {
    static let black: UInt32 = 0xFF00_0000

    /// A 64 × 64 texture of scattered colours, its alpha 255.
    func texture() -> RasterImage {
        let image = RasterImage(width: 64, height: 64)!
        for i in 0..<(64 * 64) { image.pixels[i] = UInt32(truncatingIfNeeded: i &* 2_654_435_761) | 0xFF00_0000 }
        return image
    }

    /// A square of texels (inside the texture, so rows sample it four pixels a step) on
    /// screen at `corners`, faded to alpha 180.
    func cell(_ corners: [(x: Float, y: Float)]) -> [RasterVertex] {
        let uv: [(Float, Float)] = [(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9)]
        return zip(corners, uv).map { c, t in RasterVertex(x: c.x, y: c.y, r: 255, g: 255, b: 255, a: 180, u: t.0, v: t.1) }
    }

    /// The frame of `calls` (each a list of indices into `vertices`), each call drawn with
    /// the cell's four sides as its anti-aliased edges, in bands of rows shared by two threads.
    func draw(_ vertices: [RasterVertex], _ calls: [[Int32]], clip: PixelRect? = nil) -> [UInt32] {
        let target = RasterImage(width: 96, height: 160)!
        target.fill(0xFF30_6090, target.bounds)
        let lines: [EdgeLine] = (0..<4).map { k in
            let p = vertices[k], q = vertices[(k + 1) % 4]
            let a = Double(p.y - q.y), b = Double(q.x - p.x)
            return EdgeLine(a: a, b: b, c: -(a * Double(p.x) + b * Double(p.y)))!
        }
        let picture = texture()
        var settings = Rasterizer.Settings(threads: 2, parallelArea: 0)
        settings.bandRows = 16
        let rasterizer = Rasterizer(settings)
        for indices in calls {
            let ranges = [Rasterizer.EdgeRange](repeating: .init(first: 0, count: 4), count: indices.count / 3)
            vertices.withUnsafeBufferPointer { v in
                indices.withUnsafeBufferPointer { i in
                    lines.withUnsafeBufferPointer { l in
                        ranges.withUnsafeBufferPointer { r in
                            rasterizer.draw(v, i, edges: Rasterizer.TriangleEdges(lines: l, ranges: r), texture: picture, blended: true,
                                            into: target, clip: clip ?? target.bounds)
                        }
                    }
                }
            }
        }
        return (0..<(96 * 160)).map { target.pixels[$0] }
    }

    /// Whether triangles 0 and 1 of `indices` make a quad whose texels are two planes.
    func pairsAsTwoPlanes(_ vertices: [RasterVertex], _ indices: [Int32]) -> Bool {
        let picture = texture()
        return vertices.withUnsafeBufferPointer { v in
            indices.withUnsafeBufferPointer { i in
                Rasterizer.quad(v, i, at: 0, ranges: nil, texture: picture.view).map { !$0.onePlane } ?? false
            }
        }
    }

    /// Drawn in one call (a quad of two planes) or each triangle in a call of its own, the
    /// pair paints the same pixels to the byte: cut along either diagonal, turning either
    /// way, its diagonal slanting left or right or level, and cut by a clip and by the bands.
    @Test func aPairOfTwoPlanesPaintsWhatItsTrianglesPaintApart() {
        // A tile turned about its vertical axis (its right side far), one turned about its
        // horizontal axis, and diamonds whose diagonal 1–3 is level: between pixel centres,
        // and through them (a centre on the cut goes to one part).
        let shapes: [[(x: Float, y: Float)]] = [
            [(6.3, 9.7), (81.2, 31.4), (79.9, 121.6), (4.8, 150.2)],
            [(20.5, 12.25), (70.75, 14.5), (91.3, 140.6), (2.2, 138.9)],
            [(48.4, 6.6), (90.1, 80), (47.7, 152.3), (5.9, 80)],
            [(48.4, 6.6), (90.5, 80.5), (47.7, 152.3), (5.5, 80.5)],
        ]
        for (n, shape) in shapes.enumerated() {
            // A perspective: the far side's texels squeezed, so no one plane holds both halves.
            var vertices = cell(shape)
            vertices[1].u = 0.83
            vertices[2].v = 0.78
            for (first, second) in [([0, 1, 2] as [Int32], [0, 2, 3] as [Int32]), ([0, 1, 3], [1, 2, 3]), ([2, 1, 0], [3, 2, 0]), ([1, 3, 0], [3, 1, 2])] {
                #expect(pairsAsTwoPlanes(vertices, first + second), "shape \(n) \(first) \(second)")
                for clip in [nil, PixelRect(x0: 11, y0: 23, x1: 77, y1: 131), PixelRect(x0: 0, y0: 0, x1: 96, y1: 70)] {
                    let paired = draw(vertices, [first + second], clip: clip), apart = draw(vertices, [first, second], clip: clip)
                    let differing = zip(paired, apart).filter { $0 != $1 }.count
                    #expect(differing == 0, "shape \(n) \(first) \(second) clip \(String(describing: clip))")
                    #expect(paired.contains { $0 != 0xFF30_6090 }, "shape \(n): the pair painted nothing")
                }
            }
        }
    }
}
