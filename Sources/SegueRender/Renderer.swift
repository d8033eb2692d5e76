import Segue

/// Draws triangles into a window or a texture, with one engine behind the same calls (a
/// `RenderBackend`): Segue's own `Rasterizer` on the CPU (`RasterBackend`), or a platform's
/// (SegueSDL adds SDL's OpenGL and software renderers). The renderer keeps the target, the
/// clip, the pending clear and a kept frame to begin later ones from.
package final class Renderer {
    private let backend: any RenderBackend

    /// Why this engine draws: "asked for", or how a platform chose it ("GPU: …", "no GPU:
    /// llvmpipe …", "no OpenGL").
    package let reason: String

    /// A renderer drawing through `backend`, chosen for `reason`.
    package init(backend: any RenderBackend, reason: String = "asked for") {
        self.backend = backend
        self.reason = reason
    }

    /// A renderer drawing with Segue's rasterizer into an image of `width` × `height` pixels
    /// in memory (its "window"), showing nothing: no platform needed.
    package static func offscreen(width: Int, height: Int) -> Renderer {
        Renderer(backend: RasterBackend(output: OffscreenOutput(width: width, height: height)))
    }

    /// The engine in use: "raster", "opengl", "software", …
    package var driverName: String { backend.driverName }

    /// Whether the engine anti-aliases edges by their coverage (Segue's rasterizer), given
    /// `Rasterizer.TriangleEdges` with the triangles.
    package var drawsEdgeCoverage: Bool { backend.drawsEdgeCoverage }

    /// Whether the engine shades untextured triangles exactly (Segue's rasterizer), given
    /// `VertexShade`s with the vertices.
    package var drawsExactShading: Bool { backend.drawsExactShading }

    /// The size of the current render target in pixels.
    package var outputSize: (width: Int, height: Int) { backend.outputSize }

    // MARK: Textures

    /// A texture holding `width` × `height` ARGB words, `rowLength` words a row (alpha not
    /// premultiplied). It is opaque when every pixel's alpha is full, so it is drawn stored,
    /// not blended, and hides what lies under it.
    package func makeTexture(argb: UnsafePointer<UInt32>, width: Int, height: Int, rowLength: Int) throws -> Texture {
        texturesMade += 1
        let opaque = (0..<height).allSatisfy { y in (0..<width).allSatisfy { argb[y * rowLength + $0] >> 24 == 0xFF } }
        return try backend.makeTexture(argb: argb, width: width, height: height, rowLength: rowLength, isOpaque: opaque)
    }

    /// A transparent texture of `width` × `height` pixels, to be filled with
    /// `Texture.update`; `target` if it is to be drawn into. A `coverage` texture (the
    /// glyph atlas) holds white texels whose alpha alone counts, and starts transparent
    /// white: filtered next to a glyph's edge, a clear texel then thins the glyph without
    /// darkening it (transparent black would).
    func makeTexture(width: Int, height: Int, coverage: Bool = false, target: Bool = false) throws -> Texture {
        texturesMade += 1
        return try backend.makeTexture(width: width, height: height, coverage: coverage, target: target)
    }

    /// A texture that can be drawn into, `width` × `height` pixels.
    package func makeTargetTexture(width: Int, height: Int) throws -> Texture {
        try makeTexture(width: width, height: height, target: true)
    }

    /// The texture drawn into, or nil for the window.
    package private(set) var target: Texture?

    /// Draws into `texture` (made by this renderer) from now on, or into the window when
    /// nil, with no clip.
    package func setTarget(_ texture: Texture?) throws {
        applyPendingClear()
        try backend.setTarget(texture)
        target = texture
        setClip(nil)
    }

    /// Runs `body` with `texture` the target (no clip), then makes the target and the clip
    /// what they were. The old target's pending clear waits meanwhile (dropped should the old
    /// target not come back): a picture made as a frame begins leaves that frame its clear, so
    /// the frame may still keep its settled bottom (`beginFrameToKeep` needs the clear). `body`
    /// must not draw from the old target.
    package func drawing(into texture: Texture, _ body: () throws -> Void) throws {
        precondition(texture !== target, "drawing into the target that is drawn into")
        let outer = target, outerClip = clip, held = pendingClear
        pendingClear = nil
        var failure: Error?
        do {
            try setTarget(texture)
            try body()
        } catch {
            failure = error
        }
        try setTarget(outer)
        pendingClear = held
        setClip(outerClip)
        if let failure { throw failure }
    }

    // MARK: Frames

    /// Fills the whole target with `color` and lifts the clip. The fill waits until the
    /// target is next drawn, read, shown or changed, and is skipped if the drawer first
    /// declares that what it draws covers every pixel opaquely (`skipPendingClear`), or
    /// replaced by a kept frame that began with it (`restoreKeptFrame`).
    package func clear(_ color: Color) {
        setClip(nil)
        pendingClear = color
    }

    /// A clear not applied yet.
    private var pendingClear: Color?
    /// The colour of the clear not applied yet, if any.
    var pendingClearColor: Color? { pendingClear }

    /// Drops a pending clear: the caller is about to paint every pixel of the target opaquely.
    func skipPendingClear() {
        if pendingClear != nil { clearsSkipped += 1 }
        pendingClear = nil
    }

    /// How many clears were skipped so far (a figure for the bench and the tests).
    package private(set) var clearsSkipped = 0

    /// Applies a pending clear, sparing (where the engine gains by it) the pixels of
    /// `sparing`: the caller is about to paint those over opaquely.
    func applyPendingClear(sparing: CoveredPixels = .none) {
        guard let color = pendingClear else { return }
        pendingClear = nil
        backend.clear(Self.bytes(color), sparing: sparing)
    }

    // MARK: Kept frames

    /// While a frame to keep is drawn, the clear it began from and the textures drawn from,
    /// each with its version.
    private var frameToKeep: (clear: Color, textures: [(texture: Texture, version: Int)])?
    /// The kept frame: the size of the target it was drawn into, the clip it was drawn
    /// within, the clear it began from, the textures it was drawn from (weakly: one let go of
    /// leaves it out of date) with their versions, and how many textures had been made (one
    /// made since may be an image an item drew nothing of, not yet loaded); nil while none is
    /// kept.
    private var kept: (size: PixelRect, clip: Rect?, clear: Color,
                       textures: [(texture: Weak<Texture>, version: Int)], texturesMade: Int)?
    /// Textures made so far.
    private var texturesMade = 0
    /// How many frames began from the kept frame (a figure for the bench and the tests).
    package private(set) var keptFramesRestored = 0
    /// The most pixels a kept frame holds (twice 3840 × 2160: 66 MB): a larger target is
    /// drawn whole every frame rather than held once more.
    static let keptFrameLimit = 2 * 3840 * 2160

    /// The whole of the current target, in pixels.
    private var targetBounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: outputSize.width, y1: outputSize.height) }

    /// Whether this engine keeps frames (`keepFrame`) for targets of this size: Segue's
    /// rasterizer, whose copy costs less than drawing again; not SDL's renderers.
    var keepsFrames: Bool { backend.keepsFrames && outputSize.width * outputSize.height <= Self.keptFrameLimit }

    /// Begins a frame to keep (`keepFrame`): true where it begins with a clear not yet
    /// applied (so what is kept does not depend on the frame before).
    func beginFrameToKeep() -> Bool {
        guard keepsFrames, let pendingClear else { return false }
        frameToKeep = (pendingClear, [])
        return true
    }

    /// Keeps the frame as drawn since `beginFrameToKeep`: false where the engine keeps none.
    func keepFrame() -> Bool {
        defer { frameToKeep = nil }
        guard let drawn = frameToKeep, backend.keepFrame() else {
            forgetKeptFrame()
            return false
        }
        kept = (targetBounds, clip, drawn.clear, drawn.textures.map { (Weak($0.texture), $0.version) },
                texturesMade)
        return true
    }

    /// Lets go of the kept frame and its pixels.
    func forgetKeptFrame() {
        guard kept != nil else { return }
        kept = nil
        backend.dropKeptFrame()
    }

    /// Whether `restoreKeptFrame` would begin this frame from the kept one: a target of the
    /// size of the one it was kept from (that one, or another: frames drawn ahead take turns
    /// in two), within the same clip, the pending clear the one it began from, no texture
    /// made since, and every texture it was drawn from as it was.
    var canRestoreKeptFrame: Bool {
        guard let kept, clip == kept.clip, pendingClear == kept.clear, kept.size == targetBounds,
              kept.texturesMade == texturesMade else { return false }
        return kept.textures.allSatisfy { $0.texture.object.map { t in t.version } == $0.version }
    }

    /// Begins the frame from the kept one, within the clip, instead of the pending clear
    /// (which it began from; outside a clip the clear is applied), but the pixels of
    /// `sparing`, painted over opaquely later: where `canRestoreKeptFrame` said so as the
    /// frame began (textures it was drawn from may gain glyphs meanwhile). Should the
    /// engine copy nothing, the clear is applied everywhere.
    func restoreKeptFrame(sparing: CoveredPixels) {
        let clear = pendingClear
        if clip == nil { pendingClear = nil } else { applyPendingClear() }
        if backend.restoreKeptFrame(sparing: sparing) {
            keptFramesRestored += 1
        } else if let clear {
            pendingClear = clear
            applyPendingClear()
        }
    }

    /// Draws `indices.count / 3` triangles of `vertices`, textured by `texture` (times the
    /// vertex colours) or coloured by the vertices alone, blended or stored, `edges`
    /// anti-aliased where the engine `drawsEdgeCoverage`, untextured ones shaded exactly by
    /// `shades` (only where it `drawsExactShading`); the pixels of `covered`, which the
    /// caller paints over opaquely later, may be left as they are.
    func drawGeometry(_ vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>,
                      edges: Rasterizer.TriangleEdges? = nil, shades: UnsafeBufferPointer<VertexShade>? = nil, texture: Texture?,
                      blended: Bool, covered: CoveredPixels = .none) {
        applyPendingClear()
        if let texture, frameToKeep?.textures.contains(where: { $0.texture === texture }) == false {
            frameToKeep?.textures.append((texture, texture.version))
        }
        backend.draw(vertices, indices, edges: edges, shades: shades, texture: texture, blended: blended, covered: covered)
    }

    /// Shows the frame drawn into the window.
    package func present() {
        applyPendingClear()
        backend.present()
    }

    /// The pixels of the current target, RGBA, row by row, top first.
    package func readPixels() throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let (w, h) = outputSize
        return (w, h, try read(PixelRect(x0: 0, y0: 0, x1: w, y1: h)))
    }

    /// Reads back one pixel (top-left): on OpenGL, waits until the frame is finished, cheaply.
    package func readPixel() throws -> [UInt8] {
        try read(PixelRect(x0: 0, y0: 0, x1: 1, y1: 1))
    }

    /// The RGBA bytes of `r` (inside the target), row by row.
    private func read(_ r: PixelRect) throws -> [UInt8] {
        applyPendingClear()
        var pixels = [UInt8](repeating: 0, count: (r.x1 - r.x0) * (r.y1 - r.y0) * 4)
        try pixels.withUnsafeMutableBytes { try backend.read(r, into: $0) }
        return pixels
    }

    /// Whether the engine draws while its caller goes on (`DrawingAhead`): `fence()` gives
    /// a mark to read a target by while later drawing goes on.
    package var drawsAhead: Bool { backend is any DrawingAhead }

    /// Takes a mark of what has been given to draw so far (the pending clear applied), where
    /// the engine draws while its caller goes on (`DrawingAhead`: Segue's rasterizer); nil
    /// where each call has drawn before it returns, as far as the caller can tell.
    package func fence() -> Int? {
        guard let ahead = backend as? any DrawingAhead else { return nil }
        applyPendingClear()
        return ahead.fence()
    }

    /// The RGBA bytes of `r` (inside `texture`, a target drawn into before `fence` was taken:
    /// `fence()`), row by row, once that drawing is done; what was drawn since (into other
    /// targets) may still be drawing.
    package func read(_ r: PixelRect, of texture: Texture, after fence: Int) -> [UInt8] {
        guard let ahead = backend as? any DrawingAhead else { preconditionFailure("a fence from an engine that does not draw ahead") }
        var pixels = [UInt8](repeating: 0, count: (r.x1 - r.x0) * (r.y1 - r.y0) * 4)
        pixels.withUnsafeMutableBytes { ahead.read(r, of: texture, after: fence, into: $0) }
        return pixels
    }

    /// The whole-pixel rectangle drawing is limited to, nil for none.
    package private(set) var clip: Rect?

    /// Limits drawing to `rect` (pixels) rounded to whole pixels, or lifts the limit when
    /// nil; returns the whole-pixel rectangle it limits drawing to (nil: none), which is what
    /// the drawer must be told (`DisplayListRenderer.draw(_:pixelScale:clip:)`).
    @discardableResult
    package func setClip(_ rect: Rect?) -> Rect? {
        guard let r = rect else {
            clip = nil
            backend.setClip(nil)
            return nil
        }
        let x = Int(r.minX.rounded()), y = Int(r.minY.rounded()), w = Int(r.width.rounded()), h = Int(r.height.rounded())
        backend.setClip(PixelRect(x0: x, y0: y, x1: x + w, y1: y + h))
        clip = Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h))
        return clip
    }

    static func byte(_ v: Double) -> UInt8 { UInt8(min(max(v, 0), 1) * 255 + 0.5) }

    static func bytes(_ c: Color) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (byte(c.red), byte(c.green), byte(c.blue), byte(c.alpha))
    }
}

/// A reference that does not keep its object alive.
struct Weak<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object) { self.object = object }
}
