import Segue

/// Turning a tessellated item into vertices for the backend: its shading (exact or cut), its edges and covers, batched by texture and blending until a flush.
extension DisplayListRenderer {
    /// Draws one item, coloured by its shading and cut to its clip region in `clips`, its
    /// edges anti-aliased but its `hardSides`; `layout` is a text item's layout when already
    /// looked up this frame; glyphs wholly outside `shown` (in the item's coordinates) are
    /// left out, as the clip would cut them away.
    func draw(_ shading: Shading, clips: [DisplayList.Clip], pixelScale: Double, blended: Bool,
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
            // fold's shadow on a gradient), or (below) where cells for perspective would split
            // its rows: where a few cells do, they cost a rasterizer less.
            var exactly = shadesExactly && shading.isAffineOnlyWithTintApart
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
            func tessellateAndFillInBytes() {
                if !tessellateAndFill() && Self.addEdgeStops(item, &uStops, &vStops) {
                    startOver()
                    _ = tessellateAndFill()
                }
            }
            tessellateAndFillInBytes()
            // Cut for perspective so finely that its cells split its rows more than shading
            // it exactly costs: shaded exactly instead.
            if !exactly && shadesExactly, let cost = tessellator.rowsCrossedByCuts(), cost.rows > exactShadingRows * cost.area,
               shading.isAffine() {
                exactly = true
                startOver()
                tessellateAndFillInBytes()
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
    func fill(_ color: (Float, Float) -> Color) -> Bool {
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
    func fillExactly(_ shading: Shading) -> Bool {
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
    static func fitsInBytes(_ c: Color) -> Bool {
        let low = -0.5 / 255, high = 1 + 0.5 / 255
        return c.red >= low && c.red <= high && c.green >= low && c.green <= high && c.blue >= low && c.blue <= high
            && c.alpha >= low && c.alpha <= high
    }

    /// Adds to `uStops` and `vStops` the unit coordinates half a pixel in from each side of
    /// `item`'s image (a quarter of the way at most); false where its image has no size to
    /// measure (a corner behind the eye).
    static func addEdgeStops(_ item: DisplayList.Item, _ uStops: inout [Double], _ vStops: inout [Double]) -> Bool {
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
    static func vertex(_ t: Tessellator.Vertex, _ c: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), u: Float = 0,
                               v: Float = 0) -> RasterVertex {
        RasterVertex(x: t.x, y: t.y, r: c.r, g: c.g, b: c.b, a: c.a, u: u, v: v)
    }

    /// Fills the vertex buffer with white vertices of `opacity` and texture coordinates per (u, v).
    func fill(white opacity: Float, _ uv: (Float, Float) -> (Float, Float)) {
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
    func submit(texture: Texture?, blended: Bool, exactly: Bool = false) {
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
        batchIndices.append(contentsOf: indices.lazy.map { base + $0 })
        if antialiases {
            let lines = Rasterizer.EdgeRange(first: Int32(batchLines.count), count: Int32(tessellator.edgeLines.count))
            batchLines.append(contentsOf: tessellator.edgeLines)
            batchRanges.append(contentsOf: repeatElement(lines, count: indices.count / 3))
        }
        lastTriangleCount += indices.count / 3
    }

    /// Sends the gathered draw call.
    func flush() {
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
