/// A transitioning delegate whose timing can be tuned and whose drags can be inspected.
public protocol TunableTransition: ViewControllerTransitioningDelegate {
    /// Seconds the transition lasts.
    var duration: Double { get set }
    /// The curve over the transition's whole timeline.
    var curve: TimingCurve { get set }
    /// The drags that drive the transition.
    var interactions: [DragInteractionController] { get }
    /// Called at rest after every transition, with whether the presented screen shows.
    func settle(presented: Bool)
}

extension TunableTransition {
    public func settle(presented: Bool) {}
}
