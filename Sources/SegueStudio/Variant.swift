import Segue
import SegueDemos
import SegueCatalog

/// One device screen of a session and what it shows: its demo, the plots of its
/// transitions, the drag it showed last. One variant, A, unless the stage is split for A/B,
/// when B shows the same entry beside it with a tuning of its own and every input reaches
/// both.
@MainActor
package final class Variant {
    /// "A" or "B".
    package let name: String
    package let demo: Demo
    /// The last transition over time, and the one before it.
    package internal(set) var plot: TransitionPlot?
    package internal(set) var previousPlot: TransitionPlot?
    /// When the plotted transition began (scene seconds), and each drag's release count then.
    var plotStart = 0.0
    var plottedReleases: [Int] = []
    /// The drag whose translation and velocity the HUD shows.
    weak var lastDrag: DragInteractionController?
    /// The last transition's name and operation, and how it ended (nil while it runs or
    /// before one), for the HUD when this screen is the one shown.
    var transition: (name: String, operation: TransitionContext.Operation)?
    var ending: TransitionContext.Phase?
    /// What the session watches on the demo's window, for as long as the variant lives.
    var observation: Window.Observation?

    init(name: String, demo: Demo) {
        self.name = name
        self.demo = demo
    }

    /// A new plot for the transition that begins at scene time `now`: the last one becomes
    /// the previous.
    func beginPlot(at now: Double) {
        previousPlot = plot
        plot = TransitionPlot(threshold: demo.parameters.threshold)
        plotStart = now
        plottedReleases = demo.interactions.map(\.releaseCount)
    }

    /// Adds the frame at scene time `now` to the plot of the transition under way: the
    /// drag's percent while it drags, the timeline shown, and a release that came since.
    func plotFrame(at now: Double) {
        guard plot != nil, let context = demo.window.activeTransition else { return }
        let t = now - plotStart
        for (i, drag) in demo.interactions.enumerated() where i < plottedReleases.count && drag.releaseCount != plottedReleases[i] {
            plottedReleases[i] = drag.releaseCount
            if let release = drag.lastRelease { plot?.release = (t, release) }
        }
        let finger = demo.interactions.first { $0.isInteracting }?.percentComplete
        plot?.append(.init(t: t, finger: finger, progress: demo.parameters.progress(atTimeFraction: context.fractionComplete)))
    }

    /// Ends the plot at scene time `now`, where the transition ended.
    func endPlot(at now: Double, cancelled: Bool) {
        plot?.append(.init(t: now - plotStart, finger: nil, progress: cancelled ? 0 : 1))
    }
}
