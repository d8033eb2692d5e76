import Segue

/// A picture shown as a whole screen in place of a demo's design: a PNG or JPEG file (its
/// size read from its header), fitted to the screen and letterboxed on the stage colour.
package struct ScreenPicture: Hashable, Sendable {
    /// The stage's colour, behind the screens and around a letterboxed picture.
    package static let stage = Color(hex: 0x0F1115)

    /// The file, from the root (what a recording keeps).
    package var path: String
    /// The file as the user gave it (what messages name); `path` when not given.
    package var given: String
    /// Its size in pixels.
    package var pixelSize: Size

    package init(path: String, given: String? = nil, pixelSize: Size) {
        self.path = path
        self.given = given ?? path
        self.pixelSize = pixelSize
    }

    /// The contents id the platform loads `path` under.
    package var id: String { "screen:" + path }

    /// The largest rect of the picture's aspect that fits `size` (points), centred in it.
    package func fitted(in size: Size) -> Rect {
        guard pixelSize.width > 0, pixelSize.height > 0 else { return Rect(origin: .zero, size: size) }
        let k = min(size.width / pixelSize.width, size.height / pixelSize.height)
        let (w, h) = (pixelSize.width * k, pixelSize.height * k)
        return Rect(x: (size.width - w) / 2, y: (size.height - h) / 2, width: w, height: h)
    }
}

/// The pictures a modal demo's two screens show instead of their designs: the base (the
/// screen a present starts from) and the modal; nil keeps that screen's design.
package struct ScreenPictures: Hashable, Sendable {
    package var base: ScreenPicture?
    package var modal: ScreenPicture?

    package init(base: ScreenPicture?, modal: ScreenPicture?) {
        self.base = base
        self.modal = modal
    }

    /// What the platform must load: contents id → path.
    package var images: [(id: String, path: String)] { [base, modal].compactMap { $0 }.map { ($0.id, $0.path) } }
}

/// A screen that is one picture: a tap anywhere on it runs `onTap`.
@MainActor
final class PictureScreenView: View {
    var onTap: () -> Void

    init(picture: ScreenPicture, size: Size, onTap: @escaping () -> Void) {
        self.onTap = onTap
        super.init(frame: Rect(origin: .zero, size: size), name: "screen")
        backgroundColor = ScreenPicture.stage
        let image = ImageView(frame: picture.fitted(in: size), image: ImageContent(id: picture.id, pixelSize: picture.pixelSize))
        image.isUserInteractionEnabled = false
        addSubview(image)
    }

    override func didTap() { onTap() }
}
