import Testing
import SegueTestSupport
@testable import SegueRender

/// A row sampled from two mip levels (`Rasterizer.trilinearSpan`) is each level's own span
/// (`texturedSpan`) mixed by the coarse level's weight, then stored or blended — whichever
/// way the row is painted: in one pass of both levels four pixels a step, or level by level.
@MainActor @Suite struct TrilinearSpanTests {
    /// A texture of scattered colours and alphas.
    func scattered(_ width: Int, _ height: Int, seed: UInt32) -> RasterImage {
        let image = RasterImage(width: width, height: height)!
        for i in 0..<(width * height) { image.pixels[i] = UInt32(truncatingIfNeeded: i) &* 2_654_435_761 ^ seed }
        return image
    }

    /// What the row is by its definition: each level's `texturedSpan` into memory, mixed
    /// pixel by pixel (`lerp`), blended over `under` pixel by pixel or stored.
    func levelByLevel(_ under: [UInt32], _ lo: Int, _ hi: Int, _ fine: (Rasterizer.TexelWalk, SIMD4<Float>),
                      _ coarse: (Rasterizer.TexelWalk, SIMD4<Float>), _ weight: UInt32, _ color: UInt32, skip: Int,
                      _ blended: Bool) -> [UInt32] {
        var a = [UInt32](repeating: 0, count: under.count), b = a, out = under
        a.withUnsafeMutableBufferPointer {
            Rasterizer.texturedSpan($0.baseAddress!, lo, hi, fine.0.at(fine.1, skip: skip), .uniform(color), skip: skip, false)
        }
        b.withUnsafeMutableBufferPointer {
            Rasterizer.texturedSpan($0.baseAddress!, lo, hi, coarse.0.at(coarse.1, skip: skip), .uniform(color), skip: skip, false)
        }
        for x in lo...hi {
            let mixed = Rasterizer.lerp(a[x], b[x], weight)
            out[x] = blended ? Rasterizer.blend(mixed, over: under[x]) : mixed
        }
        return out
    }

    /// Rows of 1 to 41 columns, turned (crossing the texture's rows) either way, steps from
    /// a third of a texel to two, faded or not, every weight's range, their positions inside
    /// both levels or running off them: the same pixels to the byte, and nothing outside
    /// the row touched.
    @Test(arguments: [false, true])
    func oneRowOfTwoLevelsIsEachLevelsSpanMixed(_ blended: Bool) {
        let fineImage = scattered(128, 96, seed: 0x5A5A_1234), coarseImage = scattered(64, 48, seed: 0x0F0F_4321)
        var random = SeededGenerator(seed: 39)
        for trial in 0..<600 {
            let count = 1 + trial % 41, skip = Int.random(in: 0...6, using: &random), lo = 2 + skip, hi = lo + count - 1
            let du = Float.random(in: 0.3...2, using: &random) * (Bool.random(using: &random) ? 1 : -1)
            let dv = Float.random(in: 0.02...0.8, using: &random) * (Bool.random(using: &random) ? 1 : -1)
            // Mostly inside both levels; one trial in five starting near an edge, to run off it.
            let nearEdge = trial % 5 == 0
            let u0 = nearEdge ? Float.random(in: -2...4, using: &random) : Float.random(in: 40...80, using: &random)
            let v0 = nearEdge ? Float.random(in: 90...97, using: &random) : Float.random(in: 30...60, using: &random)
            let t = SIMD4<Float>(u0, v0, 0, 0), dt = SIMD4<Float>(du, dv, 0, 0)
            let fine = Rasterizer.TexelWalk(fineImage.view, step: dt), coarse = Rasterizer.TexelWalk(coarseImage.view, step: dt / 2)
            let weight = UInt32.random(in: 1...255, using: &random)
            let fade = [255, 180, 7, UInt32.random(in: 0...255, using: &random)][trial % 4]
            let color = fade << 24 | 0x00FF_FFFF
            let under = (0..<(hi + 3)).map { _ in UInt32.random(in: 0...UInt32.max, using: &random) }
            var painted = under
            painted.withUnsafeMutableBufferPointer {
                Rasterizer.trilinearSpan($0.baseAddress!, lo, hi, (fine, t), (coarse, t / 2), weight, .uniform(color), skip: skip, blended)
            }
            let expected = levelByLevel(under, lo, hi, (fine, t), (coarse, t / 2), weight, color, skip: skip, blended)
            #expect(painted == expected, "trial \(trial): \(count) columns, step (\(du), \(dv)) from (\(u0), \(v0)), fade \(fade)")
        }
    }
}
