import Segue

/// The flip demo: a home screen presents a modal with the reference flip, by its button or
/// by a vertical drag anywhere; the modal dismisses the same way.
public final class FlipDemo: Demo {
    public static let name = "flip"
    public static let operations: [TransitionContext.Operation] = [.present, .dismiss]

    public let window: Window
    public let home: DemoScreen
    public let modal: DemoScreen
    public let transition: FlipTransition

    public init(screenSize: Size) {
        window = Window(size: screenSize)
        home = DemoScreen(design: .flipHome, size: screenSize)
        modal = DemoScreen(design: .flipModal, size: screenSize)
        var begin: () -> Void = {}
        transition = FlipTransition(window: window) { begin() }
        modal.transitioningDelegate = transition
        window.rootViewController = home
        begin = { [unowned self] in self.start(self.window.topViewController === self.home ? .present : .dismiss) }
        home.buttonAction = { [unowned self] in self.start(.present) }
        modal.buttonAction = { [unowned self] in self.start(.dismiss) }
    }

    public var interaction: DragInteractionController { transition.interaction }

    public var duration: Double {
        get { transition.duration }
        set { transition.duration = newValue }
    }

    public var curve: TimingCurve {
        get { transition.curve }
        set { transition.curve = newValue }
    }

    public func screens(for operation: TransitionContext.Operation) -> (from: ViewController, to: ViewController) {
        operation == .dismiss ? (modal, home) : (home, modal)
    }

    public func prepare(for operation: TransitionContext.Operation) {
        if operation == .dismiss && home.presentedViewController == nil {
            home.present(modal, animated: false)
        } else if operation == .present && home.presentedViewController != nil {
            modal.dismiss(animated: false)
        }
    }

    public func start(_ operation: TransitionContext.Operation) {
        switch operation {
        case .present: home.present(modal, animated: true)
        case .dismiss: modal.dismiss(animated: true)
        case .push, .pop: break
        }
    }
}

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
}
