import Segue
import SegueCatalog

extension DemoScreen.Design {
    static let flipHome = DemoScreen.Design(
        title: "Segue",
        subtitle: "Interactive 3D view transitions",
        card: "Drag up or down anywhere on the screen to flip to the next screen. Let go past halfway and it finishes; short of it, it flips back.",
        buttonTitle: "Flip",
        background: Gradient(colors: [Color(hex: 0x3730A3), Color(hex: 0x1E1B4B)]),
        textColor: .white,
        cardColor: Color(white: 1, alpha: 0.12),
        buttonColor: Color(hex: 0xF59E0B),
        buttonTextColor: Color(hex: 0x1E1B4B),
        tiles: [Color(hex: 0xF472B6), Color(hex: 0x38BDF8), Color(hex: 0x34D399)])

    static let flipModal = DemoScreen.Design(
        title: "Modal",
        subtitle: "Presented with a flip about X",
        card: "This screen came in on the back of the first one. Drag vertically again, or press Dismiss, to flip back.",
        buttonTitle: "Dismiss",
        background: Gradient(colors: [Color(hex: 0xFFF7ED), Color(hex: 0xFDBA74)]),
        textColor: Color(hex: 0x7C2D12),
        cardColor: Color(hex: 0xFFFFFF, alpha: 0.6),
        buttonColor: Color(hex: 0xEA580C),
        buttonTextColor: .white,
        tiles: [Color(hex: 0xEF4444), Color(hex: 0xF59E0B), Color(hex: 0x84CC16), Color(hex: 0x14B8A6)])

    static let pageHome = DemoScreen.Design(
        title: "Chapter One",
        subtitle: "A page that turns like a door",
        card: "Drag from the right edge of the screen to swing the next page shut over this one. Let go before halfway and it swings open again.",
        buttonTitle: "Turn page",
        background: Gradient(colors: [Color(hex: 0x064E3B), Color(hex: 0x022C22)]),
        textColor: Color(hex: 0xECFDF5),
        cardColor: Color(white: 1, alpha: 0.1),
        buttonColor: Color(hex: 0x34D399),
        buttonTextColor: Color(hex: 0x022C22),
        tiles: [Color(hex: 0xA7F3D0), Color(hex: 0x6EE7B7), Color(hex: 0x10B981)])

    static let pageModal = DemoScreen.Design(
        title: "Chapter Two",
        subtitle: "Turned in about its left edge",
        card: "To turn back, drag from the left edge: the page swings open toward you, darkening as it turns away from the light.",
        buttonTitle: "Turn back",
        background: Gradient(colors: [Color(hex: 0xFEFCE8), Color(hex: 0xFDE68A)]),
        textColor: Color(hex: 0x422006),
        cardColor: Color(hex: 0xFFFFFF, alpha: 0.55),
        buttonColor: Color(hex: 0x92400E),
        buttonTextColor: .white,
        tiles: [Color(hex: 0xFCA5A5), Color(hex: 0xFCD34D), Color(hex: 0x93C5FD), Color(hex: 0xC4B5FD)])

    /// The flip demo's two screens worded for `transition`: its name on the button and the
    /// modal, the drags that run it each way (from its `interaction`). How far is far enough
    /// is the tuning's (the HUD's marker), so the screens do not say a number.
    static func screens(for transition: CustomTransition) -> (base: Self, modal: Self) {
        let name = transition.name
        let button = name.prefix(1).uppercased() + name.dropFirst()
        var base = flipHome, modal = flipModal
        base.buttonTitle = button
        if let present = transition.interaction?.present {
            base.card = "\(present.instruction) to bring in the next screen with \(name). Let go far enough and it finishes; short of it, it goes back."
        } else {
            base.card = "Press \(button) to bring in the next screen with \(name)."
        }
        modal.subtitle = "Presented with \(name)"
        if let dismiss = transition.interaction?.dismiss {
            modal.card = "\(dismiss.instruction), or press Dismiss, to go back with \(name)."
        } else {
            modal.card = "Press Dismiss to go back with \(name)."
        }
        return (base, modal)
    }
}

extension TransitionFile.Pan {
    /// The drag in words, for a screen's text: "Drag up from the bottom edge", "Drag left or
    /// right anywhere on the screen".
    var instruction: String {
        let way: String
        switch direction {
        case .up, .down, .left, .right: way = direction.rawValue
        case .vertical: way = "up or down"
        case .horizontal: way = "left or right"
        }
        return "Drag \(way) " + (edge.map { "from the \($0.rawValue) edge" } ?? "anywhere on the screen")
    }
}
