/// A rectangular area of the screen that draws through its layer and takes part in hit
/// testing (`UIView`). Views form a tree that mirrors their layers' tree.
///
/// Geometry forwards to the layer; `transform` is the layer's full 3D transform.
@MainActor
open class View {
    /// The layer that draws this view (`UIView.layer`); the view's geometry forwards to it.
    public let layer: Layer
    /// The subviews, back to front (`UIView.subviews`).
    public private(set) var subviews: [View] = []
    /// The view this one is a subview of, held weakly; nil for a root.
    public private(set) weak var superview: View?
    /// Whether taps and hit tests reach this view and its subviews.
    public var isUserInteractionEnabled = true

    /// A view at `frame` (the superview's coordinates, points) whose layer is named `name`.
    public init(frame: Rect = .zero, name: String = "") {
        layer = Layer(name: name)
        layer.frame = frame
    }

    // MARK: Geometry and appearance

    /// The layer's `frame`: the transformed bounds' bounding box in the superview (`UIView.frame`).
    public var frame: Rect {
        get { layer.frame }
        set { layer.frame = newValue }
    }
    /// The view's own coordinate space, origin and size in points (`UIView.bounds`).
    public var bounds: Rect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }
    /// The position of the layer (its anchor point in the superview's coordinates).
    public var center: Point {
        get { layer.position }
        set { layer.position = newValue }
    }
    /// The layer's full 3D transform, about its anchor point (`UIView.transform3D`).
    public var transform: Transform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }
    /// The layer's opacity, 0…1.
    public var alpha: Double {
        get { layer.opacity }
        set { layer.opacity = newValue }
    }
    /// Leaves the view and its subviews out of drawing and hit testing (`UIView.isHidden`).
    public var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    /// The layer's background colour; nil: none (`UIView.backgroundColor`).
    public var backgroundColor: Color? {
        get { layer.backgroundColor }
        set { layer.backgroundColor = newValue }
    }

    // MARK: Hierarchy

    /// Adds `view` in front of the other subviews, removing it from any previous superview.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` (clamped), removing it from any previous superview.
    public func insertSubview(_ view: View, at index: Int) {
        view.removeFromSuperview()
        let i = min(max(index, 0), subviews.count)
        subviews.insert(view, at: i)
        view.superview = self
        layer.insertSublayer(view.layer, at: i)
    }

    /// Detaches this view and its layer from the superview; nothing when it has none.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }

    /// The window at the root of this view's tree, if any.
    public var window: Window? {
        var v: View = self
        while let p = v.superview { v = p }
        return v as? Window
    }

    // MARK: Coordinate spaces

    /// The model transform from this view's coordinates to the root's: each level maps into
    /// its superview's plane through its transform and the superview's sublayerTransform,
    /// flattened there as Core Animation does.
    public var transformToRoot: Transform3D {
        var m = Transform3D.identity
        var v: View = self
        while let parent = v.superview {
            m = m.concatenating(v.layer.model.toSuperlayerPlane(parent: parent.layer.model))
            v = parent
        }
        return m
    }

    /// `point`, given in this view's coordinates, in `view`'s (the root's when nil); nil where
    /// it falls behind the eye or `view` is seen edge-on.
    public func convert(_ point: Point, to view: View?) -> Point? {
        guard let inRoot = transformToRoot.project(point) else { return nil }
        guard let view else { return inRoot }
        return view.transformToRoot.unproject(inRoot)
    }

    /// `point`, given in `view`'s coordinates (the root's when nil), in this view's.
    public func convert(_ point: Point, from view: View?) -> Point? {
        let inRoot = view.map { $0.transformToRoot.project(point) } ?? point
        return inRoot.flatMap { transformToRoot.unproject($0) }
    }

    /// The bounding box in `view`'s coordinates of `rect` given in this view's; nil where a
    /// corner does not convert.
    public func convert(_ rect: Rect, to view: View?) -> Rect? {
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)]
        let mapped = corners.compactMap { convert($0, to: view) }
        return mapped.count == 4 ? Rect.bounding(mapped) : nil
    }

    // MARK: Hit testing

    /// The deepest visible, interaction-enabled view under `point` (in this view's
    /// coordinates), front-most first, seen through every 3D transform; nil when none.
    public func hitTest(_ point: Point) -> View? {
        guard isUserInteractionEnabled, !isHidden, alpha > 0.01, bounds.contains(point) else { return nil }
        for sub in subviews.reversed() {
            let m = sub.layer.model.toSuperlayerPlane(parent: layer.model)
            if let local = m.unproject(point), let hit = sub.hitTest(local) { return hit }
        }
        return self
    }

    /// Called when a press that began on this view is released on it without starting a drag.
    open func didTap() {}
}
