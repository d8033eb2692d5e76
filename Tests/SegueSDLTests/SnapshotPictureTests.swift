import Segue
@testable import SegueDemos
@testable import SegueSDL
import Testing
@testable import SegueRender

/// A translucent snapshot is drawn from a picture of it (`SnapshotPictures`; in
/// `GoldenFrameTests`, whose tests run one at a time: SDL is global).
extension GoldenFrameTests {
    /// `root` composed at `scale` and moved by `offset` pixels, drawn on a canvas of its size
    /// (cleared to opaque black), with pictures or without.
    private func pictureFrame(_ root: Layer, scale: Double = 1, offset: Point = .zero, pictures: Bool = true,
                              kind: Renderer.Kind = .raster, canvas reuse: OffscreenCanvas? = nil) throws -> [UInt8] {
        let w = Int((root.bounds.width * scale).rounded()), h = Int((root.bounds.height * scale).rounded())
        let canvas = try reuse ?? OffscreenCanvas(platform: try Platform(headless: true), width: w, height: h,
                                                  assetsDirectory: try Assets.directory(), kind: kind)
        canvas.drawer.drawsPictures = pictures
        return try canvas.render(Compositor.compose(root, scale: scale, offset: offset, inOwnCoordinates: true), pixelScale: scale)
    }

    private func pixel(_ rgba: [UInt8], width: Int, _ x: Int, _ y: Int) -> [Int] {
        (0..<4).map { Int(rgba[(y * width + x) * 4 + $0]) }
    }

    /// A layer showing a snapshot at half opacity fades it as one picture: a red square on a
    /// blue view shows half red over the black beneath, no blue through it, on Segue's
    /// rasterizer and SDL's OpenGL renderer alike (within a level). Drawn item by item, each
    /// at half opacity, the blue shows through the red (a quarter of it).
    @Test(arguments: [Renderer.Kind.raster, .opengl])
    func aTranslucentSnapshotFadesAsOneGroup(_ kind: Renderer.Kind) throws {
        let source = View(frame: Rect(x: 0, y: 0, width: 20, height: 10))
        source.backgroundColor = Color(hex: 0x0000FF)
        let red = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        red.backgroundColor = Color(hex: 0xFF0000)
        source.addSubview(red)
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 20, height: 10)
        let shown = Layer()
        shown.frame = root.bounds
        shown.contents = .snapshot(source.snapshot())
        shown.opacity = 0.5
        root.addSublayer(shown)
        let group = try pictureFrame(root, kind: kind), items = try pictureFrame(root, pictures: false, kind: kind)
        func near(_ p: [Int], _ q: [Int]) -> Bool { zip(p, q).allSatisfy { abs($0 - $1) <= 1 } }
        for y in [1, 5, 8] {
            // 255 · 128 / 255 over black: the vertex alpha is the byte 128.
            #expect(near(pixel(group, width: 20, 5, y), [128, 0, 0, 255]), "\(pixel(group, width: 20, 5, y))")
            #expect(near(pixel(group, width: 20, 15, y), [0, 0, 128, 255]), "\(pixel(group, width: 20, 15, y))")
            // Blue at half over black, then red at half over that: a quarter of the blue.
            #expect(near(pixel(items, width: 20, 5, y), [128, 0, 64, 255]), "\(pixel(items, width: 20, 5, y))")
        }
    }

    /// A screen's snapshot at half opacity, at rest, shows the screen's own pixels halved,
    /// within a level: its picture's texels fall on the pixels — also where the screen sits a
    /// fraction of a pixel off the grid (the picture is drawn at that fraction) and at a
    /// scale of 1.5 pixels a point.
    @Test(arguments: [(1.0, Point.zero), (1.5, Point(x: 0.25, y: 0.5))])
    func aPictureAtRestShowsTheScreensPixels(_ scale: Double, _ offset: Point) throws {
        let screen = DemoScreen(design: .flipHome, size: Size(width: 375, height: 667)).view
        let live = try pictureFrame(screen.layer, scale: scale, offset: offset)
        let root = Layer()
        root.frame = screen.bounds
        let shown = screen.snapshotView()
        shown.alpha = 0.5
        root.addSublayer(shown.layer)
        let faded = try pictureFrame(root, scale: scale, offset: offset)
        let off = stride(from: 0, to: live.count, by: 4).filter { i in
            (0..<3).contains { abs((Int(live[i + $0]) * 128 + 127) / 255 - Int(faded[i + $0])) > 1 }
        }
        let first = off.first ?? 0
        #expect(off.isEmpty, "\(off.count) pixels off, first \(first / 4): \(Array(live[first..<first + 4])) → \(Array(faded[first..<first + 4]))")
    }

    /// A screen cut in 4 × 4 opaque tiles at rest (explode's first frames) shows its picture
    /// in every tile: one quad a tile, where drawn from items each tile passes over the
    /// screen's items again — and the screen's own pixels, within two levels (the picture's
    /// gradients are cut once, not per tile). A tile turned a little is drawn from the items
    /// (sharp), the rest still from the picture; and tiles resting half a pixel off the
    /// picture kept (its texels would fall between their pixels, blurred) from the items too.
    @Test func tilesAtRestShowTheScreensPicture() throws {
        let screen = DemoScreen(design: .flipHome, size: Size(width: 375, height: 667)).view
        let snapshot = screen.snapshot()
        func tiles(turning turned: Int?) -> Layer {
            let root = Layer()
            root.frame = screen.bounds
            for k in 0..<16 {
                let part = Rect(x: Double(k % 4) / 4, y: Double(k / 4) / 4, width: 0.25, height: 0.25)
                let tile = Layer()
                tile.frame = Rect(x: part.minX * 375, y: part.minY * 667, width: 375 / 4, height: 667 / 4)
                tile.contents = .snapshot(snapshot)
                tile.contentsRect = part
                if k == turned { tile.transform = .makeRotation(0.1, 0, 0, 1) }
                root.addSublayer(tile)
            }
            return root
        }
        let canvas = try OffscreenCanvas(platform: try Platform(headless: true), width: 375, height: 667,
                                         assetsDirectory: try Assets.directory())
        func frame(_ root: Layer, pictures: Bool) throws -> (rgba: [UInt8], triangles: Int) {
            (try pictureFrame(root, pictures: pictures, canvas: canvas), canvas.drawer.lastTriangleCount)
        }
        let live = try pictureFrame(screen.layer, canvas: canvas)
        let pictured = try frame(tiles(turning: nil), pictures: true), itemized = try frame(tiles(turning: nil), pictures: false)
        let worst = zip(live, pictured.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 2, "\(worst) levels off the screen")
        #expect(pictured.triangles <= 16 * 4 && itemized.triangles > 4 * pictured.triangles, "\(pictured.triangles) against \(itemized.triangles)")
        let oneTurned = try frame(tiles(turning: 5), pictures: true)
        #expect(oneTurned.triangles > pictured.triangles && oneTurned.triangles < itemized.triangles,
                "\(oneTurned.triangles) between \(pictured.triangles) and \(itemized.triangles)")
        _ = try pictureFrame(tiles(turning: nil), offset: Point(x: 0.5, y: 0.25), canvas: canvas)
        #expect(canvas.drawer.lastTriangleCount > 4 * pictured.triangles, "\(canvas.drawer.lastTriangleCount) off the picture's phase")
    }

    /// A picture shown minified samples mip levels made from what was drawn into it: a view
    /// of two opaque halves, red and blue, on no background (so the picture's clear is
    /// filled first), at a quarter of its size and half opacity shows half red and half blue
    /// — not the clear the picture started as — whether that clear spared them or not.
    @Test(arguments: [true, false]) func aMinifiedPictureShowsWhatWasDrawn(_ sparesCovered: Bool) throws {
        let source = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        for (x, hex) in [(0.0, 0xFF0000), (20.0, 0x0000FF)] {
            let half = View(frame: Rect(x: x, y: 0, width: 20, height: 40))
            half.backgroundColor = Color(hex: UInt32(hex))
            source.addSubview(half)
        }
        let root = Layer()
        root.frame = source.bounds
        let shown = Layer()
        shown.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        shown.contents = .snapshot(source.snapshot())
        shown.opacity = 0.5
        root.addSublayer(shown)
        let canvas = try OffscreenCanvas(platform: try Platform(headless: true), width: 40, height: 40,
                                         assetsDirectory: try Assets.directory())
        canvas.drawer.skipsCoveredPixels = sparesCovered
        let rgba = try pictureFrame(root, canvas: canvas)
        #expect(pixel(rgba, width: 40, 2, 5) == [128, 0, 0, 255], "\(pixel(rgba, width: 40, 2, 5))")
        #expect(pixel(rgba, width: 40, 7, 5) == [0, 0, 128, 255], "\(pixel(rgba, width: 40, 7, 5))")
    }

    /// A picture is kept while its snapshot is shown and let go `pictureLifetime` frames
    /// after — or at once, when the app comes to rest on a frame without it: the texture
    /// count goes back to what it was.
    @Test func aPictureIsLetGoWhenItsSnapshotIsNoLongerShown() throws {
        let source = View(frame: Rect(x: 0, y: 0, width: 20, height: 10))
        source.backgroundColor = Color(hex: 0x336699)
        let root = Layer()
        root.frame = source.bounds
        let shown = Layer()
        shown.frame = root.bounds
        shown.contents = .snapshot(source.snapshot())
        shown.opacity = 0.5
        root.addSublayer(shown)
        let canvas = try OffscreenCanvas(platform: try Platform(headless: true), width: 20, height: 10,
                                         assetsDirectory: try Assets.directory())
        let before = canvas.drawer.textures.textureCount
        for _ in 0..<3 { _ = try pictureFrame(root, canvas: canvas) }
        #expect(canvas.drawer.textures.textureCount == before + 1)
        shown.opacity = 1
        for _ in 0..<canvas.drawer.textures.pictureLifetime { _ = try pictureFrame(root, canvas: canvas) }
        #expect(canvas.drawer.textures.textureCount == before + 1)
        _ = try pictureFrame(root, canvas: canvas)
        #expect(canvas.drawer.textures.textureCount == before)
        shown.opacity = 0.5
        _ = try pictureFrame(root, canvas: canvas)
        canvas.drawer.textures.releasePicturesUnusedByLastFrame()
        #expect(canvas.drawer.textures.textureCount == before + 1, "the last frame used it")
        shown.opacity = 1
        _ = try pictureFrame(root, canvas: canvas)
        canvas.drawer.textures.releasePicturesUnusedByLastFrame()
        #expect(canvas.drawer.textures.textureCount == before)
    }

    /// The stretch of a snapshot's placement, hand-worked: a scale of 2 stretches by 2; with
    /// w = 1 − x/200 the corner (100, 100) (w = ½) has the Jacobian [[4, 0], [2, 2]] (x by
    /// (1·½ + 100/200)/¼, y by ½/¼, and y's shear 100/200/¼), whose largest singular value is
    /// √(12 + 4√5); a corner behind the eye (w < 0) stretches without bound.
    @Test func magnificationIsTheLargestStretchAtACorner() {
        let square = Rect(x: 0, y: 0, width: 1, height: 1), size = Size(width: 100, height: 100)
        #expect(SnapshotPictures.magnification(of: .makeScale(2, 2, 1), over: square, of: size) == 2)
        var m = Transform3D.identity
        m.m14 = -1.0 / 200
        #expect(abs(SnapshotPictures.magnification(of: m, over: square, of: size) - (12 + 4 * 5.0.squareRoot()).squareRoot()) < 1e-12)
        m.m14 = -1.0 / 50
        #expect(SnapshotPictures.magnification(of: m, over: square, of: size) == .infinity)
        #expect(SnapshotPictures.phase(of: Transform3D.makeScale(2, 2, 1).concatenating(.makeTranslation(3.25, -0.5, 0)), scale: 2)
            == Point(x: 0.25, y: 0.5))
        #expect(SnapshotPictures.phase(of: .makeScale(2, 2, 1), scale: 1) == nil)
    }
}
