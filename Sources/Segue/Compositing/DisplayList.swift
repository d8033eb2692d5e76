/// What one frame draws, in order, back to front: flat quads, each a rectangle in its
/// layer's coordinates with the full transform to output pixels. The renderer only draws it.
public struct DisplayList: Hashable, Sendable {
    public enum Fill: Hashable, Sendable {
        case color(Color)
        case gradient(Gradient)
        /// An image and the part of it shown, in unit image coordinates.
        case image(ImageContent, source: Rect)
        case text(TextContent)
        /// A snapshot stretched over the rect.
        case snapshot(Snapshot)
    }

    public struct Item: Hashable, Sendable {
        /// The rectangle drawn, in the layer's own coordinates.
        public var rect: Rect
        /// Layer coordinates → output pixels (homogeneous: divide by w; clip where w ≤ 0).
        public var transform: Transform3D
        /// The product of the opacities down the tree, 0…1.
        public var opacity: Double
        public var fill: Fill
        /// The layer's name, for debugging and tests.
        public var name: String

        public init(rect: Rect, transform: Transform3D, opacity: Double, fill: Fill, name: String = "") {
            self.rect = rect
            self.transform = transform
            self.opacity = opacity
            self.fill = fill
            self.name = name
        }
    }

    public var items: [Item] = []

    public init(items: [Item] = []) {
        self.items = items
    }
}
