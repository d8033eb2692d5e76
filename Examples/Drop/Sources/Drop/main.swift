import SegueLive

/// The new screen drops in from above, swinging straight as it lands, while the old one sinks
/// back and darkens; a dismiss lifts it away again. Scrubbing, releasing, tuning and
/// recording come from the app.
@MainActor
final class DropAnimator: ViewControllerAnimatedTransitioning {
    let presenting: Bool
    let duration: Double
    let curve: Curve

    init(presenting: Bool, duration: Double, curve: Curve) {
        self.presenting = presenting
        self.duration = duration
        self.curve = curve
    }

    var transitionName: String { "drop" }

    func transitionDuration(using context: TransitionContext?) -> Double { duration }

    func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        let from = context.view(forKey: .from), to = context.view(forKey: .to)
        let (base, sheet) = presenting ? (from, to) : (to, from)
        to.frame = container.bounds
        if presenting { container.addSubview(to) } else { container.insertSubview(to, at: 0) }
        let raised = Transform3D.makeRotation(-0.15, 0, 0, 1).translated(0, -container.bounds.height * 1.1, 0)
        let sunk = Transform3D.makeScale(0.9, 0.9, 1)
        sheet.transform = presenting ? raised : .identity
        base.transform = presenting ? .identity : sunk
        base.alpha = presenting ? 1 : 0.5
        View.animate(withDuration: duration, curve: curve, animations: {
            sheet.transform = self.presenting ? .identity : raised
            base.transform = self.presenting ? sunk : .identity
            base.alpha = self.presenting ? 0.5 : 1
        }, completion: { _ in
            base.transform = .identity
            base.alpha = 1
            sheet.transform = .identity
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}

Studio.run([
    CustomTransition(name: "drop", description: "The new screen drops in from above; drag down to drop it, up to lift it.",
                     duration: 0.7, curve: .easeOut, interaction: .init(present: .init(.down), dismiss: .init(.up))) { presenting, tuned in
        DropAnimator(presenting: presenting, duration: tuned.duration, curve: tuned.curve)
    },
])
