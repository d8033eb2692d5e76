import Segue
@testable import SegueCatalog
@testable import SegueRender
import SegueSDL
@testable import SegueLive
@testable import SegueStudio
import Testing

/// Every text of the HUD fits its box, measured by the font engine that draws it: each run
/// laid out as the renderer lays it out at the HUD's pixel scale stays one line inside its
/// rect, and each rect inside the panel, the strip or the stage — with the longest values
/// there are, at HUD scales 1, 1.6 and 2, split and not, and in the strip (in
/// `GoldenFrameTests`: SDL is global).
extension GoldenFrameTests {
    /// A HUD with the longest of everything: a custom Bézier, a spring, paused in slow motion,
    /// a long entry, a problem, a toast, the keys listed, the curve editor open, A and B,
    /// autoplay's name.
    static var crowdedHUD: HUDModel {
        let names = ["flip", "pageturn", "magicmove", "cards", "cover", "crossfade", "cube", "explode", "fold",
                     "pageturn-away", "portal", "slide-over", "swing", "turn", "zoom", "a-transition-with-a-name-of-sixty-four-characters-long-enough-x"]
        var p = TransitionParameters(duration: 12.345, curve: .bezier(TimingCurve(0.123, -9.876, 0.987, 9.543)), perspectiveDistance: 12345)
        p.completionCurve = .spring(dampingRatio: 0.001, velocity: -999.99)
        var model = HUDModel(demos: names, currentDemo: 15, parameters: p, defaults: TransitionParameters(duration: 1, curve: .linear))
        model.transition = names[15]
        model.operation = .dismiss
        model.phase = .cancelling
        model.percent = 0.999
        model.translation = Point(x: -123456, y: 654321)
        model.velocity = Point(x: -99999, y: 99999)
        model.isPaused = true
        model.isSlowMotion = true
        model.fps = 59.9
        model.renderer = "raster · no GPU: OpenGL is llvmpipe (LLVM 15.0.6, 256 bits)"
        model.screen = "10000×10000 pt @ 0.05x"
        model.problem = "'/home/someone/a/very/long/path/to/transitions/my-transition.json': layers[12].keyframes[3].rotateY: must be a number, not 'forty-five degrees'; and a second sentence that goes on"
        model.toast = Toast(text: "Copied a-transition-with-a-name-of-sixty-four-characters-long-enough-x B's tuning as Swift and a segue command", kind: .done)
        model.hint = String(repeating: "Drag from the left edge to turn the page back, or press its button. ", count: 12)
        model.showsKeys = true
        model.isEditingCurve = true
        model.variants = ["A", "B"]
        model.autoplay = names[15]
        return model
    }

    @Test(arguments: [(1600, 1000, 1.0, 1), (1600, 1000, 1.6, 1), (1600, 1000, 2.0, 1), (1600, 1000, 1.6, 2), (900, 700, 1.0, 2),
                      (400, 300, 1.0, 1)])
    func everyTextOfTheHUDFitsItsBox(_ width: Int, _ height: Int, _ hudScale: Double, _ screens: Int) throws {
        let platform = try Platform(headless: true)
        let canvas = try OffscreenCanvas(platform: platform, width: 8, height: 8, assetsDirectory: try Assets.directory())
        let textures = canvas.drawer.textures
        let layout = Layout(window: (width, height), screen: Size(width: 375, height: 667),
                            .init(screenCount: screens, hudScale: width < 500 ? nil : hudScale))
        let fit = textures.textFit.at(scale: layout.hudScale)
        var model = Self.crowdedHUD
        if screens == 1 { model.variants = [] }
        var list = DisplayList()
        switch layout.hudStyle {
        case .panel: HUD.compose(model, in: layout.hud, fit: fit, into: &list)
        case .strip: HUD.composeStrip(model, in: layout.hud, fit: fit, into: &list)
        case .hidden: Issue.record("no HUD")
        }
        let hudItems = list.items.count
        HUD.composeCaptions(model, in: layout, fit: fit, into: &list)
        let stage = layout.screens.dropFirst().reduce(layout.toHUD(layout.screens[0])) { $0.union(layout.toHUD($1)) }
        var checked = 0
        for (i, item) in list.items.enumerated() {
            guard case .text(let text) = item.fill else { continue }
            let box = i < hudItems ? layout.hud : stage
            let name = "\(layout.hudStyle) at \(hudScale): '\(text.string)'"
            #expect(item.rect.minX >= box.minX - 1e-9 && item.rect.maxX <= box.maxX + 1e-9 && item.rect.minY >= box.minY - 1e-9
                    && item.rect.maxY <= box.maxY + 1e-9, "\(name) at \(item.rect) leaves \(box)")
            let scale = layout.hudScale
            let laid = try #require(textures.layout(text, wrapWidth: item.rect.width, scale: scale), "\(name)")
            // One line, inside the rect (a pixel of a glyph's fade allowed at either side).
            #expect(laid.bounds.minX >= -1 && laid.bounds.maxX <= item.rect.width * scale + 1, "\(name) is \(laid.bounds.maxX / scale) wide in \(item.rect.width)")
            #expect(laid.bounds.maxY <= item.rect.height * scale + 1, "\(name) takes \(laid.bounds.maxY / scale) of \(item.rect.height)")
            checked += 1
        }
        #expect(checked > (layout.hudStyle == .panel ? 40 : 6), "\(checked)")
    }
}
