import Testing
@testable import SegueRender

/// What the rasterizer and its image refuse or cut: fills clipped to the image, draw calls
/// whose index buffer does not fit their vertices stopped before any pixel.
@Suite struct RasterContractTests {
    /// A 4 × 4 image filled from column −1 to 5 on rows 1 and 2: those rows only, whole. An
    /// unclipped fill would start each row one word early (the row above's last pixel) and
    /// run one word into the row below.
    @Test func aFillIsClippedToTheImage() {
        let image = RasterImage(width: 4, height: 4)!
        image.fill(0xFF00_0000, image.bounds)
        image.fill(0xFFFF_FFFF, PixelRect(x0: -1, y0: 1, x1: 5, y1: 3))
        let white = (0..<16).filter { image.pixels[$0] == 0xFFFF_FFFF }
        #expect(white == Array(4..<12))
        // Wholly outside, or reaching past every side: no write out of the image.
        image.fill(0xFF12_3456, PixelRect(x0: 4, y0: 0, x1: 9, y1: 4))
        image.fill(0xFF12_3456, PixelRect(x0: 0, y0: -7, x1: 4, y1: 0))
        #expect(white == (0..<16).filter { image.pixels[$0] == 0xFFFF_FFFF })
        image.fill(0xFF12_3456, PixelRect(x0: -9, y0: -9, x1: 99, y1: 99))
        #expect((0..<16).allSatisfy { image.pixels[$0] == 0xFF12_3456 })
    }

    /// Three vertices, one triangle, drawn whole into an 8 × 8 image: the well-formed call
    /// the traps below differ from.
    @Test func aWellFormedCallDraws() {
        #expect(RasterContractTests.draw(indices: [0, 1, 2]) > 0)
        #expect(RasterContractTests.draw(indices: []) == 0)
    }

    @Test func indicesThatAreNotWholeTrianglesTrap() async {
        await #expect(processExitsWith: .failure) {
            _ = RasterContractTests.draw(indices: [0, 1, 2, 0])
        }
    }

    @Test func anIndexPastTheVerticesTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = RasterContractTests.draw(indices: [0, 1, 3])
        }
    }

    @Test func aNegativeIndexTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = RasterContractTests.draw(indices: [0, -1, 2])
        }
    }

    /// Draws a white triangle over an 8 × 8 image with `indices`; the pixels painted.
    static func draw(indices: [Int32]) -> Int {
        let image = RasterImage(width: 8, height: 8)!
        let vertices = [RasterVertex(x: 0, y: 0, r: 255, g: 255, b: 255, a: 255),
                        RasterVertex(x: 8, y: 0, r: 255, g: 255, b: 255, a: 255),
                        RasterVertex(x: 0, y: 8, r: 255, g: 255, b: 255, a: 255)]
        vertices.withUnsafeBufferPointer { v in
            indices.withUnsafeBufferPointer { i in
                Rasterizer().draw(v, i, texture: nil, blended: false, into: image, clip: image.bounds)
            }
        }
        return (0..<64).filter { image.pixels[$0] != 0 }.count
    }
}
