import Segue
import SegueRender

/// Draws a `DisplayList` as triangles through its `Renderer` (`RasterVertex` buffers,
/// whichever engine draws them): each item tessellated and drawn in order,
/// consecutive items with the same texture and blending gathered into one call.
///
/// Solid colours stay one cell (a projected plane is exactly a quad); gradients are cut
/// only as finely as their colour needs (`gradientLevelTolerance`); textures and glyphs are
/// cut to the tessellator's half-pixel tolerance. Everything is clipped at the near plane
/// and the guard band, items hidden under opaque ones are not drawn (`Occlusion`), nor items
/// and glyphs their clip regions cut away (`ClipBounds`), nor the pixels opaque items drawn
/// later replace (`Covers`), translucent fills are blended ahead of time where they can be
/// (`Precomposition`), opaque fills are drawn without blending, and buffers are reused from
/// frame to frame. On an
/// engine that `drawsEdgeCoverage`, every edge of a colour, gradient or image is anti-
/// aliased, but where two items' images share it (`SharedSides`). On one that
/// `drawsExactShading`, a colour or gradient whose tint would be cut for its product with
/// it (`Shading.isAffineOnlyWithTintApart`) is shaded exactly (`VertexShade`): not cut for
/// perspective, and its tint mixed in per pixel. A snapshot is drawn from its items, but
/// where it is shown translucent, or cut in parts some of which rest: then from a picture of
/// it (`SnapshotPictures`).
package final class DisplayListRenderer {
    /// Allowed error of a gradient's colour where it is drawn affinely, 8-bit levels: half a
    /// level, so each pixel rounds to the exact colour or its neighbour.
    package var gradientLevelTolerance = 0.5 {
        didSet { settledBottom = SettledBottom() }
    }
    package let renderer: Renderer
    package let textures: ContentTextures
    /// Whether this is SDL's software renderer, whose 2.26 release misdraws (or crashes on)
    /// textured triangles over about a thousand pixels wide.
    private let isSoftware: Bool
    private var tessellator = Tessellator()
    private var vertices: [RasterVertex] = []
    /// The shades of `vertices`, for an item shaded exactly.
    private var shades: [VertexShade] = []
    /// The draw call being gathered: its vertices (and, once an item of it is shaded
    /// exactly, a shade each), indices, texture and blending.
    private var batchVertices: [RasterVertex] = []
    private var batchShades: [VertexShade] = []
    private var batchIndices: [Int32] = []
    private var batchTexture: Texture?
    private var batchBlended = false
    /// The call's anti-aliased edges, and for each of its triangles the run of them.
    private var batchLines: [EdgeLine] = []
    private var batchRanges: [Rasterizer.EdgeRange] = []
    /// Whether edges are anti-aliased by coverage: by default where the engine can. Off, the
    /// rasterizer draws the hard edges SDL's renderers draw (to compare engines).
    package var antialiases: Bool {
        didSet {
            antialiases = antialiases && renderer.drawsEdgeCoverage
            tessellator.antialiasing = antialiases
            occlusion.fringe = antialiases ? Double(Tessellator.fringeReach) : 0
            settledBottom = SettledBottom()
        }
    }
    /// Whether items are shaded exactly where that pays: by default where the engine can.
    /// Off, they are cut for perspective and tints as SDL's renderers need (to compare).
    package var shadesExactly: Bool {
        didSet {
            shadesExactly = shadesExactly && renderer.drawsExactShading
            settledBottom = SettledBottom()
        }
    }
    /// Whether items and glyphs wholly outside their clip regions are skipped before they are
    /// cut (`ClipBounds`). Off, the clip alone cuts them away: the same pixels, slower.
    package var skipsClippedAway = true {
        didSet { settledBottom = SettledBottom() }
    }
    /// Whether pixels that opaque items drawn later surely replace are left undrawn
    /// (`Covers`). Off, they are drawn and then painted over: the same pixels, slower.
    package var skipsCoveredPixels = true
    /// Whether translucent fills are blended ahead of time where they can be
    /// (`Precomposition`). Off, each is blended as it is drawn (to compare).
    package var precomposes = true {
        didSet { settledBottom = SettledBottom() }
    }
    /// Whether a snapshot shown translucent (or cut in parts, some at rest) is drawn once
    /// into a picture, which its layers show at their opacity (`SnapshotPictures`). Off,
    /// each layer draws the snapshot's items, each at that opacity.
    package var drawsPictures = true {
        didSet { settledBottom = SettledBottom() }
    }
    private lazy var pictures = SnapshotPictures(renderer: renderer, textures: textures)
    /// Whether a frame's settled bottom is drawn once, kept and begun from while it stays
    /// (`SettledBottom`), where the engine keeps frames. Off, every frame is drawn whole:
    /// the same pixels but where a translucent item over the bottom would have been
    /// blended into it ahead of time (`Precomposition`), within two levels. (Items of the
    /// bottom hidden under the rest are drawn in the frame that keeps it, and only then.)
    package var keepsSettledBottom = true
    private var settledBottom = SettledBottom()
    /// A part of the list being drawn (kept for its capacity).
    private var partOfList = DisplayList()
    /// The hard sides of the kept bottom and of this frame's (`bottomSides`).
    private var keptBottomSides: [UInt64] = [], bottomSidesNow: [UInt64] = []
    /// The list being drawn with its snapshot items resolved (kept for its capacity).
    private var resolved = DisplayList()
    private var covers = Covers()
    /// The covers of the draw call being sent (or of the pending clear), and the place in
    /// drawing order of the call's last item.
    private var batchCovers: [CoveredPixels.Cover] = []
    private var batchLastPlace = 0
    /// The place in drawing order of the item being drawn.
    private var place = 0
    private var sharedSides = SharedSides()
    private var uStops: [Double] = []
    private var vStops: [Double] = []
    private var occlusion = Occlusion()
    private var precomposition = Precomposition()
    /// Per item of the list being drawn: its state (nil: not drawn), for text its layout,
    /// and where in its plane it paints.
    private var states: [DrawState?] = []
    private var layouts: [GlyphAtlas.Layout?] = []
    private var paintRects: [Rect] = []
    /// Per item, what its clip regions let it show in its plane (`ClipBounds`; nil: unbounded).
    private var seenThroughClips: [ClipBounds.Shown?] = []
    private var drawOrder = DrawOrder<DrawState>()
    /// Triangles drawn in the last `draw` call.
    package private(set) var lastTriangleCount = 0
    /// Draw calls sent in the last `draw` call.
    package private(set) var lastDrawCallCount = 0

    package init(renderer: Renderer, textures: ContentTextures) {
        self.renderer = renderer
        self.textures = textures
        isSoftware = renderer.driverName == "software"
        antialiases = renderer.drawsEdgeCoverage
        tessellator.antialiasing = antialiases
        shadesExactly = renderer.drawsExactShading
        occlusion.fringe = antialiases ? Double(Tessellator.fringeReach) : 0
        // SDL's software renderer rounds edges to whole pixels, not by pixel centres, and
        // textured ones by up to a few pixels (SDL-NOTES): only what lies well inside hides.
        if isSoftware { occlusion.margin = 4 }
    }

    /// Halvings an image gets: none, but on the software renderer a quad over
    /// 1024 pixels on screen is cut in 4 × 4 cells, which it draws right (with hairline
    /// seams where it rounds their edges) instead of wrong.
    private func textureMinimumDepth(_ item: DisplayList.Item) -> Int {
        guard isSoftware else { return 0 }
        let box = item.transform.projectedBounds(of: item.rect)
        return max(box.width, box.height) > 1024 ? 2 : 0
    }

    /// Draws `list` into `clip` (pixels; nil for the whole output); `pixelScale` is the output
    /// pixels per point, used to rasterize text. Items wholly hidden under opaque items drawn
    /// after them are skipped, and the rest are drawn in `DrawOrder`, which gathers items of
    /// one state into one draw call where no overlap forbids it. The first list drawn over a
    /// frame's clear may begin from its settled bottom (`keepsSettledBottom`).
    package func draw(_ list: DisplayList, pixelScale: Double, clip: Rect? = nil) {
        guard list.items.contains(where: { $0.fill.isSnapshot }) else {
            drawResolved(list, pixelScale: pixelScale, clip: clip)
            return
        }
        pictures.resolve(list, pixelScale: pixelScale, usesPictures: drawsPictures, into: &resolved) { drawer in
            drawer.antialiases = antialiases
            drawer.shadesExactly = shadesExactly
            drawer.skipsClippedAway = skipsClippedAway
            drawer.skipsCoveredPixels = skipsCoveredPixels
            drawer.precomposes = precomposes
            drawer.drawsPictures = drawsPictures
            drawer.keepsSettledBottom = false
            drawer.gradientLevelTolerance = gradientLevelTolerance
        }
        drawResolved(resolved, pixelScale: pixelScale, clip: clip)
    }

    /// `draw` of a list without snapshot items: drawn whole, or (the first list of a frame,
    /// drawn over its clear, where `keepsSettledBottom`) its settled bottom kept or begun
    /// from (`SettledBottom`).
    private func drawResolved(_ list: DisplayList, pixelScale: Double, clip: Rect?) {
        lastTriangleCount = 0
        lastDrawCallCount = 0
        guard keepsSettledBottom, renderer.keepsFrames, renderer.pendingClearColor != nil else {
            drawItems(list, pixelScale: pixelScale, clip: clip)
            return
        }
        func part(_ range: Range<Int>) -> DisplayList {
            partOfList.items.removeAll(keepingCapacity: true)
            partOfList.items.append(contentsOf: list.items[range])
            partOfList.clips.removeAll(keepingCapacity: true)
            partOfList.clips.append(contentsOf: list.clips)
            return partOfList
        }
        switch settledBottom.plan(for: list, pixelScale: pixelScale) {
        case .restore(let n) where renderer.canRestoreKeptFrame && bottomSidesAreAsKept(list, n):
            drawItems(part(n..<list.items.count), pixelScale: pixelScale, clip: clip, fromKeptFrame: true, sidesFrom: n)
        case .keep(let n) where renderer.beginFrameToKeep():
            findSharedSides(list)
            drawItems(part(0..<n), pixelScale: pixelScale, clip: clip, sidesFrom: 0)
            let kept = renderer.keepFrame()
            if kept { bottomSides(list, n, into: &keptBottomSides) }
            settledBottom.kept(kept ? n : 0, pixelScale: pixelScale)
            drawItems(part(n..<list.items.count), pixelScale: pixelScale, clip: clip, sidesFrom: n)
        default:
            settledBottom.kept(0, pixelScale: pixelScale)
            renderer.forgetKeptFrame()
            drawItems(list, pixelScale: pixelScale, clip: clip)
        }
    }

    /// The shared sides of a list whose parts are drawn apart, found on the whole of it (so
    /// a side one part shares with the other stays hard on both: anti-aliased apart, what
    /// lies beneath would show through a seam), its items but text all candidates.
    private func findSharedSides(_ list: DisplayList) {
        guard antialiases else { return }
        let items = list.items
        sharedSides.find(in: list, nearW: tessellator.nearW) { !items[$0].fill.isText }
    }

    /// Writes to `sides` which sides of the first `n` items of `list`, and of the clip
    /// regions they are seen through, are hard (`findSharedSides` found them): what the
    /// kept frame's pixels depend on of the rest.
    private func bottomSides(_ list: DisplayList, _ n: Int, into sides: inout [UInt64]) {
        sides.removeAll(keepingCapacity: true)
        guard antialiases else { return }
        sides.append(contentsOf: sharedSides.hard[..<n])
        for item in list.items[..<n] {
            var clip = item.clip, steps = 0
            while let c = clip, c >= 0, c < list.clips.count, steps <= list.clips.count {
                sides.append(UInt64(c))
                sides.append(sharedSides.hardClips[c])
                clip = list.clips[c].parent
                steps += 1
            }
        }
    }

    /// Whether the settled bottom's sides are hard as they were when it was kept (finding
    /// the list's shared sides).
    private func bottomSidesAreAsKept(_ list: DisplayList, _ n: Int) -> Bool {
        findSharedSides(list)
        bottomSides(list, n, into: &bottomSidesNow)
        return bottomSidesNow == keptBottomSides
    }

    /// Draws `list` (without snapshot items) into `clip`, beginning from the pending clear or
    /// (`fromKeptFrame`) from the kept frame; its shared sides found on it, or (a part of a
    /// list, `sidesFrom` its first item's place there) on the whole list (`findSharedSides`).
    private func drawItems(_ list: DisplayList, pixelScale: Double, clip: Rect?, fromKeptFrame: Bool = false, sidesFrom: Int? = nil) {
        let output = renderer.outputSize
        let area = clip ?? Rect(x: 0, y: 0, width: Double(output.width), height: Double(output.height))
        states.removeAll(keepingCapacity: true)
        layouts.removeAll(keepingCapacity: true)
        paintRects.removeAll(keepingCapacity: true)
        seenThroughClips.removeAll(keepingCapacity: true)
        for item in list.items {
            let layout = layout(item, pixelScale)
            let seen = ClipBounds.shown(through: item.clip, of: item.transform, in: list.clips)
            var paint = paintRect(item, layout, pixelScale)
            let shown = skipsClippedAway ? seen?.rect : nil
            // Wholly outside its clip regions (a tile's copy of what lies elsewhere on the
            // screen), it draws nothing; cut exactly to a rect of its plane, it paints no more.
            let outside = shown.map { !$0.overlaps(paint) } ?? false
            if let exact = seen?.exact { paint = paint.intersection(exact) }
            states.append(outside ? nil : drawState(item))
            layouts.append(layout)
            paintRects.append(paint)
            seenThroughClips.append(seen)
        }
        occlusion.find(in: list, area: area, nearW: tessellator.nearW, isOpaque: { self.states[$0]?.blended == false },
                       paintRect: { self.paintRects[$0] })
        for i in states.indices where occlusion.hidden[i] { states[i] = nil }
        // Drawn over the whole output, an opaque item makes a pending clear pointless (not on
        // SDL's software renderer, whose large images show seams).
        if clip == nil && renderer.clip == nil && !isSoftware && occlusion.coversArea { renderer.skipPendingClear() }
        precomposition.find(in: list, boxes: occlusion.boxes, isDrawn: { self.precomposes && self.states[$0] != nil },
                            isOpaque: { self.states[$0]?.blended == false }, paintRect: { self.paintRects[$0] },
                            isCutExactly: { self.seenThroughClips[$0]?.exact != nil })
        for i in states.indices {
            if precomposition.folded[i] { states[i] = nil } else if precomposition.under[i] != nil { states[i]?.blended = false }
        }
        drawOrder.plan(states: states, boxes: occlusion.boxes)
        if antialiases && sidesFrom == nil {
            sharedSides.find(in: list, nearW: tessellator.nearW) { self.states[$0].map { $0.source != .glyphs } ?? false }
        }
        let sidesOffset = sidesFrom ?? 0
        tessellator.clipRect = area
        findCovers(list, area)
        // A pending clear (or the kept frame) need not reach what the list's opaque items paint over.
        if fromKeptFrame {
            // (Unless the list covers the output opaquely, which dropped the pending clear.)
            if renderer.pendingClearColor != nil { covered(after: -1) { renderer.restoreKeptFrame(sparing: $0) } }
        } else {
            covered(after: -1) { renderer.applyPendingClear(sparing: $0) }
        }
        for (place, i) in drawOrder.order.enumerated() {
            self.place = place
            draw(precomposition.shading(of: i, in: list), clips: list.clips, pixelScale: pixelScale, blended: states[i]!.blended,
                 layout: layouts[i], shown: skipsClippedAway ? seenThroughClips[i]?.rect : nil, hardSides: antialiases ? sharedSides.hard[sidesOffset + i] : 0)
        }
        flush()
    }

    /// Draws each of `lists` limited to its clip (pixels; nil: the whole output), then
    /// `overlay`, unclipped, at `overlayScale`: a stage's screens and the HUD over them.
    package func draw(_ lists: some Collection<DisplayList>, clips: some Collection<Rect?>, pixelScale: Double,
                      overlay: DisplayList?, overlayScale: Double) {
        for (list, clip) in zip(lists, clips) {
            let limit = renderer.setClip(clip)
            draw(list, pixelScale: pixelScale, clip: limit)
        }
        renderer.setClip(nil)
        if let overlay { draw(overlay, pixelScale: overlayScale) }
    }

    /// Notes the pixels each opaque item drawn will replace (`Covers`), within `area` and the
    /// renderer's clip.
    private func findCovers(_ list: DisplayList, _ area: Rect) {
        covers.reset()
        guard skipsCoveredPixels else { return }
        func inner(_ r: Rect) -> PixelRect {
            PixelRect(x0: Int(r.minX.rounded(.up)), y0: Int(r.minY.rounded(.up)), x1: Int(r.maxX.rounded(.down)), y1: Int(r.maxY.rounded(.down)))
        }
        let pixels = renderer.clip.map { inner(area).intersection(inner($0)) } ?? inner(area)
        for (place, i) in drawOrder.order.enumerated() where states[i]?.blended == false {
            covers.add(list.items[i], drawnAt: place, within: pixels, margin: occlusion.margin, nearW: tessellator.nearW,
                       shown: seenThroughClips[i]?.inner)
        }
    }

    /// Calls `body` with the pixels of the covers of items drawn after place `order`.
    private func covered(after order: Int, _ body: (CoveredPixels) -> Void) {
        covers.after(order, into: &batchCovers)
        batchCovers.withUnsafeBufferPointer { c in
            covers.runs.withUnsafeBufferPointer { r in body(CoveredPixels(covers: c, runs: r)) }
        }
    }

    /// The glyph layout of a text item (nil for other items, and for text with nothing to draw).
    private func layout(_ item: DisplayList.Item, _ pixelScale: Double) -> GlyphAtlas.Layout? {
        guard case .text(let text) = item.fill else { return nil }
        return textures.layout(text, wrapWidth: item.rect.width, scale: pixelScale)
    }

    /// Where `item` paints in its plane: its rect, and for text its glyphs too, which may
    /// pass it.
    private func paintRect(_ item: DisplayList.Item, _ layout: GlyphAtlas.Layout?, _ pixelScale: Double) -> Rect {
        guard let layout, !layout.quads.isEmpty else { return item.rect }
        let b = layout.bounds
        return item.rect.union(Rect(x: item.rect.minX + b.minX / pixelScale, y: item.rect.minY + b.minY / pixelScale,
                                    width: b.width / pixelScale, height: b.height / pixelScale))
    }

    /// What items must share to share a draw call: where their pixels come from, and
    /// whether they blend.
    private struct DrawState: Equatable {
        enum Source: Equatable { case colors, glyphs, image(String) }
        var source: Source
        var blended: Bool
    }

    /// The state `item` draws with, or nil when it cannot be drawn (an image not loaded, a
    /// snapshot not resolved). Opaque fills are drawn without blending.
    private func drawState(_ item: DisplayList.Item) -> DrawState? {
        let opaque = item.opacity >= 1
        switch item.fill {
        case .color(let c): return DrawState(source: .colors, blended: !(opaque && c.alpha >= 1))
        case .gradient(let g): return DrawState(source: .colors, blended: !(opaque && g.colors.allSatisfy { $0.alpha >= 1 }))
        case .image(let image, _):
            guard let texture = textures.image(image.id) else { return nil }
            return DrawState(source: .image(image.id), blended: !(opaque && texture.isOpaque))
        case .text: return DrawState(source: .glyphs, blended: true)
        case .snapshot: return nil
        }
    }

    /// Draws one item, coloured by its shading and cut to its clip region in `clips`, its
    /// edges anti-aliased but its `hardSides`; `layout` is a text item's layout when already
    /// looked up this frame; glyphs wholly outside `shown` (in the item's coordinates) are
    /// left out, as the clip would cut them away.
    private func draw(_ shading: Shading, clips: [DisplayList.Clip], pixelScale: Double, blended: Bool,
                      layout known: GlyphAtlas.Layout?, shown: Rect?, hardSides: UInt64) {
        let item = shading.item
        func startOver() {
            tessellator.reset()
            tessellator.clip(to: clips, index: item.clip, hardSides: antialiases ? sharedSides.hardClips : [])
        }
        startOver()
        let opacity = Float(min(max(item.opacity, 0), 1))
        switch item.fill {
        case .color, .gradient:
            uStops.removeAll(keepingCapacity: true)
            vStops.removeAll(keepingCapacity: true)
            // Shaded exactly only where a tint's product would be cut in a grid of cells (a
            // fold's shadow on a gradient): where a few cells do, they cost a rasterizer less.
            let exactly = shadesExactly && shading.isAffineOnlyWithTintApart
            let precision = shading.cuts(levelTolerance: gradientLevelTolerance, tintApart: exactly, uStops: &uStops,
                                         vStops: &vStops)
            // Interpolated perspective-correct, the colour needs cells at its stops only.
            func tessellateAndFill() -> Bool {
                tessellator.add(rect: item.rect, transform: item.transform, precision: exactly ? .whole : precision, uStops: uStops,
                                vStops: vStops, antialiased: true, hardSides: hardSides)
                return exactly ? fillExactly(shading) : fill { u, v in shading.color(atUnit: Double(u), Double(v)) ?? .clear }
            }
            // A corner grown past an edge where a gradient reaches 0 or 1 takes a colour a
            // byte cannot hold, which would bend its whole cell's colours: then cells half a
            // pixel wide are cut at the edges, so that only pixels the edges cross take it.
            if !tessellateAndFill() && Self.addEdgeStops(item, &uStops, &vStops) {
                startOver()
                _ = tessellateAndFill()
            }
            submit(texture: nil, blended: blended, exactly: exactly)
        case .image(let image, let source):
            guard let texture = textures.image(image.id) else { return }
            tessellator.add(rect: item.rect, transform: item.transform, minimumDepth: textureMinimumDepth(item),
                            antialiased: true, hardSides: hardSides)
            fill(white: opacity) { u, v in
                (Float(source.minX) + u * Float(source.width), Float(source.minY) + v * Float(source.height))
            }
            submit(texture: texture, blended: blended)
        case .text(let text):
            // A layout looked up before the atlas started over points at cleared glyphs.
            guard let layout = known.flatMap({ textures.isCurrent($0) ? $0 : nil }) ?? self.layout(item, pixelScale),
                  let atlas = textures.glyphTexture else { return }
            vertices.removeAll(keepingCapacity: true)
            let side = Float(atlas.width)
            let textColor = text.color.withAlpha(text.color.alpha * Double(opacity))
            let color = Renderer.bytes(textColor)
            for (cell, box) in layout.quads {
                let first = tessellator.vertices.count
                let glyph = Rect(x: item.rect.minX + box.minX / pixelScale, y: item.rect.minY + box.minY / pixelScale,
                                 width: box.width / pixelScale, height: box.height / pixelScale)
                if let shown, !shown.overlaps(glyph) { continue }
                tessellator.add(rect: glyph, transform: item.transform)
                for t in tessellator.vertices[first...] {
                    // A tint laid over the text colours each glyph corner where it lies.
                    let tinted = shading.over == nil ? color : Renderer.bytes(shading.color(
                        textColor, at: Point(x: glyph.minX + Double(t.u) * glyph.width, y: glyph.minY + Double(t.v) * glyph.height)))
                    vertices.append(Self.vertex(t, tinted, u: (Float(cell.minX) + t.u * Float(cell.width)) / side,
                                                v: (Float(cell.minY) + t.v * Float(cell.height)) / side))
                }
            }
            submit(texture: atlas, blended: blended)
        case .snapshot:
            return   // resolved before drawing (`SnapshotPictures`)
        }
    }

    /// Fills the vertex buffer with untextured vertices coloured per (u, v); whether every
    /// colour fit in bytes unclamped.
    private func fill(_ color: (Float, Float) -> Color) -> Bool {
        vertices.removeAll(keepingCapacity: true)
        var fits = true
        for t in tessellator.vertices {
            let c = color(t.u, t.v)
            fits = fits && Self.fitsInBytes(c)
            vertices.append(Self.vertex(t, Renderer.bytes(c)))
        }
        return fits
    }

    /// Fills the vertex buffer with untextured vertices coloured per (u, v) by `shading`
    /// without its tint, and their shades: 1/w, and the tint apart; whether every colour
    /// fit in bytes unclamped (the tint is kept in floating point).
    private func fillExactly(_ shading: Shading) -> Bool {
        vertices.removeAll(keepingCapacity: true)
        shades.removeAll(keepingCapacity: true)
        var fits = true
        for t in tessellator.vertices {
            let (base, tint) = shading.colorApart(atUnit: Double(t.u), Double(t.v)) ?? (.clear, nil)
            fits = fits && Self.fitsInBytes(base)
            vertices.append(Self.vertex(t, Renderer.bytes(base)))
            // Unclamped: a grown corner's tint runs on as the edge's does (inside the layer
            // the interpolated τ is its own, in 0…1; past it the rasterizer holds the mix to
            // 0…255).
            let tau = Float(tint?.alpha ?? 0)
            let premultiplied = tint.map { SIMD4(Float($0.red), Float($0.green), Float($0.blue), 0) * 255 * tau } ?? .zero
            shades.append(VertexShade(q: 1 / t.w, tint: SIMD4(premultiplied.x, premultiplied.y, premultiplied.z, tau)))
        }
        return fits
    }

    /// Whether every channel of `c` lies in 0…1 (to within half a level).
    private static func fitsInBytes(_ c: Color) -> Bool {
        let low = -0.5 / 255, high = 1 + 0.5 / 255
        return c.red >= low && c.red <= high && c.green >= low && c.green <= high && c.blue >= low && c.blue <= high
            && c.alpha >= low && c.alpha <= high
    }

    /// Adds to `uStops` and `vStops` the unit coordinates half a pixel in from each side of
    /// `item`'s image (a quarter of the way at most); false where its image has no size to
    /// measure (a corner behind the eye).
    private static func addEdgeStops(_ item: DisplayList.Item, _ uStops: inout [Double], _ vStops: inout [Double]) -> Bool {
        let r = item.rect
        func corner(_ x: Double, _ y: Double) -> Point? {
            let p = item.transform.apply(x: x, y: y)
            return p.w > 0 ? Point(x: p.x / p.w, y: p.y / p.w) : nil
        }
        guard let a = corner(r.minX, r.minY), let b = corner(r.maxX, r.minY), let c = corner(r.maxX, r.maxY),
              let d = corner(r.minX, r.maxY) else { return false }
        func length(_ p: Point, _ q: Point) -> Double { ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() }
        let across = max(length(a, b), length(d, c)), down = max(length(a, d), length(b, c))
        guard across > 0, down > 0 else { return false }
        let du = min(0.25, 0.5 / across), dv = min(0.25, 0.5 / down)
        uStops.append(du)
        uStops.append(1 - du)
        vStops.append(dv)
        vStops.append(1 - dv)
        return true
    }

    /// A vertex at `t`'s screen position in colour `c`, at texture position (u, v).
    private static func vertex(_ t: Tessellator.Vertex, _ c: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), u: Float = 0,
                               v: Float = 0) -> RasterVertex {
        RasterVertex(x: t.x, y: t.y, r: c.r, g: c.g, b: c.b, a: c.a, u: u, v: v)
    }

    /// Fills the vertex buffer with white vertices of `opacity` and texture coordinates per (u, v).
    private func fill(white opacity: Float, _ uv: (Float, Float) -> (Float, Float)) {
        vertices.removeAll(keepingCapacity: true)
        let a = Renderer.byte(Double(opacity))
        for t in tessellator.vertices {
            let (s, r) = uv(t.u, t.v)
            vertices.append(Self.vertex(t, (255, 255, 255, a), u: s, v: r))
        }
    }

    /// Adds the tessellated item to the draw call being gathered, first sending that call
    /// when the texture or the blending differs; `exactly`, with its `shades` (untextured).
    /// A call's shades are kept only from its first item shaded exactly on, the vertices
    /// before it and those of items drawn affinely given plain ones.
    private func submit(texture: Texture?, blended: Bool, exactly: Bool = false) {
        let indices = tessellator.indices
        guard !indices.isEmpty else { return }
        if !batchIndices.isEmpty && (texture !== batchTexture || blended != batchBlended) { flush() }
        batchTexture = texture
        batchBlended = blended
        batchLastPlace = place
        let base = Int32(batchVertices.count)
        if exactly && batchShades.isEmpty { batchShades.append(contentsOf: repeatElement(VertexShade(), count: batchVertices.count)) }
        batchVertices.append(contentsOf: vertices)
        if exactly {
            batchShades.append(contentsOf: shades)
        } else if !batchShades.isEmpty {
            batchShades.append(contentsOf: repeatElement(VertexShade(), count: vertices.count))
        }
        for i in indices { batchIndices.append(base + i) }
        if antialiases {
            let lines = Rasterizer.EdgeRange(first: Int32(batchLines.count), count: Int32(tessellator.edgeLines.count))
            batchLines.append(contentsOf: tessellator.edgeLines)
            batchRanges.append(contentsOf: repeatElement(lines, count: indices.count / 3))
        }
        lastTriangleCount += indices.count / 3
    }

    /// Sends the gathered draw call.
    private func flush() {
        guard !batchIndices.isEmpty else { return }
        batchVertices.withUnsafeBufferPointer { v in
            batchIndices.withUnsafeBufferPointer { i in
                batchLines.withUnsafeBufferPointer { lines in
                    batchRanges.withUnsafeBufferPointer { ranges in
                        batchShades.withUnsafeBufferPointer { shades in
                            covered(after: batchLastPlace) { covered in
                                let edges = antialiases ? Rasterizer.TriangleEdges(lines: lines, ranges: ranges) : nil
                                renderer.drawGeometry(v, i, edges: edges, shades: shades.isEmpty ? nil : shades, texture: batchTexture,
                                                      blended: batchBlended, covered: covered)
                            }
                        }
                    }
                }
            }
        }
        batchVertices.removeAll(keepingCapacity: true)
        batchShades.removeAll(keepingCapacity: true)
        batchIndices.removeAll(keepingCapacity: true)
        batchLines.removeAll(keepingCapacity: true)
        batchRanges.removeAll(keepingCapacity: true)
        batchTexture = nil
        lastDrawCallCount += 1
    }
}
