import Dispatch
import Foundation

/// Pixels in memory: `width` × `height` words 0xAARRGGBB with straight alpha, rows top
/// first — SDL's ARGB8888, the layout of an X11 window's surface, so a frame is shown
/// without converting it. Workers write it at once, each its own rows (hence unchecked).
package final class RasterImage: @unchecked Sendable {
    package let width: Int
    package let height: Int
    package let pixels: UnsafeMutablePointer<UInt32>
    /// Whether every texel is white and only its alpha counts (glyph coverage), so a
    /// sampler may read the alpha alone.
    package var isCoverage = false

    /// A transparent image, both sides at least 1; nil when the memory cannot be had.
    package init?(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        guard let memory = calloc(self.width * self.height, 4) else { return nil }
        pixels = memory.bindMemory(to: UInt32.self, capacity: self.width * self.height)
    }

    deinit { free(pixels) }

    /// The whole image as a rectangle of pixels.
    package var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

    /// Its memory, to be used while it lives (what the drawing loops hold: no reference
    /// counting on the way).
    var view: PixelView { PixelView(pixels: pixels, width: width, height: height, isCoverage: isCoverage) }

    /// Sets every pixel of `rect` that lies in the image to `argb`; a large rect in two
    /// halves at once; it stops, unfinished, once `isCancelled` says so.
    package func fill(_ argb: UInt32, _ rect: PixelRect, isCancelled: @Sendable () -> Bool = { false }) {
        let clip = rect.intersection(bounds)
        guard !clip.isEmpty else { return }
        let rows = clip.y1 - clip.y0, halves = (clip.x1 - clip.x0) * rows > 100_000 ? 2 : 1
        DispatchQueue.concurrentPerform(iterations: halves) { half in
            for y in (clip.y0 + rows * half / halves)..<(clip.y0 + rows * (half + 1) / halves) {
                // A frame being given up stops within a row (a first fill of 8192² pixels
                // also pays for the pages it touches: up to a second).
                if y % 64 == 0 && isCancelled() { return }
                (pixels + y * width + clip.x0).update(repeating: argb, count: clip.x1 - clip.x0)
            }
        }
    }
}

/// The memory of a `RasterImage`, borrowed.
struct PixelView: @unchecked Sendable {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let height: Int
    let isCoverage: Bool
}

/// A rectangle of whole pixels, x0..<x1 × y0..<y1.
package struct PixelRect: Equatable, Sendable {
    package var x0: Int, y0: Int, x1: Int, y1: Int

    package init(x0: Int, y0: Int, x1: Int, y1: Int) {
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
    }

    package var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

    package func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }
}

/// A vertex of a draw call: a screen position in pixels, a colour (straight alpha, 0…255 a
/// channel) and a texture position (0…1 across the texture). Laid out exactly as
/// `SDL_Vertex` (x, y; r, g, b, a; u, v: 20 bytes, no padding), so a buffer of them can be
/// handed to SDL's renderer as it is; SegueSDLTests checks that the layouts agree.
package struct RasterVertex: Equatable, Sendable {
    package var x: Float
    package var y: Float
    package var r: UInt8
    package var g: UInt8
    package var b: UInt8
    package var a: UInt8
    package var u: Float
    package var v: Float

    package init(x: Float, y: Float, r: UInt8, g: UInt8, b: UInt8, a: UInt8, u: Float = 0, v: Float = 0) {
        (self.x, self.y, self.r, self.g, self.b, self.a, self.u, self.v) = (x, y, r, g, b, a, u, v)
    }
}
