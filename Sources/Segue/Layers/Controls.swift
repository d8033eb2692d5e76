/// A view that shows one run of text, laid out in its bounds (`UILabel`).
@MainActor
public final class Label: View {
    /// The text shown, with its font, colour and alignment; setting it updates the contents.
    public var text: TextContent {
        didSet { layer.contents = .text(text) }
    }

    /// A label at `frame` showing `text`; taps pass through it, as through a `UILabel`.
    public init(frame: Rect, text: TextContent) {
        self.text = text
        super.init(frame: frame, name: "label")
        layer.contents = .text(text)
        isUserInteractionEnabled = false
    }
}

/// A view that shows an image (`UIImageView`).
@MainActor
public final class ImageView: View {
    /// The image shown, fitted to the bounds by its gravity; nil shows none.
    public var image: ImageContent? {
        didSet { layer.contents = image.map { .image($0) } }
    }

    /// An image view at `frame` showing `image` (nil: none).
    public init(frame: Rect, image: ImageContent?) {
        self.image = image
        super.init(frame: frame, name: "image")
        layer.contents = image.map { .image($0) }
    }
}

/// A tappable view with a centred title that runs `action` when tapped (`UIButton`).
@MainActor
public final class Button: View {
    /// Runs each time the button is tapped.
    public var action: () -> Void

    /// A `color` button at `frame`, `title` centred in bold `titleColor`, running `action` on tap.
    public init(frame: Rect, title: String, color: Color, titleColor: Color = .white,
                name: String = "button", action: @escaping () -> Void = {}) {
        self.action = action
        super.init(frame: frame, name: name)
        backgroundColor = color
        let fontSize = min(20, frame.height * 0.42)
        let label = Label(frame: Rect(x: 0, y: (frame.height - fontSize * 1.2) / 2, width: frame.width, height: fontSize * 1.25),
                          text: TextContent(title, fontSize: fontSize, weight: .bold, color: titleColor, alignment: .center))
        addSubview(label)
    }

    override public func didTap() { action() }
}
