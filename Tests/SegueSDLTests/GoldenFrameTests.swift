import Foundation
import Testing
import Segue
import SegueDemos
import SegueStudio
@testable import SegueSDL
import CSDL2
import SegueTestSupport
@testable import SegueRender

/// Frames rendered headless (SDL's offscreen driver) against goldens, by Segue's rasterizer
/// unless a test names another engine. SDL is global, so the suite runs serially.
@MainActor @Suite(.serialized) struct GoldenFrameTests {
    nonisolated static let scale = 0.4
    nonisolated static let screen = Size(width: 375, height: 667)

    private func render(_ demo: Demo, _ op: TransitionContext.Operation, _ progress: Double, scale: Double = scale,
                        kind: Renderer.Kind = .raster, antialiased: Bool = true) throws -> (Int, Int, [UInt8]) {
        let platform = try Platform(headless: true)
        let w = Int((demo.window.bounds.width * scale).rounded()), h = Int((demo.window.bounds.height * scale).rounded())
        let canvas = try OffscreenCanvas(platform: platform, width: w, height: h, assetsDirectory: try Assets.directory(),
                                         kind: kind)
        try canvas.drawer.textures.registerAssets(demo.images)
        canvas.drawer.antialiases = antialiased
        let list = try demo.frame(of: op, atProgress: progress, scale: scale)
        return (w, h, try canvas.render(list, pixelScale: scale))
    }

    /// One golden frame: a demo's operation at a fraction of its animation time.
    struct Stop: Sendable, CustomTestStringConvertible {
        let demo: String
        let operation: TransitionContext.Operation
        let progress: Double
        var size = GoldenFrameTests.screen
        var label = ""

        var name: String { "\(demo)-\(label.isEmpty ? operation.rawValue : label)-\(Int((progress * 100).rounded()))" }
        var testDescription: String { name }
    }

    nonisolated static let stops: [Stop] =
        [0.0, 0.25, 0.45, 0.55, 0.75, 1.0].map { Stop(demo: "flip", operation: .present, progress: $0) }
        + [0.3, 0.7].map { Stop(demo: "flip", operation: .dismiss, progress: $0) }
        + [0.25, 0.5, 0.75].map { Stop(demo: "pageturn", operation: .dismiss, progress: $0) }
        + [0.5, 0.8].map { Stop(demo: "pageturn", operation: .present, progress: $0) }
        // 1000 points wide: part of the page passes behind the eye and is clipped.
        + [0.3, 0.42].map { Stop(demo: "pageturn", operation: .dismiss, progress: $0, size: Size(width: 1000, height: 600), label: "wide") }
        + [0.1, 0.25, 0.5].map { Stop(demo: "magicmove", operation: .push, progress: $0) }
        + [0.2, 0.6].map { Stop(demo: "magicmove", operation: .pop, progress: $0) }

    /// The catalog's transitions, read from the repository's `Assets/Transitions`.
    nonisolated static let catalog = (try? TransitionCatalog.read(assets: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../Assets").standardized.path)) ?? []

    /// Every catalog transition at 40 % of its present: the middle of the motion (not the half,
    /// where turn stands edge-on), its layers turned, cut, dimmed and faded.
    @Test(arguments: catalog.map(\.name))
    func catalogMidFrame(_ name: String) throws {
        #expect(Self.catalog.count == 13)
        let transition = try #require(Self.catalog.first { $0.name == name })
        let (w, h, rgba) = try render(DemoCatalog.make(transition, screenSize: Self.screen), .present, 0.4)
        try Golden.check(rgba, width: w, height: h, name: "catalog-\(name)-present-40")
    }

    @Test(arguments: stops)
    func goldenFrame(_ stop: Stop) throws {
        let (w, h, rgba) = try render(DemoCatalog.make(stop.demo, screenSize: stop.size)!, stop.operation, stop.progress)
        try Golden.check(rgba, width: w, height: h, name: stop.name)
    }

    /// SDL's OpenGL renderer (llvmpipe here), an implementation of its own, draws the same
    /// frames as Segue's rasterizer with its edges hard (offscreen, OpenGL does not
    /// multisample), to the goldens' tolerance.
    @Test(arguments: stops.filter { ["flip-present-45", "pageturn-present-80", "magicmove-push-25"].contains($0.name) })
    func openGLRendererMatchesTheRasterizer(_ stop: Stop) throws {
        let demo = { DemoCatalog.make(stop.demo, screenSize: stop.size)! }
        let (w, h, opengl) = try render(demo(), stop.operation, stop.progress, kind: .opengl)
        let (_, _, raster) = try render(demo(), stop.operation, stop.progress, antialiased: false)
        let bad = Golden.compare(opengl, raster, tolerance: 4).bad
        #expect(Double(bad) <= 0.002 * Double(w * h), "\(stop.name): \(bad) pixels differ")
    }

    /// Random frames of every demo (seeded: a failure names its frame), at random scales:
    /// Segue's rasterizer (edges hard) and SDL's OpenGL renderer, two implementations of one
    /// contract, draw them alike — to 16 levels, not the goldens' 4: shrunk to a fifth, the
    /// photographs sample deep mip levels, which OpenGL leaves to its driver (llvmpipe blits
    /// an odd side bilinearly) and the rasterizer box-filters, up to 32 levels apart on a
    /// few hundred pixels of magic move's grid.
    @Test func randomFramesMatchAcrossEngines() throws {
        var random = SeededGenerator(seed: 7)
        for i in 0..<15 {
            let name = DemoCatalog.names[i % DemoCatalog.names.count]
            let op = DemoCatalog.make(name, screenSize: Self.screen)!.operations.randomElement(using: &random)!
            let progress = Double.random(in: 0...1, using: &random), scale = Double.random(in: 0.2...0.6, using: &random)
            let (w, h, raster) = try render(DemoCatalog.make(name, screenSize: Self.screen)!, op, progress, scale: scale, antialiased: false)
            let (_, _, opengl) = try render(DemoCatalog.make(name, screenSize: Self.screen)!, op, progress, scale: scale, kind: .opengl)
            let bad = Golden.compare(raster, opengl, tolerance: 16).bad
            #expect(Double(bad) <= 0.002 * Double(w * h), "frame \(i): \(name) \(op) at \(progress), scale \(scale): \(bad) pixels differ")
        }
    }

    /// SDL's software renderer draws the same scenes (on its own goldens: it rounds to whole
    /// pixels).
    @Test(arguments: [("flip", TransitionContext.Operation.present, 0.25), ("magicmove", .push, 0.4)])
    func softwareRenderer(_ demo: String, _ op: TransitionContext.Operation, _ progress: Double) throws {
        let (w, h, rgba) = try render(DemoCatalog.make(demo, screenSize: Self.screen)!, op, progress, kind: .software)
        try Golden.check(rgba, width: w, height: h, name: "\(demo)-\(op.rawValue)-\(Int(progress * 100))-software")
    }

    @Test func flipWithACustomCurveDiffersFromTheDefault() throws {
        let demo = DemoCatalog.make("flip", screenSize: Self.screen)!
        demo.curve = .linear
        let (w, h, linear) = try render(demo, .present, 0.25)
        let (_, _, eased) = try render(DemoCatalog.make("flip", screenSize: Self.screen)!, .present, 0.25)
        #expect(linear != eased)
        try Golden.check(linear, width: w, height: h, name: "flip-present-25-linear")
    }

    /// A black → white gradient over 510 pixels climbs one 8-bit step at a time, never
    /// jumping or going back: no banding beyond the 8-bit quantum.
    @Test func gradientsDoNotBand() throws {
        let window = Window(size: Size(width: 510, height: 4))
        window.containerView.layer.gradient = Gradient(colors: [.black, .white], startPoint: Point(x: 0, y: 0.5),
                                                       endPoint: Point(x: 1, y: 0.5))
        let platform = try Platform(headless: true)
        let canvas = try OffscreenCanvas(platform: platform, width: 510, height: 4, assetsDirectory: try Assets.directory())
        let rgba = try canvas.render(Compositor.compose(window.layer), pixelScale: 1)
        let row = (0..<510).map { Int(rgba[(2 * 510 + $0) * 4]) }
        let steps = zip(row, row.dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { $0 == 0 || $0 == 1 }, "steps \(Set(steps))")
        #expect(row.first! <= 1 && row.last! >= 254)
    }

    /// The silhouette of a solid quad turned 40° about Y under m34 = −1/600 lands within a
    /// pixel of the exact perspective projection of its corners, row by row.
    @Test func perspectiveSilhouetteIsExact() throws {
        let window = Window(size: Size(width: 640, height: 800))
        window.containerView.layer.sublayerTransform = .makePerspective(distance: 600)
        let v = View(frame: Rect(x: 120, y: 100, width: 400, height: 600))
        v.backgroundColor = .white
        v.transform = .makeRotation(40 * .pi / 180, 0, 1, 0)
        window.containerView.addSubview(v)
        let platform = try Platform(headless: true)
        let canvas = try OffscreenCanvas(platform: platform, width: 640, height: 800, assetsDirectory: try Assets.directory())
        let rgba = try canvas.render(Compositor.compose(window.layer), pixelScale: 1)
        let corners = [Point(x: 0, y: 0), Point(x: 400, y: 0), Point(x: 400, y: 600), Point(x: 0, y: 600)]
            .map { v.convert($0, to: nil)! }
        // Left edge: corners 0 → 3; right edge: corners 1 → 2 (straight lines on screen).
        func x(onEdge a: Point, _ b: Point, atY y: Double) -> Double { a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y) }
        var worst = 0.0
        for row in stride(from: 175, through: 625, by: 25) {  // where both side edges span the row
            let y = Double(row) + 0.5
            let lit = (0..<640).filter { rgba[(row * 640 + $0) * 4] > 127 }
            guard let first = lit.first, let last = lit.last else { Issue.record("row \(row) is empty"); continue }
            worst = max(worst, abs(Double(first) + 0.5 - x(onEdge: corners[0], corners[3], atY: y)),
                        abs(Double(last) + 0.5 - x(onEdge: corners[1], corners[2], atY: y)))
        }
        // Top edge: corners 0 → 1; bottom edge: corners 3 → 2 (slanted by the perspective).
        func y(onEdge a: Point, _ b: Point, atX x: Double) -> Double { a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x) }
        for col in stride(from: 140, through: 430, by: 20) {
            let x = Double(col) + 0.5
            let lit = (0..<800).filter { rgba[($0 * 640 + col) * 4] > 127 }
            guard let first = lit.first, let last = lit.last else { Issue.record("column \(col) is empty"); continue }
            worst = max(worst, abs(Double(first) + 0.5 - y(onEdge: corners[0], corners[1], atX: x)),
                        abs(Double(last) + 0.5 - y(onEdge: corners[3], corners[2], atX: x)))
        }
        #expect(worst <= 1.0, "worst silhouette error \(worst) px")
    }

    @Test func aPaletteImageWithAColourKeyBecomesATransparentTexture() throws {
        let platform = try Platform(headless: true)
        let window = try SDLWindow(platform: platform, title: "t", width: 8, height: 8, resizable: false, hidden: true)
        let renderer = try Renderer(window: window, kind: .raster)
        // Two pixels, palette red and blue, blue keyed out (a PNG's tRNS).
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 2, 1, 8, SDL_PIXELFORMAT_INDEX8.rawValue))
        defer { SDL_FreeSurface(surface) }
        var colors = [SDL_Color(r: 255, g: 0, b: 0, a: 255), SDL_Color(r: 0, g: 0, b: 255, a: 255)]
        SDL_SetPaletteColors(surface.pointee.format.pointee.palette, &colors, 0, 2)
        surface.pointee.pixels.storeBytes(of: 0, as: UInt8.self)
        (surface.pointee.pixels + 1).storeBytes(of: 1, as: UInt8.self)
        SDL_SetColorKey(surface, 1, 1)
        let image = try SDLDecoders.image(of: surface)
        let texture = try image.argb.withUnsafeBufferPointer {
            try renderer.makeTexture(argb: $0.baseAddress!, width: image.width, height: image.height, rowLength: image.width)
        }
        guard case .image(let image, _) = texture.storage else { Issue.record("not a raster texture"); return }
        #expect(!texture.isOpaque)
        #expect(image.pixels[0] == 0xFFFF_0000 && image.pixels[1] >> 24 == 0)
    }

    /// A clear skipped under a frame that covers everything must not leave that frame behind
    /// in the next one, which does not.
    @Test(arguments: [Renderer.Kind.raster, .opengl])
    func aSkippedClearLeavesNothingBehind(_ kind: Renderer.Kind) throws {
        let platform = try Platform(headless: true)
        let canvas = try OffscreenCanvas(platform: platform, width: 40, height: 30, assetsDirectory: try Assets.directory(), kind: kind)
        try #require(canvas.renderer.driverName == kind.rawValue)
        func list(_ rect: Rect) -> DisplayList {
            DisplayList(items: [DisplayList.Item(rect: rect, transform: .identity, opacity: 1, fill: .color(Color(hex: 0x00FF00)))])
        }
        let covered = try canvas.render(list(Rect(x: 0, y: 0, width: 40, height: 30)), pixelScale: 1, background: .white)
        #expect(canvas.renderer.clearsSkipped == 1)
        #expect(covered.count == 40 * 30 * 4 && (0..<(40 * 30)).allSatisfy { covered[$0 * 4 + 1] == 255 && covered[$0 * 4] == 0 })
        let next = try canvas.render(list(Rect(x: 0, y: 0, width: 20, height: 30)), pixelScale: 1, background: Color(hex: 0xFF0000))
        #expect(Array(next[(5 * 40 + 30) * 4..<(5 * 40 + 30) * 4 + 4]) == [255, 0, 0, 255])
        #expect(Array(next[(5 * 40 + 10) * 4..<(5 * 40 + 10) * 4 + 4]) == [0, 255, 0, 255])
        #expect(canvas.renderer.clearsSkipped == 1)
    }

    @Test func renderedFrameHasTheExactPixelSize() throws {
        let (w, h, rgba) = try render(DemoCatalog.make("flip", screenSize: Size(width: 320, height: 480))!, .present, 0.5, scale: 0.5)
        #expect(w == 160 && h == 240 && rgba.count == 160 * 240 * 4)
    }
}
