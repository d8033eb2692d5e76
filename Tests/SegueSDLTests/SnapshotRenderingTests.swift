import Segue
import SegueSDL
import Testing

/// Snapshots inside snapshots (in `GoldenFrameTests`, whose tests run one at a time: SDL is
/// global).
extension GoldenFrameTests {
    /// A snapshot holding a red square and, beside it, a snapshot of a green one: the outer
    /// snapshot's red must land in the outer texture, drawn before the inner snapshot is
    /// rendered, not in the inner texture under its green.
    @Test(arguments: [Renderer.Kind.raster, .opengl])
    func aSnapshotInsideASnapshotKeepsWhatWasDrawnBeforeIt(_ kind: Renderer.Kind) throws {
        func square(_ x: Double, _ fill: DisplayList.Fill) -> DisplayList.Item {
            DisplayList.Item(rect: Rect(x: x, y: 0, width: 10, height: 10), transform: .identity, opacity: 1, fill: fill)
        }
        let inner = Snapshot(size: Size(width: 10, height: 10), list: DisplayList(items: [square(0, .color(Color(hex: 0x00FF00)))]))
        let outer = Snapshot(size: Size(width: 20, height: 10),
                             list: DisplayList(items: [square(0, .color(Color(hex: 0xFF0000))), square(10, .snapshot(inner, source: Rect(x: 0, y: 0, width: 1, height: 1)))]))
        let list = DisplayList(items: [DisplayList.Item(rect: Rect(x: 0, y: 0, width: 20, height: 10), transform: .identity,
                                                        opacity: 1, fill: .snapshot(outer, source: Rect(x: 0, y: 0, width: 1, height: 1)))])
        let platform = try Platform(headless: true)
        let canvas = try OffscreenCanvas(platform: platform, width: 20, height: 10, assetsDirectory: try Assets.directory(), kind: kind)
        let rgba = try canvas.render(list, pixelScale: 1)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(rgba[(y * 20 + x) * 4..<(y * 20 + x) * 4 + 4]) }
        for (x, y) in [(2, 2), (7, 5), (5, 8)] { #expect(pixel(x, y) == [255, 0, 0, 255], "\(kind) at \(x), \(y)") }
        for (x, y) in [(12, 2), (17, 5), (15, 8)] { #expect(pixel(x, y) == [0, 255, 0, 255], "\(kind) at \(x), \(y)") }
    }
}
