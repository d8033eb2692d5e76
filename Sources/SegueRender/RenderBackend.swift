/// One engine behind `Renderer`: it makes textures, draws triangles, fills, reads and shows.
/// The renderer keeps the target, the clip and the pending clear, and tells the engine when
/// they change; the engine draws only what it is told, where it is told.
package protocol RenderBackend: AnyObject {
    /// The engine in use: "raster", "opengl", "software", …
    var driverName: String { get }
    /// Whether `draw` anti-aliases the edges it is given (else it ignores them).
    var drawsEdgeCoverage: Bool { get }
    /// Whether `draw` shades untextured triangles exactly by the `VertexShade`s it is given
    /// (else it must not be given any).
    var drawsExactShading: Bool { get }
    /// The size of the current target in pixels.
    var outputSize: (width: Int, height: Int) { get }
    /// A texture holding `width` × `height` ARGB words, `rowLength` words a row.
    func makeTexture(argb: UnsafePointer<UInt32>, width: Int, height: Int, rowLength: Int, isOpaque: Bool) throws -> Texture
    /// A texture of `width` × `height` pixels, transparent black, or transparent white for
    /// `coverage`; `target` if it is to be drawn into.
    func makeTexture(width: Int, height: Int, coverage: Bool, target: Bool) throws -> Texture
    /// Draws into `texture` (one of this engine's) from now on, or into the window when nil.
    func setTarget(_ texture: Texture?) throws
    /// Limits drawing to `rect` (pixels of the target), or lifts the limit when nil.
    func setClip(_ rect: PixelRect?)
    /// Sets every pixel of the target, whatever the clip, to `color` (RGBA bytes); those of
    /// `sparing` (painted over opaquely later) may be left as they are, as is quicker.
    func clear(_ color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), sparing: CoveredPixels)
    /// Draws the triangles `indices` makes of `vertices`, textured by `texture` (one of this
    /// engine's) times the vertex colours, or coloured by the vertices alone; blended
    /// source-over or stored; `edges` anti-aliased where `drawsEdgeCoverage`; `shades` (only
    /// where `drawsExactShading`) shading untextured ones exactly; the pixels of `covered`
    /// (painted over opaquely later) left as they are or drawn, as is quicker.
    func draw(_ vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>,
              edges: Rasterizer.TriangleEdges?, shades: UnsafeBufferPointer<VertexShade>?, texture: Texture?, blended: Bool,
              covered: CoveredPixels)
    /// Whether `keepFrame` keeps anything.
    var keepsFrames: Bool { get }
    /// Copies the target's pixels as drawn so far into an image kept to start a later frame
    /// from (`restoreKeptFrame`); false, keeping none, where a copy would not spare this
    /// engine any work.
    func keepFrame() -> Bool
    /// Copies the kept pixels within the clip back into the target (of the size of the one
    /// they were kept from), but the pixels of `sparing` (painted over opaquely later); false,
    /// copying nothing, unless they are of its size.
    func restoreKeptFrame(sparing: CoveredPixels) -> Bool
    /// Lets go of the kept pixels.
    func dropKeptFrame()
    /// Shows the window's frame.
    func present()
    /// Writes the pixels of `rect` (inside the target) to `rgba`, RGBA bytes, row by row.
    func read(_ rect: PixelRect, into rgba: UnsafeMutableRawBufferPointer) throws
}

/// An engine that draws while its caller goes on (Segue's rasterizer, on threads of its own):
/// a frame can be read back while the next one is drawn into another target.
package protocol DrawingAhead: RenderBackend {
    /// Takes a mark of what has been given to draw so far.
    func fence() -> Int
    /// Writes the pixels of `rect` (inside `texture`, a target of this engine's) to `rgba`,
    /// RGBA bytes, row by row, once what was given before `fence` was taken has been drawn
    /// (what was given since may still be drawing, into other targets).
    func read(_ rect: PixelRect, of texture: Texture, after fence: Int, into rgba: UnsafeMutableRawBufferPointer)
}
