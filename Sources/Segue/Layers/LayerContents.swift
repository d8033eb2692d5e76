/// What a layer draws over its background: an image, a run of text or a snapshot of a
/// view. The platform turns these into textures; the engine only describes them.
public enum LayerContents: Hashable, Sendable {
    case image(ImageContent)
    case text(TextContent)
    /// Stretched to the layer's bounds.
    case snapshot(Snapshot)
}

/// An image registered with the platform under `id`, and how it fills the layer.
public struct ImageContent: Hashable, Sendable {
    public enum Gravity: Hashable, Sendable {
        /// Stretched to the layer's bounds (`resize`, UIKit's scaleToFill).
        case resize
        /// Scaled to cover the bounds, keeping its aspect ratio, the overflow cropped.
        case resizeAspectFill
    }

    public var id: String
    /// The image's size in pixels.
    public var pixelSize: Size
    public var gravity: Gravity

    public init(id: String, pixelSize: Size, gravity: Gravity = .resize) {
        self.id = id
        self.pixelSize = pixelSize
        self.gravity = gravity
    }

    /// The part of the image shown in bounds of `size`, in unit image coordinates.
    package func sourceRect(for size: Size) -> Rect {
        guard gravity == .resizeAspectFill, pixelSize.width > 0, pixelSize.height > 0,
              size.width > 0, size.height > 0 else { return Rect(x: 0, y: 0, width: 1, height: 1) }
        let imageAspect = pixelSize.width / pixelSize.height, boundsAspect = size.width / size.height
        if imageAspect > boundsAspect {
            let w = boundsAspect / imageAspect
            return Rect(x: (1 - w) / 2, y: 0, width: w, height: 1)
        }
        let h = imageAspect / boundsAspect
        return Rect(x: 0, y: (1 - h) / 2, width: 1, height: h)
    }
}

/// A run of text laid out in the layer's bounds: wrapped to its width, aligned horizontally,
/// starting at its top.
public struct TextContent: Hashable, Sendable {
    public enum Alignment: Hashable, Sendable { case left, center, right }
    public enum Weight: Hashable, Sendable { case regular, bold, monospace }

    public var string: String
    /// Font size in points.
    public var fontSize: Double
    public var weight: Weight
    public var color: Color
    public var alignment: Alignment

    public init(_ string: String, fontSize: Double = 17, weight: Weight = .regular,
                color: Color = .black, alignment: Alignment = .left) {
        self.string = string
        self.fontSize = fontSize
        self.weight = weight
        self.color = color
        self.alignment = alignment
    }
}
