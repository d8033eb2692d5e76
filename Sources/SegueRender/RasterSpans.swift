internal import CSegueSupport
/// The pixel arithmetic: spans, sampling and blending on 0xAARRGGBB words.
extension Rasterizer {
    /// 0…255 channels (r, g, b, a), rounded and clamped, as 0xAARRGGBB.
    @inline(__always)
    package static func pack(_ c: SIMD4<Float>) -> UInt32 {
        @inline(__always) func byte(_ v: Float) -> UInt32 { v.isNaN ? 0 : UInt32(min(max(v + 0.5, 0), 255.5)) }
        return byte(c.w) << 24 | byte(c.x) << 16 | byte(c.y) << 8 | byte(c.z)
    }

    /// A channel value (0…255, clamped) in 16.16 fixed point, plus a half so that taking
    /// the integer part rounds.
    @inline(__always)
    static func fixed(_ v: Float) -> Int32 { v.isNaN ? 32768 : Int32(min(max(v, 0), 255) * 65536) + 32768 }

    /// A channel's change a column in 16.16 fixed point; nil beyond what 32 bits hold (a
    /// sliver triangle's colours can change by thousands of levels a pixel).
    @inline(__always)
    static func fixedStep(_ d: Float) -> Int32? {
        let v = d * 65536
        return abs(v) < 2_000_000_000 ? Int32(v) : nil
    }

    /// A channel `v` (0…255 at the columns painted, any value at the span's origin) at the
    /// origin, stepped `skip` columns by `step`, in 16.16 fixed point plus a half as `fixed`
    /// gives; nil unless that and the value `count` columns further lie in 0…255. Every run
    /// of a row stepped from one origin gets the very same values, wherever it starts.
    /// (`checked: false` where the caller has seen `v` finite and within ±10⁶ already; within
    /// that the sums cannot overflow, and wrap never.)
    @inline(__always)
    static func fixed(_ v: Float, stepped step: Int32, _ skip: Int, count: Int, checked: Bool = true) -> Int64? {
        if checked { guard v.isFinite, abs(v) < 1_000_000 else { return nil } }
        let start = Int64(v * 65536) &+ 32768 &+ Int64(step) &* Int64(skip), end = start &+ Int64(step) &* Int64(count)
        let range: ClosedRange<Int64> = 0...(256 << 16 - 1)
        return range.contains(start) && range.contains(end) ? start : nil
    }

    /// `src` over `dst`, straight alpha: colour s·a + d·(1 − a), alpha a + d·(1 − a).
    /// (Each 16-bit lane stays below 2¹⁶ — at most 255·255 + 255 — so the arithmetic wraps
    /// never, and is written with wrapping operators: no overflow checks in the inner loops.)
    @inline(__always)
    static func blend(_ src: UInt32, over dst: UInt32) -> UInt32 {
        let a = src &>> 24
        if a == 255 { return src }
        if a == 0 { return dst }
        let k = 255 &- a
        // Red and blue in one word, green and alpha in another, each ·a / 255 rounded.
        let srb = (src & 0x00FF_00FF) &* a, sg = ((src &>> 8) & 0xFF) &* a
        let drb = (dst & 0x00FF_00FF) &* k, dga = ((dst &>> 8) & 0x00FF_00FF) &* k
        var rb = srb &+ drb &+ 0x0080_0080
        rb = ((rb &+ ((rb &>> 8) & 0x00FF_00FF)) &>> 8) & 0x00FF_00FF
        var ga = (sg | (a &* 255) &<< 16) &+ dga &+ 0x0080_0080
        ga = ((ga &+ ((ga &>> 8) & 0x00FF_00FF)) &>> 8) & 0x00FF_00FF
        return rb | ga &<< 8
    }

    /// `blend` four pixels at a time, each lane its own source: the same arithmetic, whose
    /// results at alpha 255 and 0 are the source and the destination exactly (x·255 / 255
    /// rounds to x), so no lane needs `blend`'s shortcuts.
    @inline(__always)
    static func blend4(_ src: SIMD4<UInt32>, over dst: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let mask = SIMD4<UInt32>(repeating: 0x00FF_00FF), half = SIMD4<UInt32>(repeating: 0x0080_0080)
        let a = src &>> 24, k = 255 &- a
        var rb = (src & mask) &* a &+ (dst & mask) &* k &+ half
        rb = ((rb &+ ((rb &>> 8) & mask)) &>> 8) & mask
        var ga = (((src &>> 8) & 0xFF) &* a | (a &* 255) &<< 16) &+ ((dst &>> 8) & mask) &* k &+ half
        ga = ((ga &+ ((ga &>> 8) & mask)) &>> 8) & mask
        return rb | ga &<< 8
    }

    /// `src` over each pixel of columns lo…hi, four at a time (`blend4`; the source's share
    /// is the same every step, which the compiler works out once): a dim or a fading screen
    /// over what lies beneath.
    @inline(__always)
    static func blendSpan(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ src: UInt32) {
        let a = src &>> 24
        guard a != 0, lo <= hi else { return }
        if a == 255 {
            (line + lo).update(repeating: src, count: hi - lo + 1)
            return
        }
        let src4 = SIMD4<UInt32>(repeating: src)
        var x = lo
        while x &+ 3 <= hi {
            let p = UnsafeMutableRawPointer(line + x)
            p.storeBytes(of: blend4(src4, over: p.loadUnaligned(as: SIMD4<UInt32>.self)), as: SIMD4<UInt32>.self)
            x &+= 4
        }
        while x <= hi {
            line[x] = blend(src, over: line[x])
            x &+= 1
        }
    }

    /// Two channels in one word, each 16.16 fixed point in its own 32-bit half (`high`
    /// above, `low` below), and their step. Adding a step is exact integer arithmetic on
    /// the whole word, and each half stays in 0 ..< 2³², so the halves never mix.
    struct ChannelPair {
        var value: Int64 = 0
        var step: Int64 = 0

        init() {}

        /// `low` and `high` at the origin, `skip` columns before the first, changing by
        /// `lowStep` and `highStep` a column for `count` columns; nil if that would leave
        /// 0…255 (a sliver triangle's extrapolation), which would spill one half into the other.
        init?(low: Float, high: Float, lowStep: Float, highStep: Float, skip: Int, count: Int) {
            guard let sl = fixedStep(lowStep), let sh = fixedStep(highStep),
                  let l = Rasterizer.fixed(low, stepped: sl, skip, count: count),
                  let h = Rasterizer.fixed(high, stepped: sh, skip, count: count) else { return nil }
            value = (h << 32) + l
            step = (Int64(sh) << 32) + Int64(sl)
        }

        /// The two channels' bytes at bits 0–7 and 16–23.
        @inline(__always) var bytes: UInt32 {
            let x = UInt64(bitPattern: value) >> 16 & 0x0000_00FF_0000_00FF
            return UInt32(truncatingIfNeeded: x | x >> 16) & 0x00FF_00FF
        }
    }

    /// One row of a colour-interpolated triangle from column `lo` to `hi`, the colour (r,
    /// g, b, a, 0…255) at its origin, `skip` columns before `lo`, and its step a column.
    /// Four pixels at a time, each channel of the four in one vector, 16.16 fixed point.
    @inline(__always)
    static func shadedSpan(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ c: SIMD4<Float>,
                           _ dc: SIMD4<Float>, skip: Int, _ blended: Bool) {
        let n = hi - lo
        // The usual case: the four channels' checks of `fixedStep` and `fixed(_:stepped:_:count:)`
        // (a step within 32 bits, a value within reach) taken at once, not channel by channel.
        let scaled = dc * 65536
        let plausible = all((scaled .< 2_000_000_000) .& (scaled .> -2_000_000_000) .& (c .< 1_000_000) .& (c .> -1_000_000))
        @inline(__always) func channel(_ v: Float, _ dv: Float) -> (SIMD4<Int32>, SIMD4<Int32>) {
            var f0: Int32, step: Int32
            if let s = plausible ? Int32(dv * 65536) : fixedStep(dv), let start = fixed(v, stepped: s, skip, count: n, checked: !plausible) {
                (f0, step) = (Int32(start), s)
            } else {
                // A sliver triangle's steep or extrapolated colours could leave 0…255: then the
                // span ends where it must.
                let v0 = v + dv * Float(skip)
                f0 = fixed(v0)
                step = n > 0 ? (fixed(v0 + dv * Float(n)) - f0) / Int32(n) : 0
            }
            return (SIMD4(f0, f0 &+ step, f0 &+ 2 &* step, f0 &+ 3 &* step), SIMD4(repeating: 4 &* step))
        }
        var (r, dr) = channel(c.x, dc.x), (g, dg) = channel(c.y, dc.y)
        var (b, db) = channel(c.z, dc.z), (a, da) = channel(c.w, dc.w)
        // Each lane is below 2²⁴: its byte sits at bits 16–23.
        @inline(__always) func pixels() -> SIMD4<UInt32> {
            SIMD4<UInt32>(truncatingIfNeeded: (r & 0xFF_0000) | (g &>> 8 & 0xFF00) | (b &>> 16) | (a &<< 8 & -0x100_0000))
        }
        @inline(__always) func step() {
            r &+= dr
            g &+= dg
            b &+= db
            a &+= da
        }
        fourAtATime(line, lo, hi, blended, pixels, step)
    }

    /// Paints columns lo…hi four pixels a step from `pixels` (the next four columns' pixels,
    /// `step` moving on to the four after), blended or stored (a loop each: the test stays
    /// out of them), then the last one to three.
    @inline(__always)
    static func fourAtATime(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ blended: Bool,
                            _ pixels: () -> SIMD4<UInt32>, _ step: () -> Void) {
        var x = lo
        let lastFour = hi &- 3
        if blended {
            while x <= lastFour {
                let p = UnsafeMutableRawPointer(line + x)
                p.storeBytes(of: blend4(pixels(), over: p.loadUnaligned(as: SIMD4<UInt32>.self)), as: SIMD4<UInt32>.self)
                step()
                x &+= 4
            }
        } else {
            while x <= lastFour {
                UnsafeMutableRawPointer(line + x).storeBytes(of: pixels(), as: SIMD4<UInt32>.self)
                step()
                x &+= 4
            }
        }
        if x <= hi {
            let px = pixels()
            for k in 0...(hi - x) { line[x + k] = blended ? blend(px[k], over: line[x + k]) : px[k] }
        }
    }

    /// Asks for the cache lines of columns lo…hi (lo ≥ 0) of `line`, to be read soon.
    @inline(__always)
    static func prefetch(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int) {
        var x = lo & ~15
        while x <= hi {
            segue_prefetch(line + x)
            x &+= 16
        }
    }

    /// Columns lo…hi of `source` into `line`, blended over it or stored, four at a time; a
    /// run of four or more ends with the four that end it, those already blended kept.
    @inline(__always)
    static func store(_ line: UnsafeMutablePointer<UInt32>, from source: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int,
                      _ blended: Bool) {
        guard blended else {
            (line + lo).update(from: source + lo, count: hi - lo + 1)
            return
        }
        guard hi &- lo >= 3 else {
            var x = lo
            while x <= hi {
                line[x] = blend(source[x], over: line[x])
                x &+= 1
            }
            return
        }
        @inline(__always) func four(_ x: Int) -> (UnsafeMutableRawPointer, SIMD4<UInt32>, SIMD4<UInt32>) {
            let p = UnsafeMutableRawPointer(line + x)
            return (p, UnsafeRawPointer(source + x).loadUnaligned(as: SIMD4<UInt32>.self), p.loadUnaligned(as: SIMD4<UInt32>.self))
        }
        var x = lo
        while x &+ 3 <= hi {
            let (p, s, d) = four(x)
            p.storeBytes(of: blend4(s, over: d), as: SIMD4<UInt32>.self)
            x &+= 4
        }
        if x <= hi {
            let g = hi &- 3, (p, s, d) = four(g)
            let done = SIMD4<UInt32>(0, 1, 2, 3) &+ UInt32(truncatingIfNeeded: g &- x &+ 4) .< 4
            p.storeBytes(of: blend4(s, over: d).replacing(with: d, where: done), as: SIMD4<UInt32>.self)
        }
    }

    /// The colour a texture is multiplied by along a span.
    enum SpanColor {
        case uniform(UInt32)
        /// At the first column (r, g, b, a, 0…255), and its step a column.
        case varying(SIMD4<Float>, SIMD4<Float>)
    }

    /// One row of a coverage texture (glyphs) in one colour from column `lo` to `hi`,
    /// blended, the texel position at its origin `skip` columns before `lo`: the same pixels
    /// as `texturedSpan` gives white texels, reading only their alpha.
    @inline(__always)
    static func coverageSpan(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ texture: PixelView,
                             _ t: SIMD4<Float>, _ dt: SIMD4<Float>, skip: Int, _ color: UInt32) {
        var walk = TexelWalk(texture, t, dt, skip: skip)
        let rgb = color & 0x00FF_FFFF, alpha = color >> 24
        for x in lo...hi {
            let f = walk.footprint()
            // The alphas, as `bilinear` weighs them: each column rounded, then the row.
            let left = ((f.a &>> 24) &* (256 &- f.fv) &+ (f.c &>> 24) &* f.fv &+ 128) &>> 8
            let right = ((f.b &>> 24) &* (256 &- f.fv) &+ (f.d &>> 24) &* f.fv &+ 128) &>> 8
            let coverage = (left &* (256 &- f.fu) &+ right &* f.fu &+ 128) &>> 8
            let m = coverage &* alpha &+ 128
            line[x] = blend(rgb | ((m &+ (m &>> 8)) &>> 8) &<< 24, over: line[x])
            walk.step()
        }
    }

    /// n / d rounded down (toward −∞).
    @inline(__always)
    static func floorDiv<T: SignedInteger>(_ n: T, _ d: T) -> T {
        let q = n / d
        return (n % d != 0 && ((n < 0) != (d < 0))) ? q - 1 : q
    }

    /// n / d rounded up (toward +∞).
    @inline(__always)
    static func ceilDiv<T: SignedInteger>(_ n: T, _ d: T) -> T { -floorDiv(-n, d) }

    /// a + (b − a)·f / 256 per channel, rounded; f in 0…256 (each lane at most
    /// 255·256 + 128: wrapping operators, which never wrap here).
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let g = 256 &- f
        let rb = ((a & 0x00FF_00FF) &* g &+ (b & 0x00FF_00FF) &* f &+ 0x0080_0080) &>> 8 & 0x00FF_00FF
        let ga = (((a &>> 8) & 0x00FF_00FF) &* g &+ ((b &>> 8) & 0x00FF_00FF) &* f &+ 0x0080_0080) &>> 8 & 0x00FF_00FF
        return rb | ga &<< 8
    }

    /// Each channel of `a` times `b`'s, / 255.
    @inline(__always)
    static func modulate(_ a: UInt32, _ b: UInt32) -> UInt32 {
        @inline(__always) func ch(_ s: UInt32) -> UInt32 {
            let x = ((a &>> s) & 0xFF) &* ((b &>> s) & 0xFF) &+ 128
            return ((x &+ (x &>> 8)) &>> 8) &<< s
        }
        return ch(0) | ch(8) | ch(16) | ch(24)
    }
}
