import Segue

/// Performs a transition file's timeline with the engine's own machinery: the file's layers
/// become views on a stage in the container, each with keyframe animations on its
/// transform, opacity and corner radius (clipping what rides on it), so an interactor
/// scrubs, finishes and cancels them as it does any animator's.
///
/// A base or modal layer that is the only one to show its screen, and shows all of it, holds
/// the real screen (so it draws exactly as the screen does); the others show snapshots of
/// the screens as they are when the transition starts, cut to their rects (`contentsRect`).
/// A screen no layer holds is hidden meanwhile; every screen is back in the container,
/// untransformed, when it ends. At fraction `s` of its time a present
/// shows the timeline at `t = curve(s)`, a dismiss at `t = 1 − curve(s)` — or, where the
/// file has a dismiss of its own, that timeline at `t = curve(s)`.
///
/// Each property is its own track (docs/transition-format.md), interpolated number by number
/// with its segments' curves; a layer's transform is CSS's
/// `translate3d · rotateX · rotateY · rotateZ · scale` about its anchor, or (format 2) its
/// `transform` lists interpolated as CSS interpolates them (`ResolvedTransform`), about its
/// origin. The animations
/// carry the composed values at every key time and every `1/samplesPerTimeline` of the
/// timeline in between, where the engine interpolates transforms by decomposition: exact
/// for turns about one axis, moves and scales, and within a hundredth of a degree otherwise.
@MainActor
public final class FileAnimator: ViewControllerAnimatedTransitioning {
    /// Samples of the timeline the animations carry besides the key times.
    nonisolated public static let samplesPerTimeline = 120

    /// The transition file whose timeline it plays.
    public let file: TransitionFile
    /// True for the present; false for a dismiss (the file's own, or the present backwards).
    public let isPresenting: Bool
    /// Seconds.
    public var duration: Double
    /// Over the whole timeline.
    public var curve: Curve
    /// The eye's distance in points; nil for none.
    public var perspectiveDistance: Double?

    /// An animator for `file`'s present (or dismiss) with the file's timing, or `duration`
    /// and `curve` (a tuning's) in its place; `perspectiveDistance` overrides the file's
    /// (which depends on the screen, so it is resolved when it runs). A dismiss of the
    /// file's own takes its own curve where it names one, and its own duration scaled as the
    /// tuning scales the file's.
    public init(file: TransitionFile, presenting: Bool, duration: Double? = nil, curve: Curve? = nil,
                perspectiveDistance: Double? = nil) {
        self.file = file
        isPresenting = presenting
        let own = presenting ? nil : file.dismiss
        self.duration = (duration ?? file.duration) * (own?.duration ?? file.duration) / file.duration
        self.curve = own?.curve ?? curve ?? file.curve
        self.perspectiveDistance = perspectiveDistance
    }

    /// The layers this operation draws: the file's, or its dismiss's own.
    private var layers: [TransitionFile.LayerSpec] { isPresenting ? file.layers : file.dismiss?.layers ?? file.layers }

    /// Whether the timeline runs forward (a present, or a dismiss of the file's own).
    private var forward: Bool { isPresenting || file.dismiss != nil }

    public var transitionName: String { file.name }

    public func transitionDuration(using context: TransitionContext?) -> Double { duration }

    public func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        let from = context.view(forKey: .from), to = context.view(forKey: .to)
        to.frame = context.finalFrame(for: context.viewController(forKey: .to))
        container.addSubview(to)
        let (base, modal) = isPresenting ? (from, to) : (to, from)
        let shots = (base: base.snapshot(), modal: modal.snapshot())
        let hidden = (from: from.isHidden, to: to.isHidden)
        from.isHidden = true
        to.isHidden = true
        let screenPlaces = FileStage.places(file)
        let live = FileStage.liveLayers(layers, places: screenPlaces)
        let stage = FileStage.make("transition \(file.name)", bounds: container.bounds,
                                   perspective: perspectiveDistance ?? file.perspective?.distance(for: container.bounds.size))
        container.addSubview(stage)

        let places = (from: context.initialFrame(for: context.viewController(forKey: .from)), to: to.frame)
        let transaction = AnimationTransaction { _ in
            for screen in [from, to] where screen.superview !== container {
                screen.removeFromSuperview()
                screen.frame = screen === to ? places.to : places.from
                container.insertSubview(screen, at: 0)
            }
            stage.removeFromSuperview()
            from.isHidden = hidden.from
            to.isHidden = hidden.to
            context.completeTransition(!context.transitionWasCancelled)
        }
        let easing = curve.easing(duration: duration)
        let built = FileStage.build(layers, on: stage, screens: (base, modal), shots: shots, places: screenPlaces, live: live, at: forward ? 1 : 0)
        for case let (view, tracks)? in built {
            for (property, track) in tracks.animationTracks(reversed: !forward) {
                view.layer.add(Animation(property: property, track: track, easing: easing, duration: duration, transaction: transaction),
                               forKey: property.rawValue)
            }
        }
        if transaction.pendingCount == 0 {
            // Nothing moves: the stage still holds its layers for the transition's time, so
            // a drag scrubs it and it ends when its time is up, as any transition does.
            stage.layer.add(Animation(property: .opacity, track: KeyframeTrack(from: .number(1), to: .number(1)), easing: easing,
                                      duration: duration, transaction: transaction), forKey: "hold")
        }
    }
}

/// What a layer's tracks become as the engine's animations.
extension LayerTracks {
    /// The times the animations sample: every key time and every `1/samplesPerTimeline`.
    private var sampleTimes: [Double] {
        let n = FileAnimator.samplesPerTimeline
        let times = ((0...n).map { Double($0) / Double(n) } + keyframes.map(\.t)).sorted()
        return times.enumerated().filter { $0.offset == 0 || $0.element != times[$0.offset - 1] }.map(\.element)
    }

    /// The tracks of the animated properties, in animation progress: the timeline itself, or
    /// run backwards (`reversed`, for a dismiss). A property no key names is not animated.
    func animationTracks(reversed: Bool) -> [(AnimatableProperty, KeyframeTrack)] {
        let times = sampleTimes
        func sampled(_ value: (Double) -> AnimatableValue) -> KeyframeTrack {
            KeyframeTrack(times.map { t in .init(time: reversed ? 1 - t : t, value: value(t)) })
        }
        var out: [(AnimatableProperty, KeyframeTrack)] = []
        if keyframes.contains(where: {
            $0.translate != nil || $0.rotateX != nil || $0.rotateY != nil || $0.rotateZ != nil || $0.scale != nil
                || $0.transform != nil || $0.origin != nil
        }) {
            out.append((.transform, sampled { .transform(transform(at: $0)) }))
        }
        if keyframes.contains(where: { $0.opacity != nil }) {
            out.append((.opacity, sampled { .number(opacity(at: $0)) }))
        }
        if isRounded {
            out.append((.cornerRadius, sampled { .number(cornerRadius(at: $0)) }))
        }
        return out
    }
}
