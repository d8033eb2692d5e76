/// A pan that begins only when the press lands within `edgeZone` points of one of its
/// `edges` of the window (`UIScreenEdgePanGestureRecognizer`).
@MainActor
public final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// A set of window edges a screen-edge pan may start from.
    public struct Edges: OptionSet, Hashable, Sendable {
        /// The edge bits: left 1, right 2, top 4, bottom 8.
        public let rawValue: Int
        /// The edges whose bits `rawValue` sets.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The left edge, at the view's `bounds.minX`.
        public static let left = Edges(rawValue: 1)
        /// The right edge, at the view's `bounds.maxX`.
        public static let right = Edges(rawValue: 2)
        /// The top edge, at the view's `bounds.minY` (y grows downward).
        public static let top = Edges(rawValue: 4)
        /// The bottom edge, at the view's `bounds.maxY`.
        public static let bottom = Edges(rawValue: 8)
    }

    /// The edges near which a press may start the pan; fixed at creation.
    public let edges: Edges
    /// Width of the band along each edge where a press may start the pan, in points.
    public var edgeZone = 20.0

    /// A pan that begins only from a press within `edgeZone` (default 20) points of one of `edges`.
    public init(edges: Edges) {
        self.edges = edges
        super.init()
    }

    /// Whether `location` (window points) is in the zone of one of `edges`.
    override public func shouldBegin(at location: Point) -> Bool {
        guard let bounds = view?.bounds else { return false }
        return (edges.contains(.left) && location.x - bounds.minX < edgeZone && location.x >= bounds.minX)
            || (edges.contains(.right) && bounds.maxX - location.x <= edgeZone && location.x <= bounds.maxX)
            || (edges.contains(.top) && location.y - bounds.minY < edgeZone && location.y >= bounds.minY)
            || (edges.contains(.bottom) && bounds.maxY - location.y <= edgeZone && location.y <= bounds.maxY)
    }
}
