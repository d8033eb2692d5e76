import Segue
import SegueRender
import SegueSDL
import Testing

/// Edges of transformed layers are anti-aliased by their exact coverage: on a white quad on
/// black, every pixel an edge crosses is drawn within a few hundredths of the area the quad
/// covers of it (measured against polygon clipping), every other pixel is black or white, and
/// where two layers share an edge no seam shows (in `GoldenFrameTests`: SDL is global).
extension GoldenFrameTests {
    static let edgeCanvas = 160

    /// Renders white items (rect, transform) on black with Segue's rasterizer; grey levels.
    private func renderWhite(_ quads: [(Rect, Transform3D)], radius: Double = 0) throws -> [Double] {
        let platform = try Platform(headless: true)
        let n = Self.edgeCanvas
        let canvas = try OffscreenCanvas(platform: platform, width: n, height: n, assetsDirectory: try Assets.directory())
        var list = DisplayList()
        for (rect, m) in quads {
            var clip: Int?
            if radius > 0 {
                clip = list.clips.count
                list.clips.append(.init(rect: rect, cornerRadius: radius, transform: m))
            }
            list.items.append(.init(rect: rect, transform: m, opacity: 1, fill: .color(Color(hex: 0xFFFFFF)), clip: clip))
        }
        let rgba = try canvas.render(list, pixelScale: 1)
        return (0..<(n * n)).map { Double(rgba[$0 * 4 + 1]) / 255 }
    }

    /// The screen polygon of `rect` under `m` (every corner in front of the eye).
    private func polygon(_ rect: Rect, _ m: Transform3D) -> [Point] {
        [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)].map {
            m.apply(x: $0.0, y: $0.1).projected
        }
    }

    /// The area of pixel (x, y)'s square inside the convex `polygon`, by clipping it to the
    /// square's four sides.
    private func coverage(_ polygon: [Point], _ x: Int, _ y: Int) -> Double {
        var shape = polygon
        let x0 = Double(x), y0 = Double(y)
        let sides: [(Point) -> Double] = [{ $0.x - x0 }, { x0 + 1 - $0.x }, { $0.y - y0 }, { y0 + 1 - $0.y }]
        for inside in sides {
            var cut: [Point] = []
            for i in shape.indices {
                let p = shape[i], q = shape[(i + 1) % shape.count]
                let dp = inside(p), dq = inside(q)
                if dp >= 0 { cut.append(p) }
                if (dp >= 0) != (dq >= 0) {
                    let t = dp / (dp - dq)
                    cut.append(Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
                }
            }
            shape = cut
            if shape.count < 3 { return 0 }
        }
        var twice = 0.0
        for i in shape.indices {
            let p = shape[i], q = shape[(i + 1) % shape.count]
            twice += p.x * q.y - q.x * p.y
        }
        return abs(twice) / 2
    }

    /// A 100-point square about the canvas centre turned `angle` degrees about `axis`, seen
    /// at 300 points.
    private func turned(_ angle: Double, _ axis: (Double, Double, Double)) -> (Rect, Transform3D) {
        let c = Double(Self.edgeCanvas) / 2
        let m = Transform3D.makeTranslation(-c, -c, 0)
            .concatenating(.makeRotation(angle * .pi / 180, axis.0, axis.1, axis.2))
            .concatenating(.makePerspective(distance: 300))
            .concatenating(.makeTranslation(c, c, 0))
        return (Rect(x: c - 50, y: c - 50, width: 100, height: 100), m)
    }

    /// The measure: the mean error over the pixels an edge crosses, and the largest
    /// error over the rest (wholly inside or outside).
    private func edgeError(_ drawn: [Double], _ polygons: [[Point]]) -> (mean: Double, rest: Double) {
        let n = Self.edgeCanvas
        var sum = 0.0, count = 0, rest = 0.0
        for y in 0..<n {
            for x in 0..<n {
                let covered = min(1, polygons.reduce(0) { $0 + coverage($1, x, y) })
                let error = abs(drawn[y * n + x] - covered)
                if covered > 1e-6 && covered < 1 - 1e-6 {
                    sum += error
                    count += 1
                } else {
                    rest = max(rest, error)
                }
            }
        }
        return (sum / Double(max(count, 1)), rest)
    }

    @Test(arguments: [(20.0, (1.0, 0.0, 0.0)), (50, (1, 0, 0)), (70, (0, 1, 0)), (17, (0, 0, 1)), (40, (1, 1, 0.3))])
    func edgesAreDrawnByTheirCoverage(_ angle: Double, _ axis: (Double, Double, Double)) throws {
        let (rect, m) = turned(angle, axis)
        let drawn = try renderWhite([(rect, m)])
        let (mean, rest) = edgeError(drawn, [polygon(rect, m)])
        #expect(mean <= 0.05, "\(angle)° about \(axis): mean edge error \(mean)")
        // Inside and outside pixels stay exactly white and black (within a level's rounding).
        #expect(rest <= 1.0 / 255, "\(angle)° about \(axis): a pixel wholly in or out is off by \(rest)")
    }

    /// A square cut in two halves (two layers, one on each side of the cut): along the cut
    /// every pixel is white, no seam; its outer edges stay anti-aliased.
    @Test(arguments: [(35.0, (0.0, 1.0, 0.0)), (25, (0, 0, 1)), (60, (1, 0.5, 0))])
    func layersSharingAnEdgeShowNoSeam(_ angle: Double, _ axis: (Double, Double, Double)) throws {
        let (rect, m) = turned(angle, axis)
        let left = Rect(x: rect.minX, y: rect.minY, width: rect.width * 0.37, height: rect.height)
        let right = Rect(x: left.maxX, y: rect.minY, width: rect.maxX - left.maxX, height: rect.height)
        let drawn = try renderWhite([(left, m), (right, m)])
        let (mean, rest) = edgeError(drawn, [polygon(left, m), polygon(right, m)])
        #expect(mean <= 0.05, "mean edge error \(mean)")
        #expect(rest <= 1.0 / 255, "a pixel wholly inside the pair (on the cut) is off by \(rest)")
    }

    /// A rounded square's arcs are smooth too: no pixel far inside or outside is touched,
    /// and the arc pixels take grey levels in between (not only black and white).
    @Test func roundedCornersAreAntialiased() throws {
        let (rect, m) = turned(30, (0, 1, 0))
        let drawn = try renderWhite([(rect, m)], radius: 20)
        let greys = drawn.filter { $0 > 0.1 && $0 < 0.9 }.count
        let plain = try renderWhite([(rect, m)])
        let plainGreys = plain.filter { $0 > 0.1 && $0 < 0.9 }.count
        // The arcs add grey pixels along their length, as the straight sides have them.
        #expect(greys > plainGreys / 2 && greys > 100, "\(greys) grey pixels, \(plainGreys) without the corners")
        #expect(drawn[80 * Self.edgeCanvas + 80] == 1 && drawn[0] == 0)
    }
}
