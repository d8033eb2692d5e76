import Segue
@testable import SegueDemos
import SegueSDL
import Testing
import SegueRender

/// Snapshots draw from their display lists (in `GoldenFrameTests`, whose tests run one at a
/// time: SDL is global).
extension GoldenFrameTests {
    private func render(_ root: Layer, scale: Double, kind: Renderer.Kind) throws -> [UInt8] {
        let platform = try Platform(headless: true)
        let w = Int((root.bounds.width * scale).rounded()), h = Int((root.bounds.height * scale).rounded())
        let canvas = try OffscreenCanvas(platform: platform, width: w, height: h, assetsDirectory: try Assets.directory(), kind: kind)
        return try canvas.render(Compositor.compose(root, scale: scale, inOwnCoordinates: true), pixelScale: scale)
    }

    /// A snapshot of a screen, shown where the screen was, draws the very pixels the screen
    /// draws, at any scale (text wraps and lands alike); a snapshot of that snapshot too.
    @Test(arguments: [(Renderer.Kind.raster, 0.5), (.raster, 1.5), (.opengl, 1)])
    func aSnapshotDrawsExactlyAsItsView(_ kind: Renderer.Kind, _ scale: Double) throws {
        let screen = DemoScreen(design: .flipHome, size: Size(width: 375, height: 667)).view
        let live = try render(screen.layer, scale: scale, kind: kind)
        let shot = screen.snapshotView()
        let a = try render(shot.layer, scale: scale, kind: kind)
        #expect(zip(a, live).filter { $0 != $1 }.count == 0)
        let twice = shot.snapshotView()
        #expect(zip(try render(twice.layer, scale: scale, kind: kind), live).filter { $0 != $1 }.count == 0)
    }

    /// A snapshot cut by `contentsRect` shows that part stretched over the layer and nothing
    /// beyond its bounds: the right half of a red | green snapshot, on a 10 × 10 layer, is
    /// all green.
    @Test func aSnapshotCutShowsItsPartOnly() throws {
        let source = View(frame: Rect(x: 0, y: 0, width: 20, height: 10))
        let red = View(frame: Rect(x: 0, y: 0, width: 10, height: 10)), green = View(frame: Rect(x: 10, y: 0, width: 10, height: 10))
        red.backgroundColor = Color(hex: 0xFF0000)
        green.backgroundColor = Color(hex: 0x00FF00)
        source.addSubview(red)
        source.addSubview(green)
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 30, height: 10)
        let half = Layer()
        half.frame = Rect(x: 10, y: 0, width: 10, height: 10)
        half.contents = .snapshot(source.snapshot())
        half.contentsRect = Rect(x: 0.5, y: 0, width: 0.5, height: 1)
        root.addSublayer(half)
        let rgba = try render(root, scale: 1, kind: .raster)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(rgba[(y * 30 + x) * 4..<(y * 30 + x) * 4 + 4]) }
        for y in [0, 5, 9] {
            // The canvas is cleared to opaque black.
            #expect(pixel(5, y) == [0, 0, 0, 255] && pixel(25, y) == [0, 0, 0, 255])
            for x in [10, 15, 19] { #expect(pixel(x, y) == [0, 255, 0, 255], "at \(x), \(y): \(pixel(x, y))") }
        }
    }

    /// Text of no size (a button laid out at zero size) draws nothing and breaks nothing.
    @Test func textOfNoSizeDrawsNothing() throws {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 20, height: 10)
        let label = Layer()
        label.frame = Rect(x: 0, y: 0, width: 20, height: 10)
        label.contents = .text(TextContent("Go", fontSize: 0))
        root.addSublayer(label)
        let rgba = try render(root, scale: 1, kind: .raster)
        #expect(rgba.count == 20 * 10 * 4 && Set(stride(from: 0, to: rgba.count, by: 4).map { rgba[$0] }) == [0])
    }
}
