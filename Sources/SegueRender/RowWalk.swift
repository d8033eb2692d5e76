extension Rasterizer {
    /// One side of a triangle as an exact inside test along the rows: with the side from p to
    /// q in 1/256 pixels, the pixel centre (256·x + 128, 256·y + 128) is inside where
    /// A·X + B·Y + C ≥ `bias`.
    ///
    /// The columns inside at row y are those with 256·A·x ≥ rhs(y) = bias − (B·Y + C) − 128·A:
    /// from ⌈rhs / D⌉ on where A > 0, up to −⌈rhs / D⌉ where A < 0 (D = 256·|A|). Down a row
    /// rhs changes by −256·B, so the quotient and its remainder are stepped exactly, with no
    /// division (`RowWalk`).
    struct RowEdge {
        let a: Int64, b: Int64, c: Int64
        /// 0 on a top or left side (a centre exactly on it is inside), else 1.
        let bias: Int64
        /// 256·|A| (1 for a horizontal side), and the change of rhs a row, −256·B, as
        /// `stepQuotient`·D + `stepRemainder` (0 ≤ remainder < D).
        let d: Int64, stepQuotient: Int64, stepRemainder: Int64

        /// The side from (px, py) to (qx, qy), in 1/256 pixels, of a triangle turning so that
        /// its twice-area (x1 − x0)·(y2 − y0) − (x2 − x0)·(y1 − y0) is positive.
        init(_ px: Int64, _ py: Int64, _ qx: Int64, _ qy: Int64) {
            a = py - qy
            b = qx - px
            c = -(qx - px) * py + (qy - py) * px
            bias = (a > 0 || (a == 0 && b > 0)) ? 0 : 1
            d = a == 0 ? 1 : 256 * abs(a)
            stepQuotient = Rasterizer.floorDiv(-256 * b, d)
            stepRemainder = -256 * b - stepQuotient * d
        }

        /// ⌈rhs(y) / D⌉ and the remainder Q·D − rhs (0 ≤ it < D) at a row.
        struct Step {
            var quotient: Int64
            var remainder: Int64
        }

        /// The step at row `y`, by one exact division.
        func step(row y: Int64) -> Step {
            let rhs = bias - (b * (256 * y + 128) + c) - 128 * a
            let q = Rasterizer.ceilDiv(rhs, d)
            return Step(quotient: q, remainder: q * d - rhs)
        }

        /// The step one row down. (The carry is taken without a branch: whether the remainder
        /// goes below 0 changes from row to row with no pattern a processor can foresee.)
        @inline(__always)
        func advance(_ s: inout Step) {
            s.quotient &+= stepQuotient
            s.remainder &-= stepRemainder
            let borrow = s.remainder &>> 63   // all ones where the remainder went below 0
            s.quotient &-= borrow
            s.remainder &+= d & borrow
        }

        /// Narrows lo...hi to the pixel columns of row `y` inside, `s` its step.
        @inline(__always)
        func narrow(_ lo: inout Int, _ hi: inout Int, _ s: Step, row y: Int64) {
            if a > 0 {
                lo = max(lo, Int(s.quotient))
            } else if a < 0 {
                hi = min(hi, Int(-s.quotient))
            } else if b * (256 * y + 128) + c < bias {
                hi = lo - 1
            }
        }
    }

    /// A triangle's or a quad's four sides walked down its rows: at each, the columns whose
    /// centres lie inside all four, found by exact integer steps.
    struct RowWalk {
        let sides: (RowEdge, RowEdge, RowEdge, RowEdge)
        private(set) var row: Int
        private var steps: (RowEdge.Step, RowEdge.Step, RowEdge.Step, RowEdge.Step)

        /// The walk of `sides` from row `first`.
        init(_ sides: (RowEdge, RowEdge, RowEdge, RowEdge), from first: Int) {
            self.sides = sides
            row = first
            let y = Int64(first)
            steps = (sides.0.step(row: y), sides.1.step(row: y), sides.2.step(row: y), sides.3.step(row: y))
        }

        /// The columns of the current row inside every side, within `columns` (lo > hi: none),
        /// and a step down to the next row.
        @inline(__always)
        mutating func next(within columns: ClosedRange<Int>) -> (lo: Int, hi: Int) {
            var lo = columns.lowerBound, hi = columns.upperBound
            let y = Int64(row)
            sides.0.narrow(&lo, &hi, steps.0, row: y)
            sides.1.narrow(&lo, &hi, steps.1, row: y)
            sides.2.narrow(&lo, &hi, steps.2, row: y)
            sides.3.narrow(&lo, &hi, steps.3, row: y)
            sides.0.advance(&steps.0)
            sides.1.advance(&steps.1)
            sides.2.advance(&steps.2)
            sides.3.advance(&steps.3)
            row += 1
            return (lo, hi)
        }
    }
}
