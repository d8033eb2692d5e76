import Foundation
import Testing
import Segue
import SegueStudio
import SegueDemos
@testable import SegueSDL
import SegueTestSupport
@testable import SegueRender

/// A gradient turned in perspective is cut into cells, each drawn affinely; where those
/// cells would split its rows (a screen turned about its vertical axis, its colour changing
/// across it: the cube's faces) it is shaded exactly instead, per pixel — within a level of
/// the cells' colours, in a cell per stop.
@MainActor @Suite(.serialized) struct ExactGradientTests {
    /// A 400 × 600 view of a gradient from `start` to `end` (unit points), turned 40° about
    /// `axis` under a perspective of 600 points, drawn by Segue's rasterizer shading exactly
    /// where its cells split `exactShadingRows` rows a pixel: the frame and its triangles.
    func render(from start: Point, to end: Point, about axis: (x: Double, y: Double), exactShadingRows: Double) throws
        -> (rgba: [UInt8], triangles: Int) {
        let window = Window(size: Size(width: 640, height: 800))
        window.containerView.layer.sublayerTransform = .makePerspective(distance: 600)
        let view = View(frame: Rect(x: 120, y: 100, width: 400, height: 600))
        view.layer.gradient = Gradient(colors: [Color(red: 0.9, green: 0.2, blue: 0.1), Color(red: 0.1, green: 0.3, blue: 0.9)],
                                       startPoint: start, endPoint: end)
        view.transform = .makeRotation(40 * .pi / 180, axis.x, axis.y, 0)
        window.containerView.addSubview(view)
        let canvas = try OffscreenCanvas(platform: try Platform(headless: true), width: 640, height: 800,
                                         assetsDirectory: try Assets.directory())
        canvas.drawer.exactShadingRows = exactShadingRows
        let rgba = try canvas.render(Compositor.compose(window.layer), pixelScale: 1)
        return (rgba, canvas.drawer.lastTriangleCount)
    }

    /// Turned about its vertical axis, a gradient across it is cut in columns that split
    /// every row: shaded exactly it is a few triangles, not a grid of them, and every pixel
    /// within one level of the cut drawing (each is within half a level of the true colour).
    @Test func aGradientWhoseCellsSplitItsRowsIsShadedExactly() throws {
        let across = (start: Point(x: 0, y: 0.5), end: Point(x: 1, y: 0.5))
        let exact = try render(from: across.start, to: across.end, about: (0, 1), exactShadingRows: 0.004)
        let cut = try render(from: across.start, to: across.end, about: (0, 1), exactShadingRows: .infinity)
        #expect(cut.triangles >= 8 && exact.triangles <= 4, "triangles: cut \(cut.triangles), exact \(exact.triangles)")
        let worst = zip(exact.rgba, cut.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "a channel differs by \(worst) levels")
        #expect(exact.rgba != cut.rgba)
    }

    /// Fold's strips carry a shade over their gradients, shaded exactly with it. At 60 % of
    /// its present, at 640 × 400 points and 2 pixels a point, a strip's crease meets a
    /// translucent panel's edge where a grown corner, slid along the crease, once notched the
    /// panel's outline: the fan over it painted one pixel twice, 30 levels too light. Every
    /// pixel within one level of the frame drawn in cells.
    @Test func foldShadedExactlyIsWithinALevelOfItsCells() throws {
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets").standardized.path
        let fold = try #require(try TransitionCatalog.read(assets: assets).first { $0.name == "fold" })
        func frame(exactShadingRows: Double) throws -> [UInt8] {
            let demo = DemoCatalog.make(fold, screenSize: Size(width: 640, height: 400))
            let canvas = try OffscreenCanvas(platform: try Platform(headless: true), width: 1280, height: 800,
                                             assetsDirectory: try Assets.directory())
            try canvas.drawer.textures.registerAssets(demo.images)
            canvas.drawer.exactShadingRows = exactShadingRows
            return try canvas.render(demo.frame(of: .present, atProgress: 0.6, scale: 2), pixelScale: 2)
        }
        let exact = try frame(exactShadingRows: 0.004), cut = try frame(exactShadingRows: .infinity)
        let worst = zip(exact, cut).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "a channel differs by \(worst) levels")
        #expect(exact != cut)
    }

    /// Turned about its horizontal axis, a gradient down it is cut in strips along its rows
    /// (a row's w is the same all along), which split none: it stays cut, the same frame to
    /// the byte.
    @Test func aGradientWhoseCellsLieAlongItsRowsStaysCut() throws {
        let down = (start: Point(x: 0.5, y: 0), end: Point(x: 0.5, y: 1))
        let kept = try render(from: down.start, to: down.end, about: (1, 0), exactShadingRows: 0.004)
        let cut = try render(from: down.start, to: down.end, about: (1, 0), exactShadingRows: .infinity)
        #expect(cut.triangles > 2)
        #expect(kept.triangles == cut.triangles)
        #expect(kept.rgba == cut.rgba)
    }
}
