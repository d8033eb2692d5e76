import Testing
@testable import Segue

@MainActor @Suite struct TimingCurveTests {
    @Test(arguments: TimingCurve.named)
    func everyCurveStartsAtZeroAndEndsAtOne(_ curve: TimingCurve) {
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: -3) == 0 && curve.value(at: 7) == 1)
    }

    @Test(arguments: TimingCurve.named)
    func everyCurveIsMonotonic(_ curve: TimingCurve) {
        var last = 0.0
        for i in 1...200 {
            let v = curve.value(at: Double(i) / 200)
            #expect(v >= last - 1e-12)
            last = v
        }
    }

    @Test func appleControlPoints() {
        #expect(TimingCurve.easeIn.c1 == Point(x: 0.42, y: 0) && TimingCurve.easeIn.c2 == Point(x: 1, y: 1))
        #expect(TimingCurve.easeOut.c1 == Point(x: 0, y: 0) && TimingCurve.easeOut.c2 == Point(x: 0.58, y: 1))
        #expect(TimingCurve.easeInEaseOut.c1 == Point(x: 0.42, y: 0) && TimingCurve.easeInEaseOut.c2 == Point(x: 0.58, y: 1))
        #expect(TimingCurve.default.c1 == Point(x: 0.25, y: 0.1) && TimingCurve.default.c2 == Point(x: 0.25, y: 1))
    }

    @Test func easeInEaseOutIsSymmetricAndHalfAtHalf() {
        #expect(close(TimingCurve.easeInEaseOut.value(at: 0.5), 0.5, 1e-12))
        for x in stride(from: 0.05, to: 0.5, by: 0.05) {
            #expect(close(TimingCurve.easeInEaseOut.value(at: x), 1 - TimingCurve.easeInEaseOut.value(at: 1 - x), 1e-9))
        }
    }

    /// Hand-worked: at Bézier parameter s = 0.5, x = 3·¼·½·x1 + 3·½·¼·x2 + ⅛ and likewise y.
    @Test func knownPointOnTheDefaultCurve() {
        let x = 0.375 * 0.25 + 0.375 * 0.25 + 0.125   // 0.3125
        let y = 0.375 * 0.1 + 0.375 * 1 + 0.125       // 0.5375
        #expect(close(TimingCurve.default.value(at: x), y, 1e-9))
    }

    @Test func linearIsTheIdentity() {
        for x in stride(from: 0.0, through: 1.0, by: 0.125) { #expect(TimingCurve.linear.value(at: x) == x) }
    }

    @Test func namesResolve() {
        #expect(TimingCurve.named("easeOut") == .easeOut)
        #expect(TimingCurve.named("bouncy") == nil)
    }
}

@MainActor @Suite struct TimingCurveSlopeTests {
    @Test func slopesAtKnownPoints() {
        #expect(TimingCurve.linear.slope(at: 1) == 1)
        // easeInEaseOut is flat at both ends.
        #expect(abs(TimingCurve.easeInEaseOut.slope(at: 0)) < 1e-3)
        #expect(abs(TimingCurve.easeInEaseOut.slope(at: 1)) < 1e-3)
        // At s = ½: dx/ds = ¾·x1 + 1.5·(x2 − x1) + ¾·(1 − x2) = 0.87 and dy/ds = 1.5 for (0.42, 0, 0.58, 1).
        #expect(close(TimingCurve.easeInEaseOut.slope(at: 0.5), 1.5 / 0.87, 1e-9))
    }
}
