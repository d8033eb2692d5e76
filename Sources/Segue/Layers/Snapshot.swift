import Synchronization

/// A picture of a view's subtree at one instant, used as layer contents
/// (`snapshotView(afterScreenUpdates:)`): the display list of the subtree in the view's own
/// coordinates (points), which the compositor draws in place of the layer's contents
/// (`Compositor`), so it draws exactly as the view did, at any scale.
public struct Snapshot: Hashable, Sendable {
    private static let counter = Atomic<Int>(0)

    /// Unique in the process: two snapshots of one view are different pictures.
    public let id: Int
    /// The size of the view's bounds, points.
    public let size: Size
    package let list: DisplayList

    package init(size: Size, list: DisplayList) {
        id = Self.counter.add(1, ordering: .relaxed).newValue
        self.size = size
        self.list = list
    }

    public static func == (a: Snapshot, b: Snapshot) -> Bool { a.id == b.id }
    public func hash(into h: inout Hasher) { h.combine(id) }
}

extension View {
    /// A snapshot of this view and its subviews as they are presented now, in the view's
    /// own coordinates (its transform and position left out).
    public func snapshot() -> Snapshot {
        Snapshot(size: bounds.size, list: Compositor.compose(layer, inOwnCoordinates: true))
    }

    /// A new view of this view's size showing `snapshot()`; place it with its frame.
    public func snapshotView() -> View {
        let v = View(frame: Rect(origin: .zero, size: bounds.size), name: "snapshot of \(layer.name)")
        v.layer.contents = .snapshot(snapshot())
        v.isUserInteractionEnabled = false
        return v
    }
}
