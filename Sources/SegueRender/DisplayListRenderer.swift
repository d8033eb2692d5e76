import Segue

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
/// perspective, and its tint mixed in per pixel; so is one whose cells for perspective
/// would split many of its rows (`exactShadingRows`). A snapshot is drawn from its items, but
/// where it is shown translucent, or cut in parts some of which rest: then from a picture of
/// it (`SnapshotPictures`).
///
/// Its working storage (the tessellator, the call being gathered, the per-item arrays of
/// the list being drawn) opts out of dynamic exclusivity checks, as `Layer`'s does: it is
/// touched from one thread, each property read or written whole and never while another
/// access to it is under way, and a frame's items made about two thousand checked accesses.
package final class DisplayListRenderer {
    /// Allowed error of a gradient's colour where it is drawn affinely, 8-bit levels: half a
    /// level, so each pixel rounds to the exact colour or its neighbour.
    package var gradientLevelTolerance = 0.5 {
        didSet { settledBottom = SettledBottom() }
    }
    /// Where items are shaded exactly (`shadesExactly`): a colour or gradient whose cells for
    /// perspective split more rows than this a pixel of its area (`Tessellator.rowsCrossedByCuts`)
    /// is shaded exactly instead — a row split in one more piece costs a rasterizer more than
    /// shading a few hundred of its pixels exactly rather than stepping their colours
    /// (measured on the catalog, 2026-12). `.infinity`: never for that.
    package var exactShadingRows = 0.004 {
        didSet { settledBottom = SettledBottom() }
    }
    package let renderer: Renderer
    package let textures: ContentTextures
    /// Whether this is SDL's software renderer, whose 2.26 release misdraws (or crashes on)
    /// textured triangles over about a thousand pixels wide.
    let isSoftware: Bool
    @exclusivity(unchecked) var tessellator = Tessellator()
    @exclusivity(unchecked) var vertices: [RasterVertex] = []
    /// The shades of `vertices`, for an item shaded exactly.
    @exclusivity(unchecked) var shades: [VertexShade] = []
    /// The draw call being gathered: its vertices (and, once an item of it is shaded
    /// exactly, a shade each), indices, texture and blending.
    @exclusivity(unchecked) var batchVertices: [RasterVertex] = []
    @exclusivity(unchecked) var batchShades: [VertexShade] = []
    @exclusivity(unchecked) var batchIndices: [Int32] = []
    @exclusivity(unchecked) var batchTexture: Texture?
    @exclusivity(unchecked) var batchBlended = false
    /// The call's anti-aliased edges, and for each of its triangles the run of them.
    @exclusivity(unchecked) var batchLines: [EdgeLine] = []
    @exclusivity(unchecked) var batchRanges: [Rasterizer.EdgeRange] = []
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
    lazy var pictures = SnapshotPictures(renderer: renderer, textures: textures)
    /// Whether a frame's settled bottom is drawn once, kept and begun from while it stays
    /// (`SettledBottom`), where the engine keeps frames. Off, every frame is drawn whole:
    /// the same pixels but where a translucent item over the bottom would have been
    /// blended into it ahead of time (`Precomposition`), within two levels. (Items of the
    /// bottom hidden under the rest are drawn in the frame that keeps it, and only then.)
    package var keepsSettledBottom = true
    @exclusivity(unchecked) var settledBottom = SettledBottom()
    /// A part of the list being drawn (kept for its capacity).
    @exclusivity(unchecked) var partOfList = DisplayList()
    /// The hard sides of the kept bottom and of this frame's (`bottomSides`).
    @exclusivity(unchecked) var keptBottomSides: [UInt64] = [], bottomSidesNow: [UInt64] = []
    /// The list being drawn with its snapshot items resolved (kept for its capacity).
    @exclusivity(unchecked) var resolved = DisplayList()
    @exclusivity(unchecked) var covers = Covers()
    /// The covers of the draw call being sent (or of the pending clear), and the place in
    /// drawing order of the call's last item.
    @exclusivity(unchecked) var batchCovers: [CoveredPixels.Cover] = []
    @exclusivity(unchecked) var batchLastPlace = 0
    /// The place in drawing order of the item being drawn.
    @exclusivity(unchecked) var place = 0
    @exclusivity(unchecked) var sharedSides = SharedSides()
    @exclusivity(unchecked) var uStops: [Double] = []
    @exclusivity(unchecked) var vStops: [Double] = []
    @exclusivity(unchecked) var occlusion = Occlusion()
    @exclusivity(unchecked) var precomposition = Precomposition()
    /// Per item of the list being drawn: its state (nil: not drawn), for text its layout,
    /// and where in its plane it paints.
    @exclusivity(unchecked) var states: [DrawState?] = []
    @exclusivity(unchecked) var layouts: [GlyphAtlas.Layout?] = []
    @exclusivity(unchecked) var paintRects: [Rect] = []
    /// Per item, what its clip regions let it show in its plane (`ClipBounds`; nil: unbounded).
    @exclusivity(unchecked) var seenThroughClips: [ClipBounds.Shown?] = []
    @exclusivity(unchecked) var drawOrder = DrawOrder<DrawState>()
    /// Triangles drawn in the last `draw` call.
    @exclusivity(unchecked) package internal(set) var lastTriangleCount = 0
    /// Draw calls sent in the last `draw` call.
    @exclusivity(unchecked) package internal(set) var lastDrawCallCount = 0

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
    func textureMinimumDepth(_ item: DisplayList.Item) -> Int {
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
            drawer.exactShadingRows = exactShadingRows
        }
        drawResolved(resolved, pixelScale: pixelScale, clip: clip)
    }

    /// `draw` of a list without snapshot items: drawn whole, or (the first list of a frame,
    /// drawn over its clear, where `keepsSettledBottom`) its settled bottom kept or begun
    /// from (`SettledBottom`).
    func drawResolved(_ list: DisplayList, pixelScale: Double, clip: Rect?) {
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
    func findSharedSides(_ list: DisplayList) {
        guard antialiases else { return }
        let items = list.items
        sharedSides.find(in: list, nearW: tessellator.nearW) { !items[$0].fill.isText }
    }

    /// Writes to `sides` which sides of the first `n` items of `list`, and of the clip
    /// regions they are seen through, are hard (`findSharedSides` found them): what the
    /// kept frame's pixels depend on of the rest.
    func bottomSides(_ list: DisplayList, _ n: Int, into sides: inout [UInt64]) {
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
    func bottomSidesAreAsKept(_ list: DisplayList, _ n: Int) -> Bool {
        findSharedSides(list)
        bottomSides(list, n, into: &bottomSidesNow)
        return bottomSidesNow == keptBottomSides
    }

    /// Draws `list` (without snapshot items) into `clip`, beginning from the pending clear or
    /// (`fromKeptFrame`) from the kept frame; its shared sides found on it, or (a part of a
    /// list, `sidesFrom` its first item's place there) on the whole list (`findSharedSides`).
    func drawItems(_ list: DisplayList, pixelScale: Double, clip: Rect?, fromKeptFrame: Bool = false, sidesFrom: Int? = nil) {
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
    func findCovers(_ list: DisplayList, _ area: Rect) {
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
    func covered(after order: Int, _ body: (CoveredPixels) -> Void) {
        covers.after(order, into: &batchCovers)
        batchCovers.withUnsafeBufferPointer { c in
            covers.runs.withUnsafeBufferPointer { r in body(CoveredPixels(covers: c, runs: r)) }
        }
    }

    /// The glyph layout of a text item (nil for other items, and for text with nothing to draw).
    func layout(_ item: DisplayList.Item, _ pixelScale: Double) -> GlyphAtlas.Layout? {
        guard case .text(let text) = item.fill else { return nil }
        return textures.layout(text, wrapWidth: item.rect.width, scale: pixelScale)
    }

    /// Where `item` paints in its plane: its rect, and for text its glyphs too, which may
    /// pass it.
    func paintRect(_ item: DisplayList.Item, _ layout: GlyphAtlas.Layout?, _ pixelScale: Double) -> Rect {
        guard let layout, !layout.quads.isEmpty else { return item.rect }
        let b = layout.bounds
        return item.rect.union(Rect(x: item.rect.minX + b.minX / pixelScale, y: item.rect.minY + b.minY / pixelScale,
                                    width: b.width / pixelScale, height: b.height / pixelScale))
    }

    /// What items must share to share a draw call: where their pixels come from, and
    /// whether they blend.
    struct DrawState: Equatable {
        enum Source: Equatable { case colors, glyphs, image(String) }
        var source: Source
        var blended: Bool
    }

    /// The state `item` draws with, or nil when it cannot be drawn (an image not loaded, a
    /// snapshot not resolved). Opaque fills are drawn without blending.
    func drawState(_ item: DisplayList.Item) -> DrawState? {
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
}
