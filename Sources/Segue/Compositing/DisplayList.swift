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
        /// a rasterizer grew past its edge), a gradient runs on as it changes over the last
        /// 10⁻⁴ of the rect inside, unclamped: a cell's colours stay one plane with its
        /// grown corners.
        package func flatColor(at p: Point) -> Color? {
            switch fill {
            case .color(let c): return c.withAlpha(c.alpha * opacity)
            case .gradient(let g):
                func color(_ u: Double, _ v: Double) -> Color {
                    let c = g.color(at: g.parameter(atUnitPoint: Point(x: u, y: v)))
                    return c.withAlpha(c.alpha * opacity)
                }
                let u = (p.x - rect.minX) / rect.width, v = (p.y - rect.minY) / rect.height
                let edgeU = min(max(u, 0), 1), edgeV = min(max(v, 0), 1)
                let edge = color(edgeU, edgeV)
                guard edgeU != u || edgeV != v else { return edge }
                let step = 1e-4
                var out = edge
                func carry(_ inside: Color, _ distance: Double) {
                    let k = distance / step
                    out.red += (edge.red - inside.red) * k
                    out.green += (edge.green - inside.green) * k
                    out.blue += (edge.blue - inside.blue) * k
                    out.alpha += (edge.alpha - inside.alpha) * k
                }
                if edgeU != u { carry(color(edgeU == 0 ? step : 1 - step, edgeV), abs(u - edgeU)) }
                if edgeV != v { carry(color(edgeU, edgeV == 0 ? step : 1 - step), abs(v - edgeV)) }
                return out
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
