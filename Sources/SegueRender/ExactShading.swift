extension Rasterizer {
    /// A triangle shaded exactly (`VertexShade`): the planes of q·colour, q·tint and q over
    /// its pixels, each as its value at the first vertex and its change a pixel along x and y.
    struct ExactShading {
        let colour, colourX, colourY: SIMD4<Float>
        let tint, tintX, tintY: SIMD4<Float>
        let q, qX, qY: Float
        /// q's least and greatest at the corners (a quad's fourth among them): what rounding
        /// gives past them is held to them.
        let qLow, qHigh: Float
        /// The first vertex's x, pixels.
        let x0: Float
        /// Where every vertex has the same colour and tint, the one colour everywhere (that
        /// colour with the tint laid over it), which no q changes; nil otherwise.
        let uniform: SIMD4<Float>?
        /// Columns between two exact colours (a power of two, 2…1024); each run starts at a
        /// multiple of it, so a pixel's colour does not depend on where its span starts.
        let run: Int
        /// Whether any vertex has a tint.
        let tinted: Bool
        /// At most this many levels a column does the colour change (in any channel) inside
        /// the triangle.
        let slope: Float

        /// The shading of the triangle `p` whose vertices' shades are `s`, and of the quad it
        /// starts, whose fourth corner is `fourth` (a triangle's: its third again), by `plane`
        /// (which gives a plane's change along x and y from its values at the three vertices).
        init(_ p: (RasterVertex, RasterVertex, RasterVertex), _ s: (VertexShade, VertexShade, VertexShade),
             fourth: (vertex: RasterVertex, shade: VertexShade), x0: Float,
             plane: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) -> (SIMD4<Float>, SIMD4<Float>)) {
            let own = (p.0.channels, p.1.channels, p.2.channels)
            let c = (own.0 * s.0.q, own.1 * s.1.q, own.2 * s.2.q)
            let t = (s.0.tint * s.0.q, s.1.tint * s.1.q, s.2.tint * s.2.q)
            (colour, tint, q) = (c.0, t.0, s.0.q)
            (colourX, colourY) = plane(c.0, c.1, c.2)
            (tintX, tintY) = plane(t.0, t.1, t.2)
            let (dqX, dqY) = plane(SIMD4(repeating: s.0.q), SIMD4(repeating: s.1.q), SIMD4(repeating: s.2.q))
            (qX, qY) = (dqX.x, dqY.x)
            let farQ = fourth.shade.q
            qLow = min(min(s.0.q, s.1.q), min(s.2.q, farQ))
            qHigh = max(max(s.0.q, s.1.q), max(s.2.q, farQ))
            self.x0 = x0
            tinted = s.0.tint != .zero || s.1.tint != .zero || s.2.tint != .zero
            uniform = own.0 == own.1 && own.1 == own.2 && s.0.tint == s.1.tint && s.1.tint == s.2.tint
                ? (tinted ? Self.mix(own.0, s.0.tint) : Self.levels(own.0)) : nil
            // Every value inside lies between the corners' (a quad's fourth is on the plane
            // within half a level: `Rasterizer.quad`), so they bound it.
            let colours = Self.range(own.0, own.1, own.2, fourth.vertex.channels, margin: SIMD4(repeating: 0.5))
            let tints = tinted ? Self.range(s.0.tint, s.1.tint, s.2.tint, fourth.shade.tint, margin: SIMD4(0.5, 0.5, 0.5, 0.5 / 255))
                : (low: SIMD4<Float>(), high: SIMD4<Float>())
            (run, slope) = Self.run(colourX: colourX, tintX: tintX, qX: qX, qLow: qLow, colours: colours, tints: tints)
        }

        /// The longest run (a power of two, 2…1024) whose chord stays within half a level of
        /// the exact colour (the tolerance gradients are cut to), and a bound on the colour's
        /// change a column. Along a row every factor is f = N / Q (N and Q affine), so
        /// f″ = −2·(Q′/Q)·f′ and f′ = (N′ − f·Q′) / Q, which is largest at an end of f's
        /// range: over the triangle, by its least q and the range at its corners (`colours`:
        /// C's channels; `tints`: the tint's premultiplied r, g, b and its τ). A channel of
        /// the mix m = (1 − τ)·C + τ·T has m″ = (1 − τ)·C″ − 2·τ′·C′ − τ″·C + (τ·T)″, so
        /// |m″| ≤ |C″| + 2·|τ′|·|C′| + |τ″|·|C| + |(τ·T)″| (alpha: |C″|); a chord L long is
        /// off by at most L²·max|m″| / 8. A channel the same at every corner has f′ = 0.
        static func run(colourX: SIMD4<Float>, tintX: SIMD4<Float>, qX: Float, qLow: Float,
                        colours: (low: SIMD4<Float>, high: SIMD4<Float>),
                        tints: (low: SIMD4<Float>, high: SIMD4<Float>)) -> (run: Int, slope: Float) {
            guard qLow > 0, qLow.isFinite else { return (2, .infinity) }
            @inline(__always) func slope(_ nX: SIMD4<Float>, _ f: (low: SIMD4<Float>, high: SIMD4<Float>)) -> SIMD4<Float> {
                pointwiseMax(magnitude(nX - f.low * qX), magnitude(nX - f.high * qX)) / qLow
            }
            let bend = abs(qX) / qLow
            let colourSlope = slope(colourX, colours), tintSlope = slope(tintX, tints)
            let tauSlope = tintSlope.w, colourMost = pointwiseMax(magnitude(colours.low), magnitude(colours.high))
            var curvature = 2 * bend * (colourSlope + tintSlope + tauSlope * colourMost) + 2 * tauSlope * colourSlope
            curvature.w = 2 * bend * colourSlope.w
            let slope = (colourSlope + tintSlope + tauSlope * colourMost).max()
            // (A lane not a number, as a shade out of range may give: the shortest run.)
            let most = curvature.max()
            guard most.isFinite, curvature == curvature else { return (2, .infinity) }
            var run = 1024
            while run > 2 && Float(run * run) * most / 8 > 0.5 { run /= 2 }
            return (run, slope)
        }

        /// The least and the most of four values in every lane, each widened by `margin`.
        @inline(__always)
        static func range(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ c: SIMD4<Float>, _ d: SIMD4<Float>,
                          margin: SIMD4<Float>) -> (low: SIMD4<Float>, high: SIMD4<Float>) {
            (pointwiseMin(pointwiseMin(a, b), pointwiseMin(c, d)) - margin, pointwiseMax(pointwiseMax(a, b), pointwiseMax(c, d)) + margin)
        }

        /// |v| in every lane.
        @inline(__always)
        static func magnitude(_ v: SIMD4<Float>) -> SIMD4<Float> { pointwiseMax(v, -v) }

        /// The colour at `dx` pixels right of the first vertex on the row `cy` below it.
        @inline(__always)
        func colour(at dx: Float, row cy: Float) -> SIMD4<Float> {
            let w = 1 / min(max(q + qX * dx + qY * cy, qLow), qHigh)
            let c = (colour + colourX * dx + colourY * cy) * w
            return tinted ? Self.mix(c, (tint + tintX * dx + tintY * cy) * w) : Self.levels(c)
        }

        /// A colour (r, g, b, a: 0…255) with `tint` laid over it (premultiplied r, g, b and
        /// its alpha τ, held to 0…1): (1 − τ)·C + τ·T, C's alpha kept; clamped to 0…255.
        @inline(__always)
        static func mix(_ c: SIMD4<Float>, _ tint: SIMD4<Float>) -> SIMD4<Float> {
            let tau = min(max(tint.w, 0), 1)
            var out = c * (1 - tau) + tint
            out.w = c.w
            return levels(out)
        }

        /// `c` held to 0…255 in every channel.
        @inline(__always)
        static func levels(_ c: SIMD4<Float>) -> SIMD4<Float> {
            c.replacing(with: 0, where: .!(c .>= 0)).replacing(with: 255, where: c .> 255)
        }

        /// Paints columns lo…hi (lo ≥ 0) of the row whose centre is `cy` pixels below the
        /// first vertex and which the triangle covers from column `first` to `last` (lo…hi
        /// within them): the exact colour at every `run`-th column, or at the row's ends
        /// where a run passes them (so every colour taken is one inside the triangle),
        /// stepped linearly between; blended or stored. The exact colours and steps of up to
        /// `runsAhead` runs are taken before any of them is painted: each takes two
        /// divisions, which then overlap instead of each run waiting on its own.
        @inline(__always)
        func span(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, row cy: Float, covering first: Int, _ last: Int,
                  _ blended: Bool) {
            guard lo <= hi else { return }
            @inline(__always) func sample(_ x: Int) -> SIMD4<Float> { colour(at: Float(x) + 0.5 - x0, row: cy) }
            let run = self.run
            withUnsafeTemporaryAllocation(of: (start: SIMD4<Float>, step: SIMD4<Float>).self, capacity: Self.runsAhead) { runs in
                var x = lo & -run
                var leftColumn = max(x, first)
                var left = sample(leftColumn)
                while x <= hi {
                    // Each run's colour at its first column, its step, from x on.
                    var count = 0, end = x
                    while count < Self.runsAhead && end <= hi {
                        let rightColumn = min(end + run, last), right = sample(rightColumn)
                        let step = rightColumn > leftColumn ? (right - left) / Float(rightColumn - leftColumn) : SIMD4()
                        runs[count] = (left + step * Float(max(lo, end) - leftColumn), step)
                        (left, leftColumn, end, count) = (right, rightColumn, end + run, count + 1)
                    }
                    for k in 0..<count {
                        let from = max(lo, x)
                        Rasterizer.linearSpan(line, from, min(hi, x + run - 1), runs[k].start, runs[k].step, blended)
                        x += run
                    }
                }
            }
        }

        /// How many runs' colours `span` takes ahead of painting them.
        static let runsAhead = 16
    }

    /// Columns lo…hi of a row whose colour (r, g, b, a: 0…255) is `start` at lo and changes
    /// by `step` a column, every value of the run inside 0…255; blended or stored. (Not
    /// `shadedSpan`, whose fixed-point setup with its range checks costs more than a short
    /// run's pixels.) Four columns at a time, each channel of the four in one vector of levels, stepped in
    /// floating point and rounded by adding 2²³ (which leaves the nearest integer in the
    /// low bits of the sum).
    @inline(__always)
    static func linearSpan(_ line: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ start: SIMD4<Float>, _ step: SIMD4<Float>,
                           _ blended: Bool) {
        let ramp = SIMD4<Float>(0, 1, 2, 3)
        var r = start.x + step.x * ramp, g = start.y + step.y * ramp, b = start.z + step.z * ramp, a = start.w + step.w * ramp
        let dr = SIMD4(repeating: 4 * step.x), dg = SIMD4(repeating: 4 * step.y)
        let db = SIMD4(repeating: 4 * step.z), da = SIMD4(repeating: 4 * step.w)
        let rounding = SIMD4<Float>(repeating: 8_388_608), byte = SIMD4<UInt32>(repeating: 0xFF)
        @inline(__always) func level(_ v: SIMD4<Float>) -> SIMD4<UInt32> { unsafeBitCast(v + rounding, to: SIMD4<UInt32>.self) & byte }
        @inline(__always) func pixels() -> SIMD4<UInt32> { level(a) &<< 24 | level(r) &<< 16 | level(g) &<< 8 | level(b) }
        @inline(__always) func advance() {
            r += dr
            g += dg
            b += db
            a += da
        }
        fourAtATime(line, lo, hi, blended, pixels, advance)
    }
}
