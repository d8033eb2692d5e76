import Segue

/// Draws a snapshot shown translucent (a tile of a screen fading as it flies, a screen
/// cross-dissolving) once into a picture at the output's scale, and shows the layer's part
/// of it as an image of the layer's opacity: a group's opacity, as Core Animation's and CSS's,
/// where its items drawn each at that opacity would show through each other (a card's
/// background through the card). The picture is reused while the snapshot is shown
/// (`ContentTextures` keeps it), by every layer showing it: one textured quad a layer, not
/// every item of the screen again. A snapshot cut in parts (a screen's tiles) has its
/// picture show the opaque parts at rest too: there each pixel is the picture's texel,
/// within two levels of what its items draw, and a tile costs one quad, not a pass over
/// every item of the screen. Other opaque parts, and a layer that would magnify the picture
/// past `maximumMagnification`, are drawn from their items: exact and sharp.
final class SnapshotPictures {
    /// Output pixels a picture's texel may cover along a side before a layer is drawn from
    /// its items instead (sharp, where the picture would blur).
    static let maximumMagnification = 1.125

    private let renderer: Renderer
    private let textures: ContentTextures
    /// Draws the pictures' items (made when first needed: snapshots of snapshots nest).
    private var drawer: DisplayListRenderer?

    init(renderer: Renderer, textures: ContentTextures) {
        self.renderer = renderer
        self.textures = textures
    }

    /// Where an item of the list being resolved places its snapshot, whether its picture may
    /// show it there (not magnified past the limit), and where it is at rest, the fraction of
    /// a pixel it puts the snapshot's origin at (`phase`); `tally` is its snapshot's.
    private struct Place {
        let place: Transform3D
        let fits: Bool
        let rest: Point?
        let tally: Int
    }

    /// One snapshot the list being resolved shows: how many items show it, whether some item
    /// shows it translucent (then every item of it that fits shows the picture), whether its
    /// picture is shown (translucent, or a part at rest of a snapshot cut in parts), and for
    /// one some layer shows at rest, the fraction of a pixel that layer puts the origin at
    /// (the first such layer's; the picture is drawn there).
    private struct Tally {
        var parts = 0
        var fading = false
        var wanted = false
        var phase: Point?
    }

    /// Per item of the list being resolved, its `Place` (nil: not a snapshot shown by a
    /// picture); per snapshot shown, its `Tally`, and where that is by snapshot id. Kept
    /// between lists for their memory; used as locals while one is resolved.
    private var places: [Place?] = []
    private var tallies: [Tally] = []
    private var talliesByID: [Int: Int] = [:]

    /// Writes `list` into `resolved` with every snapshot item replaced: by an image of its
    /// part of the snapshot's picture (made now if missing, at `pixelScale` pixels a point)
    /// where `usesPictures`, this layer does not magnify the picture past the limit, and
    /// either some layer of the list shows the snapshot translucent or this one shows a part
    /// of it at rest, its pixels on the picture's texels; else by its items
    /// (`DisplayList.appendContents(of:)`). `settings` configures the drawer of pictures.
    func resolve(_ list: DisplayList, pixelScale: Double, usesPictures: Bool, into resolved: inout DisplayList,
                 settings: (DisplayListRenderer) -> Void) {
        resolved.removeAll()
        resolved.clips.append(contentsOf: list.clips)
        var places: [Place?] = [], tallies: [Tally] = [], talliesByID: [Int: Int] = [:]
        swap(&places, &self.places)
        swap(&tallies, &self.tallies)
        swap(&talliesByID, &self.talliesByID)
        defer {
            swap(&places, &self.places)
            swap(&tallies, &self.tallies)
            swap(&talliesByID, &self.talliesByID)
        }
        places.removeAll(keepingCapacity: true)
        tallies.removeAll(keepingCapacity: true)
        talliesByID.removeAll(keepingCapacity: true)
        // The tally of snapshot `id`, new if none: the last one found first (a screen's
        // tiles show one snapshot, item after item).
        var last: (id: Int, tally: Int)?
        func tally(of id: Int) -> Int {
            if let last, last.id == id { return last.tally }
            let found = talliesByID[id] ?? tallies.count
            if found == tallies.count {
                tallies.append(Tally())
                talliesByID[id] = found
            }
            last = (id, found)
            return found
        }
        for item in list.items {
            // (A part reaching past the snapshot shows nothing there: drawn from its items.)
            guard usesPictures, case .snapshot(let snapshot, let source, _) = item.fill,
                  source.minX >= 0, source.minY >= 0, source.maxX <= 1, source.maxY <= 1,
                  let place = DisplayList.placement(of: snapshot, source: source, in: item) else {
                places.append(nil)
                continue
            }
            let fits = Self.magnification(of: place, over: source, of: snapshot.size) <= Self.maximumMagnification * pixelScale
            let t = tally(of: snapshot.id)
            places.append(Place(place: place, fits: fits, rest: Self.phase(of: place, scale: pixelScale), tally: t))
            tallies[t].parts += 1
            if fits && item.opacity < 1 { tallies[t].fading = true }
        }
        for case let p? in places where p.fits && (tallies[p.tally].fading || (p.rest != nil && tallies[p.tally].parts > 1)) {
            tallies[p.tally].wanted = true
        }
        // The phase of a picture: where a layer at rest puts the snapshot's origin.
        for case let p? in places where tallies[p.tally].wanted && tallies[p.tally].phase == nil {
            tallies[p.tally].phase = p.rest
        }
        // (Each item's fields read in place: a copy of it would retain its snapshot's list.)
        for (i, p) in places.enumerated() {
            guard let p, p.fits, tallies[p.tally].wanted, case .snapshot(let snapshot, let source, _) = list.items[i].fill,
                  let picture = picture(of: snapshot, scale: pixelScale, phase: tallies[p.tally].phase ?? .zero, settings: settings),
                  // Of a snapshot none shows translucent, only the parts whose pixels fall on texels.
                  tallies[p.tally].fading
                    || p.rest.map({ abs($0.x - picture.phase.x) <= 1e-9 && abs($0.y - picture.phase.y) <= 1e-9 }) == true
            else {
                resolved.appendContents(of: list.items[i])
                continue
            }
            let shown = picture.shown(source, over: list.items[i].rect)
            resolved.items.append(DisplayList.Item(rect: shown.rect, transform: list.items[i].transform, opacity: list.items[i].opacity,
                                                   fill: .image(picture.content, source: shown.source), name: list.items[i].name,
                                                   clip: list.items[i].clip))
        }
    }

    /// The fraction of a pixel (each way, 0 ≤ f < 1) `place` puts a snapshot's origin at,
    /// where it only scales by `scale` and moves (a layer at rest, whose pixels then fall on
    /// its picture's texels); nil where it turns, tilts or scales otherwise.
    static func phase(of m: Transform3D, scale: Double) -> Point? {
        guard m.m12 == 0, m.m13 == 0, m.m14 == 0, m.m21 == 0, m.m23 == 0, m.m24 == 0, m.m44 == 1,
              abs(m.m11 - scale) <= 1e-9 * scale, abs(m.m22 - scale) <= 1e-9 * scale, m.m41.isFinite, m.m42.isFinite else { return nil }
        // (A hair under a whole pixel is on it: −1e-12 puts the origin on the grid.)
        @inline(__always) func fraction(_ v: Double) -> Double {
            let f = v - v.rounded(.down)
            return f > 1 - 1e-9 ? 0 : f
        }
        return Point(x: fraction(m.m41), y: fraction(m.m42))
    }

    /// The largest stretch, output pixels per point along any direction, of `place` (a
    /// snapshot's points → pixels) at the corners of the part `source` (unit coordinates) of a
    /// snapshot of `size`: where a layer's turn and perspective stretch it most, to a fraction
    /// of a percent (a general projective map may stretch a few percent more inside).
    /// Infinite where a corner lies at or behind the eye.
    static func magnification(of place: Transform3D, over source: Rect, of size: Size) -> Double {
        let m = place
        /// The largest singular value of the Jacobian of (X/W, Y/W) at (u, v).
        func stretch(_ u: Double, _ v: Double) -> Double {
            let x = u * size.width, y = v * size.height
            let X = x * m.m11 + y * m.m21 + m.m41, Y = x * m.m12 + y * m.m22 + m.m42, W = x * m.m14 + y * m.m24 + m.m44
            guard W > 1e-9 else { return .infinity }
            let a = (m.m11 * W - X * m.m14) / (W * W), b = (m.m21 * W - X * m.m24) / (W * W)
            let c = (m.m12 * W - Y * m.m14) / (W * W), d = (m.m22 * W - Y * m.m24) / (W * W)
            let f = a * a + b * b + c * c + d * d, det = a * d - b * c
            return ((f + (max(f * f - 4 * det * det, 0)).squareRoot()) / 2).squareRoot()
        }
        return max(max(stretch(source.minX, source.minY), stretch(source.maxX, source.minY)),
                   max(stretch(source.minX, source.maxY), stretch(source.maxX, source.maxY)))
    }

    /// The picture of `snapshot` at `scale`, made now when missing (or kept at another
    /// scale) with its origin `phase` in from the texture's corner. One kept at another
    /// phase is used as it is: a layer sliding at the output's scale would otherwise have it
    /// drawn again every frame. Nil when no texture can be had.
    private func picture(of snapshot: Snapshot, scale: Double, phase: Point,
                         settings: (DisplayListRenderer) -> Void) -> ContentTextures.Picture? {
        if let p = textures.picture(of: snapshot.id), p.scale == scale { return p }
        let w = (snapshot.size.width * scale + phase.x).rounded(.up), h = (snapshot.size.height * scale + phase.y).rounded(.up)
        guard w >= 1, h >= 1, w <= Double(ImageFile.maxSide), h <= Double(ImageFile.maxSide),
              let target = try? renderer.makeTargetTexture(width: Int(w), height: Int(h)) else { return nil }
        let drawer = self.drawer ?? DisplayListRenderer(renderer: renderer, textures: textures)
        self.drawer = drawer
        settings(drawer)
        var list = snapshot.list
        let toTexels = Transform3D.makeScale(scale, scale, 1).concatenating(.makeTranslation(phase.x, phase.y, 0))
        for i in list.items.indices { list.items[i].transform = list.items[i].transform.concatenating(toTexels) }
        for i in list.clips.indices { list.clips[i].transform = list.clips[i].transform.concatenating(toTexels) }
        var opaque = false
        do {
            try renderer.drawing(into: target) {
                renderer.clear(.clear)
                drawer.draw(list, pixelScale: scale)
                target.contentsChanged()
                var rgba = try renderer.readPixels().rgba
                opaque = Self.straighten(&rgba, width: target.width)
                if !opaque {
                    rgba.withUnsafeBytes {
                        target.update(x: 0, y: 0, w: target.width, h: target.height, rgba: $0.baseAddress!, pitch: target.width * 4)
                    }
                }
            }
        } catch {
            return nil
        }
        return textures.store(Texture(target.storage, width: target.width, height: target.height, isOpaque: opaque),
                              asPictureOf: snapshot.id, size: snapshot.size, scale: scale, phase: phase)
    }

    /// Turns the colours of `rgba`'s translucent pixels straight (divided by their alpha):
    /// blended source-over into a clear texture, which both engines do as into an opaque
    /// one, colours come out times their alpha. A clear pixel next to one that is not takes
    /// its colour (alpha still 0), so filtering across the edge of what was drawn does not
    /// darken it. Returns whether every pixel is opaque.
    private static func straighten(_ rgba: inout [UInt8], width: Int) -> Bool {
        var opaque = true
        rgba.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = Int(p[i + 3])
                if a != 255 {
                    opaque = false
                    if a > 0 {
                        for c in i..<i + 3 { p[c] = UInt8(min(255, (Int(p[c]) * 255 + a / 2) / a)) }
                    }
                }
                i += 4
            }
            guard !opaque else { return }
            let row = width * 4
            /// Whether `n` is a pixel drawn on, and if so gives its colour to `i`.
            func take(_ n: Int, _ i: Int) -> Bool {
                guard n >= 0, n < p.count, p[n + 3] > 0 else { return false }
                (p[i], p[i + 1], p[i + 2]) = (p[n], p[n + 1], p[n + 2])
                return true
            }
            i = 0
            while i < p.count {
                if p[i + 3] == 0 {
                    let x = (i % row) / 4
                    _ = (x > 0 && take(i - 4, i)) || (x < width - 1 && take(i + 4, i)) || take(i - row, i) || take(i + row, i)
                }
                i += 4
            }
        }
        return opaque
    }
}
