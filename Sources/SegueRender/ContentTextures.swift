import Segue

/// What a platform lends the render stages to turn files into pixels: its font engine
/// (text is drawn only with one) and image formats beyond PNG (JPEG).
package protocol ContentDecoders: AnyObject {
    /// The font file at `path` at `pixels` pixels an em; throws when it cannot be opened.
    func openFont(path: String, pixels: Int) throws -> any GlyphFont
    /// The JPEG at `path` (its header already checked), as straight-alpha ARGB words.
    func decodeJPEG(path: String) throws -> DecodedImage
}

/// The textures behind display-list contents: images registered by id, the glyph atlas
/// text is laid out from (at the output's pixel scale), and pictures of snapshots
/// (`SnapshotPictures`). Layouts unused for `textLifetime` frames are released, pictures
/// unused for `pictureLifetime` (a drag back and forth stays clear of redrawing them), or
/// at once when the app comes to rest without them.
package final class ContentTextures {
    private struct FontKey: Hashable { let weight: TextContent.Weight; let pixels: Int }
    /// What a layout depends on: not the colour, which the vertices carry.
    private struct TextKey: Hashable {
        let string: String
        let fontSize: Double
        let weight: TextContent.Weight
        let alignment: TextContent.Alignment
        let wrapWidth: Double
        let scale: Double
    }

    private let renderer: Renderer
    private let assets: String
    /// The platform's decoders: nil draws no text and reads PNG alone.
    private let decoders: (any ContentDecoders)?
    private var images: [String: Texture] = [:] { didSet { found = nil } }
    private var fonts: [FontKey: any GlyphFont] = [:]
    private var texts: [TextKey: (layout: GlyphAtlas.Layout, lastUsed: Int)] = [:]
    private var pictures: [String: (picture: Picture, texture: Texture, lastUsed: Int)] = [:] {
        didSet { (found, foundPicture) = (nil, nil) }
    }
    /// The last texture `image` found and the last picture `picture(of:)` found (and marked
    /// used this frame), with their ids: a frame of tiles asks for the same one for every
    /// tile, and a String-keyed lookup costs more than the rest of a tile's choice. Both are
    /// forgotten whenever the images or the pictures change, and the picture also when the
    /// frame ends (finding it marks it used in the frame).
    private var found: (id: String, texture: Texture)?
    private var foundPicture: (snapshot: Int, picture: Picture)?
    private lazy var atlas: GlyphAtlas? = try? GlyphAtlas(renderer: renderer)
    private var frame = 0 { didSet { foundPicture = nil } }
    /// Frames a text layout survives unused.
    package var textLifetime = 120
    /// Frames a picture survives unused: a second (it may hold 4K's 33 MB).
    package var pictureLifetime = 60

    /// Textures for `renderer`, images and fonts read from `assetsDirectory` through the
    /// platform's `decoders` (none: PNG only, and no text).
    package init(renderer: Renderer, assetsDirectory: String, decoders: (any ContentDecoders)?) {
        self.renderer = renderer
        self.assets = assetsDirectory
        self.decoders = decoders
    }

    /// Loads the image at `path` as the contents `id`; throws a readable error for a
    /// missing, corrupt or oversized file.
    package func registerImage(id: String, path: String) throws -> ImageContent {
        let image = try ImageFile.decode(path, decoders: decoders)
        let texture = try image.argb.withUnsafeBufferPointer {
            try renderer.makeTexture(argb: $0.baseAddress!, width: image.width, height: image.height, rowLength: image.width)
        }
        images[id] = texture
        return ImageContent(id: id, pixelSize: Size(width: Double(texture.width), height: Double(texture.height)))
    }

    /// Loads images under their ids, once each: shipped ones by paths relative to the Assets
    /// folder, others (a transition file's pictures) by absolute paths.
    package func registerAssets(_ list: [(id: String, path: String)]) throws {
        for (id, path) in list where images[id] == nil {
            _ = try registerImage(id: id, path: path.hasPrefix("/") ? path : assets + "/" + path)
        }
    }

    /// Lets go of the image registered as `id` (nothing when there is none).
    package func forgetImage(id: String) { images[id] = nil }

    func image(_ id: String) -> Texture? {
        if let found, found.id == id { return found.texture }
        let texture = images[id] ?? pictures[id]?.texture
        found = texture.map { (id, $0) }
        return texture
    }

    /// A snapshot drawn into a texture: `scale` texels a point, its origin `phase` (a
    /// fraction of a texel, each way) in from the texture's corner.
    struct Picture {
        /// The image item showing it.
        let content: ImageContent
        let size: Size
        let scale: Double
        let phase: Point

        /// The image item's rect and source showing the part `source` (unit coordinates of the
        /// snapshot) over `rect`: that part in unit coordinates of the texture, the rect and
        /// the part reaching on to the texture's edge where the part lies on the snapshot's
        /// (the picture's own edge texels are partly covered already: the item's edge then
        /// falls between whole texels, not on them, and covers them but once).
        func shown(_ source: Rect, over rect: Rect) -> (rect: Rect, source: Rect) {
            let w = content.pixelSize.width, h = content.pixelSize.height
            var x0 = source.minX * size.width * scale + phase.x, x1 = source.maxX * size.width * scale + phase.x
            var y0 = source.minY * size.height * scale + phase.y, y1 = source.maxY * size.height * scale + phase.y
            let perX = rect.width / (x1 - x0), perY = rect.height / (y1 - y0)
            var r = rect
            if source.minX <= 0 { r.origin.x -= x0 * perX; r.size.width += x0 * perX; x0 = 0 }
            if source.maxX >= 1 { r.size.width += (w - x1) * perX; x1 = w }
            if source.minY <= 0 { r.origin.y -= y0 * perY; r.size.height += y0 * perY; y0 = 0 }
            if source.maxY >= 1 { r.size.height += (h - y1) * perY; y1 = h }
            return (r, Rect(x: x0 / w, y: y0 / h, width: (x1 - x0) / w, height: (y1 - y0) / h))
        }
    }

    /// (A control character first: no image registered by a name can take it.)
    private static func pictureID(_ snapshot: Int) -> String { "\u{1}snapshot \(snapshot)" }

    /// The picture of the snapshot of id `snapshot`, if one is kept; it is kept through the frame.
    func picture(of snapshot: Int) -> Picture? {
        if let foundPicture, foundPicture.snapshot == snapshot { return foundPicture.picture }
        let id = Self.pictureID(snapshot)
        guard let i = pictures.index(forKey: id) else { return nil }
        pictures.values[i].lastUsed = frame
        let picture = pictures.values[i].picture
        foundPicture = (snapshot, picture)
        return picture
    }

    /// Keeps `texture` as the picture of the snapshot of id `snapshot` (of `size` points) at
    /// `scale` texels a point, drawn from `phase`, in place of any before it.
    func store(_ texture: Texture, asPictureOf snapshot: Int, size: Size, scale: Double, phase: Point) -> Picture {
        let id = Self.pictureID(snapshot)
        let picture = Picture(content: ImageContent(id: id, pixelSize: Size(width: Double(texture.width), height: Double(texture.height))),
                              size: size, scale: scale, phase: phase)
        pictures[id] = (picture, texture, frame)
        return picture
    }

    /// Pixels per point of the font that decides where lines break: large enough that
    /// hinting moves a line's width by a tiny fraction of a point.
    private static let breakScale = 8.0

    /// `text` laid out in glyphs of the atlas, wrapped at `wrapWidth` points, at `scale`
    /// pixels per point; nil for empty text or a font that cannot be opened. The lines
    /// break where they would at any scale (measured in one large font), so a snapshot
    /// drawn at twice the scale wraps as the live screen does. Layouts are kept while
    /// used, like textures.
    func layout(_ text: TextContent, wrapWidth: Double, scale: Double) -> GlyphAtlas.Layout? {
        guard decoders != nil, !text.string.isEmpty, text.fontSize > 0, text.fontSize.isFinite, wrapWidth.isFinite, let atlas else { return nil }
        let key = TextKey(string: text.string, fontSize: text.fontSize, weight: text.weight, alignment: text.alignment,
                          wrapWidth: wrapWidth, scale: scale)
        if let i = texts.index(forKey: key), texts.values[i].layout.generation == atlas.generation {
            texts.values[i].lastUsed = frame
            return texts.values[i].layout
        }
        let measurePixels = max(1, Int((text.fontSize * Self.breakScale).rounded()))
        guard let drawn = try? font(text.weight, pixels: max(1, Int((text.fontSize * scale).rounded()))),
              let measure = try? font(text.weight, pixels: measurePixels) else { return nil }
        let limit = Int(min(max(wrapWidth * Double(measurePixels) / text.fontSize, -1), 1e9).rounded(.down))
        let layout = atlas.layout(text, font: drawn, wrapPixels: Int(min(max(wrapWidth * scale, 0), 1e9).rounded())) { line in
            measure.width(of: line).map { $0 <= limit } ?? false
        }
        texts[key] = (layout, frame)
        return layout
    }

    /// The width of `text` on one line at `fontSize` drawn at `scale` pixels a unit, in the
    /// units the size is given in: the larger of what `layout` measures to break lines (its
    /// large font) and what the drawn font's hinted advances take. Text this says fits a
    /// width is laid out on one line and drawn within it. Nil without a font engine.
    package func width(of text: Substring, fontSize: Double, weight: TextContent.Weight, scale: Double) -> Double? {
        guard fontSize > 0, fontSize.isFinite, scale > 0, scale.isFinite else { return nil }
        let measurePixels = max(1, Int((fontSize * Self.breakScale).rounded()))
        let drawnPixels = max(1, Int((fontSize * scale).rounded()))
        guard let measure = try? font(weight, pixels: measurePixels), let broken = measure.width(of: text),
              let drawnFont = try? font(weight, pixels: drawnPixels), let drawn = drawnFont.width(of: text) else { return nil }
        return max(Double(broken) * fontSize / Double(measurePixels), Double(drawn) / scale)
    }

    /// Whether `layout` still points at the atlas's glyphs (the atlas has not started over).
    func isCurrent(_ layout: GlyphAtlas.Layout) -> Bool { layout.generation == atlas?.generation }

    /// The texture every glyph is drawn from.
    var glyphTexture: Texture? { atlas?.texture }

    /// Ends a frame: releases the pictures unused for `pictureLifetime`, and every 30 frames
    /// the layouts unused for `textLifetime`.
    package func endFrame() {
        let oldestPicture = frame - pictureLifetime
        if pictures.values.contains(where: { $0.lastUsed < oldestPicture }) {
            pictures = pictures.filter { $0.value.lastUsed >= oldestPicture }
        }
        frame += 1
        if frame % 30 == 0 {
            let oldest = frame - textLifetime
            texts = texts.filter { $0.value.lastUsed >= oldest }
        }
    }

    /// Lets go of the pictures the last frame did not use: an app at rest draws no frames,
    /// so `endFrame` alone would hold them (33 MB each at 4K) until it next draws.
    package func releasePicturesUnusedByLastFrame() {
        let last = frame - 1
        if pictures.values.contains(where: { $0.lastUsed < last }) { pictures = pictures.filter { $0.value.lastUsed >= last } }
    }

    /// Textures held now (images, pictures and the glyph atlas), for leak checks.
    package var textureCount: Int { images.count + pictures.count + (atlas == nil ? 0 : 1) }

    private func font(_ weight: TextContent.Weight, pixels: Int) throws -> any GlyphFont {
        let key = FontKey(weight: weight, pixels: pixels)
        if let f = fonts[key] { return f }
        let file: String
        switch weight {
        case .regular: file = "DejaVuSans.ttf"
        case .bold: file = "DejaVuSans-Bold.ttf"
        case .monospace: file = "DejaVuSansMono.ttf"
        }
        guard let decoders else { throw RenderError("no font engine") }
        let f = try decoders.openFont(path: assets + "/" + file, pixels: pixels)
        fonts[key] = f
        return f
    }
}
