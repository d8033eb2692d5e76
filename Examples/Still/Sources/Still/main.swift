import Foundation
import Segue
import SegueRender

/// The new screen swings in like a door hinged on its left edge, in depth (800 points of
/// perspective on the container); a dismiss swings it out again.
final class Door: ViewControllerAnimatedTransitioning {
    var transitionName: String { "door" }
    func transitionDuration(using context: TransitionContext?) -> Double { 1 }

    func animateTransition(using context: TransitionContext) {
        let presenting = context.operation == .present
        let container = context.containerView
        let to = context.view(forKey: .to), door = presenting ? to : context.view(forKey: .from)
        to.frame = container.bounds
        if presenting { container.addSubview(to) } else { container.insertSubview(to, at: 0) }
        container.layer.sublayerTransform = .makePerspective(distance: 800)
        door.layer.anchorPoint = Point(x: 0, y: 0.5)
        door.center = Point(x: 0, y: container.bounds.height / 2)
        let open = Transform3D.makeRotation(-.pi / 2, 0, 1, 0)
        door.transform = presenting ? open : .identity
        View.animate(withDuration: 1, curve: .easeInEaseOut, animations: { door.transform = presenting ? .identity : open }, completion: { _ in
            container.layer.sublayerTransform = .identity
            door.transform = .identity
            door.layer.anchorPoint = Point(x: 0.5, y: 0.5)
            door.frame = container.bounds
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}

/// A screen of one colour with a card in its middle.
final class Screen: ViewController {
    let colour: Color
    init(_ colour: Color) { self.colour = colour; super.init() }
    override func loadView() -> View {
        let view = View()
        view.backgroundColor = colour
        let card = View(frame: Rect(x: 40, y: 80, width: 240, height: 320))
        card.backgroundColor = Color(hex: 0xF2F2F7)
        card.layer.cornerRadius = 16
        view.addSubview(card)
        return view
    }
}

// The door 0.4 s into its 1 s present, at twice the points: as RGBA bytes and as a PNG.
let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "still.pam"
do {
    let window = Window(size: Size(width: 320, height: 480))
    window.rootViewController = Screen(Color(hex: 0x101418))
    try window.present(Screen(Color(hex: 0x3478F6)), animatedBy: Door(), atProgress: 0.4)
    let renderer = try FrameRenderer(width: 640, height: 960)
    let rgba = try renderer.render(window, pixelScale: 2)
    try renderer.writePNG(rgba, to: (path.hasSuffix(".pam") ? String(path.dropLast(4)) : path) + ".png")
    // PAM: a header, then the RGBA bytes as they are.
    let header = "P7\nWIDTH \(renderer.width)\nHEIGHT \(renderer.height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
    try (Data(header.utf8) + Data(rgba)).write(to: URL(fileURLWithPath: path), options: .atomic)
    print("still: \(path) and its PNG, \(renderer.width)×\(renderer.height)")
} catch {
    FileHandle.standardError.write(Data("still: \(error)\n".utf8))
    exit(1)
}
