import Dispatch
import Synchronization
import Testing
@testable import SegueRender

/// `RasterPipeline` draws exactly what `Rasterizer` draws when called directly, in the order
/// given, from copies of its buffers: the caller may overwrite its own as soon as a call is
/// given, and only `wait()` is needed before reading the pixels.
@Suite struct RasterPipelineTests {
    static let black: UInt32 = 0xFF00_0000

    func vertex(_ x: Float, _ y: Float, _ argb: UInt32) -> RasterVertex {
        RasterVertex(x: x, y: y, r: UInt8(argb >> 16 & 0xFF), g: UInt8(argb >> 8 & 0xFF), b: UInt8(argb & 0xFF), a: UInt8(argb >> 24))
    }

    func image(_ w: Int, _ h: Int) -> RasterImage {
        let image = RasterImage(width: w, height: h)!
        image.fill(Self.black, image.bounds)
        return image
    }

    func pixels(_ image: RasterImage) -> [UInt32] { Array(UnsafeBufferPointer(start: image.pixels, count: image.width * image.height)) }

    /// Quad k of a fan of translucent, overlapping quads: each blends over the one before, so
    /// any change of order (or a call drawn from a buffer overwritten since) shows.
    func quad(_ k: Int) -> [RasterVertex] {
        let x = Float(k * 3), y = Float(k * 2), argb: UInt32 = 0x8000_0000 | UInt32(k * 37 % 256) << 16 | UInt32(255 - k * 11 % 256)
        return [vertex(x, y, argb), vertex(x + 30, y + 4, argb), vertex(x + 26, y + 28, argb), vertex(x - 2, y + 24, argb)]
    }

    /// Rows 10 ..< 20, columns 5 ..< 25 covered (in a run buffer with another cover's runs
    /// first, as a frame's covers lie), and a fill sparing them.
    @Test(arguments: [1, 8]) func drawsAsTheRasterizerInOrderFromCopies(depth: Int) {
        let rasterizer = Rasterizer(.init(parallelArea: 0))
        let direct = image(64, 48), piped = image(64, 48)
        // The pipeline draws with a rasterizer of its own, made on its thread.
        let pipeline = RasterPipeline(.init(parallelArea: 0), depth: depth)
        let indices: [Int32] = [0, 1, 2, 0, 2, 3]
        var runs = [CoveredPixels.Run](repeating: .init(x0: 0, x1: 64), count: 3) + [CoveredPixels.Run](repeating: .init(x0: 5, x1: 25), count: 10)
        var covers = [CoveredPixels.Cover(y0: 10, y1: 20, x0: 5, x1: 25, first: 3, pixels: 200)]
        // One buffer, overwritten in place as soon as a call is given; the covers and their
        // runs are scribbled over before the wait.
        var vertices = quad(0)
        runs.withUnsafeMutableBufferPointer { r in
            covers.withUnsafeMutableBufferPointer { c in
                let covered = CoveredPixels(covers: UnsafeBufferPointer(c), runs: UnsafeBufferPointer(r))
                defer {
                    c[0] = CoveredPixels.Cover(y0: 0, y1: 0, x0: 0, x1: 0, first: 0, pixels: 0)
                    for k in r.indices { r[k] = .init(x0: 0, x1: 0) }
                }
                rasterizer.draw(quad(0), indices, texture: nil, blended: true, into: direct, clip: direct.bounds)
                direct.fill(0xFF11_2233, PixelRect(x0: 0, y0: 0, x1: 64, y1: 48), sparing: covered)
                vertices.withUnsafeBufferPointer { v in
                    indices.withUnsafeBufferPointer { i in
                        pipeline.draw(v, i, edges: nil, texture: nil, blended: true, into: piped, clip: piped.bounds, covered: .none)
                    }
                }
                pipeline.fill(0xFF11_2233, PixelRect(x0: 0, y0: 0, x1: 64, y1: 48), sparing: covered, into: piped)
                for k in 1..<12 {
                    rasterizer.draw(quad(k), indices, texture: nil, blended: true, into: direct, clip: direct.bounds, covered: covered)
                    vertices.withUnsafeMutableBufferPointer { v in
                        for (n, p) in quad(k).enumerated() { v[n] = p }
                        indices.withUnsafeBufferPointer { i in
                            pipeline.draw(UnsafeBufferPointer(v), i, edges: nil, texture: nil, blended: true, into: piped, clip: piped.bounds,
                                          covered: covered)
                        }
                        for (n, p) in quad(0).enumerated() { v[n] = p }
                    }
                }
            }
        }
        pipeline.wait()
        #expect(pixels(piped) == pixels(direct))
        // The covered square keeps the first quad, which the fill and the later quads spared;
        // the rest was filled, then drawn over.
        let first = Rasterizer.blend(0x8000_00FF, over: Self.black)
        #expect(piped.pixels[15 * 64 + 10] == first)
        #expect(piped.pixels[47 * 64 + 63] == 0xFF11_2233)
        #expect(piped.pixels[15 * 64 + 30] != first && piped.pixels[15 * 64 + 30] != 0xFF11_2233)
    }

    /// Anti-aliased edges are copied too: drawn through the pipeline, their lines and ranges
    /// overwritten once given, a quad's edges are what the rasterizer makes of them directly.
    @Test func edgesAreDrawnFromCopies() {
        let pipeline = RasterPipeline(.init(parallelArea: 0))
        let vertices = quad(3), indices: [Int32] = [0, 1, 2, 0, 2, 3]
        var lines: [EdgeLine] = (0..<4).map { k in
            let p = vertices[k], q = vertices[(k + 1) % 4]
            let a = Double(p.y - q.y), b = Double(q.x - p.x)
            return EdgeLine(a: a, b: b, c: -(a * Double(p.x) + b * Double(p.y)))!
        }
        var ranges = [Rasterizer.EdgeRange](repeating: .init(first: 0, count: 4), count: 2)
        let direct = image(64, 48), piped = image(64, 48)
        vertices.withUnsafeBufferPointer { v in
            indices.withUnsafeBufferPointer { i in
                lines.withUnsafeMutableBufferPointer { l in
                    ranges.withUnsafeMutableBufferPointer { r in
                        let edges = Rasterizer.TriangleEdges(lines: UnsafeBufferPointer(l), ranges: UnsafeBufferPointer(r))
                        Rasterizer().draw(v, i, edges: edges, texture: nil, blended: true, into: direct, clip: direct.bounds)
                        pipeline.draw(v, i, edges: edges, texture: nil, blended: true, into: piped, clip: piped.bounds, covered: .none)
                        for k in l.indices { l[k] = EdgeLine(unit: 1, 0, -1000) }
                        for k in r.indices { r[k] = .init(first: 0, count: 0) }
                    }
                }
            }
        }
        pipeline.wait()
        #expect(pixels(piped) == pixels(direct))
        // The edges were drawn by coverage: some pixel is neither black nor the quad's own blend.
        let inside = Rasterizer.blend(quad(3)[0].argb, over: Self.black)
        #expect(pixels(direct).contains { $0 != Self.black && $0 != inside })
    }

    /// A stream of calls the thread runs a band of rows at a time, with an image drawn into
    /// and then sampled, filled while an earlier call has sampled it, and copied out and
    /// back: what the pipeline makes is what the calls make one after another, each whole
    /// (where a band ran through a call that samples an image before the calls drawing
    /// into it had finished every band, or after a later fill, the samples would show it:
    /// the picture is shown upside down, so the frame's first band samples its last). A
    /// slow first call lets the rest gather into one batch; one worker runs the bands in order.
    @Test func aBatchEndsWhereAnImageDrawnIntoIsSampled() {
        let pipeline = RasterPipeline(.init(threads: 1, parallelArea: 0))
        let slow = RasterImage(width: 3000, height: 3000)!
        let direct = (frame: image(96, 80), picture: image(32, 64), kept: image(96, 80))
        let piped = (frame: image(96, 80), picture: image(32, 64), kept: image(96, 80))
        let indices: [Int32] = [0, 1, 2, 0, 2, 3]
        /// The picture drawn as a quad at x, a little turned, whole and upside down.
        func shown(at x: Float) -> [RasterVertex] {
            [RasterVertex(x: x, y: 4, r: 255, g: 255, b: 255, a: 255, u: 0, v: 1),
             RasterVertex(x: x + 40, y: 8, r: 255, g: 255, b: 255, a: 255, u: 1, v: 1),
             RasterVertex(x: x + 36, y: 76, r: 255, g: 255, b: 255, a: 255, u: 1, v: 0),
             RasterVertex(x: x - 2, y: 72, r: 255, g: 255, b: 255, a: 255, u: 0, v: 0)]
        }
        // Directly: each call whole, in order.
        let rasterizer = Rasterizer(.init(parallelArea: 0))
        direct.picture.fill(0xFF20_40C0, direct.picture.bounds)
        rasterizer.draw(quad(2), indices, texture: nil, blended: true, into: direct.picture, clip: direct.picture.bounds)
        rasterizer.draw(shown(at: 4), indices, texture: direct.picture, blended: true, into: direct.frame, clip: direct.frame.bounds)
        direct.kept.copy(from: direct.frame, direct.frame.bounds)
        direct.picture.fill(0xFF30_C040, PixelRect(x0: 0, y0: 0, x1: 32, y1: 40))
        rasterizer.draw(shown(at: 50), indices, texture: direct.picture, blended: true, into: direct.frame, clip: direct.frame.bounds)
        direct.frame.fill(0xFFFF_FFFF, PixelRect(x0: 0, y0: 0, x1: 96, y1: 30))
        direct.frame.copy(from: direct.kept, PixelRect(x0: 0, y0: 10, x1: 60, y1: 50))
        // Piped, behind a slow fill.
        pipeline.fill(0xFF00_0000, slow.bounds, sparing: .none, into: slow)
        pipeline.fill(0xFF20_40C0, piped.picture.bounds, sparing: .none, into: piped.picture)
        draw(quad(2), indices, texture: nil, into: piped.picture, pipeline)
        draw(shown(at: 4), indices, texture: piped.picture, into: piped.frame, pipeline)
        pipeline.copy(from: piped.frame, piped.frame.bounds, sparing: .none, into: piped.kept)
        pipeline.fill(0xFF30_C040, PixelRect(x0: 0, y0: 0, x1: 32, y1: 40), sparing: .none, into: piped.picture)
        draw(shown(at: 50), indices, texture: piped.picture, into: piped.frame, pipeline)
        pipeline.fill(0xFFFF_FFFF, PixelRect(x0: 0, y0: 0, x1: 96, y1: 30), sparing: .none, into: piped.frame)
        pipeline.copy(from: piped.kept, PixelRect(x0: 0, y0: 10, x1: 60, y1: 50), sparing: .none, into: piped.frame)
        pipeline.wait()
        #expect(differing(piped.frame, direct.frame) == 0)
        #expect(differing(piped.kept, direct.kept) == 0)
        #expect(differing(piped.picture, direct.picture) == 0)
        // The first showing has the blue picture (no green), the second the green top.
        #expect(pixels(piped.kept).contains { $0 >> 8 & 0xFF == 0x40 && $0 & 0xFF > 0x80 })
        #expect(!pixels(piped.kept).contains { $0 >> 8 & 0xFF > 0xA0 })
        #expect(piped.frame.pixels[35 * 96 + 70] >> 8 & 0xFF > 0xA0)
    }

    /// How many pixels of two images of one size differ.
    func differing(_ a: RasterImage, _ b: RasterImage) -> Int { zip(pixels(a), pixels(b)).filter { $0 != $1 }.count }

    /// `RasterPipeline.draw` from arrays, blended, without covers.
    func draw(_ vertices: [RasterVertex], _ indices: [Int32], texture: RasterImage?, into target: RasterImage,
              _ pipeline: RasterPipeline) {
        vertices.withUnsafeBufferPointer { v in
            indices.withUnsafeBufferPointer { i in
                pipeline.draw(v, i, edges: nil, texture: texture, blended: true, into: target, clip: target.bounds, covered: .none)
            }
        }
    }

    /// With nothing given, `wait` returns at once (within a second, where a missed signal
    /// would hang the test).
    @Test(.timeLimit(.minutes(1))) func waitingWithNothingGivenReturns() {
        let start = ContinuousClock.now
        RasterPipeline().wait()
        #expect(ContinuousClock.now - start < .seconds(1))
    }
}

private extension RasterVertex {
    var argb: UInt32 { UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }
}

private extension Rasterizer {
    /// `draw` from arrays, for the tests.
    func draw(_ vertices: [RasterVertex], _ indices: [Int32], texture: RasterImage?, blended: Bool, into target: RasterImage,
              clip: PixelRect, covered: CoveredPixels = .none) {
        vertices.withUnsafeBufferPointer { v in
            indices.withUnsafeBufferPointer { i in
                draw(v, i, texture: texture, blended: blended, into: target, clip: clip, covered: covered)
            }
        }
    }
}

/// `RasterPipeline.wait(for:)` waits for the calls given before its fence alone.
@Suite struct RasterPipelineFenceTests {
    /// Holds the raster thread the second time it is asked whether to give up, up to 5 s.
    final class Hold: Sendable {
        let asked = Atomic<Int>(0)
        let release = DispatchSemaphore(value: 0)

        func ask() -> Bool {
            if asked.wrappingAdd(1, ordering: .relaxed).oldValue == 1 { _ = release.wait(timeout: .now() + 5) }
            return false
        }
    }

    /// A fill of `a`, a fence, a fill of `b` that the raster thread is held in, another
    /// fence and a fill of `c`: waiting for the first fence returns at once with `a` filled
    /// and `b` not yet — no batch spans a fence, or `a` would be done only with `b` (and
    /// `c`) — and each fence counts the calls given before it.
    @Test func waitsForTheCallsBeforeItsFenceAlone() {
        let hold = Hold()
        let pipeline = RasterPipeline(.init(parallelArea: 0, isCancelled: { hold.ask() }))
        let a = RasterImage(width: 16, height: 16)!, b = RasterImage(width: 16, height: 16)!, c = RasterImage(width: 16, height: 16)!
        #expect(pipeline.fence() == 0)
        pipeline.fill(0xFFFF_0000, a.bounds, sparing: .none, into: a)
        let first = pipeline.fence()
        pipeline.fill(0xFF00_00FF, b.bounds, sparing: .none, into: b)
        let second = pipeline.fence()
        pipeline.fill(0xFF00_FF00, c.bounds, sparing: .none, into: c)
        let start = DispatchTime.now().uptimeNanoseconds
        pipeline.wait(for: first)
        let waited = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(first == 1 && second == 2)
        #expect(waited < 2, "waited \(waited) s: for the calls after the fence too")
        #expect(a.pixels[0] == 0xFFFF_0000 && a.pixels[255] == 0xFFFF_0000)
        #expect(b.pixels[0] == 0 && b.pixels[255] == 0)
        hold.release.signal()
        pipeline.wait(for: second)
        #expect(b.pixels[0] == 0xFF00_00FF && b.pixels[255] == 0xFF00_00FF)
        pipeline.wait()
        #expect(c.pixels[0] == 0xFF00_FF00 && c.pixels[255] == 0xFF00_FF00)
        #expect(pipeline.fence() == 3)
    }
}
