internal import CSegueSupport

/// Spans of an image: texels walked along a row, sampled bilinearly (four pixels at a time
/// where they can), faded and blended.
extension Rasterizer {
    /// One row of a textured triangle from column `lo` to `hi`: `walk` the texture's walk
    /// placed at `lo` (`TexelWalk.at`), times `color` (opaque white leaves the texels as they
    /// are), which a varying colour gives at the row's origin, `skip` columns before `lo`.
    @inline(__always)
    static func texturedSpan(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ walk: TexelWalk,
                             _ color: SpanColor, skip: Int, _ blended: Bool) {
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
        var walk = walk
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
                if x <= last && !blended {
                    // The last one to three stored as the four ending at `last`, the lanes
                    // stepped back to it: those before them get the values they hold again
                    // (a stored row's tail, not a blend).
                    let back = x &- (last &- 3)
                    let endU = u &- SIMD4(repeating: Int32(truncatingIfNeeded: back &* walk.du))
                    let endV = v &- SIMD4(repeating: Int32(truncatingIfNeeded: back &* walk.dv))
                    UnsafeMutableRawPointer(line + (last &- 3)).storeBytes(of: faded(walk.insideBilinear4(endU, endV), by: fade),
                                                                            as: SIMD4<UInt32>.self)
                    x = last &+ 1
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

    /// `texturedSpan` of a row cut in two at column `at` (lo < at ≤ hi): columns lo…at − 1
    /// by `walk` (placed at lo) times `color`, and at…hi by `next` (placed at `at`) times
    /// `nextColor`, `skip` and `nextSkip` columns from their origins — a quad's row whose
    /// two triangles sample one image from two planes. Where both parts are the image drawn
    /// as it is or faded alike, stored, turned (their rows cross the texture's) and inside
    /// it, and the row is four columns or more, one pass of four pixels a step: four that
    /// straddle the cut take each lane's position from its own part's walk. Else each part
    /// on its own; the same pixels either way.
    static func texturedSpan(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ walk: TexelWalk, _ color: SpanColor,
                             skip: Int, then next: TexelWalk, from at: Int, _ nextColor: SpanColor, skip nextSkip: Int,
                             _ blended: Bool) {
        guard !blended, case .uniform(let c) = color, case .uniform(let nextC) = nextColor, c == nextC, c & 0x00FF_FFFF == 0x00FF_FFFF,
              walk.dv != 0, next.dv != 0, hi &- lo >= 3, walk.staysInside(at &- 1 &- lo), next.staysInside(hi &- at),
              let first = walk.insideLanes(), let second = next.insideLanes() else {
            texturedSpan(line, lo, at - 1, walk, color, skip: skip, blended)
            texturedSpan(line, at, hi, next, nextColor, skip: nextSkip, blended)
            return
        }
        let fade = c >> 24
        let du = Int32(truncatingIfNeeded: next.du), dv = Int32(truncatingIfNeeded: next.dv)
        @inline(__always) func store(_ x: Int, _ u: SIMD4<Int32>, _ v: SIMD4<Int32>) {
            UnsafeMutableRawPointer(line + x).storeBytes(of: faded(walk.insideBilinear4(u, v), by: fade), as: SIMD4<UInt32>.self)
        }
        var x = lo, (u, v) = (first.u, first.v)
        while x &+ 3 < at {
            store(x, u, v)
            u &+= first.step.u
            v &+= first.step.v
            x &+= 4
        }
        // Columns x…x + 3 hold the cut (x < at) or begin the second part (x = at): the
        // second's lanes there, stepped back from `at`, and the first's before the cut.
        let fromAt = SIMD4(repeating: Int32(truncatingIfNeeded: x &- at))
        let (nu, nv) = (second.u &+ fromAt &* du, second.v &+ fromAt &* dv)
        if x >= at {
            (u, v) = (nu, nv)
        } else if x &+ 3 <= hi {
            let before = SIMD4<Int32>(0, 1, 2, 3) &+ fromAt .< 0
            store(x, nu.replacing(with: u, where: before), nv.replacing(with: v, where: before))
            (u, v) = (nu &+ second.step.u, nv &+ second.step.v)
            x &+= 4
        }
        while x &+ 3 <= hi {
            store(x, u, v)
            u &+= second.step.u
            v &+= second.step.v
            x &+= 4
        }
        // The last one to three as the four ending at `hi` (those before them get the values
        // they hold again): the second part's lanes stepped back, or where the second part is
        // under four columns, each lane from its own part's walk.
        if x <= hi {
            let g = hi &- 3
            if g >= at {
                let back = SIMD4(repeating: Int32(truncatingIfNeeded: x &- g))
                store(g, u &- back &* du, v &- back &* dv)
            } else {
                let fromLo = SIMD4(repeating: Int32(truncatingIfNeeded: g &- lo)), fromAt = SIMD4(repeating: Int32(truncatingIfNeeded: g &- at))
                let before = SIMD4<Int32>(0, 1, 2, 3) &+ fromAt .< 0
                let (fu, fv) = (Int32(truncatingIfNeeded: walk.du), Int32(truncatingIfNeeded: walk.dv))
                store(g, (second.u &+ fromAt &* du).replacing(with: first.u &+ fromLo &* fu, where: before),
                      (second.v &+ fromAt &* dv).replacing(with: first.v &+ fromLo &* fv, where: before))
            }
        }
    }

    /// `texturedSpan` from two mip levels, `fine` and the next, `coarse` (each a walk of its
    /// level, `TexelWalk(_:step:)`, and its texel position at the row's origin), mixed by
    /// `weight` / 256 of the coarse one (1…255): trilinear filtering. Where both levels are
    /// the image drawn as it is or faded, turned (their rows cross the texture's), inside it
    /// all along, and the row is four columns or more, one pass four pixels a step
    /// (`mixedLevels`); else up to 128 columns at a time are sampled from each level into
    /// memory on the stack by `texturedSpan` (its fast paths), then mixed four at a time and
    /// stored or blended. The same pixels either way.
    static func trilinearSpan(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int,
                              _ fine: (walk: TexelWalk, t: SIMD4<Float>),
                              _ coarse: (walk: TexelWalk, t: SIMD4<Float>), _ weight: UInt32,
                              _ color: SpanColor, skip: Int, _ blended: Bool) {
        if case .uniform(let c) = color, c & 0x00FF_FFFF == 0x00FF_FFFF, hi &- lo >= 3 {
            let f = fine.walk.at(fine.t, skip: skip), g = coarse.walk.at(coarse.t, skip: skip)
            if f.dv != 0, g.dv != 0, f.staysInside(hi &- lo), g.staysInside(hi &- lo), let fl = f.insideLanes(), let gl = g.insideLanes() {
                mixedLevels(line, lo, hi, (f, fl.u, fl.v, fl.step), (g, gl.u, gl.v, gl.step), weight, fade: c >> 24, blended)
                return
            }
        }
        let chunk = 128
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * chunk) { buffer in
            // Each level's samples for columns x…end, at index column − x.
            let a = buffer.baseAddress!, b = a + chunk
            let w4 = SIMD4<UInt32>(repeating: weight)
            var x = lo
            while x <= hi {
                let end = min(hi, x + chunk - 1), n = end - x + 1
                let skipped = skip + x - lo
                texturedSpan(a - x, x, end, fine.walk.at(fine.t, skip: skipped), color, skip: skipped, false)
                texturedSpan(b - x, x, end, coarse.walk.at(coarse.t, skip: skipped), color, skip: skipped, false)
                var i = 0
                while i + 3 < n {
                    let mixed = lerp4(UnsafeRawPointer(a + i).loadUnaligned(as: SIMD4<UInt32>.self),
                                      UnsafeRawPointer(b + i).loadUnaligned(as: SIMD4<UInt32>.self), w4)
                    UnsafeMutableRawPointer(a + i).storeBytes(of: mixed, as: SIMD4<UInt32>.self)
                    i += 4
                }
                while i < n {
                    a[i] = lerp(a[i], b[i], weight)
                    i += 1
                }
                store(line, from: a - x, x, end, blended)
                x = end + 1
            }
        }
    }

    /// `trilinearSpan`'s one pass: columns lo…hi (four or more) of two levels' walks placed at
    /// `lo`, both inside their textures all along (`TexelWalk.staysInside`), with their lanes
    /// (`TexelWalk.insideLanes`): each level's four pixels sampled (`insideBilinear4`) and
    /// faded by `fade`, mixed by `weight` / 256 of the coarse one, stored or blended — each
    /// level's values as `texturedSpan` gives them, mixed as `trilinearSpan` mixes them. The
    /// last one to three are the four that end the row, those already done kept.
    @inline(__always)
    static func mixedLevels(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int,
                            _ fine: (walk: TexelWalk, u: SIMD4<Int32>, v: SIMD4<Int32>, step: (u: SIMD4<Int32>, v: SIMD4<Int32>)),
                            _ coarse: (walk: TexelWalk, u: SIMD4<Int32>, v: SIMD4<Int32>, step: (u: SIMD4<Int32>, v: SIMD4<Int32>)),
                            _ weight: UInt32, fade: UInt32, _ blended: Bool) {
        let w4 = SIMD4<UInt32>(repeating: weight)
        @inline(__always) func mixed(_ fu: SIMD4<Int32>, _ fv: SIMD4<Int32>, _ cu: SIMD4<Int32>, _ cv: SIMD4<Int32>) -> SIMD4<UInt32> {
            lerp4(faded(fine.walk.insideBilinear4(fu, fv), by: fade), faded(coarse.walk.insideBilinear4(cu, cv), by: fade), w4)
        }
        var (fu, fv, cu, cv) = (fine.u, fine.v, coarse.u, coarse.v)
        var x = lo
        while x &+ 3 <= hi {
            let p = UnsafeMutableRawPointer(line + x), s = mixed(fu, fv, cu, cv)
            p.storeBytes(of: blended ? blend4(s, over: p.loadUnaligned(as: SIMD4<UInt32>.self)) : s, as: SIMD4<UInt32>.self)
            fu &+= fine.step.u
            fv &+= fine.step.v
            cu &+= coarse.step.u
            cv &+= coarse.step.v
            x &+= 4
        }
        guard x <= hi else { return }
        // The four ending at `hi`: each level's lanes stepped back to it.
        let g = hi &- 3, back = SIMD4(repeating: Int32(truncatingIfNeeded: x &- g))
        @inline(__always) func lanes(_ d: Int) -> SIMD4<Int32> { SIMD4(repeating: Int32(truncatingIfNeeded: d)) }
        let s = mixed(fu &- back &* lanes(fine.walk.du), fv &- back &* lanes(fine.walk.dv),
                      cu &- back &* lanes(coarse.walk.du), cv &- back &* lanes(coarse.walk.dv))
        let p = UnsafeMutableRawPointer(line + g), d = p.loadUnaligned(as: SIMD4<UInt32>.self)
        let done = SIMD4<UInt32>(0, 1, 2, 3) &+ UInt32(truncatingIfNeeded: g &- x &+ 4) .< 4
        p.storeBytes(of: (blended ? blend4(s, over: d) : s).replacing(with: d, where: done), as: SIMD4<UInt32>.self)
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
        /// Texels from a footprint's first to what `insideBilinear4` fetches ahead (`ahead(_:width:)`).
        let ahead: Int

        /// A walk through `texture` stepping by `dt` a column, at position (0, 0): what every
        /// row of a triangle shares, set once (`at` places it on a row). `ahead` is what to
        /// fetch ahead (nil: as for a step of one texel down a row).
        @inline(__always)
        init(_ texture: PixelView, step dt: SIMD4<Float>, ahead: Int? = nil) {
            texels = texture.pixels
            width = texture.width
            height = texture.height
            (du, dv) = (Self.fixed(dt.x), Self.fixed(dt.y))
            (u, v) = (0, 0)
            (maxU, maxV) = ((width - 1) << 16, (height - 1) << 16)
            self.ahead = ahead ?? Self.ahead(SIMD4(0, 1, 0, 0), width: width)
        }

        /// The walk `skip` columns on from position `t`.
        @inline(__always)
        init(_ texture: PixelView, _ t: SIMD4<Float>, _ dt: SIMD4<Float>, skip: Int, ahead: Int? = nil) {
            self = TexelWalk(texture, step: dt, ahead: ahead).at(t, skip: skip)
        }

        /// This walk placed `skip` columns on from position `t`.
        @inline(__always)
        func at(_ t: SIMD4<Float>, skip: Int) -> TexelWalk {
            var walk = self
            (walk.u, walk.v) = (Self.fixed(t.x) &+ du &* skip, Self.fixed(t.y) &+ dv &* skip)
            return walk
        }

        /// A position or step in 16.16 fixed point: held to ±2³⁰ texels (a sliver's
        /// extrapolation to its origin column can reach far past the texture; every step
        /// stays exact well within 64 bits), and rounded to the nearest 1/65536 of a texel: a
        /// float's error off a texel centre or a step of one texel (a picture shown where it
        /// was drawn) is not a fraction of a texel more.
        @inline(__always)
        static func fixed(_ v: Float) -> Int {
            let limit = Float(1 << 30)
            return Int((min(max(v, -limit), limit) * 65536).rounded())
        }

        /// Texels from a footprint's first to about where the footprint three rows on reaches
        /// below it, in a texture `width` texels wide whose position steps by `nextRow` from
        /// a row to the next: what to fetch ahead (`insideBilinear4`). One row on was too
        /// close for a fetch from the shared cache to arrive in time, five no better than three
        /// (measured on explode, 2026-12). Each component of the three rows' step is rounded
        /// and held to four texels (a sliver's step may be anything); one not finite counts 0.
        static func ahead(_ nextRow: SIMD4<Float>, width: Int) -> Int {
            func few(_ x: Float) -> Int { x.isFinite ? Int(min(max(x, -4), 4).rounded()) : 0 }
            return (few(3 * nextRow.y) &+ 1) &* width &+ few(3 * nextRow.x)
        }

        /// The steps k in 0…`steps` at which the 2 × 2 texels lie inside the texture (0 ≤
        /// position < the last centre on both axes), nil if none: positions move linearly,
        /// so they are one run — all of it where both ends are inside (a span in the middle
        /// of its image, the usual case: no division).
        @inline(__always)
        func insideSteps(_ steps: Int) -> ClosedRange<Int>? {
            staysInside(steps) ? 0...steps : insideSteps(searching: steps)
        }

        /// Whether the 2 × 2 texels lie inside the texture at every step 0…`steps` (≥ 0): at
        /// both ends, as positions move linearly. (0 ≤ p < limit as one unsigned comparison.)
        @inline(__always)
        func staysInside(_ steps: Int) -> Bool {
            @inline(__always) func inside(_ p: Int, _ limit: Int) -> Bool { UInt(bitPattern: p) < UInt(bitPattern: limit) }
            return inside(u, maxU) && inside(v, maxV) && inside(u &+ du &* steps, maxU) && inside(v &+ dv &* steps, maxV)
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
            // The texels a row a few on will read below these are fetched now, as they would
            // not be in the cache by then: a turned image's rows cross the texture's rows
            // where the processor's own fetching ahead does not follow.
            segue_prefetch(texels + (Int(at[0]) &+ ahead))
            segue_prefetch(texels + (Int(at[3]) &+ ahead))
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
}
