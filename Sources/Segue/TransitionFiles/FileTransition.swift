/// The transitioning delegate of a transition file: a `FileAnimator` each way, and a drag for
/// each operation the file's `interaction` names (percent as the file defines it, a
/// screen-edge pan where it names an edge). Only the drag that fits the screen shown is
/// enabled, so a present and a dismiss never both start.
@MainActor
public final class FileTransition: TunableTransition {
    public let file: TransitionFile
    public let presentInteraction: DragInteractionController?
    public let dismissInteraction: DragInteractionController?
    public var interactions: [DragInteractionController] { [presentInteraction, dismissInteraction].compactMap { $0 } }
    /// The file's timing; the curve shown is the file's when it is a Bézier (a spring file
    /// keeps its spring until another curve is chosen).
    public var parameters: TransitionParameters {
        didSet { for i in interactions { parameters.apply(to: i) } }
    }
    private let referenceParameters: TransitionParameters

    /// Installs the file's drags on `window`; `present` and `dismiss` start the operations.
    public init(file: TransitionFile, window: Window, present: @escaping () -> Void, dismiss: @escaping () -> Void) {
        self.file = file
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
        presentInteraction = drag(file.interaction?.present, present)
        dismissInteraction = drag(file.interaction?.dismiss, dismiss)
        var p = TransitionParameters(duration: file.duration, curve: Self.bezier(file.curve) ?? .easeInEaseOut,
                                     perspectiveDistance: file.perspective?.distance(for: window.bounds.size))
        p.threshold = file.interaction?.threshold ?? 0.5
        referenceParameters = p
        parameters = p
        for i in interactions { p.apply(to: i) }
        settle(presented: false)
    }

    private static func bezier(_ c: FileCurve) -> TimingCurve? {
        if case .bezier(let b) = c { return b }
        return nil
    }

    /// Enables the drag that fits: present while the base screen shows, dismiss while the
    /// modal one does.
    public func settle(presented: Bool) {
        presentInteraction?.recognizer.isEnabled = !presented
        dismissInteraction?.recognizer.isEnabled = presented
    }

    private func animator(presenting: Bool) -> FileAnimator {
        let curve: FileCurve = parameters.curve == referenceParameters.curve ? file.curve : .bezier(parameters.curve)
        return FileAnimator(file: file, presenting: presenting, duration: parameters.duration, curve: curve,
                            perspectiveDistance: parameters.perspectiveDistance)
    }

    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> ViewControllerAnimatedTransitioning? {
        animator(presenting: true)
    }

    public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        animator(presenting: false)
    }

    public func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        presentInteraction.flatMap { $0.isInteracting ? $0 : nil }
    }

    public func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        dismissInteraction.flatMap { $0.isInteracting ? $0 : nil }
    }
}
