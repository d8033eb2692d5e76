import Segue

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
    package var threshold: Double
    /// The release, at `t` seconds since the transition began.
    package var release: (t: Double, DragInteractionController.Release)?

    package init(threshold: Double) {
        self.threshold = threshold
    }

    /// Appends a sample at `t` (a frame at the time of the last one replaces it).
    package mutating func append(_ sample: Sample) {
        if let last = samples.last, last.t >= sample.t {
            samples[samples.count - 1] = sample
        } else if samples.count < Self.sampleLimit {
            samples.append(sample)
        }
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
        a.samples == b.samples && a.threshold == b.threshold && a.release?.t == b.release?.t && a.release?.1 == b.release?.1
    }
}
