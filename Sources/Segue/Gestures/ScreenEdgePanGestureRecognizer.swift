/// A pan that begins only when the press lands within `edgeZone` points of one of its
/// `edges` of the window (`UIScreenEdgePanGestureRecognizer`).
@MainActor
public final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    public struct Edges: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let left = Edges(rawValue: 1)
        public static let right = Edges(rawValue: 2)
        public static let top = Edges(rawValue: 4)
        public static let bottom = Edges(rawValue: 8)
    }

    public let edges: Edges
    /// Width of the band along each edge where a press may start the pan, in points.
    public var edgeZone = 20.0

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
