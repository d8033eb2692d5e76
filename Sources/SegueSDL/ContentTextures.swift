internal import CSDL2
import Segue

/// The textures behind display-list contents: images registered by id, snapshots rendered
/// once, and the glyph atlas text is laid out from (at the output's pixel scale). Layouts
/// unused for `textLifetime` frames and snapshots unused for `snapshotLifetime` frames are
/// released.
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
        let wrapPixels: Int
        let scale: Double
    }

    private let renderer: Renderer
    private let assets: String
    private var images: [String: Texture] = [:]
    private var fonts: [FontKey: Font] = [:]
    private var texts: [TextKey: (layout: GlyphAtlas.Layout, lastUsed: Int)] = [:]
    private lazy var atlas: GlyphAtlas? = try? GlyphAtlas(renderer: renderer)
    private struct SnapshotKey: Hashable { let id: Int; let scale: Double }
    private var snapshots: [SnapshotKey: (texture: Texture, lastUsed: Int)] = [:]
    private var frame = 0
    /// Frames a text layout survives unused.
    package var textLifetime = 120
    /// Frames a snapshot texture survives unused: a snapshot that is gone from the screen
    /// does not come back (a new one is made), so it goes at once.
    package var snapshotLifetime = 2

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

    /// `text` laid out in glyphs of the atlas, wrapped at `wrapPixels`, at `scale` pixels
    /// per point; nil for empty text or a font that cannot be opened. Layouts are kept while
    /// used, like textures.
    func layout(_ text: TextContent, wrapPixels: Int, scale: Double) -> GlyphAtlas.Layout? {
        guard !text.string.isEmpty, let atlas else { return nil }
        let key = TextKey(string: text.string, fontSize: text.fontSize, weight: text.weight, alignment: text.alignment,
                          wrapPixels: wrapPixels, scale: scale)
        if let i = texts.index(forKey: key), texts.values[i].layout.generation == atlas.generation {
            texts.values[i].lastUsed = frame
            return texts.values[i].layout
        }
        guard let font = try? font(text.weight, pixels: max(1, Int((text.fontSize * scale).rounded()))) else { return nil }
        let layout = atlas.layout(text, font: font.handle, fontID: ObjectIdentifier(font), wrapPixels: wrapPixels)
        texts[key] = (layout, frame)
        return layout
    }

    /// Whether `layout` still points at the atlas's glyphs (the atlas has not started over).
    func isCurrent(_ layout: GlyphAtlas.Layout) -> Bool { layout.generation == atlas?.generation }

    /// The texture every glyph is drawn from.
    var glyphTexture: Texture? { atlas?.texture }

    /// Ends a frame: releases snapshots unused for `snapshotLifetime` frames and, every 30
    /// frames, layouts unused for `textLifetime`.
    package func endFrame() {
        frame += 1
        let oldestSnapshot = frame - snapshotLifetime
        if snapshots.values.contains(where: { $0.lastUsed < oldestSnapshot }) {
            snapshots = snapshots.filter { $0.value.lastUsed >= oldestSnapshot }
        }
        if frame % 30 == 0 {
            let oldest = frame - textLifetime
            texts = texts.filter { $0.value.lastUsed >= oldest }
        }
    }

    /// Textures held now (images, snapshots and the glyph atlas), for leak checks.
    package var textureCount: Int { images.count + snapshots.count + (atlas == nil ? 0 : 1) }

    /// The texture of `snapshot` at `scale` pixels per point, once `renderSnapshot` has made
    /// it; nil before, or when it is empty or cannot be made. Never renders.
    func snapshot(_ snapshot: Snapshot, scale: Double) -> Texture? {
        guard let i = snapshots.index(forKey: SnapshotKey(id: snapshot.id, scale: scale)) else { return nil }
        snapshots.values[i].lastUsed = frame
        return snapshots.values[i].texture
    }

    /// Makes the texture of `snapshot` at `scale` pixels per point unless it is there:
    /// `draw` renders its list at that scale into it, the renderer's target while it runs.
    func renderSnapshot(_ snapshot: Snapshot, scale: Double, draw: (DisplayList, Double) -> Void) {
        let key = SnapshotKey(id: snapshot.id, scale: scale)
        if let i = snapshots.index(forKey: key) {
            snapshots.values[i].lastUsed = frame
            return
        }
        let w = Int((snapshot.size.width * scale).rounded(.up)), h = Int((snapshot.size.height * scale).rounded(.up))
        guard w > 0, h > 0, w <= ImageFile.maxSide, h <= ImageFile.maxSide,
              let texture = try? renderer.makeTargetTexture(width: w, height: h) else { return }
        do {
            try renderer.drawing(into: texture) {
                renderer.clear(.clear)
                draw(snapshot.list, scale)
            }
        } catch {
            return
        }
        snapshots[key] = (texture, frame)
    }

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
