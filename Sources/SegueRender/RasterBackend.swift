import SegueProcess

/// Where the rasterizer's frames go: a window's surface, or an image kept in memory.
package protocol RasterOutput: AnyObject {
    /// The frame's size in pixels now (a window's may change).
    var size: (width: Int, height: Int) { get }
    /// Shows `frame` (of `size`, all its drawing done).
    func present(_ frame: RasterImage)
}

/// An output of a fixed size that shows nothing: the frame stays in memory, to be read back.
package final class OffscreenOutput: RasterOutput {
    package let size: (width: Int, height: Int)
    package init(width: Int, height: Int) { size = (width, height) }
    package func present(_ frame: RasterImage) {}
}

/// Segue's rasterizer on the CPU, its frames shown through an output (`RasterOutput`).
package final class RasterBackend: DrawingAhead {
    package let driverName = "raster"
    private let output: any RasterOutput
    /// Draws on a thread of its own while the next call is prepared (`RasterPipeline`).
    private let pipeline: RasterPipeline
    /// The window's image, made anew whenever the window's size has changed.
    private var frame: RasterImage?
    /// The image of the texture drawn into, nil for the window's.
    private var textureTarget: RasterImage?
    private var clip: PixelRect?
    /// The target's pixels `keepFrame` copied.
    private var kept: RasterImage?
    /// The images `kept` may begin again (`restoreKeptFrame`) copying only some blocks,
    /// each with its pixels that may differ from the copy: every pixel drawn or filled into
    /// it since it was kept from or last begun again from the copy lies in a block of
    /// `damage`. An image not here is copied whole. (Frames drawn ahead take turns in two
    /// targets, `OffscreenCanvas.renderAhead`: each has its own.)
    private var restorable: [Restorable] = []
    /// The most images `restorable` holds: the latest ones it took in.
    private static let restorableLimit = 2

    private struct Restorable {
        let image: RasterImage
        var damage: PixelBlocks
        /// The blocks the last copy from `kept` was given (its call holds them until it has
        /// run): swapped with `damage` there, so that neither is copied as it changes.
        var given: PixelBlocks

        init(_ image: RasterImage) {
            self.image = image
            damage = PixelBlocks(width: image.width, height: image.height)
            given = PixelBlocks(width: image.width, height: image.height)
        }

        /// Notes that the image was begun again from the copy, `damage` given to that copy.
        mutating func begunAgain() {
            swap(&damage, &given)
            damage.removeAll()
        }
    }

    /// A backend drawing frames for `output`; a signal (`Interruption`) stops a call's
    /// drawing early.
    package init(output: any RasterOutput) {
        self.output = output
        pipeline = RasterPipeline(Rasterizer.Settings(isCancelled: { Interruption.signal != nil }))
    }

    /// The image drawn into: a texture's, or the window's (nil, and nothing drawn, while
    /// memory for it cannot be had).
    private var target: RasterImage? {
        if let textureTarget { return textureTarget }
        let size = output.size
        if let f = frame, f.width == size.width, f.height == size.height { return f }
        frame = RasterImage(width: size.width, height: size.height)
        return frame
    }

    package var outputSize: (width: Int, height: Int) { target.map { ($0.width, $0.height) } ?? (0, 0) }

    /// The image of `texture`, which must be this engine's.
    private static func image(_ texture: Texture) -> RasterImage {
        guard case .image(let image, _) = texture.storage else { preconditionFailure("an SDL renderer's texture given to the rasterizer") }
        return image
    }

    package func makeTexture(argb: UnsafePointer<UInt32>, width: Int, height: Int, rowLength: Int, isOpaque: Bool) throws -> Texture {
        guard let image = RasterImage(width: width, height: height) else {
            throw RenderError("not enough memory for a \(width)×\(height) image")
        }
        for y in 0..<height { (image.pixels + y * width).update(from: argb + y * rowLength, count: width) }
        return Texture(.image(image, drawnBy: pipeline), width: width, height: height, isOpaque: isOpaque)
    }

    package func makeTexture(width: Int, height: Int, coverage: Bool, target: Bool) throws -> Texture {
        guard let image = RasterImage(width: width, height: height, isCoverage: coverage) else {
            throw RenderError("not enough memory for a \(width)×\(height) texture")
        }
        if coverage { image.fill(0x00FF_FFFF, image.bounds) }
        return Texture(.image(image, drawnBy: pipeline), width: image.width, height: image.height)
    }

    package func setTarget(_ texture: Texture?) throws {
        textureTarget = texture.map(Self.image)
    }

    package func setClip(_ rect: PixelRect?) {
        clip = rect
    }

    package func clear(_ c: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), sparing: CoveredPixels) {
        guard let image = target else { return }
        if let i = restorableIndex(image) { restorable[i].damage.insertAll() }
        pipeline.fill(Rasterizer.pack(SIMD4(Float(c.r), Float(c.g), Float(c.b), Float(c.a))), image.bounds, sparing: sparing, into: image)
    }

    package let drawsEdgeCoverage = true
    package let drawsExactShading = true

    package func draw(_ vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>,
              edges: Rasterizer.TriangleEdges?, shades: UnsafeBufferPointer<VertexShade>?, texture: Texture?, blended: Bool,
              covered: CoveredPixels) {
        guard let image = target else { return }
        // (The pixels an edge's coverage reaches lie within a pixel of its triangle.)
        if let i = restorableIndex(image) { restorable[i].damage.insert(triangles: vertices, indices, margin: 2, clip: clip ?? image.bounds) }
        pipeline.draw(vertices, indices, edges: edges, shades: shades, texture: texture.map(Self.image), blended: blended, into: image,
                      clip: clip ?? image.bounds, covered: covered)
    }

    package let keepsFrames = true

    package func keepFrame() -> Bool {
        guard let frame = target else { return false }
        if kept?.width != frame.width || kept?.height != frame.height { kept = RasterImage(width: frame.width, height: frame.height) }
        guard let kept else { return false }
        pipeline.copy(from: frame, frame.bounds, sparing: .none, into: kept)
        restorable = [Restorable(frame)]
        return true
    }

    /// Where `image` is in `restorable`.
    private func restorableIndex(_ image: RasterImage) -> Int? {
        restorable.firstIndex { $0.image === image }
    }

    package func restoreKeptFrame(sparing: CoveredPixels) -> Bool {
        guard let frame = target, let kept, kept.width == frame.width, kept.height == frame.height else { return false }
        let known = restorableIndex(frame)
        pipeline.copy(from: kept, clip ?? frame.bounds, sparing: sparing, within: known.map { restorable[$0].damage }, into: frame)
        // Begun again whole, the image is the copy again (but the pixels spared, which the
        // draws that paint them add back); within a clip, what lies outside it stays.
        if clip == nil {
            if known == nil {
                if restorable.count >= Self.restorableLimit { restorable.removeFirst() }
                restorable.append(Restorable(frame))
            }
            restorable[known ?? restorable.count - 1].begunAgain()
        }
        return true
    }

    package func dropKeptFrame() {
        kept = nil
        restorable = []
    }

    package func present() {
        pipeline.wait()
        if let frame { output.present(frame) }
    }

    package func read(_ r: PixelRect, into rgba: UnsafeMutableRawBufferPointer) throws {
        pipeline.wait()
        guard let image = target else { throw RenderError("no memory for the frame") }
        Self.read(r, of: image, into: rgba)
    }

    package func fence() -> Int { pipeline.fence() }

    package func read(_ r: PixelRect, of texture: Texture, after fence: Int, into rgba: UnsafeMutableRawBufferPointer) {
        guard case .image(let image, let drawnBy) = texture.storage, drawnBy === pipeline else {
            preconditionFailure("a texture of another renderer read after this one's fence")
        }
        pipeline.wait(for: fence)
        Self.read(r, of: image, into: rgba)
    }

    /// Writes the pixels of `r` (inside `image`) to `rgba`, RGBA bytes, row by row.
    private static func read(_ r: PixelRect, of image: RasterImage, into rgba: UnsafeMutableRawBufferPointer) {
        let w = r.x1 - r.x0
        for y in r.y0..<r.y1 {
            RasterImage.swapRedAndBlue(image.pixels + y * image.width + r.x0, to: rgba.baseAddress! + (y - r.y0) * w * 4, count: w)
        }
    }
}
