import Segue

/// A font at one pixel size, opened by a platform's font engine (`ContentDecoders`).
package protocol GlyphFont: AnyObject {
    /// Pixels from one line's top to the next's.
    var lineSkip: Int { get }
    /// `scalar` drawn white on clear, in a box as tall as the font with the pen at its left
    /// edge; nil when the font cannot draw it.
    func glyph(_ scalar: UInt32) -> RenderedGlyph?
    /// How far the pen moves between `a` and `b` besides their advances, pixels.
    func kerning(_ a: UInt32, _ b: UInt32) -> Int
    /// The width of `text` on one line, pixels; nil when it cannot be measured.
    func width(of text: Substring) -> Int?
}

/// A glyph as its font engine drew it: `width` × `height` RGBA bytes (only the alpha
/// counts), and how far it moves the pen.
package struct RenderedGlyph {
    package var rgba: [UInt8]
    package var width: Int
    package var height: Int
    package var advance: Int

    package init(rgba: [UInt8], width: Int, height: Int, advance: Int) {
        precondition(rgba.count == width * height * 4, "one RGBA pixel per texel")
        self.rgba = rgba
        self.width = width
        self.height = height
        self.advance = advance
    }
}

/// Glyphs rasterized once by the platform's font engine into one texture, and text laid out from them, so
/// text costs no rasterizing or texture upload per frame and every run of text draws from
/// the same texture (consecutive runs share a draw call).
///
/// Glyphs are white: the vertex colour tints them. Each keeps only its ink and one clear
/// texel around it (a font engine draws a glyph as tall as the font, and a space as nothing
/// visible): the texel keeps the edge's fade under linear filtering, so the text looks the
/// same while its quads cover half the pixels or less. A full atlas starts over.
final class GlyphAtlas {
    /// A glyph: its ink's cell in the atlas and where that cell sits in the glyph's box, in
    /// pixels (nil cell: no ink, as a space), and how far it moves the pen.
    struct Glyph {
        let cell: Rect?
        let offset: Point
        let advance: Int
    }

    /// Text laid out in pixels from the top-left of its box: one cell of the atlas per glyph.
    struct Layout {
        var quads: [(atlas: Rect, box: Rect)] = []
        /// The box of all the quads, pixels from the text's origin: where the text paints,
        /// which may pass its label's bounds (a word longer than the width, more lines
        /// than fit).
        var bounds = Rect.zero
        /// Bumped when the atlas starts over: a layout from before is stale.
        var generation = 0
    }

    static let side = 2048
    let texture: Texture
    private var glyphs: [GlyphKey: Glyph] = [:]
    private var cursorX = 1, cursorY = 1, rowHeight = 0
    private(set) var generation = 0

    private struct GlyphKey: Hashable {
        let font: ObjectIdentifier
        let scalar: UInt32
    }

    init(renderer: Renderer) throws {
        texture = try renderer.makeTexture(width: Self.side, height: Self.side, coverage: true)
    }

    /// The cell of `scalar` in `font`, rasterizing it the first time; nil when the font has
    /// nothing to draw for it.
    private func glyph(_ scalar: UInt32, _ font: any GlyphFont) -> Glyph? {
        let key = GlyphKey(font: ObjectIdentifier(font), scalar: scalar)
        if let g = glyphs[key] { return g }
        guard let drawn = font.glyph(scalar) else { return nil }
        guard let ink = Self.inkBox(drawn) else {
            let g = Glyph(cell: nil, offset: .zero, advance: drawn.advance)
            glyphs[key] = g
            return g
        }
        let w = ink.w, h = ink.h
        if cursorX + w + 1 > Self.side { cursorX = 1; cursorY += rowHeight + 1; rowHeight = 0 }
        if cursorY + h + 1 > Self.side {
            // Full: start over; every layout made so far is stale.
            glyphs.removeAll()
            cursorX = 1; cursorY = 1; rowHeight = 0
            generation += 1
        }
        guard w + 2 <= Self.side, h + 2 <= Self.side else { return nil }
        let pitch = drawn.width * 4
        drawn.rgba.withUnsafeBytes {
            texture.update(x: cursorX, y: cursorY, w: w, h: h, rgba: $0.baseAddress! + ink.y * pitch + ink.x * 4, pitch: pitch)
        }
        let g = Glyph(cell: Rect(x: Double(cursorX), y: Double(cursorY), width: Double(w), height: Double(h)),
                      offset: Point(x: Double(ink.x), y: Double(ink.y)), advance: drawn.advance)
        glyphs[key] = g
        cursorX += w + 1
        rowHeight = max(rowHeight, h)
        return g
    }

    /// The box of a glyph's pixels with any alpha, grown by one texel each way (within the
    /// glyph's box); nil when all are clear.
    static func inkBox(_ glyph: RenderedGlyph) -> (x: Int, y: Int, w: Int, h: Int)? {
        let w = glyph.width, h = glyph.height
        var minX = w, minY = h, maxX = -1, maxY = -1
        for y in 0..<h {
            for x in 0..<w where glyph.rgba[(y * w + x) * 4 + 3] != 0 {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        let x0 = max(minX - 1, 0), y0 = max(minY - 1, 0), x1 = min(maxX + 1, w - 1), y1 = min(maxY + 1, h - 1)
        return (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    }

    /// `text` in `font`, wrapped between words (and at newlines) where `fits` says a line
    /// with one more word would not fit, each line aligned within `wrapPixels`. Breaking by
    /// `fits`, not by this font's pixels, keeps the lines the same at every scale: a font's
    /// hinted advances are not proportional to its size.
    func layout(_ text: TextContent, font: any GlyphFont, wrapPixels: Int, fits: (Substring) -> Bool) -> Layout {
        let lineSkip = Double(font.lineSkip)
        var out = Layout(generation: generation)
        var y = 0.0
        for paragraph in text.string.split(separator: "\n", omittingEmptySubsequences: false) {
            var line: [(UInt32, Glyph)] = []
            var lineWidth = 0
            func width(of word: [(UInt32, Glyph)], after previous: UInt32?) -> Int {
                var w = 0, prev = previous
                for (s, g) in word {
                    if let p = prev { w += font.kerning(p, s) }
                    w += g.advance
                    prev = s
                }
                return w
            }
            func emitLine() {
                var x = 0.0
                switch text.alignment {
                case .left: break
                case .center: x = Double(wrapPixels - lineWidth) / 2
                case .right: x = Double(wrapPixels - lineWidth)
                }
                var prev: UInt32?
                for (s, g) in line {
                    if let p = prev { x += Double(font.kerning(p, s)) }
                    if let cell = g.cell {
                        let box = Rect(x: x + g.offset.x, y: y + g.offset.y, width: cell.width, height: cell.height)
                        out.bounds = out.quads.isEmpty ? box : out.bounds.union(box)
                        out.quads.append((cell, box))
                    }
                    x += Double(g.advance)
                    prev = s
                }
                y += lineSkip
                line.removeAll(keepingCapacity: true)
                lineWidth = 0
            }
            let space = glyph(32, font)
            var lineStart = paragraph.startIndex
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let glyphs = word.unicodeScalars.compactMap { s in glyph(s.value, font).map { (s.value, $0) } }
                if !line.isEmpty {
                    if fits(paragraph[lineStart..<word.endIndex]) {
                        // The space and the word as `emitLine` places them, kerning included.
                        let gap = space.map { width(of: [(32, $0)], after: line.last?.0) } ?? 0
                        let w = width(of: glyphs, after: space == nil ? line.last?.0 : 32)
                        if let space { line.append((32, space)) }
                        line += glyphs
                        lineWidth += gap + w
                        continue
                    }
                    emitLine()
                }
                lineStart = word.startIndex
                line += glyphs
                lineWidth = width(of: glyphs, after: nil)
            }
            emitLine()
        }
        return out
    }
}
