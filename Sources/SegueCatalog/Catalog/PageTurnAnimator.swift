import Foundation
import Segue

/// The reference page turn ("door"): the presented screen turns about its left edge.
///
/// Dismiss: the from-view's anchor moves to its left edge (its position moved with it, so
/// it does not jump), then it rotates about Y from 0 to −π/2 under the container's
/// `m34 = −1/perspectiveDistance` (−0.002 in the reference) while a horizontal gradient
/// shadow laid over it (black → 50 % black → 50 % white) fades from alpha 0 to 1. Present
/// is the same motion reversed: the to-view swings shut from −π/2 over the from-view while
/// its shadow fades out. Afterwards anchor, position and transform are restored, the shadow
/// removed, and the container's perspective lifted, finished or cancelled.
@MainActor
public final class PageTurnAnimator: ViewControllerAnimatedTransitioning {
    /// True to swing the page shut over the screen (present), false to turn it away (dismiss).
    public let isPresenting: Bool
    /// Seconds; the reference is 0.8.
    public var duration: Double
    /// The curve over the whole turn; the reference is easeInEaseOut.
    public var curve: Curve
    /// The eye's distance from the screen in points; the reference's m34 = −0.002 is 500.
    public var perspectiveDistance: Double

    /// A page turn lasting `duration` seconds, the eye `perspectiveDistance` points away.
    public init(presenting: Bool, duration: Double = 0.8, curve: Curve = .easeInEaseOut,
                perspectiveDistance: Double = 500) {
        isPresenting = presenting
        self.duration = duration
        self.curve = curve
        self.perspectiveDistance = perspectiveDistance
    }

    public var transitionName: String { "pageturn" }

    public func transitionDuration(using context: TransitionContext?) -> Double { duration }

    /// The shadow's colours, left to right.
    public static let shadowGradient = Gradient(
        colors: [.black, Color.black.withAlpha(0.5), Color.white.withAlpha(0.5)],
        startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))

    public func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        let from = context.view(forKey: .from), to = context.view(forKey: .to)
        to.frame = context.finalFrame(for: context.viewController(forKey: .to))
        // The page that turns is the presented one: on top, whichever way it goes.
        let page = isPresenting ? to : from
        if isPresenting { container.addSubview(to) } else { container.insertSubview(to, at: 0) }
        container.layer.sublayerTransform = .makePerspective(distance: perspectiveDistance)

        let saved = (anchor: page.layer.anchorPoint, position: page.layer.position, transform: page.transform)
        let frame = page.frame
        page.layer.anchorPoint = Point(x: 0, y: 0.5)
        page.layer.position = Point(x: frame.minX, y: frame.midY)

        let shadow = View(frame: page.bounds, name: "page-shadow")
        shadow.layer.gradient = Self.shadowGradient
        shadow.isUserInteractionEnabled = false
        page.addSubview(shadow)

        let open = Transform3D.makeRotation(-Double.pi / 2, 0, 1, 0)
        shadow.alpha = isPresenting ? 1 : 0
        page.transform = isPresenting ? open : .identity
        View.animate(withDuration: duration, curve: curve, animations: {
            page.transform = self.isPresenting ? .identity : open
            shadow.alpha = self.isPresenting ? 0 : 1
        }, completion: { _ in
            shadow.removeFromSuperview()
            page.layer.anchorPoint = saved.anchor
            page.layer.position = saved.position
            page.transform = saved.transform
            container.layer.sublayerTransform = .identity
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
