import Testing
import SegueTestSupport
@testable import SegueRender

/// Source-over blending with straight alpha, one pixel, four lanes and a span at a time,
/// against hand-worked values and against each other.
@Suite struct BlendTests {
    /// Hand-worked: 50 % (128) orange-red over opaque blue: red 255·128/255 = 128, green
    /// 128·128/255 = 64.25 → 64, blue 255·127/255 = 127, alpha 128 + 255·127/255 = 255.
    @Test func blendingIsSourceOverWithStraightAlpha() {
        #expect(Rasterizer.blend(0x80FF_8000, over: 0xFF00_00FF) == 0xFF80_407F)
        #expect(Rasterizer.blend(0xFF12_3456, over: 0xFF00_00FF) == 0xFF12_3456)
        #expect(Rasterizer.blend(0x0012_3456, over: 0xFF00_00FF) == 0xFF00_00FF)
        // Over transparent: the colour times its alpha, the alpha kept.
        #expect(Rasterizer.blend(0x80FF_FFFF, over: 0) == 0x8080_8080)
    }

    /// Four lanes blended at once are `blend` lane by lane, shortcuts and all.
    @Test func fourLanesBlendAsOne() {
        var random = SeededGenerator(seed: 5)
        for _ in 0..<2000 {
            var src = SIMD4<UInt32>(), dst = SIMD4<UInt32>()
            for k in 0..<4 {
                src[k] = UInt32.random(in: 0...UInt32.max, using: &random)
                dst[k] = UInt32.random(in: 0...UInt32.max, using: &random)
            }
            src[0] |= 0xFF00_0000
            src[1] &= 0x00FF_FFFF
            let four = Rasterizer.blend4(src, over: dst)
            #expect((0..<4).allSatisfy { four[$0] == Rasterizer.blend(src[$0], over: dst[$0]) })
        }
    }

    /// The four-lane mix of two texels is the one-lane mix, lane by lane, at every weight
    /// 0…256 (16-bit lanes: no product may spill into its neighbour).
    @Test func fourLanesMixAsOne() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<2000 {
            var a = SIMD4<UInt32>(), b = SIMD4<UInt32>(), f = SIMD4<UInt32>()
            for k in 0..<4 {
                a[k] = UInt32.random(in: 0...UInt32.max, using: &random)
                b[k] = UInt32.random(in: 0...UInt32.max, using: &random)
                f[k] = UInt32.random(in: 0...256, using: &random)
            }
            (a[0], b[0], f[0], f[1]) = (0xFFFF_FFFF, 0xFFFF_FFFF, 256, 0)
            let four = Rasterizer.lerp4(a, b, f)
            #expect((0..<4).allSatisfy { four[$0] == Rasterizer.lerp(a[$0], b[$0], f[$0]) })
        }
    }

    /// A span of one colour blended over many is `blend` pixel by pixel, for every alpha.
    @Test func aBlendedSpanIsBlendPixelByPixel() {
        var random = SeededGenerator(seed: 3)
        let under = (0..<64).map { _ in UInt32.random(in: 0...UInt32.max, using: &random) }
        for alpha: UInt32 in [0, 1, 77, 128, 254, 255] {
            let src = alpha << 24 | 0x00C8_4A13
            var row = under
            row.withUnsafeMutableBufferPointer { Rasterizer.blendSpan($0.baseAddress!, 3, 60, src) }
            #expect((0..<64).allSatisfy { row[$0] == ((3...60).contains($0) ? Rasterizer.blend(src, over: under[$0]) : under[$0]) })
        }
    }

    /// A row of sources blended over the frame is `blend` pixel by pixel, every pixel once,
    /// whatever its length and start (a run ends with the four that end it, those already
    /// blended kept), and nothing outside it touched.
    @Test func aStoredRowIsBlendedEachPixelOnce() {
        var random = SeededGenerator(seed: 11)
        let under = (0..<40).map { _ in UInt32.random(in: 0...UInt32.max, using: &random) }
        let source = (0..<40).map { _ in UInt32.random(in: 0...UInt32.max, using: &random) }
        for lo in 0..<5 {
            for hi in lo..<(lo + 14) {
                var row = under, from = source
                row.withUnsafeMutableBufferPointer { r in
                    from.withUnsafeMutableBufferPointer { Rasterizer.store(r.baseAddress!, from: $0.baseAddress!, lo, hi, true) }
                }
                let expected = (0..<40).map { (lo...hi).contains($0) ? Rasterizer.blend(source[$0], over: under[$0]) : under[$0] }
                #expect(row == expected, "\(lo)…\(hi)")
            }
        }
    }
}
