/// A from–to change of a property with a plain value — a number, point, rect or colour —
/// held as up to four components, so that a frame interpolates it with a few vector
/// operations and writes it straight into the layer state, with no `AnimatableValue` built.
///
/// The result is bit for bit what the track's `value(at:)` stored through `LayerState`'s
/// subscript gives: each component is `from + (to − from) · f` with `f = (p − t₀) / span`,
/// the arithmetic of `AnimatableValue.interpolated(to:at:)`, only with `to − from` worked
/// out once.
struct Tween {
    private let property: AnimatableProperty
    /// The first keyframe's time and the time to the second (> 0).
    private let start: Double, span: Double
    private let from: SIMD4<Double>, change: SIMD4<Double>

    /// The tween of `property` along `track`; nil unless the track has two keyframes at
    /// different times whose values are plain values of the property's kind (not both nil
    /// colours), where `track.value(at:)` has to be asked.
    init?(property: AnimatableProperty, track: KeyframeTrack) {
        let k = track.keyframes
        guard k.count == 2, k[1].time - k[0].time > 0,
              case let (a, b)? = Self.components(of: property, k[0].value, k[1].value) else { return nil }
        self.property = property
        start = k[0].time
        span = k[1].time - k[0].time
        from = a
        change = b - a
    }

    /// Sets the property in `state` to the value at the track's progress `p`.
    func apply(at p: Double, to state: inout LayerState) {
        let v = from + change * ((p - start) / span)
        switch property {
        case .opacity: state.opacity = v.x
        case .cornerRadius: state.cornerRadius = v.x
        case .position: state.position = Point(x: v.x, y: v.y)
        case .anchorPoint: state.anchorPoint = Point(x: v.x, y: v.y)
        case .bounds: state.bounds = Rect(x: v.x, y: v.y, width: v.z, height: v.w)
        case .backgroundColor: state.backgroundColor = Color(red: v.x, green: v.y, blue: v.z, alpha: v.w)
        case .transform, .sublayerTransform: preconditionFailure("a transform is not a plain value")
        }
    }

    /// The components of the two ends of a change of `property` from `a` to `b`, or nil
    /// where they are not plain values of its kind.
    private static func components(of property: AnimatableProperty, _ a: AnimatableValue,
                                   _ b: AnimatableValue) -> (SIMD4<Double>, SIMD4<Double>)? {
        switch (property, a, b) {
        case let (.opacity, .number(a), .number(b)), let (.cornerRadius, .number(a), .number(b)):
            return (SIMD4(a, 0, 0, 0), SIMD4(b, 0, 0, 0))
        case let (.position, .point(a), .point(b)), let (.anchorPoint, .point(a), .point(b)):
            return (SIMD4(a.x, a.y, 0, 0), SIMD4(b.x, b.y, 0, 0))
        case let (.bounds, .rect(a), .rect(b)):
            return (SIMD4(a.minX, a.minY, a.width, a.height), SIMD4(b.minX, b.minY, b.width, b.height))
        case let (.backgroundColor, .color(a), .color(b)):
            guard case let (a, b)? = AnimatableValue.colorEnds(a, b) else { return nil }
            return (SIMD4(a.red, a.green, a.blue, a.alpha), SIMD4(b.red, b.green, b.blue, b.alpha))
        default:
            return nil
        }
    }
}
