import Foundation
import Testing
@testable import Segue

@MainActor @Suite struct SpringTests {
    /// x'' = −k·x − c·x' integrated with classic fourth-order Runge–Kutta in small steps.
    private func integrate(_ s: Spring, to t: Double, steps: Int = 20000) -> (x: Double, v: Double) {
        var x = -1.0, v = s.initialVelocity
        let h = t / Double(steps), k = s.stiffness, c = s.damping
        func a(_ x: Double, _ v: Double) -> Double { -k * x - c * v }
        for _ in 0..<steps {
            let k1x = v, k1v = a(x, v)
            let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (x, v)
    }

    @Test(arguments: [(0.55, 1 / 0.55), (0.2, 0.0), (1.0, 0.0), (1.0, 3.0), (2.5, -1.0), (0.9, 5.0)])
    func closedFormMatchesNumericalIntegration(_ zeta: Double, _ v0: Double) {
        let s = Spring(duration: 0.75, dampingRatio: zeta, initialVelocity: v0)
        for t in [0.02, 0.1, 0.25, 0.4, 0.6, 0.74] {
            let numeric = integrate(s, to: t)
            #expect(abs(s.value(at: t) - (1 + numeric.x)) < 1e-7, "ζ=\(zeta) t=\(t)")
            #expect(abs(s.velocity(at: t) - numeric.v) < 1e-5, "ζ=\(zeta) t=\(t)")
        }
    }

    @Test(arguments: [0.3, 0.55, 1.0, 1.8])
    func stiffnessSettlesTheMotionExactlyAtTheDuration(_ zeta: Double) {
        let s = Spring(duration: 0.75, dampingRatio: zeta, initialVelocity: 1 / 0.55)
        let w = s.stiffness.squareRoot()
        #expect(abs(Spring.envelope(0.75, omega: w, zeta: zeta, v0: s.initialVelocity) - Spring.settleTolerance) < 1e-9)
        // Settled from the duration on, and still moving visibly a little before it.
        for t in stride(from: 0.75, through: 3, by: 0.01) {
            #expect(abs(Spring.displacement(t, omega: w, zeta: zeta, v0: s.initialVelocity).x) <= Spring.settleTolerance + 1e-12)
        }
        #expect(Spring.envelope(0.6, omega: w, zeta: zeta, v0: s.initialVelocity) > Spring.settleTolerance)
        #expect(s.value(at: 0.75) == 1 && s.value(at: 30) == 1 && s.value(at: 0) == 0)
        #expect(s.mass == 1 && close(s.damping, 2 * zeta * w))
    }

    @Test func theMagicMoveSpringOvershootsOnce() {
        let s = Spring(duration: 0.75, dampingRatio: 0.55, initialVelocity: 1 / 0.55)
        let values = stride(from: 0.0, through: 0.75, by: 0.005).map { s.value(at: $0) }
        #expect(values.max()! > 1.05)
        #expect(close(s.velocity(at: 0), 1 / 0.55, 1e-12))
    }

    @Test func badParametersAreRefused() {
        #expect(Spring.validate(duration: 0, dampingRatio: 0.5, initialVelocity: 0) != nil)
        #expect(Spring.validate(duration: -1, dampingRatio: 0.5, initialVelocity: 0) != nil)
        #expect(Spring.validate(duration: .nan, dampingRatio: 0.5, initialVelocity: 0) != nil)
        #expect(Spring.validate(duration: 1, dampingRatio: 0, initialVelocity: 0) != nil)
        #expect(Spring.validate(duration: 1, dampingRatio: -0.2, initialVelocity: 0) != nil)
        #expect(Spring.validate(duration: 1, dampingRatio: 0.5, initialVelocity: .infinity) != nil)
        #expect(Spring.validate(duration: 1, dampingRatio: 0.5, initialVelocity: 2) == nil)
    }

    @Test func springAnimationEndsExactlyAtItsDurationUnderTheTimeModel() {
        let window = Window(size: Size(width: 100, height: 100))
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(v)
        var done = 0
        View.animate(withDuration: 0.75, dampingRatio: 0.55, initialVelocity: 1 / 0.55,
                     animations: { v.center = Point(x: 105, y: 5) }, completion: { _ in done += 1 })
        let s = Spring(duration: 0.75, dampingRatio: 0.55, initialVelocity: 1 / 0.55)
        window.advance(to: 0.3)
        #expect(close(v.layer.presentation.position.x, 5 + 100 * s.value(at: 0.3), 1e-9))
        window.advance(to: 0.749)
        #expect(done == 0)
        window.advance(to: 0.75)
        #expect(done == 1 && v.layer.presentation.position.x == 105)
    }
}
