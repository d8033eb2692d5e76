import Segue
import SegueCatalog

/// What one transition did over time, for the HUD's plot: the finger's percent while it
/// dragged, the progress shown, the threshold, and the release with the rule's decision.
package struct TransitionPlot: Equatable, Sendable {
    /// One frame: seconds since the transition began, the drag's percent (nil once released
    /// or without a drag), the fraction of the timeline shown (0…1).
    package struct Sample: Equatable, Sendable {
        package var t: Double
        package var finger: Double?
        package var progress: Double
    }

    /// The most samples kept (ten seconds at 60 frames a second).
    package static let sampleLimit = 600

    package var samples: [Sample] = []
    /// The latest of a run of frames that showed what the last sample shows (a finger held
    /// still): kept aside, so the plot does not change while nothing moves, and put in when
    /// something does, so the hold draws flat up to its end.
    private var held: Sample?
    package var threshold: Double
    /// The release, at `t` seconds since the transition began.
    package var release: (t: Double, DragInteractionController.Release)?

    package init(threshold: Double) {
        self.threshold = threshold
    }

    /// Appends a sample at `t` (a frame at the time of the last one replaces it). One that
    /// shows what the last one shows waits aside (`held`) until one that differs comes.
    package mutating func append(_ sample: Sample) {
        if let last = samples.last, last.t >= sample.t {
            samples[samples.count - 1] = sample
            held = nil
            return
        }
        if let last = samples.last, last.finger == sample.finger, last.progress == sample.progress {
            held = sample
            return
        }
        if let h = held, samples.count < Self.sampleLimit { samples.append(h) }
        held = nil
        if samples.count < Self.sampleLimit { samples.append(sample) }
    }

    /// The release in words: "23 % at 2.4 /s → cancel (uikit)"; nil before one.
    package var caption: String? {
        guard let (_, r) = release else { return nil }
        let percent = Int((r.percent * 100).rounded())
        return "\(percent) % at \(String(format1: r.velocity)) /s → \(r.finishes ? "finish" : "cancel") (\(r.rule.rawValue))"
    }

    /// Seconds from the first sample to the last.
    package var span: Double { samples.last?.t ?? 0 }

    package static func == (a: TransitionPlot, b: TransitionPlot) -> Bool {
        // What the plot draws: a held frame waiting aside draws nothing yet.
        a.samples == b.samples && a.threshold == b.threshold && a.release?.t == b.release?.t && a.release?.1 == b.release?.1
    }
}
