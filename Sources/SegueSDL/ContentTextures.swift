internal import CSDL2
import Segue

/// The textures behind display-list contents: images registered by id, and the glyph atlas
/// text is laid out from (at the output's pixel scale). Layouts unused for `textLifetime`
/// frames are released.
package final class ContentTextures {
    /// An open font; keeps SDL_ttf up while it lives.
    private final class Font {
        let handle: OpaquePointer
        private let platform: Platform
        init(path: String, pixels: Int, platform: Platform) throws {
            guard let f = TTF_OpenFont(path, Int32(pixels)) else { throw SDLError("TTF_OpenFont \(path)") }
            handle = f
            self.platform = platform
        }
        deinit { TTF_CloseFont(handle) }
    }

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
    private var images: [String: Texture] = [:]
    private var fonts: [FontKey: Font] = [:]
    private var texts: [TextKey: (layout: GlyphAtlas.Layout, lastUsed: Int)] = [:]
    private lazy var atlas: GlyphAtlas? = try? GlyphAtlas(renderer: renderer)
    private var frame = 0
    /// Frames a text layout survives unused.
    package var textLifetime = 120

    package init(renderer: Renderer, assetsDirectory: String) {
        self.renderer = renderer
        self.assets = assetsDirectory
    }

    /// Loads the image at `path` as the contents `id`; throws a readable error for a
    /// missing, corrupt or oversized file.
    package func registerImage(id: String, path: String) throws -> ImageContent {
        let surface = try ImageFile.load(path)
        defer { SDL_FreeSurface(surface) }
        let texture = try renderer.makeTexture(from: surface)
        images[id] = texture
        return ImageContent(id: id, pixelSize: Size(width: Double(texture.width), height: Double(texture.height)))
    }

    /// Loads shipped images (paths relative to the Assets folder) under their ids, once each.
    package func registerAssets(_ list: [(id: String, path: String)]) throws {
        for (id, path) in list where images[id] == nil {
            _ = try registerImage(id: id, path: assets + "/" + path)
        }
    }

    func image(_ id: String) -> Texture? { images[id] }

    /// Pixels per point of the font that decides where lines break: large enough that
    /// hinting moves a line's width by a tiny fraction of a point.
    private static let breakScale = 8.0

    /// `text` laid out in glyphs of the atlas, wrapped at `wrapWidth` points, at `scale`
    /// pixels per point; nil for empty text or a font that cannot be opened. The lines
    /// break where they would at any scale (measured in one large font), so a snapshot
    /// drawn at twice the scale wraps as the live screen does. Layouts are kept while
    /// used, like textures.
    func layout(_ text: TextContent, wrapWidth: Double, scale: Double) -> GlyphAtlas.Layout? {
        guard !text.string.isEmpty, text.fontSize > 0, text.fontSize.isFinite, wrapWidth.isFinite, let atlas else { return nil }
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
        let layout = atlas.layout(text, font: drawn.handle, fontID: ObjectIdentifier(drawn),
                                  wrapPixels: Int(min(max(wrapWidth * scale, 0), 1e9).rounded())) { line in
            var w: Int32 = 0
            return TTF_SizeUTF8(measure.handle, String(line), &w, nil) == 0 && Int(w) <= limit
        }
        texts[key] = (layout, frame)
        return layout
    }

    /// Whether `layout` still points at the atlas's glyphs (the atlas has not started over).
    func isCurrent(_ layout: GlyphAtlas.Layout) -> Bool { layout.generation == atlas?.generation }

    /// The texture every glyph is drawn from.
    var glyphTexture: Texture? { atlas?.texture }

    /// Ends a frame: every 30 frames, releases layouts unused for `textLifetime`.
    package func endFrame() {
        frame += 1
        if frame % 30 == 0 {
            let oldest = frame - textLifetime
            texts = texts.filter { $0.value.lastUsed >= oldest }
        }
    }

    /// Textures held now (images and the glyph atlas), for leak checks.
    package var textureCount: Int { images.count + (atlas == nil ? 0 : 1) }

    private func font(_ weight: TextContent.Weight, pixels: Int) throws -> Font {
        let key = FontKey(weight: weight, pixels: pixels)
        if let f = fonts[key] { return f }
        let file: String
        switch weight {
        case .regular: file = "DejaVuSans.ttf"
        case .bold: file = "DejaVuSans-Bold.ttf"
        case .monospace: file = "DejaVuSansMono.ttf"
        }
        let f = try Font(path: assets + "/" + file, pixels: pixels, platform: renderer.window.platform)
        fonts[key] = f
        return f
    }
}
