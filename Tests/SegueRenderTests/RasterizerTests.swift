import Testing
import SegueTestSupport
@testable import SegueRender

/// Segue's CPU rasterizer against hand-worked pixels: which pixels a triangle paints, the
/// colours it interpolates, samples and blends. (The golden frames check whole scenes
/// against OpenGL's.)
@MainActor @Suite struct RasterizerTests {
    nonisolated static let black: UInt32 = 0xFF00_0000

    func vertex(_ x: Float, _ y: Float, _ argb: UInt32 = 0xFFFF_FFFF, u: Float = 0, v: Float = 0) -> RasterVertex {
        RasterVertex(x: x, y: y, r: UInt8(argb >> 16 & 0xFF), g: UInt8(argb >> 8 & 0xFF), b: UInt8(argb & 0xFF),
                     a: UInt8(argb >> 24), u: u, v: v)
    }

    /// The rect x0…x1 × y0…y1 as two triangles sharing the diagonal, in one colour.
    func quad(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ argb: UInt32) -> [RasterVertex] {
        [vertex(x0, y0, argb), vertex(x1, y0, argb), vertex(x1, y1, argb), vertex(x0, y1, argb)]
    }

    func draw(_ vertices: [RasterVertex], _ indices: [Int32] = [0, 1, 2, 0, 2, 3], on image: RasterImage,
              texture: RasterImage? = nil, blended: Bool = false, clip: PixelRect? = nil, threads: Int = 2) {
        let rasterizer = Rasterizer(.init(threads: threads, parallelArea: 0))   // share even small calls, so the bands are exercised
        vertices.withUnsafeBufferPointer { v in
            indices.withUnsafeBufferPointer { i in
                rasterizer.draw(v, i, texture: texture, blended: blended, into: image,
                                clip: clip ?? PixelRect(x0: 0, y0: 0, x1: image.width, y1: image.height))
            }
        }
    }

    func image(_ w: Int, _ h: Int, _ argb: UInt32 = black) -> RasterImage {
        let image = RasterImage(width: w, height: h)!
        image.fill(argb, PixelRect(x0: 0, y0: 0, x1: w, y1: h))
        return image
    }

    func columns(_ image: RasterImage, row: Int, painted: UInt32) -> [Int] {
        (0..<image.width).filter { image.pixels[row * image.width + $0] == painted }
    }

    /// A pixel is painted when its centre is inside: from x = 0.4 to 2.6 that is the centres
    /// 0.5, 1.5 and 2.5; from 0.5 to 2.5 a centre on the left edge is in, one on the right
    /// edge out (top-left rule) — columns 0 and 1.
    @Test func pixelCentresAndTheTopLeftRuleDecide() {
        let red: UInt32 = 0xFFFF_0000
        let a = image(4, 4)
        draw(quad(0.4, 0, 2.6, 4, red), on: a)
        #expect(columns(a, row: 1, painted: red) == [0, 1, 2])
        let b = image(4, 4)
        draw(quad(0.5, 0.5, 2.5, 2.5, red), on: b)
        #expect(columns(b, row: 0, painted: red) == [0, 1])
        #expect(columns(b, row: 1, painted: red) == [0, 1])
        #expect(columns(b, row: 2, painted: red).isEmpty)
        // Either winding paints the same pixels.
        let c = image(4, 4)
        draw(quad(0.5, 0.5, 2.5, 2.5, red), [0, 2, 1, 0, 3, 2], on: c)
        #expect((0..<16).allSatisfy { b.pixels[$0] == c.pixels[$0] })
    }

    /// Two triangles sharing a diagonal paint each pixel once: half-transparent red over
    /// black is the same everywhere, never blended twice along the seam.
    @Test func trianglesSharingAnEdgeNeverBothPaintAPixel() {
        let target = image(13, 11)
        draw(quad(0.3, 0.7, 12.6, 10.2, 0x80FF_0000), [0, 1, 2, 0, 2, 3], on: target, blended: true)
        let once = Rasterizer.blend(0x80FF_0000, over: Self.black)
        #expect(once == 0xFF80_0000)
        for y in 1..<10 { #expect(columns(target, row: y, painted: once) == Array(0..<13)) }
        #expect(columns(target, row: 0, painted: once).isEmpty && columns(target, row: 10, painted: once).isEmpty)
    }

    /// Two triangles of one plane sharing a side are drawn as one quad (one walk down the
    /// rows): the very pixels the two paint apart, each once, the colours within a level;
    /// a pair whose union is not convex (a dart) is left two triangles, exactly as drawn apart.
    @Test func aPairOfOnePlaneIsOneQuadAndADartIsNot() {
        // A parallelogram whose colours are one plane: red 0 → 100 along one side, 0 → 60
        // along the other, so 160 at the far corner; translucent, so a pixel painted twice shows.
        let parallelogram = [vertex(2.3, 1.6, 0x8000_0000), vertex(27.1, 5.2, 0x8064_0000),
                             vertex(31.8, 20.7, 0x80A0_0000), vertex(7.0, 17.1, 0x803C_0000)]
        // One colour (one plane too), its far corner pulled in past the diagonal: a dart.
        var dart = parallelogram.map { vertex($0.x, $0.y, 0x80FF_0000) }
        dart[2] = vertex(14.0, 9.0, 0x80FF_0000)
        // Each wound both ways (the quad is walked after the triangle's turn is set right).
        for (shape, exact, order) in [(parallelogram, false, [Int32]([0, 1, 2, 0, 2, 3])), (parallelogram, false, [0, 2, 1, 0, 3, 2]),
                                      (dart, true, [0, 1, 2, 0, 2, 3])] {
            let together = image(36, 24), apart = image(36, 24)
            draw(shape, order, on: together, blended: true)
            draw(shape, Array(order[0..<3]), on: apart, blended: true)
            draw(shape, Array(order[3..<6]), on: apart, blended: true)
            for i in 0..<(36 * 24) {
                let a = together.pixels[i], b = apart.pixels[i]
                #expect((a == Self.black) == (b == Self.black), "pixel \(i % 36), \(i / 36)")
                let red = abs(Int(a >> 16 & 0xFF) - Int(b >> 16 & 0xFF))
                #expect(exact ? a == b : red <= 1, "pixel \(i % 36), \(i / 36): \(String(a, radix: 16)) \(String(b, radix: 16))")
            }
        }
    }

    /// Which pairs are one quad: the parallelogram of one plane, wound either way, and a
    /// texture drawn as it is; not a dart, a pair whose second is of no area, nor two
    /// triangles of different edges. One whose far colour or texel leaves the plane is a
    /// quad of two planes.
    @Test func convexPairsAreQuadsOfOnePlaneOrOfTwo() {
        let parallelogram = [vertex(2.3, 1.6, 0x8000_0000), vertex(27.1, 5.2, 0x8064_0000),
                             vertex(31.8, 20.7, 0x80A0_0000), vertex(7.0, 17.1, 0x803C_0000)]
        /// Whether they are a quad (nil: not one) of one plane.
        func onePlane(_ v: [RasterVertex], _ i: [Int32], ranges: [Rasterizer.EdgeRange]? = nil, texture: RasterImage? = nil) -> Bool? {
            v.withUnsafeBufferPointer { v in
                i.withUnsafeBufferPointer { i in
                    if let ranges {
                        return ranges.withUnsafeBufferPointer { Rasterizer.quad(v, i, at: 0, ranges: $0, texture: texture?.view)?.onePlane }
                    }
                    return Rasterizer.quad(v, i, at: 0, ranges: nil, texture: texture?.view)?.onePlane
                }
            }
        }
        func isQuad(_ v: [RasterVertex], _ i: [Int32], ranges: [Rasterizer.EdgeRange]? = nil, texture: RasterImage? = nil) -> Bool {
            onePlane(v, i, ranges: ranges, texture: texture) == true
        }
        #expect(isQuad(parallelogram, [0, 1, 2, 0, 2, 3]))
        #expect(isQuad(parallelogram, [0, 2, 1, 0, 3, 2]))
        var dart = parallelogram.map { vertex($0.x, $0.y, 0x80FF_0000) }
        dart[2] = vertex(14.0, 9.0, 0x80FF_0000)
        #expect(onePlane(dart, [0, 1, 2, 0, 2, 3]) == nil)
        #expect(onePlane(parallelogram, [0, 1, 2, 1, 1, 3]) == nil)
        var bent = parallelogram
        bent[3] = vertex(7.0, 17.1, 0x8040_0000)
        #expect(onePlane(bent, [0, 1, 2, 0, 2, 3]) == false)
        #expect(onePlane(parallelogram, [0, 1, 2, 0, 2, 3], ranges: [.init(first: 0, count: 1), .init(first: 1, count: 1)]) == nil)
        // An 8 × 8 texture over 8 × 8 pixels, and the same with one corner's texel moved.
        let texture = image(8, 8)
        let square = [vertex(1, 1, 0xFFFF_FFFF, u: 0, v: 0), vertex(9, 1, 0xFFFF_FFFF, u: 1, v: 0),
                      vertex(9, 9, 0xFFFF_FFFF, u: 1, v: 1), vertex(1, 9, 0xFFFF_FFFF, u: 0, v: 1)]
        #expect(isQuad(square, [0, 1, 2, 0, 2, 3], texture: texture))
        var skewed = square
        skewed[3].u = 0.1
        #expect(onePlane(skewed, [0, 1, 2, 0, 2, 3], texture: texture) == false)
    }

    /// Black at x = 0 to red at x = 256: the centre of column x is (x + 0.5)·255/256.
    @Test func coloursAreInterpolatedAtPixelCentres() {
        let target = image(256, 2)
        let vertices = [vertex(0, 0, 0xFF00_0000), vertex(256, 0, 0xFFFF_0000), vertex(256, 2, 0xFFFF_0000), vertex(0, 2, 0xFF00_0000)]
        draw(vertices, on: target)
        let reds = (0..<256).map { Double(target.pixels[256 + $0] >> 16 & 0xFF) }
        for x in 0..<256 { #expect(abs(reds[x] - (Double(x) + 0.5) * 255 / 256) <= 0.55, "column \(x): \(reds[x])") }
        #expect(reds[0] == 0 && reds[127] == 127 && reds[255] == 255)
    }

    /// A 2 × 1 texture, black and white, over 4 columns: texel space u·2 − 0.5 at centres
    /// is −0.25 (clamped: black), 0.25 (63.75 → 64), 0.75 (191.25 → 191) and 1.25 (white).
    /// Times a vertex colour it is tinted; drawn blended its alpha counts.
    @Test func texturesAreSampledBilinearlyAndModulated() {
        let texture = image(2, 1)
        texture.pixels[1] = 0xFFFF_FFFF
        func strip(_ argb: UInt32, blended: Bool = false) -> [UInt32] {
            let target = image(4, 1)
            let vertices = [vertex(0, 0, argb, u: 0, v: 0), vertex(4, 0, argb, u: 1, v: 0),
                            vertex(4, 1, argb, u: 1, v: 1), vertex(0, 1, argb, u: 0, v: 1)]
            draw(vertices, on: target, texture: texture, blended: blended)
            return (0..<4).map { target.pixels[$0] }
        }
        #expect(strip(0xFFFF_FFFF) == [0xFF00_0000, 0xFF40_4040, 0xFFBF_BFBF, 0xFFFF_FFFF])
        // Times (255, 128, 0): green 191·128/255 = 95.9 → 96.
        #expect(strip(0xFFFF_8000)[2] == 0xFFBF_6000)
        // Alpha 128, blended over black: half of each.
        #expect(strip(0x80FF_FFFF, blended: true)[3] == 0xFF80_8080)
    }

    /// Inside the texture from end to end (the unclamped path): a 2 × 2 texture, white left
    /// and black right, under texel positions 0.125, 0.375, 0.625, 0.875 weighs black 32,
    /// 96, 160, 224 / 256: 223, 159, 96, 32. Faded to alpha 128 over black: 112, 80, 48, 16.
    /// A span through an image finds the run of its columns whose 2 × 2 texels lie inside
    /// (worked by hand: from −½ texel in steps of ¼ across 4 texels, steps 2…13), and paints
    /// its ends, outside that run, clamped: the same pixels as the general path.
    @Test func aSpanFindsTheRunInsideItsImage() {
        let texture = image(4, 4)
        let walk = Rasterizer.TexelWalk(texture.view, SIMD4(-0.5, 0.5, 0, 0), SIMD4(0.25, 0, 0, 0), skip: 0)
        #expect(walk.insideSteps(20) == 2...13)
        #expect(walk.insideSteps(5) == 2...5)
        #expect(Rasterizer.TexelWalk(texture.view, SIMD4(0.5, -1, 0, 0), SIMD4(0.25, 0, 0, 0), skip: 0).insideSteps(20) == nil)
        let turned = Rasterizer.TexelWalk(texture.view, SIMD4(2.9, 0.2, 0, 0), SIMD4(-0.5, 0.1, 0, 0), skip: 0)
        #expect(turned.insideSteps(20) == 0...5)
        // Both ends inside (u 0.5 → 2.5, under the last centre 3): every step, unsearched; an
        // end on the last centre is outside (its right texel would be past the image).
        #expect(Rasterizer.TexelWalk(texture.view, SIMD4(0.5, 1, 0, 0), SIMD4(0.25, 0.1, 0, 0), skip: 0).insideSteps(8) == 0...8)
        #expect(Rasterizer.TexelWalk(texture.view, SIMD4(1, 1, 0, 0), SIMD4(0.25, 0, 0, 0), skip: 0).insideSteps(8) == 0...7)
        // White as one colour (the image path) and as colours that happen not to change
        // (the general path, clamping every texel), spans into and out of a magnified image
        // and a turned one paint the same pixels.
        for i in 0..<16 { texture.pixels[i] = UInt32(i * 15) << 16 | UInt32(255 - i * 15) | 0xFF00_0000 }
        let spans: [(SIMD4<Float>, SIMD4<Float>)] = [(SIMD4(-0.5, 1.3, 0, 0), SIMD4(0.13, 0, 0, 0)), (SIMD4(3.4, 1.7, 0, 0), SIMD4(-0.09, 0, 0, 0)),
                                                     (SIMD4(3.4, -0.2, 0, 0), SIMD4(-0.17, 0.09, 0, 0))]
        for (t, dt) in spans {
            for (alpha, blended) in [(UInt32(255), false), (255, true), (131, true)] {
                let a = image(40, 1, 0xFF30_6090), b = image(40, 1, 0xFF30_6090)
                Rasterizer.texturedSpan(a.pixels, 0, 39, Rasterizer.TexelWalk(texture.view, t, dt, skip: 0), .uniform(alpha << 24 | 0xFF_FFFF), skip: 0, blended)
                Rasterizer.texturedSpan(b.pixels, 0, 39, Rasterizer.TexelWalk(texture.view, t, dt, skip: 0), .varying(SIMD4(255, 255, 255, Float(alpha)), SIMD4()),
                                        skip: 0, blended)
                #expect((0..<40).allSatisfy { a.pixels[$0] == b.pixels[$0] }, "\(t) \(dt) alpha \(alpha)")
            }
        }
    }

    /// Stepped from an origin far left of the texture (a thin turned sliver, minified: 70
    /// texels a column from −49,000, 700 columns on), a walk lands where the arithmetic
    /// says, not where a clamp on the origin would put it.
    @Test func aWalkFromAFarOriginLandsExactly() {
        let texture = image(64, 4)
        let walk = Rasterizer.TexelWalk(texture.view, SIMD4(-49_000.5, 1, 0, 0), SIMD4(70, 0, 0, 0), skip: 700)
        #expect(walk.u == -32_768 && walk.v == 65_536)
    }

    /// The texels fetched ahead lie where the footprint three rows on reaches below (its step
    /// to the row below, rounded and held to four texels; a component not finite counts 0,
    /// and a walk told nothing takes a step of one texel down), and fetching them changes no
    /// pixel.
    @Test func texelsAreFetchedThreeRowsAhead() {
        let texture = image(64, 64)
        func ahead(_ nextRow: SIMD4<Float>) -> Int { Rasterizer.TexelWalk.ahead(nextRow, width: 64) }
        #expect(Rasterizer.TexelWalk(texture.view, SIMD4(1, 1, 0, 0), SIMD4(0.5, 0.25, 0, 0), skip: 0).ahead == 4 * 64)
        #expect(ahead(SIMD4(0.5, 0.55, 0, 0)) == 3 * 64 + 2)  // 1.5 → 2 across, 1.65 → 2 down
        #expect(ahead(SIMD4(-0.9, -2, 0, 0)) == -3 * 64 - 3)  // up four (held), left 2.7 → 3
        #expect(ahead(SIMD4(.nan, .infinity, 0, 0)) == 64)
        for i in 0..<(64 * 64) { texture.pixels[i] = UInt32(truncatingIfNeeded: i &* 2_654_435_761) | 0xFF00_0000 }
        let t = SIMD4<Float>(3.3, 60.2, 0, 0), dt = SIMD4<Float>(0.71, -0.93, 0, 0)
        var rows: [[UInt32]] = []
        for fetched in [nil, ahead(SIMD4(0.93, 0.71, 0, 0)), ahead(SIMD4(-4e9, .nan, 0, 0))] {
            let row = image(60, 1, 0xFF30_6090)
            Rasterizer.texturedSpan(row.pixels, 0, 59, Rasterizer.TexelWalk(texture.view, t, dt, skip: 0, ahead: fetched), .uniform(0xC0FF_FFFF),
                                    skip: 0, true)
            rows.append(Array(UnsafeBufferPointer(start: row.pixels, count: 60)))
        }
        #expect(rows[0] == rows[1] && rows[1] == rows[2])
    }

    /// A row painted in runs, each stepped from the row's origin, gets the very pixels it
    /// gets in one span: shaded, textured and tinted, and glyphs; the colours and positions
    /// chosen so that starting each run afresh from its own column would round otherwise.
    @Test func aRowCutIntoRunsPaintsWhatItPaintsWhole() {
        let texture = image(8, 8)
        for i in 0..<64 { texture.pixels[i] = UInt32(truncatingIfNeeded: i &* 2_654_435_761) | 0x8000_0000 }
        let c = SIMD4<Float>(10.3, 200.7, 33.33, 250.1), dc = SIMD4<Float>(0.613, -0.417, 1.093, -0.031)
        let t = SIMD4<Float>(0.3, 1.1, 0, 0), dt = SIMD4<Float>(0.137, 0.071, 0, 0)
        let cuts = [0, 3, 4, 11, 12, 25, 40]
        func paint(_ span: (UnsafeMutablePointer<UInt32>, Int, Int, Int) -> Void, cut: Bool) -> [UInt32] {
            let row = image(48, 1, 0xFF30_6090)
            if cut {
                for k in 0..<(cuts.count - 1) { span(row.pixels, 5 + cuts[k], 5 + cuts[k + 1] - 1, cuts[k] + 2) }
            } else {
                span(row.pixels, 5, 44, 2)
            }
            return (0..<48).map { row.pixels[$0] }
        }
        let kinds: [(String, (UnsafeMutablePointer<UInt32>, Int, Int, Int) -> Void)] = [
            ("shaded", { Rasterizer.shadedSpan($0, $1, $2, c, dc, skip: $3, true) }),
            ("textured", { Rasterizer.texturedSpan($0, $1, $2, Rasterizer.TexelWalk(texture.view, t, dt, skip: $3), .varying(c, dc), skip: $3, true) }),
            ("image", { Rasterizer.texturedSpan($0, $1, $2, Rasterizer.TexelWalk(texture.view, t, dt, skip: $3), .uniform(0xC0FF_FFFF), skip: $3, true) }),
            ("glyphs", { Rasterizer.coverageSpan($0, $1, $2, texture.view, t, dt, skip: $3, 0xE0FF_8040) }),
        ]
        for (name, span) in kinds {
            #expect(paint(span, cut: true) == paint(span, cut: false), "\(name)")
        }
    }

    @Test func imagesInsideTheirTextureAreSampledAndFaded() {
        let texture = image(2, 2)
        texture.pixels[0] = 0xFFFF_FFFF
        texture.pixels[2] = 0xFFFF_FFFF
        func strip(_ argb: UInt32, blended: Bool) -> [UInt32] {
            let target = image(4, 1)
            let vertices = [vertex(0, 0, argb, u: 0.25, v: 0.5), vertex(4, 0, argb, u: 0.75, v: 0.5),
                            vertex(4, 1, argb, u: 0.75, v: 0.5), vertex(0, 1, argb, u: 0.25, v: 0.5)]
            draw(vertices, on: target, texture: texture, blended: blended)
            return (0..<4).map { target.pixels[$0] }
        }
        #expect(strip(0xFFFF_FFFF, blended: false) == [0xFFDF_DFDF, 0xFF9F_9F9F, 0xFF60_6060, 0xFF20_2020])
        #expect(strip(0x80FF_FFFF, blended: true) == [0xFF70_7070, 0xFF50_5050, 0xFF30_3030, 0xFF10_1010])
    }

    /// Glyphs read only their coverage: over white texels that is exactly what the general
    /// textured path paints, for any alpha and position.
    @Test func coverageIsTheTexturedPathOverWhiteTexels() {
        let alphas: [UInt32] = [0, 40, 255, 130, 7, 200, 90, 255, 0]
        let coverage = RasterImage(width: 3, height: 3, isCoverage: true)!, general = image(3, 3)
        for (i, a) in alphas.enumerated() { coverage.pixels[i] = a << 24 | 0xFF_FFFF; general.pixels[i] = coverage.pixels[i] }
        let vertices = [vertex(0.3, 0.6, 0xC020_6090, u: 0.1, v: 0.05), vertex(11.7, 1.1, 0xC020_6090, u: 0.93, v: 0.2),
                        vertex(10.2, 9.8, 0xC020_6090, u: 0.8, v: 0.97), vertex(1.1, 8.9, 0xC020_6090, u: 0.02, v: 0.85)]
        let a = image(12, 10, 0xFF33_3333), b = image(12, 10, 0xFF33_3333)
        draw(vertices, on: a, texture: coverage, blended: true)
        draw(vertices, on: b, texture: general, blended: true)
        #expect((0..<120).allSatisfy { a.pixels[$0] == b.pixels[$0] })
        #expect((0..<120).contains { a.pixels[$0] != 0xFF33_3333 })
    }

    /// A sliver a 256th of a pixel wide whose colour goes from black to white across it
    /// (65,280 levels a pixel), and a sliver far out whose area a float would round to 0:
    /// drawn without trapping, in colours of the range.
    @Test func sliversWithSteepColoursDrawSafely() {
        let untouched: UInt32 = 0x00FF_00FF
        // Its left edge runs through the centres of column 0, inside (a left edge) from row
        // 1 to 99 (row 0's centre is the top vertex, on the right edge too; row 100's on the
        // bottom edge), where the colour is its left edge's: black.
        let sliver = image(4, 104, untouched)
        draw([vertex(0.5, 0.5, 0xFF00_0000), vertex(0.5, 100.5, 0xFF00_0000), vertex(0.5 + 1.0 / 256, 100.5, 0xFFFF_FFFF)],
             [0, 1, 2], on: sliver)
        for y in 0..<104 {
            for x in 0..<4 {
                #expect(sliver.pixels[y * 4 + x] == (x == 0 && (1...99).contains(y) ? 0xFF00_0000 : untouched), "pixel \(x), \(y)")
            }
        }
        // Half a square pixel of area over 11,585 pixels of length: whatever it paints is opaque.
        let far = image(8, 8, untouched)
        draw([vertex(0.5, 0.5, 0xFFFF_0000), vertex(8193.5, 8192.5, 0xFF00_FF00), vertex(8192.5, 8191.5, 0xFF00_00FF)],
             [0, 1, 2], on: far)
        #expect((0..<64).allSatisfy { far.pixels[$0] == untouched || far.pixels[$0] >> 24 == 0xFF })
    }

    @Test func onlyTheClipIsPainted() {
        let red: UInt32 = 0xFFFF_0000
        let target = image(8, 8)
        draw(quad(-50, -50, 50, 50, red), on: target, clip: PixelRect(x0: 2, y0: 3, x1: 5, y1: 4))
        let painted = (0..<64).filter { target.pixels[$0] == red }
        #expect(painted == [26, 27, 28])
    }

    /// Random triangles on the 1/256-pixel grid: the pixels painted are exactly those whose
    /// centre passes all three edge tests evaluated directly (E > 0, or E = 0 on a top or
    /// left edge), and a random quad cut along either diagonal paints the same pixels, each
    /// once. Seeded; a failure names its seed.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func coverageMatchesTheEdgeTestsPixelByPixel(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let side = 48
        func coordinate() -> Float { Float(Int.random(in: -2048...(side + 8) * 256, using: &random)) / 256 }
        for round in 0..<60 {
            let p = (0..<3).map { _ in (coordinate(), coordinate()) }
            let target = image(side, side)
            let marker: UInt32 = 0xFFFF_FFFF
            draw(p.map { vertex($0.0, $0.1, marker) }, [0, 1, 2], on: target, threads: 1 + round % 3)
            // The reference: each edge function at each pixel centre, in 1/256 pixels.
            let q = p.map { (Int64($0.0 * 256), Int64($0.1 * 256)) }
            let area = (q[1].0 - q[0].0) * (q[2].1 - q[0].1) - (q[2].0 - q[0].0) * (q[1].1 - q[0].1)
            let order = area >= 0 ? [0, 1, 2] : [0, 2, 1]
            for y in 0..<side {
                for x in 0..<side {
                    let px = Int64(x) * 256 + 128, py = Int64(y) * 256 + 128
                    var inside = area != 0
                    for k in 0..<3 where inside {
                        let a = q[order[k]], b = q[order[(k + 1) % 3]]
                        let ea = a.1 - b.1, eb = b.0 - a.0
                        let e = ea * (px - a.0) + eb * (py - a.1)
                        inside = e > 0 || (e == 0 && (ea > 0 || (ea == 0 && eb > 0)))
                    }
                    #expect((target.pixels[y * side + x] == marker) == inside, "seed \(seed) round \(round) pixel \(x), \(y)")
                }
            }
            // A convex quad (the three points and a fourth), cut along either diagonal and
            // blended: the same pixels, each painted once.
            let d = (coordinate(), coordinate())
            let corners = [p[0], p[1], d, p[2]]
            let turns = (0..<4).map { k -> Float in
                let a = corners[k], b = corners[(k + 1) % 4], c = corners[(k + 2) % 4]
                return (b.0 - a.0) * (c.1 - b.1) - (b.1 - a.1) * (c.0 - b.0)
            }
            guard turns.allSatisfy({ $0 > 0 }) || turns.allSatisfy({ $0 < 0 }) else { continue }
            let quad = corners.map { vertex($0.0, $0.1, 0x80FF_FFFF) }
            let one = image(side, side), other = image(side, side)
            draw(quad, [0, 1, 2, 0, 2, 3], on: one, blended: true)
            draw(quad, [1, 2, 3, 1, 3, 0], on: other, blended: true)
            let once = Rasterizer.blend(0x80FF_FFFF, over: Self.black)
            let painted = (0..<(side * side)).filter { one.pixels[$0] != Self.black }
            #expect(painted.allSatisfy { one.pixels[$0] == once }, "seed \(seed) round \(round)")
            #expect((0..<(side * side)).allSatisfy { one.pixels[$0] == other.pixels[$0] }, "seed \(seed) round \(round)")
        }
    }

    /// Shared among workers by bands of rows, a call paints exactly what one worker does.
    @Test func bandsOfRowsMakeTheSameImage() {
        let vertices = [vertex(3.3, 1.2, 0xFF20_4080), vertex(390.6, 40.1, 0xC0F0_1060), vertex(120.2, 299.7, 0x80FF_FFFF)]
        let one = image(400, 300), two = image(400, 300)
        draw(vertices, [0, 1, 2], on: one, blended: true, threads: 1)
        draw(vertices, [0, 1, 2], on: two, blended: true, threads: 3)
        #expect((0..<(400 * 300)).allSatisfy { one.pixels[$0] == two.pixels[$0] })
        #expect((0..<(400 * 300)).contains { one.pixels[$0] != Self.black })
    }
}
