/// What one frame draws, in order, back to front: flat quads, each a rectangle in its
/// layer's coordinates with the full transform to output pixels. The renderer only draws it.
package struct DisplayList: Hashable, Sendable {
    package enum Fill: Hashable, Sendable {
        case color(Color)
        case gradient(Gradient)
        /// An image and the part of it shown, in unit image coordinates.
        case image(ImageContent, source: Rect)
        case text(TextContent)
        /// The part `source` (unit coordinates) of a snapshot, stretched over the rect.
        case snapshot(Snapshot, source: Rect)
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

        package init(rect: Rect, transform: Transform3D, opacity: Double, fill: Fill, name: String = "") {
            self.rect = rect
            self.transform = transform
            self.opacity = opacity
            self.fill = fill
            self.name = name
        }

        /// The colour a colour or gradient item shows at `p` (its layer's coordinates), its
        /// opacity taken into the alpha; nil for images, text and snapshots.
        package func flatColor(at p: Point) -> Color? {
            switch fill {
            case .color(let c): return c.withAlpha(c.alpha * opacity)
            case .gradient(let g):
                let unit = Point(x: (p.x - rect.minX) / rect.width, y: (p.y - rect.minY) / rect.height)
                let c = g.color(at: g.parameter(atUnitPoint: unit))
                return c.withAlpha(c.alpha * opacity)
            default: return nil
            }
        }
    }

    package var items: [Item] = []

    package init(items: [Item] = []) {
        self.items = items
    }
}
