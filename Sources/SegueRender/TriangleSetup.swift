extension Rasterizer {
    /// A triangle, or a quad (`Rasterizer.quad`), made ready to be walked: its corners snapped
    /// to 1/256 pixel and turned so that its area is positive, its sides as exact inside tests,
    /// the rows of a clip it may paint, and the planes its attributes lie on.
    struct TriangleSetup {
        /// The corners, v1 and v2 swapped where they turned the other way.
        let corners: (RasterVertex, RasterVertex, RasterVertex)
        /// A quad's fourth corner, w; a triangle's third.
        let fourth: RasterVertex
        /// Their shades (`VertexShade`) as the corners turned, and the fourth corner's (a
        /// triangle's: its third again).
        let shades: (VertexShade, VertexShade, VertexShade, VertexShade)?
        /// The sides v1→w, v2→v0, v0→v1, w→v2 (a triangle: v1→v2 in place of both of w's).
        let sides: (RowEdge, RowEdge, RowEdge, RowEdge)
        /// The corners' box: columns in 1/256 pixels; rows in whole pixels, within the clip.
        let left: Int64, right: Int64
        let top: Int, bottom: Int
        /// The first corner in pixels (the planes' origin), the other two less it, and twice
        /// the area in square pixels (from the exact integer: never rounded to 0).
        let x0: Float, y0: Float
        let ex1: Float, ey1: Float, ex2: Float, ey2: Float
        let det: Float

        /// The triangle v0 v1 v2, or with `w` (across the side v1 v2) the quad v0 v1 w v2, and
        /// the `shades` of v0 v1 v2 w (a triangle's: v2's again), in the rows of `clip`; nil
        /// where it paints no pixel: a corner far off or not a number, no area, or no row of
        /// the clip.
        init?(_ v0: RasterVertex, _ v1: RasterVertex, _ v2: RasterVertex, across w: RasterVertex? = nil,
              shades: (VertexShade, VertexShade, VertexShade, VertexShade)? = nil, clip: PixelRect) {
            // Far off (or not a number): no pixel to paint, and no integer to snap to.
            let limit = Rasterizer.farOff
            guard abs(v0.x) < limit, abs(v0.y) < limit, abs(v1.x) < limit,
                  abs(v1.y) < limit, abs(v2.x) < limit, abs(v2.y) < limit else { return nil }
            var p = (v0, v1, v2), s = shades
            let snap = Rasterizer.subpixel
            // The fourth corner (a triangle's: its third, which adds nothing to any bound).
            let far = w ?? v2, xw = snap(far.x), yw = snap(far.y)
            let x0 = snap(p.0.x), y0 = snap(p.0.y)
            var x1 = snap(p.1.x), y1 = snap(p.1.y)
            var x2 = snap(p.2.x), y2 = snap(p.2.y)
            var twiceArea = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
            guard twiceArea != 0 else { return nil }
            if twiceArea < 0 {
                twiceArea = -twiceArea
                swap(&p.1, &p.2)
                s = s.map { ($0.0, $0.2, $0.1, $0.3) }
                swap(&x1, &x2)
                swap(&y1, &y2)
            }
            // A quad's side v1 v2 gives way to its two sides through w (turned as the rest);
            // a triangle tests that side twice.
            let side = RowEdge(x1, y1, x2, y2)
            sides = w == nil ? (side, RowEdge(x2, y2, x0, y0), RowEdge(x0, y0, x1, y1), side)
                : (RowEdge(x1, y1, xw, yw), RowEdge(x2, y2, x0, y0), RowEdge(x0, y0, x1, y1), RowEdge(xw, yw, x2, y2))
            // Pairwise: a variadic min or max would allocate its arguments on every triangle.
            left = min(min(x0, x1), min(x2, xw))
            right = max(max(x0, x1), max(x2, xw))
            top = max(clip.y0, Int(Rasterizer.ceilDiv(min(min(y0, y1), min(y2, yw)) - 128, 256)))
            bottom = min(clip.y1 - 1, Int(Rasterizer.floorDiv(max(max(y0, y1), max(y2, yw)) - 128, 256)))
            guard top <= bottom else { return nil }
            (corners, fourth, self.shades) = (p, far, s)
            (self.x0, self.y0) = (Float(x0) / 256, Float(y0) / 256)
            (ex1, ey1) = (Float(x1 - x0) / 256, Float(y1 - y0) / 256)
            (ex2, ey2) = (Float(x2 - x0) / 256, Float(y2 - y0) / 256)
            det = Float(twiceArea) / 65536
        }

        /// The side v1→v2 (as turned): a quad's diagonal, inside which lies its triangle v0 v1 v2.
        var diagonal: RowEdge {
            let snap = Rasterizer.subpixel, p = corners
            return RowEdge(snap(p.1.x), snap(p.1.y), snap(p.2.x), snap(p.2.y))
        }

        /// The change along x and along y, a pixel, of the plane through the values `f0`, `f1`,
        /// `f2` at the corners: f(x, y) = f0 + dx·(x − x0) + dy·(y − y0).
        @inline(__always)
        func plane(_ f0: SIMD4<Float>, _ f1: SIMD4<Float>, _ f2: SIMD4<Float>) -> (dx: SIMD4<Float>, dy: SIMD4<Float>) {
            let d1 = f1 - f0, d2 = f2 - f0
            return ((d1 * ey2 - d2 * ey1) / det, (d2 * ex1 - d1 * ex2) / det)
        }

        /// The first row of the first band of worker `worker` (every `workers`-th band of
        /// `band` rows, from its own first) that meets the rows `top`…`bottom`; nil where none
        /// does (a small triangle in another worker's band is not set up further).
        func firstBand(of band: Int, worker: Int, of workers: Int) -> Int? {
            var first = top / band
            first += ((worker - first % workers) + workers) % workers
            return first * band <= bottom ? first * band : nil
        }
    }
}
