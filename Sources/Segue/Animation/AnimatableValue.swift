/// The layer properties that animations can change (Core Animation key paths).
public enum AnimatableProperty: String, Hashable, Sendable, CaseIterable {
    /// The `LayerState` property of the same name; position and anchorPoint take `.point`, bounds
    /// `.rect`, the two transforms `.transform`, backgroundColor `.color`, the others `.number`.
    case position, bounds, anchorPoint, transform, sublayerTransform, opacity, backgroundColor, cornerRadius
}

/// A value of an animatable property. Interpolation is not clamped: a spring may overshoot.
public enum AnimatableValue: Hashable, Sendable {
    /// A number, as `opacity` (0…1) and `cornerRadius` (points) take.
    case number(Double)
    /// A point, as `position` (superlayer points) and `anchorPoint` (unit coordinates) take.
    case point(Point)
    /// A rectangle, as `bounds` takes; origin and size interpolate component by component.
    case rect(Rect)
    /// Boxed, so the enum stays small: the other values are copied every frame by the thousand.
    indirect case transform(Transform3D)
    /// A colour, as `backgroundColor` takes; nil (none) animates as the other end at alpha 0.
    case color(Color?)

    /// The value a fraction `t` of the way to `other`. Transforms interpolate their
    /// decompositions; a nil colour stands for clear. Values of different kinds switch at 0.5.
    public func interpolated(to other: AnimatableValue, at t: Double) -> AnimatableValue {
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        switch (self, other) {
        case let (.number(a), .number(b)):
            return .number(lerp(a, b))
        case let (.point(a), .point(b)):
            return .point(Point(x: lerp(a.x, b.x), y: lerp(a.y, b.y)))
        case let (.rect(a), .rect(b)):
            return .rect(Rect(x: lerp(a.minX, b.minX), y: lerp(a.minY, b.minY),
                              width: lerp(a.width, b.width), height: lerp(a.height, b.height)))
        case let (.transform(a), .transform(b)):
            return .transform(a.interpolated(to: b, at: t))
        case let (.color(a), .color(b)):
            guard case let (from, to)? = Self.colorEnds(a, b) else { return .color(nil) }
            return .color(from.interpolated(to: to, at: t))
        default:
            return t < 0.5 ? self : other
        }
    }

    /// The colours a change from `a` to `b` interpolates between: a nil colour stands for
    /// the other one made clear (alpha 0), so only the alpha changes. nil when both are nil.
    static func colorEnds(_ a: Color?, _ b: Color?) -> (Color, Color)? {
        if a == nil && b == nil { return nil }
        return (a ?? (b ?? .clear).withAlpha(0), b ?? (a ?? .clear).withAlpha(0))
    }
}
