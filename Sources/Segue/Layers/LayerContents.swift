/// What a layer draws over its background: an image, a run of text or a snapshot of a
/// view. The platform turns these into textures; the engine only describes them.
public enum LayerContents: Hashable, Sendable {
    /// An image, fitted to the bounds by its gravity.
    case image(ImageContent)
    /// A run of text, laid out in the bounds.
    case text(TextContent)
    /// Stretched to the layer's bounds.
    case snapshot(Snapshot)
}

/// An image registered with the platform under `id`, and how it fills the layer.
public struct ImageContent: Hashable, Sendable {
    /// How an image fills the layer's bounds (`CALayer.contentsGravity`).
    public enum Gravity: Hashable, Sendable {
        /// Stretched to the layer's bounds (`resize`, UIKit's scaleToFill).
        case resize
        /// Scaled to cover the bounds, keeping its aspect ratio, the overflow cropped.
        case resizeAspectFill
    }

    /// The name the platform registered the image under.
    public var id: String
    /// The image's size in pixels.
    public var pixelSize: Size
    /// How the image fills the bounds; `.resize` by default.
    public var gravity: Gravity

    /// The image registered as `id`, `pixelSize` pixels, filling the bounds by `gravity`.
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
    /// How the lines sit horizontally in the bounds.
    public enum Alignment: Hashable, Sendable {
        /// Each line starts at the left edge.
        case left
        /// Each line is centred between the edges.
        case center
        /// Each line ends at the right edge.
        case right
    }
    /// The face the text is set in: regular, bold or monospaced.
    public enum Weight: Hashable, Sendable {
        /// The regular sans-serif face.
        case regular
        /// The bold sans-serif face.
        case bold
        /// The monospaced face, for figures that must not shift.
        case monospace
    }

    /// The text shown.
    public var string: String
    /// Font size in points.
    public var fontSize: Double
    /// The face the text is set in; regular by default.
    public var weight: Weight
    /// The text's colour; black by default.
    public var color: Color
    /// How the lines sit horizontally in the bounds; left by default.
    public var alignment: Alignment

    /// Text `string` at `fontSize` points; by default 17 pt, regular, black and aligned left.
    public init(_ string: String, fontSize: Double = 17, weight: Weight = .regular,
                color: Color = .black, alignment: Alignment = .left) {
        self.string = string
        self.fontSize = fontSize
        self.weight = weight
        self.color = color
        self.alignment = alignment
    }
}
