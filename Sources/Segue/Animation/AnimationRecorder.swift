/// Collects the property changes made inside an `animate` block and turns them into
/// animations when the block returns.
///
/// The recorder of the innermost running block is `current`, so blocks nest. Like UIKit's
/// view tree, it belongs to the main actor, so no two tasks can record at once.
@MainActor
final class AnimationRecorder {
    /// The recorder of the innermost `animate` block running now, nil outside any.
    private(set) static var current: AnimationRecorder?

    /// Runs `body` with `recorder` as `current` (nil: changes are not animated), then
    /// restores the enclosing one.
    static func with(_ recorder: AnimationRecorder?, _ body: () -> Void) {
        let saved = current
        current = recorder
        defer { current = saved }
        body()
    }

    private struct Change {
        let layer: Layer
        let property: AnimatableProperty
        let from: AnimatableValue
        let to: AnimatableValue
        /// The keyframe window in fractions of the duration.
        let start: Double
        let length: Double
    }

    private let duration: Double
    private let delay: Double
    private let easing: Easing
    private let isKeyframed: Bool
    private let options: AnimationOptions
    private var changes: [Change] = []
    private var window = (start: 0.0, length: 1.0)

    init(duration: Double, delay: Double, easing: Easing, isKeyframed: Bool, options: AnimationOptions = []) {
        self.options = options
        self.duration = duration
        self.delay = delay
        self.easing = easing
        self.isKeyframed = isKeyframed
    }

    func record(_ layer: Layer, _ property: AnimatableProperty, from: AnimatableValue, to: AnimatableValue) {
        let from = options.contains(.beginFromCurrentState) ? layer.presentation[property] : from
        changes.append(Change(layer: layer, property: property, from: from, to: to,
                              start: window.start, length: window.length))
    }

    /// Runs `body` with changes falling in the window `start`…`start + length` of the timeline.
    func withKeyframe(start: Double, length: Double, _ body: () -> Void) {
        let saved = window
        window = (min(max(start, 0), 1), min(max(length, 0), 1))
        body()
        window = saved
    }

    /// Adds one animation per changed (layer, property) to its layer, all in `transaction`,
    /// in the order the changes were first made.
    func commit(_ transaction: AnimationTransaction) {
        struct Key: Hashable { let layer: ObjectIdentifier; let property: AnimatableProperty }
        var order: [Key] = []
        var groups: [Key: [Change]] = [:]
        for c in changes {
            let key = Key(layer: ObjectIdentifier(c.layer), property: c.property)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(c)
        }
        for key in order {
            let group = groups[key]!
            let (first, last) = (group[0], group[group.count - 1])
            let track = isKeyframed ? Self.keyframeTrack(group) : KeyframeTrack(from: first.from, to: last.to)
            var animation = Animation(property: key.property, track: track, easing: easing,
                                      duration: duration, transaction: transaction)
            animation.beginTime = first.layer.localTime + delay
            first.layer.add(animation, forKey: key.property.rawValue)
        }
    }

    /// Keyframes that hold each value until its window starts and reach the new one at its end.
    private static func keyframeTrack(_ changes: [Change]) -> KeyframeTrack {
        var frames = [KeyframeTrack.Keyframe(time: 0, value: changes[0].from)]
        var current = changes[0].from
        for c in changes.sorted(by: { $0.start < $1.start }) {
            if c.start > frames[frames.count - 1].time {
                frames.append(.init(time: c.start, value: current))
            }
            current = c.to
            frames.append(.init(time: min(c.start + c.length, 1), value: current))
        }
        if frames[frames.count - 1].time < 1 { frames.append(.init(time: 1, value: current)) }
        return KeyframeTrack(frames)
    }
}
