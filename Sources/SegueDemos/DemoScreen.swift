import Segue

/// A demo screen that looks like an app's: a title, a subtitle, a card of text, a row of
/// coloured tiles and a button, laid out in proportion to the screen size.
@MainActor
package final class DemoScreen: ViewController {
    /// What the screen shows.
    package struct Design: Sendable {
        package var title: String
        package var subtitle: String
        package var card: String
        package var buttonTitle: String
        package var background: Gradient
        package var textColor: Color
        package var cardColor: Color
        package var buttonColor: Color
        package var buttonTextColor: Color
        package var tiles: [Color]
    }

    package let design: Design
    package let size: Size
    /// Runs when the screen's button is tapped (or, while it shows a picture, the screen).
    package var buttonAction: () -> Void = {}
    /// The button; nil while the screen shows a picture.
    package private(set) var button: Button?
    /// What a tap runs `buttonAction` on: the button, or the whole screen while it shows a picture.
    package var tapTarget: View? { button ?? view.subviews.first as? PictureScreenView }
    /// The picture shown instead of the design; nil: the design.
    package private(set) var picture: ScreenPicture?

    /// Shows `picture` as the whole screen instead of the design (nil: the design again).
    package func show(_ picture: ScreenPicture?) {
        guard picture != self.picture else { return }
        self.picture = picture
        guard isViewLoaded else { return }
        let root = view
        for sub in root.subviews { sub.removeFromSuperview() }
        layOut(root)
    }

    package init(design: Design, size: Size) {
        self.design = design
        self.size = size
        super.init(title: design.title)
    }

    override package func loadView() -> View {
        let root = View(frame: Rect(origin: .zero, size: size), name: design.title)
        layOut(root)
        return root
    }

    /// Fills `root` (empty) with the picture, or with the design's title, card, tiles and button.
    private func layOut(_ root: View) {
        if let picture {
            root.layer.gradient = nil
            button = nil
            root.addSubview(PictureScreenView(picture: picture, size: size) { [weak self] in self?.buttonAction() })
            return
        }
        let w = size.width, h = size.height
        let k = min(w / 375, h / 667)
        let margin = 24 * w / 375
        let inner = w - 2 * margin
        root.layer.gradient = design.background

        root.addSubview(Label(frame: Rect(x: margin, y: 0.09 * h, width: inner, height: 44 * k),
                              text: TextContent(design.title, fontSize: 34 * k, weight: .bold, color: design.textColor)))
        root.addSubview(Label(frame: Rect(x: margin, y: 0.09 * h + 50 * k, width: inner, height: 48 * k),
                              text: TextContent(design.subtitle, fontSize: 17 * k, color: design.textColor.withAlpha(0.8))))

        let card = View(frame: Rect(x: margin, y: 0.3 * h, width: inner, height: 0.26 * h), name: "card")
        card.backgroundColor = design.cardColor
        card.addSubview(Label(frame: Rect(x: 16 * k, y: 16 * k, width: inner - 32 * k, height: 0.26 * h - 32 * k),
                              text: TextContent(design.card, fontSize: 16 * k, color: design.textColor)))
        root.addSubview(card)

        let gap = 12 * k
        let tile = (inner - gap * Double(design.tiles.count - 1)) / Double(max(design.tiles.count, 1))
        for (i, color) in design.tiles.enumerated() {
            let t = View(frame: Rect(x: margin + Double(i) * (tile + gap), y: 0.6 * h, width: tile, height: min(tile, 0.14 * h)),
                         name: "tile-\(i + 1)")
            t.backgroundColor = color
            root.addSubview(t)
        }

        let button = Button(frame: Rect(x: margin, y: h - 0.165 * h, width: inner, height: 56 * k),
                            title: design.buttonTitle, color: design.buttonColor, titleColor: design.buttonTextColor,
                            name: design.buttonTitle.lowercased().split(separator: " ").joined(separator: "-")) { [weak self] in self?.buttonAction() }
        root.addSubview(button)
        self.button = button
    }
}
