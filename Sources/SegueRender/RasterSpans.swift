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
    @inline(__always)
    static func fixed(_ v: Float, stepped step: Int32, _ skip: Int, count: Int) -> Int64? {
        guard v.isFinite, abs(v) < 1_000_000 else { return nil }
        let start = Int64(v * 65536) + 32768 + Int64(step) * Int64(skip), end = start + Int64(step) * Int64(count)
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
        @inline(__always) func channel(_ v: Float, _ dv: Float) -> (SIMD4<Int32>, SIMD4<Int32>) {
            var f0: Int32, step: Int32
            if let s = fixedStep(dv), let start = fixed(v, stepped: s, skip, count: n) {
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

    /// Columns lo…hi of `source` into `line`, blended over it or stored, four at a time.
    @inline(__always)
    static func store(_ line: UnsafeMutablePointer<UInt32>, from source: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int,
                      _ blended: Bool) {
        guard blended else {
            (line + lo).update(from: source + lo, count: hi - lo + 1)
            return
        }
        var at = source + lo
        fourAtATime(line, lo, hi, true, { UnsafeRawPointer(at).loadUnaligned(as: SIMD4<UInt32>.self) }, { at += 4 })
    }

    /// The colour a texture is multiplied by along a span.
    enum SpanColor {
        case uniform(UInt32)
        /// At the first column (r, g, b, a, 0…255), and its step a column.
        case varying(SIMD4<Float>, SIMD4<Float>)
    }

    /// One row of a textured triangle from column `lo` to `hi`: the texel position (u, v,
    /// in texels, centres at whole numbers) at its origin, `skip` columns before `lo`, and
    /// its step a column, times `color` (opaque white leaves the texels as they are).
    @inline(__always)
    static func texturedSpan(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ texture: PixelView,
                             _ t: SIMD4<Float>, _ dt: SIMD4<Float>, _ color: SpanColor, skip: Int, _ blended: Bool) {
        let n = hi - lo
        var uniform: UInt32 = 0, rb = ChannelPair(), ga = ChannelPair(), varying = false
        switch color {
        case .uniform(let c): uniform = c
        case .varying(let c, let dc):
            if let p = ChannelPair(low: c.z, high: c.x, lowStep: dc.z, highStep: dc.x, skip: skip, count: n),
               let q = ChannelPair(low: c.y, high: c.w, lowStep: dc.y, highStep: dc.w, skip: skip, count: n) {
                (rb, ga, varying) = (p, q, true)
            } else {
                // Off the colour range (a sliver's extrapolation): one colour, the middle's.
                uniform = pack(c + dc * (Float(skip) + Float(n) / 2))
            }
        }
        let white = !varying && uniform == 0xFFFF_FFFF
        var walk = TexelWalk(texture, t, dt, skip: skip)
        /// Columns from…to by the general path: clamped, times the colour.
        func general(_ from: Int, _ to: Int) {
            guard from <= to else { return }
            for x in from...to {
                var s = bilinear(walk.footprint())
                if !white { s = modulate(s, varying ? rb.bytes | ga.bytes &<< 8 : uniform) }
                line[x] = blended ? blend(s, over: line[x]) : s
                walk.step()
                rb.value &+= rb.step
                ga.value &+= ga.step
            }
        }
        // An image drawn as it is, or only faded (white), needs no clamps where its 2 × 2
        // texels lie inside the texture, and at most its alpha scaled: the photographs'
        // case. Only the span's ends (its image's edges) take the general path.
        guard !varying && uniform & 0x00FF_FFFF == 0x00FF_FFFF, let inside = walk.insideSteps(n) else {
            general(lo, hi)
            return
        }
        let fade = uniform >> 24, first = lo + inside.lowerBound, last = lo + inside.upperBound
        general(lo, first - 1)
        if walk.dv == 0 {
            rowOfImage(line, first, last, &walk, fade: fade, blended)
        } else {
            var x = first
            if x &+ 3 <= last, let (u4, v4, step) = walk.insideLanes() {
                var (u, v) = (u4, v4)
                while x &+ 3 <= last {
                    let s = faded(walk.insideBilinear4(u, v), by: fade)
                    let p = UnsafeMutableRawPointer(line + x)
                    p.storeBytes(of: blended ? blend4(s, over: p.loadUnaligned(as: SIMD4<UInt32>.self)) : s, as: SIMD4<UInt32>.self)
                    u &+= step.u
                    v &+= step.v
                    x &+= 4
                }
                walk.u &+= (x &- first) &* walk.du
                walk.v &+= (x &- first) &* walk.dv
            }
            while x <= last {
                let s = faded(bilinear(walk.insideFootprint()), by: fade)
                line[x] = blended ? blend(s, over: line[x]) : s
                walk.step()
                x &+= 1
            }
        }
        general(last + 1, hi)
    }

    /// The bilinear mix of a footprint: each column's two texels by the row weight, then the
    /// two columns by the column weight.
    @inline(__always)
    static func bilinear(_ f: (a: UInt32, b: UInt32, c: UInt32, d: UInt32, fu: UInt32, fv: UInt32)) -> UInt32 {
        lerp(lerp(f.a, f.c, f.fv), lerp(f.b, f.d, f.fv), f.fu)
    }

    /// `texturedSpan`'s image case along a row of texels (v the same all along: an image
    /// not turned): the texel columns the row crosses are mixed by the row weight first,
    /// four at a time, then each pixel mixes its two columns by its column weight, four
    /// pixels a step — one mix a pixel, not three, the same arithmetic as `bilinear`.
    @inline(__always)
    static func rowOfImage(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ walk: inout TexelWalk,
                           fade: UInt32, _ blended: Bool) {
        let row0 = walk.texels + (walk.v &>> 16) &* walk.width, row1 = row0 + walk.width
        let fv = UInt32(truncatingIfNeeded: walk.v &>> 8 & 0xFF)
        let n = hi - lo, du = walk.du
        if du == 1 << 16 && (walk.u &+ 128) &>> 8 & 0xFF == 0 && (walk.v &+ 128) &>> 8 & 0xFF == 0 {
            // Texel for pixel (a picture shown where it was drawn): within 1/512 of a texel
            // of its centre, each pixel is the texel there, which the mixes below give to
            // within two levels.
            let texels = walk.texels + ((walk.v &+ 128) &>> 16) &* walk.width + (((walk.u &+ 128) &>> 16) &- lo)
            var x = lo
            while x &+ 3 <= hi {
                let s = faded(UnsafeRawPointer(texels + x).loadUnaligned(as: SIMD4<UInt32>.self), by: fade)
                let p = UnsafeMutableRawPointer(line + x)
                p.storeBytes(of: blended ? blend4(s, over: p.loadUnaligned(as: SIMD4<UInt32>.self)) : s, as: SIMD4<UInt32>.self)
                x &+= 4
            }
            while x <= hi {
                let s = faded(texels[x], by: fade)
                line[x] = blended ? blend(s, over: line[x]) : s
                x &+= 1
            }
            walk.u &+= du &* (n + 1)
            return
        }
        // The columns crossed, each with its right neighbour (inside the texture: the span
        // is in `insideSteps`).
        let first = min(walk.u, walk.u &+ du &* n) &>> 16, count = (max(walk.u, walk.u &+ du &* n) &>> 16) - first + 2
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { columns in
            let c = columns.baseAddress!
            var i = 0
            let fv4 = SIMD4<UInt32>(repeating: fv)
            while i &+ 3 < count {
                let top = UnsafeRawPointer(row0 + first + i).loadUnaligned(as: SIMD4<UInt32>.self)
                let bottom = UnsafeRawPointer(row1 + first + i).loadUnaligned(as: SIMD4<UInt32>.self)
                UnsafeMutableRawPointer(c + i).storeBytes(of: lerp4(top, bottom, fv4), as: SIMD4<UInt32>.self)
                i &+= 4
            }
            while i < count {
                c[i] = lerp(row0[first + i], row1[first + i], fv)
                i &+= 1
            }
            var x = lo, u = walk.u
            // Positions from the first column's, four at a time in 32-bit lanes (they stay
            // under the texture's width, below 2¹⁵ texels, where the steps are small enough).
            if x &+ 3 <= hi, walk.width < 32768, abs(du) < 1 << 28 {
                let du32 = Int32(truncatingIfNeeded: du)
                var r = SIMD4(repeating: Int32(truncatingIfNeeded: u &- first &<< 16)) &+ SIMD4(0, 1, 2, 3) &* du32
                let step = SIMD4(repeating: 4 &* du32)
                while x &+ 3 <= hi {
                    let k = r &>> 16
                    let left = SIMD4<UInt32>(c[Int(k[0])], c[Int(k[1])], c[Int(k[2])], c[Int(k[3])])
                    let right = SIMD4<UInt32>(c[Int(k[0]) &+ 1], c[Int(k[1]) &+ 1], c[Int(k[2]) &+ 1], c[Int(k[3]) &+ 1])
                    let s = faded(lerp4(left, right, SIMD4<UInt32>(truncatingIfNeeded: r &>> 8 & 0xFF)), by: fade)
                    let p = UnsafeMutableRawPointer(line + x)
                    p.storeBytes(of: blended ? blend4(s, over: p.loadUnaligned(as: SIMD4<UInt32>.self)) : s, as: SIMD4<UInt32>.self)
                    r &+= step
                    x &+= 4
                }
                u &+= (x &- lo) &* du
            }
            while x <= hi {
                let k = (u &>> 16) - first
                let s = faded(lerp(c[k], c[k + 1], UInt32(truncatingIfNeeded: u &>> 8 & 0xFF)), by: fade)
                line[x] = blended ? blend(s, over: line[x]) : s
                u &+= du
                x &+= 1
            }
        }
        walk.u &+= du &* (n + 1)
    }

    /// `s` with its alpha times `fade` / 255 (rounded), on one pixel or four.
    @inline(__always)
    static func faded<T: SIMD>(_ s: T, by fade: UInt32) -> T where T.Scalar == UInt32 {
        guard fade != 255 else { return s }
        let m = (s &>> 24) &* T(repeating: fade) &+ T(repeating: 128)
        return s & T(repeating: 0x00FF_FFFF) | ((m &+ (m &>> 8)) &>> 8) &<< 24
    }

    @inline(__always)
    static func faded(_ s: UInt32, by fade: UInt32) -> UInt32 {
        guard fade != 255 else { return s }
        let m = (s &>> 24) &* fade &+ 128
        return s & 0x00FF_FFFF | ((m &+ (m &>> 8)) &>> 8) &<< 24
    }

    /// `lerp` on four lanes.
    @inline(__always)
    static func lerp4(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, _ f: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let mask = SIMD4<UInt32>(repeating: 0x00FF_00FF), half = SIMD4<UInt32>(repeating: 0x0080_0080)
        let g = 256 &- f
        let rb = ((a & mask) &* g &+ (b & mask) &* f &+ half) &>> 8 & mask
        let ga = (((a &>> 8) & mask) &* g &+ ((b &>> 8) & mask) &* f &+ half) &>> 8 & mask
        return rb | ga &<< 8
    }

    /// A walk along a span through a texture: the position in texels (16.16 fixed point,
    /// centres at whole numbers) and its step a column.
    struct TexelWalk {
        let texels: UnsafeMutablePointer<UInt32>
        let width: Int, height: Int
        var u: Int, v: Int
        let du: Int, dv: Int
        /// The last texel centres, where positions are clamped.
        let maxU: Int, maxV: Int

        /// The walk `skip` columns on from position `t`. Positions are held to ±2³⁰ texels
        /// (a sliver's extrapolation to its origin column can reach far past the texture;
        /// every step stays exact well within 64 bits), and rounded to the nearest 1/65536 of
        /// a texel: a float's error off a texel centre or a step of one texel (a picture
        /// shown where it was drawn) is not a fraction of a texel more.
        @inline(__always)
        init(_ texture: PixelView, _ t: SIMD4<Float>, _ dt: SIMD4<Float>, skip: Int) {
            let limit = Float(1 << 30)
            @inline(__always) func fixed(_ v: Float) -> Int { Int((min(max(v, -limit), limit) * 65536).rounded()) }
            texels = texture.pixels
            width = texture.width
            height = texture.height
            (du, dv) = (fixed(dt.x), fixed(dt.y))
            (u, v) = (fixed(t.x) &+ du &* skip, fixed(t.y) &+ dv &* skip)
            (maxU, maxV) = ((width - 1) << 16, (height - 1) << 16)
        }

        /// The steps k in 0…`steps` at which the 2 × 2 texels lie inside the texture (0 ≤
        /// position < the last centre on both axes), nil if none: positions move linearly,
        /// so they are one run — all of it where both ends are inside (a span in the middle
        /// of its image, the usual case: no division).
        @inline(__always)
        func insideSteps(_ steps: Int) -> ClosedRange<Int>? {
            @inline(__always) func inside(_ p: Int, _ limit: Int) -> Bool { p >= 0 && p < limit }
            if inside(u, maxU) && inside(v, maxV) && inside(u &+ du &* steps, maxU) && inside(v &+ dv &* steps, maxV) {
                return 0...steps
            }
            return insideSteps(searching: steps)
        }

        /// `insideSteps` where an end lies outside: each axis's bounds by division.
        private func insideSteps(searching steps: Int) -> ClosedRange<Int>? {
            var low = 0, high = steps
            /// Narrows low…high to the k with 0 ≤ p + k·d < limit.
            func narrow(_ p: Int, _ d: Int, _ limit: Int) {
                if d == 0 {
                    if p < 0 || p >= limit { high = -1 }
                } else if d > 0 {
                    low = max(low, Rasterizer.ceilDiv(-p, d))
                    high = min(high, Rasterizer.floorDiv(limit - 1 - p, d))
                } else {
                    low = max(low, Rasterizer.ceilDiv(limit - 1 - p, d))
                    high = min(high, Rasterizer.floorDiv(-p, d))
                }
            }
            narrow(u, du, maxU)
            narrow(v, dv, maxV)
            return low <= high ? low...high : nil
        }

        /// The 2 × 2 texels around the position, clamped to the edges (a b above, c d
        /// below), and the weights of the right column and the lower row, 0…255.
        @inline(__always)
        func footprint() -> (a: UInt32, b: UInt32, c: UInt32, d: UInt32, fu: UInt32, fv: UInt32) {
            let cu = min(max(u, 0), maxU), cv = min(max(v, 0), maxV)
            let iu = cu &>> 16, iu1 = min(iu &+ 1, width &- 1)
            let row0 = texels + (cv &>> 16) &* width, row1 = texels + min((cv &>> 16) &+ 1, height &- 1) &* width
            return (row0[iu], row0[iu1], row1[iu], row1[iu1],
                    UInt32(truncatingIfNeeded: cu &>> 8 & 0xFF), UInt32(truncatingIfNeeded: cv &>> 8 & 0xFF))
        }

        /// `footprint()` at a step `insideSteps` holds: no clamps.
        @inline(__always)
        func insideFootprint() -> (a: UInt32, b: UInt32, c: UInt32, d: UInt32, fu: UInt32, fv: UInt32) {
            let row0 = texels + ((v &>> 16) &* width &+ (u &>> 16)), row1 = row0 + width
            return (row0[0], row0[1], row1[0], row1[1],
                    UInt32(truncatingIfNeeded: u &>> 8 & 0xFF), UInt32(truncatingIfNeeded: v &>> 8 & 0xFF))
        }

        /// This step's position and the next three's, lane by lane, and the step of four, in
        /// 32-bit lanes — nil where they might not fit: a texture 32768 texels or more a side,
        /// or steps of 4096 texels or more. (Inside the texture a 16.16 position is below 2³¹.)
        @inline(__always)
        func insideLanes() -> (u: SIMD4<Int32>, v: SIMD4<Int32>, step: (u: SIMD4<Int32>, v: SIMD4<Int32>))? {
            guard width < 32768, height < 32768, abs(du) < 1 << 28, abs(dv) < 1 << 28 else { return nil }
            let ramp = SIMD4<Int32>(0, 1, 2, 3)
            let du32 = Int32(truncatingIfNeeded: du), dv32 = Int32(truncatingIfNeeded: dv)
            return (SIMD4(repeating: Int32(truncatingIfNeeded: u)) &+ ramp &* du32, SIMD4(repeating: Int32(truncatingIfNeeded: v)) &+ ramp &* dv32,
                    (SIMD4(repeating: 4 &* du32), SIMD4(repeating: 4 &* dv32)))
        }

        /// `bilinear(insideFootprint())` at the four positions `u`, `v` (all inside;
        /// `insideLanes`): each position's two texels of a row read as one pair, the rows
        /// mixed two positions a vector, then the columns — the same arithmetic, half the reads.
        @inline(__always)
        func insideBilinear4(_ u: SIMD4<Int32>, _ v: SIMD4<Int32>) -> SIMD4<UInt32> {
            let at = (v &>> 16) &* Int32(truncatingIfNeeded: width) &+ (u &>> 16), w = width
            @inline(__always) func pairs(_ j: Int, _ k: Int, below: Int) -> SIMD4<UInt32> {
                SIMD4(lowHalf: UnsafeRawPointer(texels + (Int(at[j]) &+ below)).loadUnaligned(as: SIMD2<UInt32>.self),
                      highHalf: UnsafeRawPointer(texels + (Int(at[k]) &+ below)).loadUnaligned(as: SIMD2<UInt32>.self))
            }
            let fv = SIMD4<UInt32>(truncatingIfNeeded: v &>> 8 & 0xFF)
            let first = Rasterizer.lerp4(pairs(0, 1, below: 0), pairs(0, 1, below: w), SIMD4(fv[0], fv[0], fv[1], fv[1]))
            let second = Rasterizer.lerp4(pairs(2, 3, below: 0), pairs(2, 3, below: w), SIMD4(fv[2], fv[2], fv[3], fv[3]))
            return Rasterizer.lerp4(SIMD4(first[0], first[2], second[0], second[2]), SIMD4(first[1], first[3], second[1], second[3]),
                                    SIMD4<UInt32>(truncatingIfNeeded: u &>> 8 & 0xFF))
        }

        @inline(__always)
        mutating func step() {
            u &+= du
            v &+= dv
        }
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
