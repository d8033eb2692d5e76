import Foundation
import Testing
@testable import Segue
@testable import SegueDemos
@testable import SegueStudio
@testable import SegueCatalog

/// A session driven by hand: real time and inputs in window pixels, as the live app would.
@MainActor
final class SessionDriver {
    let session: Session
    var time = 0.0
    var lines: [String] = []
    var recording: Recording

    init(_ options: SessionOptions = SessionOptions(), window: (Int, Int) = (900, 915), transitions: [CustomTransition] = []) {
        session = Session(options: options, window: window, transitions: transitions)
        recording = Recording(options: options, window: window)
        session.emit = { [unowned self] in self.lines.append($0) }
        session.advance(to: 0)
    }

    func frame(_ inputs: [InputEvent] = [], dt: Double = 1.0 / 60) {
        time += dt
        for i in inputs {
            recording.append(i, at: time)
            session.handle(i, at: time)
        }
        session.advance(to: time)
    }

    func run(_ seconds: Double) {
        for _ in 0..<Int((seconds * 60).rounded()) { frame() }
    }

    /// The centre of the target called `name`, in window pixels.
    func target(_ name: String) -> (Double, Double) {
        let r = session.layout.toWindow(session.demo.targets.first { $0.name == name }!.frame)
        return (r.midX, r.midY)
    }

    func click(_ x: Double, _ y: Double) {
        frame([.mouseDown(x: x, y: y)])
        frame([.mouseUp(x: x, y: y, inside: true)])
    }

    var transitionLines: [String] { lines.filter { $0.contains("\"began\"") || $0.contains("\"ended\"") } }
}
