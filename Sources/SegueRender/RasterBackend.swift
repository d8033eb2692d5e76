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
package final class RasterBackend: RenderBackend {
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
    /// The image `kept` was copied from, and its pixels that may differ from the copy's: every
    /// pixel drawn or filled into it since it was kept or last begun again from the copy lies
    /// in a block of `damage`, so beginning it again copies those blocks alone.
    private var keptFrom: RasterImage?
    private var damage = PixelBlocks(width: 0, height: 0)
    /// The blocks the last copy from `kept` was given (its call holds them until it has run):
    /// swapped with `damage` there, so that neither is copied as it changes.
    private var damageGiven = PixelBlocks(width: 0, height: 0)

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
        if image === keptFrom { damage.insertAll() }
        pipeline.fill(Rasterizer.pack(SIMD4(Float(c.r), Float(c.g), Float(c.b), Float(c.a))), image.bounds, sparing: sparing, into: image)
    }

    package let drawsEdgeCoverage = true
    package let drawsExactShading = true

    package func draw(_ vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>,
              edges: Rasterizer.TriangleEdges?, shades: UnsafeBufferPointer<VertexShade>?, texture: Texture?, blended: Bool,
              covered: CoveredPixels) {
        guard let image = target else { return }
        // (The pixels an edge's coverage reaches lie within a pixel of its triangle.)
        if image === keptFrom { damage.insert(triangles: vertices, indices, margin: 2, clip: clip ?? image.bounds) }
        pipeline.draw(vertices, indices, edges: edges, shades: shades, texture: texture.map(Self.image), blended: blended, into: image,
                      clip: clip ?? image.bounds, covered: covered)
    }

    package let keepsFrames = true

    package func keepFrame() -> Bool {
        guard let frame = target else { return false }
        if kept?.width != frame.width || kept?.height != frame.height { kept = RasterImage(width: frame.width, height: frame.height) }
        guard let kept else { return false }
        pipeline.copy(from: frame, frame.bounds, sparing: .none, into: kept)
        keptFrom = frame
        damage = PixelBlocks(width: frame.width, height: frame.height)
        damageGiven = damage
        return true
    }

    package func restoreKeptFrame(sparing: CoveredPixels) -> Bool {
        guard let frame = target, let kept, kept.width == frame.width, kept.height == frame.height else { return false }
        pipeline.copy(from: kept, clip ?? frame.bounds, sparing: sparing, within: frame === keptFrom ? damage : nil, into: frame)
        // Begun again whole, the image is the copy again (but the pixels spared, which the
        // draws that paint them add back); within a clip, what lies outside it stays.
        if clip == nil {
            if frame !== keptFrom {
                keptFrom = frame
                damageGiven = PixelBlocks(width: frame.width, height: frame.height)
            }
            swap(&damage, &damageGiven)
            damage.removeAll()
        }
        return true
    }

    package func dropKeptFrame() {
        kept = nil
        keptFrom = nil
    }

    package func present() {
        pipeline.wait()
        if let frame { output.present(frame) }
    }

    package func read(_ r: PixelRect, into rgba: UnsafeMutableRawBufferPointer) throws {
        pipeline.wait()
        guard let image = target else { throw RenderError("no memory for the frame") }
        let w = r.x1 - r.x0
        for y in r.y0..<r.y1 {
            RasterImage.swapRedAndBlue(image.pixels + y * image.width + r.x0, to: rgba.baseAddress! + (y - r.y0) * w * 4, count: w)
        }
    }
}
