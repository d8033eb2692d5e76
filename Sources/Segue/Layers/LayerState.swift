/// The animatable geometry and appearance of a layer at one instant: the model values, or
/// the presentation values with animations applied.
public struct LayerState: Hashable, Sendable {
    /// The layer's own coordinate space: its origin and size, in points.
    public var bounds = Rect.zero
    /// Where the anchor point sits in the superlayer's coordinate space.
    public var position = Point.zero
    /// The point, in unit coordinates of the bounds, that `position` and `transform` refer to.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// The 3D transform applied about the anchor point (`CALayer.transform`).
    public var transform = Transform3D.identity
    /// Applied to the sublayers, about this layer's anchor point.
    public var sublayerTransform = Transform3D.identity
    /// 0…1, multiplied down the tree (clamped when drawn).
    public var opacity = 1.0
    /// Leaves the layer and its sublayers out of drawing.
    public var isHidden = false
    /// The colour filling the bounds, rounded by `cornerRadius`; nil: none.
    public var backgroundColor: Color?
    /// Points: the background is drawn as a rect with corners rounded by this much (at most
    /// half the shorter side; negative counts as 0); with `masksToBounds`, the contents and
    /// the sublayers are clipped to that rounded rect too.
    public var cornerRadius = 0.0
    /// Clip the contents and the sublayers to the bounds (rounded by `cornerRadius`).
    public var masksToBounds = false
    /// Drawn while it faces away from the viewer (`Layer.isDoubleSided`).
    public var isDoubleSided = true

    /// The default state: empty bounds at the origin, anchor centred, identity transforms, opaque.
    public init() {}

    /// The corner radius drawn: `cornerRadius` clamped to 0…half the bounds' shorter side.
    package var drawnCornerRadius: Double { min(max(cornerRadius, 0), bounds.width / 2, bounds.height / 2) }

    /// The anchor point in the bounds' coordinates: `bounds.origin + anchorPoint · bounds.size`.
    package var anchorInBounds: Point {
        Point(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// Where the bounds' origin lands in the superlayer when the layer is only placed, not
    /// transformed: `position − anchorInBounds`.
    package var placementOffset: Point { position - anchorInBounds }

    /// Maps this layer's coordinates into its superlayer's plane, before the superlayer's
    /// sublayerTransform: `T(−a) · transform · T(position)`.
    package var toSuperlayer: Transform3D {
        if transform.isIdentity {
            let offset = placementOffset
            return .makeTranslation(offset.x, offset.y, 0)
        }
        let a = anchorInBounds
        return Transform3D.makeTranslation(-a.x, -a.y, 0).concatenating(transform)
            .concatenating(.makeTranslation(position.x, position.y, 0))
    }

    /// The transform this layer applies to its sublayers' coordinates:
    /// `T(−a) · sublayerTransform · T(a)`, identity when there is none.
    package var sublayerTransformAboutAnchor: Transform3D {
        if sublayerTransform.isIdentity { return .identity }
        let a = anchorInBounds
        return Transform3D.makeTranslation(-a.x, -a.y, 0).concatenating(sublayerTransform)
            .concatenating(.makeTranslation(a.x, a.y, 0))
    }

    /// The flattened map from this layer into the plane of a superlayer in state `parent`:
    /// `toSuperlayer · parent.sublayerTransformAboutAnchor`, with the output z dropped as
    /// Core Animation flattens each layer into its parent. Compositing and hit testing share it.
    package func toSuperlayerPlane(parent: LayerState) -> Transform3D {
        if parent.sublayerTransform.isIdentity { return toSuperlayer.flattened }
        return toSuperlayer.concatenating(parent.sublayerTransformAboutAnchor).flattened
    }

    package subscript(property: AnimatableProperty) -> AnimatableValue {
        get {
            switch property {
            case .position: return .point(position)
            case .bounds: return .rect(bounds)
            case .anchorPoint: return .point(anchorPoint)
            case .transform: return .transform(transform)
            case .sublayerTransform: return .transform(sublayerTransform)
            case .opacity: return .number(opacity)
            case .backgroundColor: return .color(backgroundColor)
            case .cornerRadius: return .number(cornerRadius)
            }
        }
        set {
            switch (property, newValue) {
            case let (.position, .point(p)): position = p
            case let (.bounds, .rect(r)): bounds = r
            case let (.anchorPoint, .point(p)): anchorPoint = p
            case let (.transform, .transform(t)): transform = t
            case let (.sublayerTransform, .transform(t)): sublayerTransform = t
            case let (.opacity, .number(v)): opacity = v
            case let (.backgroundColor, .color(c)): backgroundColor = c
            case let (.cornerRadius, .number(v)): cornerRadius = v
            default: assertionFailure("\(newValue) is not a value of \(property)")
            }
        }
    }
}
