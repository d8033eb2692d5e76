import Dispatch
import Foundation
import SegueProcess

/// Pixels in memory: `width` × `height` words 0xAARRGGBB with straight alpha, rows top
/// first — SDL's ARGB8888, the layout of an X11 window's surface, so a frame is shown
/// without converting it. Workers write it at once, each its own rows (`RasterMemory`'s
/// invariant); what it notes of its mip levels is behind a lock.
package final class RasterImage: Sendable {
    package let width: Int
    package let height: Int
    /// Its `width` × `height` pixels, freed with it.
    package let memory: RasterMemory<UInt32>
    /// Whether every texel is white and only its alpha counts (glyph coverage), so a
    /// sampler may read the alpha alone.
    package let isCoverage: Bool

    /// A transparent image, both sides at least 1; nil when the memory cannot be had.
    package init?(width: Int, height: Int, isCoverage: Bool = false) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.isCoverage = isCoverage
        guard let bytes = calloc(self.width * self.height, 4) else { return nil }
        memory = RasterMemory(start: bytes.bindMemory(to: UInt32.self, capacity: self.width * self.height), count: self.width * self.height)
    }

    deinit { free(memory.base) }

    /// The first pixel's address (rows follow one another, `width` pixels each).
    @inline(__always)
    package var pixels: UnsafeMutablePointer<UInt32> { memory.base }

    /// Copies `count` pixels from `source` to `destination`, turning RGBA bytes into ARGB
    /// words or back (on a little-endian machine both are the same four bytes with red and
    /// blue swapped). Either may be unaligned.
    package static func swapRedAndBlue(_ source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, count: Int) {
        for i in 0..<count {
            let p = source.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
            destination.storeBytes(of: p & 0xFF00_FF00 | (p & 0xFF) << 16 | (p >> 16) & 0xFF, toByteOffset: i * 4, as: UInt32.self)
        }
    }

    /// What the image knows of its mip levels.
    private struct Mips {
        /// The image halved again and again (mipmaps), for sampling it minified: `levels[k]`
        /// is level k + 1. Made by `prepareLevels`; the part `pixelsChanged` names is made
        /// again when next asked.
        var levels: [RasterImage] = []
        /// The pixels written since the levels were made (nil: none).
        var stale: PixelRect?
        /// The value of every pixel outside `written`, when the image was last filled whole
        /// (nil: not known), and the pixels written since: a level made anew computes only
        /// what `written` reaches (a glyph atlas is mostly its clear fill).
        var uniform: UInt32?
        var written: PixelRect?
    }

    private let mips = Locked(Mips())

    /// Level `n` (0: the image itself), as far as `prepareLevels` made them.
    func level(_ n: Int) -> RasterImage {
        mips.withLock { n <= 0 || $0.levels.isEmpty ? self : $0.levels[min(n, $0.levels.count) - 1] }
    }

    /// Brings the levels up to `n` up to date, making those missing: each half the one
    /// before, rounded down (as OpenGL's), filtered by `halve`; where only part of the image
    /// changed, only the texels that part reaches. Down to 1 × 1 at most. Not while the
    /// image is being drawn.
    func prepareLevels(upTo n: Int) {
        mips.withLock { own in
            if var changed = own.stale, !own.levels.isEmpty {
                var source = self
                for half in own.levels {
                    changed = source.halve(into: half, changed: changed)
                    let reached = changed
                    half.mips.withLock { $0.written = $0.written.map { $0.union(reached) } ?? reached }
                    source = half
                }
            }
            own.stale = nil
            while own.levels.count < n {
                let source = own.levels.last ?? self
                guard source.width > 1 || source.height > 1,
                      let half = RasterImage(width: max(1, source.width / 2), height: max(1, source.height / 2), isCoverage: isCoverage)
                else { return }
                let (uniform, written) = source === self ? (own.uniform, own.written) : source.mips.withLock { ($0.uniform, $0.written) }
                if let uniform {
                    // Filtering a uniform image gives the same value: only what was written is computed.
                    half.fill(uniform, half.bounds)
                    let reached = written.map { source.halve(into: half, changed: $0) }
                    half.mips.withLock { $0.written = reached }
                } else {
                    _ = source.halve(into: half, changed: source.bounds)
                }
                own.levels.append(half)
            }
        }
    }

    /// Tells the image its pixels in `rect` were written (nil: all of them), other than by
    /// `fill`, which knows.
    package func pixelsChanged(in rect: PixelRect? = nil) {
        let r = (rect ?? bounds).intersection(bounds)
        guard !r.isEmpty else { return }
        mips.withLock {
            $0.stale = $0.stale.map { $0.union(r) } ?? r
            $0.written = $0.written.map { $0.union(r) } ?? r
        }
    }

    /// Fills the texels of `half` that the pixels `changed` here reach with this image
    /// filtered down: each the average of the texels its square covers here, in part where
    /// it covers part (`footprint`), colours weighed by alpha. Returns the texels of `half` it
    /// filled.
    private func halve(into half: RasterImage, changed: PixelRect) -> PixelRect {
        let sx = Float(width) / Float(half.width), sy = Float(height) / Float(half.height)
        // A texel reads the source within one texel of its centre's place.
        let reach = PixelRect(x0: max(0, Int((Float(changed.x0) / sx).rounded(.down)) - 1),
                              y0: max(0, Int((Float(changed.y0) / sy).rounded(.down)) - 1),
                              x1: min(half.width, Int((Float(changed.x1) / sx).rounded(.up)) + 1),
                              y1: min(half.height, Int((Float(changed.y1) / sy).rounded(.up)) + 1))
        for y in reach.y0..<max(reach.y0, reach.y1) {
            let (firstRow, rowWeights) = Self.footprint(y, of: height, in: half.height)
            for x in reach.x0..<max(reach.x0, reach.x1) {
                let (firstColumn, columnWeights) = Self.footprint(x, of: width, in: half.width)
                // Colours weighed by alpha and by place, and (for texels all clear) by place alone.
                var weighed = SIMD3<Float>(), plain = SIMD3<Float>(), alpha: Float = 0
                for j in 0..<3 where rowWeights[j] > 0 {
                    let row = min(firstRow + j, height - 1) * width
                    for i in 0..<3 where columnWeights[i] > 0 {
                        let p = pixels[row + min(firstColumn + i, width - 1)], weight = rowWeights[j] * columnWeights[i]
                        let a = Float(p >> 24), c = SIMD3(Float((p >> 16) & 0xFF), Float((p >> 8) & 0xFF), Float(p & 0xFF))
                        weighed += c * (a * weight)
                        plain += c * weight
                        alpha += a * weight
                    }
                }
                let rgb = alpha > 0 ? weighed / alpha : plain
                @inline(__always) func byte(_ v: Float) -> UInt32 { UInt32(min(max(v + 0.5, 0), 255)) }
                half.pixels[y * half.width + x] = byte(alpha) << 24 | byte(rgb.x) << 16 | byte(rgb.y) << 8 | byte(rgb.z)
            }
        }
        return reach
    }

    /// The texels along one side `size` long that texel `i` of the halved side (`halved`
    /// long: `size / 2`, or 1) covers, from the first, with the share of it each one takes:
    /// two halves for an even side; for an odd one (2n + 1 = n texels of 2 + 1/n) the three
    /// it reaches, (n − i, n, i + 1) / (2n + 1) — a box filter, so a pattern finer than a
    /// texel (a one-texel checkerboard) averages out at every level rather than beating
    /// against a bilinear sample's drifting place; one whole for a side of 1.
    static func footprint(_ i: Int, of size: Int, in halved: Int) -> (first: Int, weights: SIMD3<Float>) {
        if size == halved { return (i, SIMD3(1, 0, 0)) }
        if size % 2 == 0 { return (2 * i, SIMD3(0.5, 0.5, 0)) }
        let n = Float(halved), whole = 2 * n + 1
        return (2 * i, SIMD3((n - Float(i)) / whole, n / whole, (Float(i) + 1) / whole))
    }

    /// The whole image as a rectangle of pixels.
    package var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

    /// Its memory, to be used while it lives (what the drawing loops hold: no reference
    /// counting on the way).
    var view: PixelView { PixelView(memory: memory, width: width, height: height, isCoverage: isCoverage) }

    /// Sets every pixel of `rect` that lies in the image to `argb`, but those of `sparing`
    /// (which the caller paints over opaquely before anyone sees them); a large rect in two
    /// halves at once; it stops, unfinished, once `isCancelled` says so.
    package func fill(_ argb: UInt32, _ rect: PixelRect, sparing: CoveredPixels = .none,
                      isCancelled: @Sendable () -> Bool = { false }) {
        guard let clip = willFill(argb, rect, sparing: sparing) else { return }
        inHalves(clip) { fillRows(argb, clip, rows: $0, sparing: sparing, isCancelled: isCancelled) }
    }

    /// What the image notes of `fill`'s call before its pixels are set, a band of rows at a
    /// time, by `fillRows`: returns the part of `rect` in the image, nil where none.
    package func willFill(_ argb: UInt32, _ rect: PixelRect, sparing: CoveredPixels) -> PixelRect? {
        let clip = rect.intersection(bounds)
        guard !clip.isEmpty else { return nil }
        if clip == bounds && sparing.covers.isEmpty {
            let whole = bounds
            mips.withLock {
                $0.uniform = argb
                $0.written = nil
                $0.stale = $0.levels.isEmpty ? nil : whole
            }
        } else {
            pixelsChanged(in: clip)
        }
        return clip
    }

    /// `fill`'s pixels in `rows` of `clip` (what `willFill` returned), on this thread.
    package func fillRows(_ argb: UInt32, _ clip: PixelRect, rows: Range<Int>, sparing: CoveredPixels,
                          isCancelled: @Sendable () -> Bool = { false }) {
        eachRun(of: clip, rows: rows, sparing: sparing, isCancelled: isCancelled) { line, x0, x1 in
            (line + x0).update(repeating: argb, count: x1 - x0 + 1)
        }
    }

    /// Copies the pixels of `rect` that lie in the image from `source` (an image of this
    /// size), but those of `sparing` (painted over opaquely before anyone sees them); as
    /// `fill`, in two halves at once and cancellable.
    package func copy(from source: RasterImage, _ rect: PixelRect, sparing: CoveredPixels = .none,
                      isCancelled: @Sendable () -> Bool = { false }) {
        guard let clip = willCopy(from: source, rect) else { return }
        inHalves(clip) { copyRows(from: source, clip, rows: $0, sparing: sparing, isCancelled: isCancelled) }
    }

    /// As `willFill`, for `copy` (which `copyRows` then does a band of rows at a time).
    package func willCopy(from source: RasterImage, _ rect: PixelRect) -> PixelRect? {
        precondition(source.width == width && source.height == height, "a copy between images of other sizes")
        let clip = rect.intersection(bounds)
        guard !clip.isEmpty else { return nil }
        pixelsChanged(in: clip)
        return clip
    }

    /// `copy`'s pixels in `rows` of `clip` (what `willCopy` returned), on this thread; only
    /// those of `blocks` where it is given.
    package func copyRows(from source: RasterImage, _ clip: PixelRect, rows: Range<Int>, sparing: CoveredPixels,
                          within blocks: PixelBlocks? = nil, isCancelled: @Sendable () -> Bool = { false }) {
        eachRun(of: clip, rows: rows, sparing: sparing, isCancelled: isCancelled) { line, x0, x1 in
            let from = source.pixels + (line - self.pixels)
            guard let blocks else {
                (line + x0).update(from: from + x0, count: x1 - x0 + 1)
                return
            }
            blocks.runs(row: (line - self.pixels) / self.width, from: x0, to: x1) { (line + $0).update(from: from + $0, count: $1 - $0 + 1) }
        }
    }

    /// Calls `body` with the rows of `clip`, a large rect's in two halves at once.
    private func inHalves(_ clip: PixelRect, _ body: @Sendable (Range<Int>) -> Void) {
        let rows = clip.y1 - clip.y0, halves = (clip.x1 - clip.x0) * rows > 100_000 ? 2 : 1
        DispatchQueue.concurrentPerform(iterations: halves) { half in
            body((clip.y0 + rows * half / halves)..<(clip.y0 + rows * (half + 1) / halves))
        }
    }

    /// Calls `body` with each row of `clip` in `rows` and each run x0…x1 of its columns not
    /// in `sparing`; it stops, unfinished, once `isCancelled` says so.
    private func eachRun(of clip: PixelRect, rows: Range<Int>, sparing: CoveredPixels, isCancelled: @Sendable () -> Bool,
                         _ body: (UnsafeMutablePointer<UInt32>, Int, Int) -> Void) {
        let first = max(clip.y0, rows.lowerBound), end = min(clip.y1, rows.upperBound)
        guard first < end else { return }
        for y in first..<end {
            // A frame being given up stops within a row (a first fill of 8192² pixels also
            // pays for the pages it touches: up to a second).
            if y % 64 == 0 && isCancelled() { return }
            let line = pixels + y * width
            Rasterizer.uncovered(clip.x0, clip.x1 - 1, row: y, sparing) { body(line, $0, $1) }
        }
    }
}

/// The memory of a `RasterImage`, borrowed (what the drawing loops hold: no reference
/// counting on the way).
struct PixelView: Sendable {
    let memory: RasterMemory<UInt32>
    let width: Int
    let height: Int
    let isCoverage: Bool

    /// The first pixel's address (rows follow one another, `width` pixels each).
    @inline(__always)
    var pixels: UnsafeMutablePointer<UInt32> { memory.base }
}

/// A rectangle of whole pixels, x0..<x1 × y0..<y1.
package struct PixelRect: Equatable, Sendable {
    package var x0: Int, y0: Int, x1: Int, y1: Int

    package init(x0: Int, y0: Int, x1: Int, y1: Int) {
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
    }

    package var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

    /// The smallest rect holding both.
    package func union(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    package func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }
}

/// A vertex of a draw call: a screen position in pixels, a colour (straight alpha, 0…255 a
/// channel) and a texture position (0…1 across the texture). Laid out exactly as
/// `SDL_Vertex` (x, y; r, g, b, a; u, v: 20 bytes, no padding), so a buffer of them can be
/// handed to SDL's renderer as it is; SegueSDLTests checks that the layouts agree.
package struct RasterVertex: Equatable, Sendable, BitwiseCopyable {
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

    /// The colour's channels (r, g, b, a: 0…255).
    @inline(__always)
    var channels: SIMD4<Float> { SIMD4(Float(r), Float(g), Float(b), Float(a)) }
}

/// What a vertex of an untextured call adds for exact shading (`Rasterizer.draw`'s
/// `shades`): its depth, so colours are interpolated perspective-correct across a layer
/// seen in perspective, and a tint laid over its colour, interpolated apart from it and
/// mixed in at each pixel — so neither needs the layer cut into small cells.
package struct VertexShade: Equatable, Sendable, BitwiseCopyable {
    /// 1 / w of the vertex's homogeneous position (w > 0: in front of the eye); the same at
    /// every vertex of a layer not in perspective.
    package var q: Float
    /// The tint's colour times its alpha τ (red, green, blue: 0…255) and τ (0…1): the pixel
    /// shows its colour C as (1 − τ)·C + τ·T, its alpha kept (`Color.tinted(by:)`).
    package var tint: SIMD4<Float>

    package init(q: Float = 1, tint: SIMD4<Float> = .zero) {
        self.q = q
        self.tint = tint
    }
}
