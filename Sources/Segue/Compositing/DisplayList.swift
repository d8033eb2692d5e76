/// What one frame draws, in order, back to front: flat quads, each a rectangle in its
/// layer's coordinates with the full transform to output pixels. The renderer only draws it.
package struct DisplayList: Hashable, Sendable {
    package enum Fill: Hashable, Sendable {
        case color(Color)
        case gradient(Gradient)
        /// An image and the part of it shown, in unit image coordinates.
        case image(ImageContent, source: Rect)
        case text(TextContent)
        /// The part `source` (unit coordinates of the snapshot) of a snapshot, stretched over
        /// the rect and clipped to it, its items' opacities times the item's. `masked`: the
        /// item's clip is the rect's own region already (its layer masks to its bounds).
        /// A renderer draws it from its items (`appendContents(of:)`) or from a picture of them.
        case snapshot(Snapshot, source: Rect, masked: Bool)
    }

    /// A region items are clipped to: a rect with rounded corners in a layer's plane, within
    /// the region of `parent` (an index into `clips`) when there is one.
    package struct Clip: Hashable, Sendable {
        /// In the clipping layer's coordinates.
        package var rect: Rect
        /// Points, 0…half the rect's shorter side.
        package var cornerRadius: Double
        /// The clipping layer's coordinates → output pixels, as an item's.
        package var transform: Transform3D
        package var parent: Int?

        package init(rect: Rect, cornerRadius: Double, transform: Transform3D, parent: Int? = nil) {
            self.rect = rect
            self.cornerRadius = cornerRadius
            self.transform = transform
            self.parent = parent
        }
    }

    package struct Item: Hashable, Sendable {
        /// The rectangle drawn, in the layer's own coordinates.
        package var rect: Rect
        /// Layer coordinates → output pixels (homogeneous: divide by w; clip where w ≤ 0).
        package var transform: Transform3D
        /// The product of the opacities down the tree, 0…1.
        package var opacity: Double
        package var fill: Fill
        /// The layer's name, for debugging and tests.
        package var name: String
        /// The index in `clips` of the region the item is clipped to; nil: not clipped.
        package var clip: Int?

        package init(rect: Rect, transform: Transform3D, opacity: Double, fill: Fill, name: String = "", clip: Int? = nil) {
            self.rect = rect
            self.transform = transform
            self.opacity = opacity
            self.fill = fill
            self.name = name
            self.clip = clip
        }

        /// The colour a colour or gradient item shows at `p` (its layer's coordinates), its
        /// opacity taken into the alpha; nil for images and text. Beyond the rect (a corner
        /// a rasterizer grew past its edge), a gradient runs on unclamped as it runs at the
        /// nearest point of the rect (`Gradient.color(at:runningOnFrom:toward:)`): a cell's
        /// colours stay one plane with its grown corners.
        package func flatColor(at p: Point) -> Color? {
            switch fill {
            case .color(let c): return c.withAlpha(c.alpha * opacity)
            case .gradient(let g):
                // A rect of no width or height has one colour across it.
                let u = rect.width > 0 ? (p.x - rect.minX) / rect.width : 0
                let v = rect.height > 0 ? (p.y - rect.minY) / rect.height : 0
                let edge = Point(x: min(max(u, 0), 1), y: min(max(v, 0), 1))
                let s = g.parameter(atUnitPoint: Point(x: u, y: v)), e = g.parameter(atUnitPoint: edge)
                // The stretch that runs on is the one on the far side of the edge from `p`.
                let c = edge.x == u && edge.y == v ? g.color(at: s) : g.color(at: s, runningOnFrom: e, toward: 2 * e - s)
                return c.withAlpha(c.alpha * opacity)
            default: return nil
            }
        }
    }

    package var items: [Item] = []
    /// The clip regions items refer to, each after its parent.
    package var clips: [Clip] = []

    package init(items: [Item] = [], clips: [Clip] = []) {
        self.items = items
        self.clips = clips
    }

    /// Empties the list, keeping its capacity.
    package mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
        clips.removeAll(keepingCapacity: true)
    }
}
