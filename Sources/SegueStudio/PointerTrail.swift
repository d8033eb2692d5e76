import Segue

/// Where the pointer has been during the drag under way, in screen points, for the dot the
/// screens show under it (an audience, or a recording, does not see the cursor): the latest
/// point and up to `length - 1` before it, each at least `spacing` points from the last.
/// It depends on where the pointer went, not on time, so a drag held still draws nothing new.
package struct PointerTrail: Equatable, Sendable {
    /// Points kept, the dot included.
    package static let length = 10
    /// The least distance between kept points, screen points.
    package static let spacing = 4.0
    /// The dot's diameter in screen points.
    package static let diameter = 22.0

    /// Oldest first; empty when no drag is under way.
    package private(set) var points: [Point] = []

    package init() {}

    /// The pointer is at `p`: it becomes the dot, and the dot before it stays in the trail
    /// unless it is within `spacing` of the point kept behind it.
    package mutating func add(_ p: Point) {
        if points.count >= 2 {
            let dot = points[points.count - 1], behind = points[points.count - 2]
            let dx = dot.x - behind.x, dy = dot.y - behind.y
            if dx * dx + dy * dy < Self.spacing * Self.spacing {
                points[points.count - 1] = p
                return
            }
        }
        points.append(p)
        if points.count > Self.length { points.removeFirst() }
    }

    package mutating func clear() { points.removeAll(keepingCapacity: true) }

    /// Appends the trail to `list`, points mapped to pixels by `scale` and `offset`: older
    /// points smaller and fainter, the dot white with a dark rim, each a disc (a square
    /// clipped round).
    package func compose(into list: inout DisplayList, scale: Double, offset: Point) {
        let toPixels = Transform3D.makeScale(scale, scale, 1).concatenating(.makeTranslation(offset.x, offset.y, 0))
        for (i, p) in points.enumerated() {
            let age = Double(points.count - 1 - i) / Double(Self.length)
            let d = Self.diameter * (1 - 0.6 * age)
            let isDot = i == points.count - 1
            func disc(_ diameter: Double, _ color: Color, _ opacity: Double) {
                let r = Rect(x: p.x - diameter / 2, y: p.y - diameter / 2, width: diameter, height: diameter)
                list.clips.append(.init(rect: r, cornerRadius: diameter / 2, transform: toPixels))
                list.items.append(.init(rect: r, transform: toPixels, opacity: opacity, fill: .color(color), name: "pointer",
                                        clip: list.clips.count - 1))
            }
            if isDot {
                disc(d + 4, Color(hex: 0x111827), 0.55)
                disc(d, .white, 0.9)
            } else {
                disc(d, Color(hex: 0xF59E0B), 0.55 * (1 - age))
            }
        }
    }
}
