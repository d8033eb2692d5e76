/// A straight edge of a layer's screen image, drawn anti-aliased: `a·x + b·y + c` is the
/// signed distance in pixels of the point (x, y) from the line, positive inside; (a, b) is
/// a unit normal.
package struct EdgeLine: Equatable, Sendable, BitwiseCopyable {
    package var a: Float
    package var b: Float
    package var c: Float

    /// The line `a·x + b·y + c = 0` scaled to unit normal, inside where it is positive; nil
    /// when (a, b) is (nearly) zero or not finite: an edge seen end-on has no direction.
    package init?(a: Double, b: Double, c: Double) {
        let length = (a * a + b * b).squareRoot()
        guard length > 1e-12, length.isFinite, c.isFinite else { return nil }
        self.a = Float(a / length)
        self.b = Float(b / length)
        self.c = Float(c / length)
    }

    /// The line of these coefficients as they are: (a, b) must be a unit normal.
    package init(unit a: Float, _ b: Float, _ c: Float) {
        self.a = a
        self.b = b
        self.c = c
    }

    /// The signed distance of the pixel centre (x + ½, y + ½).
    @inline(__always)
    package func distance(column x: Int, row y: Int) -> Float {
        distance(column: x, rowTerm: rowTerm(y))
    }

    /// Row y's part of `distance`, b·(y + ½): taken once for a run of its pixels.
    @inline(__always)
    package func rowTerm(_ y: Int) -> Float { b * (Float(y) + 0.5) }

    /// `distance` from its row's part `r` (`rowTerm`): the same sum in the same order.
    @inline(__always)
    package func distance(column x: Int, rowTerm r: Float) -> Float { a * (Float(x) + 0.5) + r + c }

    /// Half the extent of a pixel square across the line, (|a| + |b|) / 2: ½ for an axis-
    /// aligned edge, √2/2 at 45°. A pixel whose centre lies this far inside is wholly inside.
    @inline(__always)
    package var reach: Float { (abs(a) + abs(b)) / 2 }

    /// The exact fraction (0…1) of the unit pixel square on the inside of the line when its
    /// centre lies `d` pixels inside (negative: outside). Across the line the square's
    /// extent is the sum of two uniform spans, of widths p = max(|a|, |b|) and
    /// q = min(|a|, |b|); the covered fraction is that sum's distribution function at d —
    /// linear (½ + d/p) while both ends of the shorter span are past the line, quadratic
    /// (t² / 2pq, t the square's overlap) at the corners.
    @inline(__always)
    package func coverage(atDistance d: Float) -> Float {
        let x = abs(a), y = abs(b)
        let p = max(x, y), q = min(x, y)
        let half = (p + q) / 2
        if d >= half { return 1 }
        if d <= -half { return 0 }
        let flat = (p - q) / 2
        if abs(d) <= flat { return 0.5 + d / p }
        let t = half - abs(d)
        let tail = t * t / (2 * p * q)
        return d < 0 ? tail : 1 - tail
    }
}
