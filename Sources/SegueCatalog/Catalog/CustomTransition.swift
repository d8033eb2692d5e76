import Segue

/// A modal transition of a person's own, described as a transition file describes one: a
/// name, the reference timing the HUD starts from, the drags that drive it, and the animator
/// that performs each operation. A transition file is one (`init(file:)`); a Swift package
/// makes others with an animator of its own.
public struct CustomTransition: Sendable {
    /// `[a-z0-9-]+`: the HUD's and the command line's name for it.
    public var name: String
    /// One line for the HUD.
    public var description: String?
    /// The reference timing: seconds, and the curve over the whole timeline.
    public var duration: Double
    /// The reference curve over the whole timeline, which the tuning starts from.
    public var curve: Curve
    /// The eye's distance; nil for none. The tuned distance is the container's sublayer
    /// transform while an animator of one's own runs (`InPerspective`), so an animator that
    /// only turns layers shows them in depth; a file's animator gives its own stage the same.
    public var perspective: TransitionFile.Perspective?
    /// Whether the container is given the tuned perspective while the animator runs (false
    /// for a file's, which sets its stage's).
    var perspectiveOnContainer = true
    /// How drags drive it; nil: buttons only.
    public var interaction: TransitionFile.Interaction?
    /// The transition file it was read from; nil for one written in Swift.
    public var file: String?
    /// The pictures its layers show, by contents id and path, for the platform to load.
    public var images: [(id: String, path: String)] = []
    /// The animator of a present (`presenting`) or a dismiss, with the parameters as tuned now.
    public var makeAnimator: @MainActor @Sendable (_ presenting: Bool, _ parameters: TransitionParameters)
        -> ViewControllerAnimatedTransitioning
    /// The controller of a presentation that stays (a sheet, a card), with the parameters as
    /// tuned now; nil: full screen.
    public var makePresentationController: (@MainActor @Sendable (_ presented: ViewController, _ presenting: ViewController,
                                                                 _ parameters: TransitionParameters) -> PresentationController)?

    /// A transition written in Swift, whose animators `makeAnimator` builds from the tuning.
    public init(name: String, description: String? = nil, duration: Double, curve: Curve = .easeInEaseOut,
                perspective: TransitionFile.Perspective? = nil, interaction: TransitionFile.Interaction? = nil,
                makeAnimator: @escaping @MainActor @Sendable (_ presenting: Bool, _ parameters: TransitionParameters)
                    -> ViewControllerAnimatedTransitioning) {
        self.name = name
        self.description = description
        self.duration = duration
        self.curve = curve
        self.perspective = perspective
        self.interaction = interaction
        self.makeAnimator = makeAnimator
    }

    /// The transition of `file` (read from `path`, which its pictures' paths are relative
    /// to): a `FileAnimator` each way, on the file's curve (its reference) or the one the
    /// tuning picks.
    public init(file unresolved: TransitionFile, path: String? = nil) {
        let folder = path.map { p in p.contains("/") ? String(p[..<p.lastIndex(of: "/")!]) : "." } ?? "."
        let file = unresolved.resolvingImages(from: folder)
        self.init(name: file.name, description: file.description, duration: file.duration, curve: file.curve,
                  perspective: file.perspective, interaction: file.interaction) { presenting, p in
            FileAnimator(file: file, presenting: presenting, duration: p.duration, curve: p.curve,
                         perspectiveDistance: p.perspectiveDistance)
        }
        self.file = path
        perspectiveOnContainer = false
        images = file.images.map { (TransitionFile.imageID($0.path), $0.path) }
        if file.presentation != nil {
            makePresentationController = { presented, presenting, p in
                FilePresentationController(file: file, presented: presented, presenting: presenting, perspectiveDistance: p.perspectiveDistance)
            }
        }
    }

    /// The transitioning delegate: the custom transition's animator each way, and a drag for
    /// each operation its `interaction` names (percent as the format defines it, a
    /// screen-edge pan where it names an edge). Only the drag that fits the screen shown is
    /// enabled, so a present and a dismiss never both start.
    @MainActor
    public final class Delegate: TunableTransition {
        /// The custom transition this delegate performs.
        public let transition: CustomTransition
        /// The drag `interaction.present` names; nil when only a button presents.
        public let presentInteraction: DragInteractionController?
        /// The drag `interaction.dismiss` names; nil when only a button dismisses.
        public let dismissInteraction: DragInteractionController?
        public var interactions: [DragInteractionController] { [presentInteraction, dismissInteraction].compactMap { $0 } }
        public var parameters: TransitionParameters {
            didSet { for i in interactions { parameters.apply(to: i) } }
        }

        /// Installs the drags on `window`; `present` and `dismiss` start the operations.
        public init(_ transition: CustomTransition, window: Window, present: @escaping () -> Void, dismiss: @escaping () -> Void) {
            self.transition = transition
            func drag(_ pan: TransitionFile.Pan?, _ begin: @escaping () -> Void) -> DragInteractionController? {
                guard let pan else { return nil }
                let recognizer: PanGestureRecognizer
                switch pan.edge {
                case .left?: recognizer = ScreenEdgePanGestureRecognizer(edges: .left)
                case .right?: recognizer = ScreenEdgePanGestureRecognizer(edges: .right)
                case .top?: recognizer = ScreenEdgePanGestureRecognizer(edges: .top)
                case .bottom?: recognizer = ScreenEdgePanGestureRecognizer(edges: .bottom)
                case nil: recognizer = PanGestureRecognizer()
                }
                return DragInteractionController(window: window, recognizer: recognizer, progress: { [weak window] t in
                    pan.percent(t, screen: window?.bounds.size ?? Size(width: 1, height: 1))
                }, begin: begin)
            }
            presentInteraction = drag(transition.interaction?.present, present)
            dismissInteraction = drag(transition.interaction?.dismiss, dismiss)
            var p = TransitionParameters(duration: transition.duration, curve: transition.curve,
                                         perspectiveDistance: transition.perspective?.distance(for: window.bounds.size))
            p.threshold = transition.interaction?.threshold ?? 0.5
            p.scrub = transition.interaction?.scrub ?? .curve
            parameters = p
            for i in interactions { p.apply(to: i) }
            settle(presented: false)
        }

        /// Enables the drag that fits: present while the base screen shows, dismiss while the
        /// modal one does.
        public func settle(presented: Bool) {
            presentInteraction?.recognizer.isEnabled = !presented
            dismissInteraction?.recognizer.isEnabled = presented
        }

        /// The transition's present animator with the current parameters, in the tuned perspective.
        public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                        source: ViewController) -> ViewControllerAnimatedTransitioning? {
            seen(transition.makeAnimator(true, parameters))
        }

        /// The transition's dismiss animator with the current parameters, in the tuned perspective.
        public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
            seen(transition.makeAnimator(false, parameters))
        }

        /// `animator` in the tuned perspective, where the container is given it.
        private func seen(_ animator: ViewControllerAnimatedTransitioning) -> ViewControllerAnimatedTransitioning {
            guard transition.perspectiveOnContainer, let d = parameters.perspectiveDistance else { return animator }
            return InPerspective(animator, distance: d)
        }

        /// The present drag while it drives; nil otherwise, so a button press animates alone.
        public func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
            -> ViewControllerInteractiveTransitioning? {
            presentInteraction.flatMap { $0.isInteracting ? $0 : nil }
        }

        /// The dismiss drag while it drives; nil otherwise, so a button press animates alone.
        public func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
            -> ViewControllerInteractiveTransitioning? {
            dismissInteraction.flatMap { $0.isInteracting ? $0 : nil }
        }

        public func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                           source: ViewController) -> PresentationController? {
            transition.makePresentationController?(presented, presenting, parameters)
        }
    }
}
