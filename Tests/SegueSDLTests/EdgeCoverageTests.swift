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
    func polygon(_ rect: Rect, _ m: Transform3D) -> [Point] {
        [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)].map {
            m.apply(x: $0.0, y: $0.1).projected
        }
    }

    /// The area of pixel (x, y)'s square inside the convex `polygon`, by clipping it to the
    /// square's four sides.
    func coverage(_ polygon: [Point], _ x: Int, _ y: Int) -> Double {
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

    /// A rounded square's arcs are anti-aliased as its sides are: against the covered area
    /// sampled 8 × 8 a pixel through the inverse of the plane's projection (the reference's
    /// own error is a few hundredths), the mean error over the pixels its outline crosses stays
    /// within 0.05, and pixels wholly in or out are exact.
    @Test(arguments: [(30.0, (0.0, 1.0, 0.0)), (20, (0, 0, 1)), (55, (1, 0.4, 0))])
    func roundedCornersAreAntialiased(_ angle: Double, _ axis: (Double, Double, Double)) throws {
        let (rect, m) = turned(angle, axis)
        let radius = 24.0
        let drawn = try renderWhite([(rect, m)], radius: radius)
        // The plane's map (x, y, 1) → (X·w, Y·w, w) and its inverse, by cofactors.
        let r = [[m.m11, m.m12, m.m14], [m.m21, m.m22, m.m24], [m.m41, m.m42, m.m44]]
        func cof(_ i: Int, _ j: Int) -> Double {
            let a = [0, 1, 2].filter { $0 != i }, b = [0, 1, 2].filter { $0 != j }
            return r[a[0]][b[0]] * r[a[1]][b[1]] - r[a[0]][b[1]] * r[a[1]][b[0]]
        }
        let det = r[0][0] * cof(0, 0) - r[0][1] * cof(0, 1) + r[0][2] * cof(0, 2)
        // inverse[i][j] = cofactor(j, i)·(−1)^(i+j) / det.
        let inverse = (0..<3).map { i in (0..<3).map { j in cof(j, i) * ((i + j) % 2 == 0 ? 1 : -1) / det } }
        func inside(_ sx: Double, _ sy: Double) -> Bool {
            let h = (0..<3).map { j in sx * inverse[0][j] + sy * inverse[1][j] + inverse[2][j] }
            guard h[2] > 0 else { return false }
            let x = h[0] / h[2], y = h[1] / h[2]
            guard x >= rect.minX, x <= rect.maxX, y >= rect.minY, y <= rect.maxY else { return false }
            let cx = min(max(x, rect.minX + radius), rect.maxX - radius), cy = min(max(y, rect.minY + radius), rect.maxY - radius)
            return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius
        }
        let n = Self.edgeCanvas
        var sum = 0.0, count = 0, rest = 0.0
        for py in 0..<n {
            for px in 0..<n {
                var hits = 0
                for k in 0..<64 { if inside(Double(px) + (Double(k % 8) + 0.5) / 8, Double(py) + (Double(k / 8) + 0.5) / 8) { hits += 1 } }
                let covered = Double(hits) / 64, error = abs(drawn[py * n + px] - covered)
                if hits > 0 && hits < 64 {
                    sum += error
                    count += 1
                } else if error > 1.0 / 255 && !(0.05...0.95).contains(covered) {
                    // Wholly in or out by the samples: at most what 8 × 8 samples can miss.
                    rest = max(rest, error)
                }
            }
        }
        #expect(sum / Double(count) <= 0.05, "mean error \(sum / Double(count)) over \(count) outline pixels")
        #expect(rest <= 0.1, "a pixel the samples call wholly in or out is off by \(rest)")
    }

    /// A gradient that reaches black and white at its edges keeps its inside as it is: the
    /// corners grown past those edges would take colours no byte holds (−19 and 274 levels
    /// for a black-to-white ramp 10 px tall), which clamped would bend the whole cell (its
    /// first row 28 where it is 13); cut half a pixel in from its edges, only the edges'
    /// pixels take it. Rows of a ramp on the pixel grid, then a quarter pixel off it.
    @Test(arguments: [0.0, 0.25])
    func aGradientToBlackAndWhiteKeepsItsInside(_ offset: Double) throws {
        let platform = try Platform(headless: true)
        let canvas = try OffscreenCanvas(platform: platform, width: 40, height: 20, assetsDirectory: try Assets.directory())
        let ramp = Gradient(colors: [.black, .white])
        var list = DisplayList()
        list.items.append(.init(rect: Rect(x: 0, y: 0, width: 20, height: 10), transform: .makeTranslation(10, 5 + offset, 0),
                                opacity: 1, fill: .gradient(ramp)))
        let rgba = try canvas.render(list, pixelScale: 1)
        // Row y's centre lies y + 0.5 − offset down the 10 px ramp; the rows it wholly covers.
        for y in 6...13 {
            let expected = (Double(y - 5) + 0.5 - offset) / 10 * 255
            #expect(abs(Double(rgba[(y * 40 + 20) * 4 + 1]) - expected) <= 1, "row \(y)")
        }
    }
}
