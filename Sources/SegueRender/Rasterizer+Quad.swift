/// Two triangles of a call painted as the quad they make, with one walk down its rows.
extension Rasterizer {
    /// Triangles k/3 and k/3 + 1 of `indices` as one quad, where they make one: they share a
    /// side and their `ranges` of edges, and their union is strictly convex. Returns the
    /// first triangle's vertex indices turned so that the shared side is its second to third,
    /// the second's far vertex, and whether their attributes are one plane (the second's far
    /// vertex where the first's plane puts it, within half a colour level and 1/32 of a texel
    /// of `texture` (the caller sees that both take one mip level of it); with `shades`, the
    /// planes of q, q·colour and q·tint, within 10⁻⁴ of q and half a level of the colour and
    /// the tint) — a flat layer's cell, a photograph, a glyph not in perspective, a layer
    /// shaded exactly. One plane, the quad is painted as one triangle stretched to the fourth
    /// corner; two (a cell turned in perspective), each row is cut where the shared side
    /// crosses it and each part painted from its own triangle's planes. Either way the quad
    /// paints exactly the pixels the pair does, with one walk down the rows where the pair
    /// took two.
    static func quad(_ vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>, at k: Int,
                     ranges: UnsafeBufferPointer<EdgeRange>?, shades: UnsafeBufferPointer<VertexShade>? = nil,
                     texture base: PixelView?) -> (corners: SIMD4<Int32>, onePlane: Bool)? {
        guard k + 5 < indices.count, ranges.map({ $0[k / 3] == $0[k / 3 + 1] }) ?? true else { return nil }
        let i0 = indices[k], i1 = indices[k + 1], i2 = indices[k + 2]
        let j0 = indices[k + 3], j1 = indices[k + 4], j2 = indices[k + 5]
        @inline(__always) func inFirst(_ x: Int32) -> Bool { x == i0 || x == i1 || x == i2 }
        @inline(__always) func inSecond(_ x: Int32) -> Bool { x == j0 || x == j1 || x == j2 }
        // The second's one vertex off the first, and the first's off the second.
        let outSecond = (inFirst(j0) ? 0 : 1) + (inFirst(j1) ? 0 : 1) + (inFirst(j2) ? 0 : 1)
        guard outSecond == 1, i0 != i1, i1 != i2, i0 != i2, j0 != j1, j1 != j2, j0 != j2 else { return nil }
        let wi = !inFirst(j0) ? j0 : !inFirst(j1) ? j1 : j2
        // The first triangle from its far vertex (exactly one: the second shares two), in its
        // own turn.
        let (a, b, c) = !inSecond(i0) ? (i0, i1, i2) : !inSecond(i1) ? (i1, i2, i0) : (i2, i0, i1)
        let v0 = vertices[Int(a)], v1 = vertices[Int(b)], v2 = vertices[Int(c)], w = vertices[Int(wi)]
        // Strictly convex where the edges are tested: in 1/256 pixels, v0 v1 w v2 turning
        // the same way at every corner.
        let limit = farOff
        guard abs(w.x) < limit, abs(w.y) < limit, abs(v0.x) < limit, abs(v0.y) < limit, abs(v1.x) < limit,
              abs(v1.y) < limit, abs(v2.x) < limit, abs(v2.y) < limit else { return nil }
        @inline(__always) func snap(_ v: RasterVertex) -> (Int64, Int64) { (subpixel(v.x), subpixel(v.y)) }
        let p0 = snap(v0), p1 = snap(v1), pw = snap(w), p2 = snap(v2)
        @inline(__always) func turn(_ a: (Int64, Int64), _ b: (Int64, Int64), _ c: (Int64, Int64)) -> Int64 {
            let cross = (b.0 - a.0) * (c.1 - b.1) - (b.1 - a.1) * (c.0 - b.0)
            return cross > 0 ? 1 : cross < 0 ? -1 : 0
        }
        guard abs(turn(p2, p0, p1) + turn(p0, p1, pw) + turn(p1, pw, p2) + turn(pw, p2, p0)) == 4 else { return nil }
        // w in the first triangle's frame, w − v0 = α·(v1 − v0) + β·(v2 − v0), where the
        // edges are tested and the plane is made: at 1/256 pixel (a sliver's far corner
        // moved by the rounding tilts its plane across the whole quad).
        @inline(__always) func from(_ p: (Int64, Int64)) -> (Float, Float) { (Float(p.0 - p0.0) / 256, Float(p.1 - p0.1) / 256) }
        let (ex1, ey1) = from(p1), (ex2, ey2) = from(p2), (wx, wy) = from(pw)
        let corners = SIMD4(a, b, c, wi)
        let det = ex1 * ey2 - ex2 * ey1
        guard det != 0 else { return (corners, false) }
        let alpha = (wx * ey2 - ex2 * wy) / det, beta = (ex1 * wy - wx * ey1) / det
        @inline(__always) func misses(_ f0: Float, _ f1: Float, _ f2: Float, _ fw: Float, by tolerance: Float) -> Bool {
            !(abs(f0 + alpha * (f1 - f0) + beta * (f2 - f0) - fw) < tolerance)
        }
        @inline(__always) func onPlane(_ f0: SIMD4<Float>, _ f1: SIMD4<Float>, _ f2: SIMD4<Float>) -> SIMD4<Float> {
            f0 + alpha * (f1 - f0) + beta * (f2 - f0)
        }
        if let shades {
            let s0 = shades[Int(a)], s1 = shades[Int(b)], s2 = shades[Int(c)], sw = shades[Int(wi)]
            let q = onPlane(SIMD4(repeating: s0.q), SIMD4(repeating: s1.q), SIMD4(repeating: s2.q)).x
            guard abs(q - sw.q) <= 1e-4 * abs(sw.q), q > 0 else { return (corners, false) }
            // The tint's alpha (0…1) weighed as a colour level.
            let levels = SIMD4<Float>(1, 1, 1, 255)
            let off = onPlane(v0.channels * s0.q, v1.channels * s1.q, v2.channels * s2.q) / q - w.channels
            let tintOff = (onPlane(s0.tint * s0.q, s1.tint * s1.q, s2.tint * s2.q) / q - sw.tint) * levels
            guard (off * off).max() < 0.25, (tintOff * tintOff).max() < 0.25 else { return (corners, false) }
        } else {
            let off = onPlane(v0.channels, v1.channels, v2.channels) - w.channels
            guard (off * off).max() < 0.25 else { return (corners, false) }
        }
        if let base {
            let tw = Float(base.width), th = Float(base.height)
            guard !misses(v0.u * tw, v1.u * tw, v2.u * tw, w.u * tw, by: 1.0 / 32), !misses(v0.v * th, v1.v * th, v2.v * th, w.v * th, by: 1.0 / 32)
            else { return (corners, false) }
        }
        return (corners, true)
    }
}
