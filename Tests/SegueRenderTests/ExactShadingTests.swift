import Testing
@testable import SegueRender

/// Exact shading (`VertexShade`) against hand-worked colours: perspective-correct
/// interpolation across a layer whose far side is four times as deep, and a tint mixed in
/// per pixel, where drawing either affinely is off by tens of levels.
@Suite struct ExactShadingTests {
    static let black: UInt32 = 0xFF00_0000

    func vertex(_ x: Float, _ y: Float, r: UInt8 = 0, b: UInt8 = 0) -> RasterVertex {
        RasterVertex(x: x, y: y, r: r, g: 0, b: b, a: 255)
    }

    /// Draws the rect 0…128 × 0…4 (its left and right sides' vertices and shades given)
    /// into a black image, and returns row 1.
    func drawRow(left: (RasterVertex, VertexShade), right: (RasterVertex, VertexShade)) -> [UInt32] {
        let image = RasterImage(width: 128, height: 4)!
        image.fill(Self.black, image.bounds)
        var l0 = left.0, l1 = left.0, r0 = right.0, r1 = right.0
        (l0.x, l0.y, l1.x, l1.y, r0.x, r0.y, r1.x, r1.y) = (0, 0, 0, 4, 128, 0, 128, 4)
        let vertices = [l0, r0, r1, l1], shades = [left.1, right.1, right.1, left.1]
        let indices: [Int32] = [0, 1, 2, 0, 2, 3]
        let rasterizer = Rasterizer(.init(parallelArea: 0))
        vertices.withUnsafeBufferPointer { v in
            indices.withUnsafeBufferPointer { i in
                shades.withUnsafeBufferPointer { s in
                    rasterizer.draw(v, i, shades: s, texture: nil, blended: false, into: image, clip: image.bounds)
                }
            }
        }
        return (0..<128).map { image.pixels[128 + $0] }
    }

    /// Red runs 0 → 255 across a layer whose left side is at w = 1 and right at w = 4. At
    /// the screen fraction s, the layer's own fraction is u = s·¼ / ((1 − s) + s·¼): at the
    /// middle 0.2 (51), where an affine ramp gives 127.5. Within rounding and half a level
    /// of chord everywhere, the last columns too (the last run ends at the row's last pixel).
    @Test func aLayerInPerspectiveIsShadedPerspectiveCorrect() {
        let row = drawRow(left: (vertex(0, 0, r: 0), VertexShade(q: 1)), right: (vertex(0, 0, r: 255), VertexShade(q: 0.25)))
        for x in 0..<128 {
            let s = (Double(x) + 0.5) / 128, u = s * 0.25 / ((1 - s) + s * 0.25)
            let red = Double(row[x] >> 16 & 0xFF)
            #expect(abs(red - 255 * u) <= 1, "column \(x): \(red), exact \(255 * u)")
        }
        #expect(row[63] >> 16 & 0xFF < 60)
    }

    /// Blue runs 0 → 255 across the rect under a black tint whose alpha runs 0 → 1: the pixel
    /// shows b·(1 − τ) = 255·s·(1 − s), a parabola peaking at 63.75 — an affine ramp of the
    /// corners' colours (both 0) would paint black.
    @Test func aTintIsMixedInPerPixel() {
        let row = drawRow(left: (vertex(0, 0, b: 0), VertexShade(q: 1, tint: SIMD4(0, 0, 0, 0))),
                          right: (vertex(0, 0, b: 255), VertexShade(q: 1, tint: SIMD4(0, 0, 0, 1))))
        for x in 0..<128 {
            let s = (Double(x) + 0.5) / 128
            let blue = Double(row[x] & 0xFF)
            #expect(abs(blue - 255 * s * (1 - s)) <= 0.75, "column \(x): \(blue)")
        }
        #expect(row[64] & 0xFF >= 63)
    }

    /// A white tint at 40 % over one colour everywhere: every pixel the mix, one colour.
    @Test func aUniformTintIsOneColour() {
        let tint = VertexShade(q: 1, tint: SIMD4(255 * 0.4, 255 * 0.4, 255 * 0.4, 0.4))
        let row = drawRow(left: (vertex(0, 0, r: 100, b: 200), tint), right: (vertex(0, 0, r: 100, b: 200), tint))
        // red 100·0.6 + 102 = 162, green 102, blue 200·0.6 + 102 = 222.
        #expect(Set(row) == [0xFFA2_66DE])
    }

    /// A row whose colour barely changes inside its triangle is painted in one colour, taken
    /// at the middle of the triangle's box, which on a thin triangle's rows lies outside it,
    /// where q is held to the corners' range. Red 200 at every corner, q 1, 0.9 and 1 (its
    /// plane 1 − x/400 + y/400), a faint tint at one corner (so not one colour everywhere):
    /// on row 35 the box's middle, column 20, has q 1.039, held to 1, which would make the
    /// row's red 200 × 1.039 = 208. Every pixel stays within a level of 200 — and with no
    /// tint at all (one colour everywhere), is 200.
    @Test(arguments: [Float(0.0004), 0])
    func aRowOfOneColourIsNotTakenWhereQIsHeld(tint: Float) {
        let image = RasterImage(width: 48, height: 48)!
        image.fill(Self.black, image.bounds)
        let vertices = [vertex(0, 0, r: 200), vertex(40, 0, r: 200), vertex(40, 40, r: 200)]
        let shades = [VertexShade(q: 1), VertexShade(q: 0.9), VertexShade(q: 1, tint: SIMD4(0, 0, 0, tint))]
        let indices: [Int32] = [0, 1, 2]
        vertices.withUnsafeBufferPointer { v in
            indices.withUnsafeBufferPointer { i in
                shades.withUnsafeBufferPointer { s in
                    Rasterizer().draw(v, i, shades: s, texture: nil, blended: false, into: image, clip: image.bounds)
                }
            }
        }
        var painted = 0
        for k in 0..<(48 * 48) where image.pixels[k] != Self.black {
            painted += 1
            let red = Int(image.pixels[k] >> 16 & 0xFF)
            #expect(abs(red - 200) <= (tint > 0 ? 1 : 0), "pixel \(k % 48), \(k / 48): red \(red)")
        }
        #expect(painted > 700)
    }

    /// The run is bounded channel by channel from the corners' range. An opaque layer whose
    /// q goes 1 → ½ over 250 columns (q′ = −0.002) and red 0 → 100 (q·red′ = 0.2): red's
    /// slope is at most max(|0.2 − r·q′|) / ½ over r in −½…100½ = 0.802, its bend
    /// 2·(0.002 / ½)·0.802 = 0.006416 (the true f″ at the far end: 0.0064); green, blue
    /// and alpha, the same at every corner, 0.002 and less. The chord L²·0.006416 / 8 stays
    /// under half a level to L = 24.97: runs of 16. Bounding every channel by 255 and the
    /// largest slope of any (alpha's 0.51) gave 8. A flat layer (q′ = 0) bends nowhere: 1024.
    @Test func theRunIsBoundedByEachChannelsRange() {
        let opaque = (low: SIMD4<Float>(-0.5, -0.5, -0.5, 254.5), high: SIMD4<Float>(100.5, 0.5, 0.5, 255.5))
        let none = (low: SIMD4<Float>(), high: SIMD4<Float>())
        let (run, slope) = Rasterizer.ExactShading.run(colourX: SIMD4(0.2, 0, 0, -0.51), tintX: .zero, qX: -0.002, qLow: 0.5,
                                                       colours: opaque, tints: none)
        #expect(run == 16)
        #expect(abs(slope - 0.802) < 1e-5, "\(slope)")
        #expect(Rasterizer.ExactShading.run(colourX: SIMD4(0.2, 0, 0, 0), tintX: .zero, qX: 0, qLow: 1, colours: opaque, tints: none).run == 1024)
        // Not a number anywhere: the shortest run.
        #expect(Rasterizer.ExactShading.run(colourX: SIMD4(.nan, 0, 0, 0), tintX: .zero, qX: -0.002, qLow: 0.5, colours: opaque,
                                            tints: none).run == 2)
    }

    /// A row painted in pieces (as covers and fringes cut it) gets the very colours it gets
    /// whole: each run's ends lie at fixed columns (or the row's ends), whatever part of it a
    /// piece paints — for a layer in steep perspective (runs of a few columns) and a gentle
    /// one (long runs, pieces ending mid-run).
    @Test(arguments: [(0.3 as Float, 0.9 as Float), (0.95, 0.3)])
    func aRowCutIntoRunsPaintsWhatItPaintsWhole(farQ: Float, tint: Float) {
        let p = (vertex(0, 0, r: 10, b: 250), vertex(300, 0, r: 240, b: 30), vertex(0, 40, r: 90, b: 90))
        let s = (VertexShade(q: 1, tint: SIMD4(20, 40, 60, 0.3)), VertexShade(q: farQ, tint: SIMD4(0, 0, 0, tint)),
                 VertexShade(q: 0.9, tint: .zero))
        // The planes of that triangle: d/dx and d/dy from its values at the three vertices.
        let shading = Rasterizer.ExactShading(p, s, fourth: (p.2, s.2), x0: 0) { f0, f1, f2 in
            ((f1 - f0) / 300, (f2 - f0) / 40)
        }
        func paint(cut: [Int]?) -> [UInt32] {
            let row = RasterImage(width: 300, height: 1)!
            row.fill(Self.black, row.bounds)
            if let cut {
                for k in 0..<(cut.count - 1) { shading.span(row.pixels, cut[k], cut[k + 1] - 1, row: 3.5, covering: 3, 272, false) }
            } else {
                shading.span(row.pixels, 3, 272, row: 3.5, covering: 3, 272, false)
            }
            return (0..<300).map { row.pixels[$0] }
        }
        // The row at 3.5 px inside the triangle: columns 3 to 272 (its long side reaches x = 273.75).
        let runs = [3, 4, 17, 64, 65, 130, 131, 200, 257, 273]
        #expect(paint(cut: runs) == paint(cut: nil), "runs of \(shading.run)")
        // Each pixel within rounding of the exact colour at its centre.
        let whole = paint(cut: nil)
        for x in 3...272 {
            let exact = Rasterizer.ExactShading.levels(shading.colour(at: Float(x) + 0.5, row: 3.5))
            #expect(abs(Float(whole[x] >> 16 & 0xFF) - exact.x) <= 0.75 && abs(Float(whole[x] & 0xFF) - exact.z) <= 0.75, "column \(x)")
        }
        if farQ > 0.5 { #expect(shading.run >= 16, "a gentle layer gets long runs: \(shading.run)") }
    }

    /// A quad turned about both axes whose fourth corner is the deepest (its q, 1/w, below
    /// the first triangle's three): drawn as one quad it paints what its two triangles drawn
    /// apart paint, within rounding, so that corner's q counts in the quad's range.
    @Test func aQuadWhoseFourthCornerIsDeepestPaintsWhatItsTrianglesPaint() {
        // q = 1 + 0.001·x − 0.014·y is the plane's 1/w; each attribute times q is a plane too.
        let corners: [(x: Float, y: Float)] = [(4, 4), (120, 10), (110, 60), (8, 56)]
        func q(_ c: (x: Float, y: Float)) -> Float { 1 + 0.001 * c.x - 0.014 * c.y }
        func qRed(_ c: (x: Float, y: Float)) -> Float { 5 + 0.3 * c.x - 0.05 * c.y }
        func qTau(_ c: (x: Float, y: Float)) -> Float { q(c) * 0.1 + 0.004 * c.x }
        let vertices = corners.map { c in RasterVertex(x: c.x, y: c.y, r: UInt8((qRed(c) / q(c)).rounded()), g: 40, b: 200, a: 255) }
        let shades = corners.map { c in VertexShade(q: q(c), tint: SIMD4(0, 0, 0, qTau(c) / q(c))) }
        #expect(shades[3].q < shades[0...2].map(\.q).min()!)
        func draw(_ calls: [[Int32]]) -> RasterImage {
            let image = RasterImage(width: 128, height: 64)!
            image.fill(Self.black, image.bounds)
            for indices in calls {
                vertices.withUnsafeBufferPointer { v in
                    indices.withUnsafeBufferPointer { i in
                        shades.withUnsafeBufferPointer { s in
                            Rasterizer().draw(v, i, shades: s, texture: nil, blended: false, into: image, clip: image.bounds)
                        }
                    }
                }
            }
            return image
        }
        let both: [Int32] = [0, 1, 2, 0, 2, 3]
        let isQuad = vertices.withUnsafeBufferPointer { v in
            both.withUnsafeBufferPointer { i in
                shades.withUnsafeBufferPointer { s in Rasterizer.quad(v, i, at: 0, ranges: nil, shades: s, texture: nil)?.onePlane == true }
            }
        }
        #expect(isQuad, "the pair lies on one plane")
        let merged = draw([both]), apart = draw([[0, 1, 2], [0, 2, 3]])
        var worst: UInt32 = 0
        for k in 0..<(128 * 64) {
            let a = merged.pixels[k] >> 16 & 0xFF, b = apart.pixels[k] >> 16 & 0xFF
            worst = max(worst, a > b ? a - b : b - a)
        }
        #expect(worst <= 1, "merged and apart differ by \(worst) levels")
    }

    /// The two triangles of a rect in perspective are one plane of q, q·colour and q·tint:
    /// one quad. Given its far corner another depth, they are not.
    @Test func aPairInPerspectiveIsOneQuadOnlyOnItsPlane() {
        let vertices = [vertex(0, 0, r: 0), vertex(128, 0, r: 255), vertex(128, 4, r: 255), vertex(0, 4, r: 0)]
        let indices: [Int32] = [0, 1, 2, 0, 2, 3]
        func isQuad(_ shades: [VertexShade]) -> Bool {
            vertices.withUnsafeBufferPointer { v in
                indices.withUnsafeBufferPointer { i in
                    shades.withUnsafeBufferPointer { s in Rasterizer.quad(v, i, at: 0, ranges: nil, shades: s, texture: nil)?.onePlane == true }
                }
            }
        }
        let near = VertexShade(q: 1, tint: SIMD4(0, 0, 0, 0.2)), far = VertexShade(q: 0.25, tint: SIMD4(0, 0, 0, 0.8))
        #expect(isQuad([near, far, far, near]))
        #expect(!isQuad([near, far, far, VertexShade(q: 0.5, tint: SIMD4(0, 0, 0, 0.2))]))
        #expect(!isQuad([near, far, far, VertexShade(q: 1, tint: SIMD4(0, 0, 0, 0.5))]))
    }
}
