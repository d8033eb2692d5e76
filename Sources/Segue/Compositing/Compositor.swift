/// Flattens a layer tree's presentation at the current time into a `DisplayList`.
@MainActor
package enum Compositor {
    /// Appends the items of `root`'s tree to `list` (which keeps its capacity between
    /// frames): each layer's background, gradient and contents, then its sublayers, at the
    /// presentation values of each layer's local time. Points map to pixels by `scale`, then
    /// `offset` (pixels). Hidden and fully transparent layers are skipped with their subtrees.
    /// With `inOwnCoordinates` the root's own bounds origin maps to the origin (its
    /// position and transform are left out), as for a snapshot.
    ///
    /// Corners as Core Animation draws them: a layer's background and gradient fill its
    /// bounds rounded by `cornerRadius`; with `masksToBounds` its contents and whole subtree
    /// are clipped to that rounded rect as well (inside any clip of its ancestors).
    package static func compose(_ root: Layer, scale: Double = 1, offset: Point = .zero, inOwnCoordinates: Bool = false,
                               into list: inout DisplayList) {
        let time = root.localTime
        var state = root.presentation(atLocalTime: time)
        let place = inOwnCoordinates ? Transform3D.makeTranslation(-state.bounds.minX, -state.bounds.minY, 0) : state.toSuperlayer
        let toPixels = place
            .concatenating(.makeScale(scale, scale, 1))
            .concatenating(.makeTranslation(offset.x, offset.y, 0))
        visit(root, &state, toPixels, 1, nil, time, &list)
    }

    /// A fresh display list of `root`'s tree.
    package static func compose(_ root: Layer, scale: Double = 1, offset: Point = .zero,
                               inOwnCoordinates: Bool = false) -> DisplayList {
        var list = DisplayList()
        compose(root, scale: scale, offset: offset, inOwnCoordinates: inOwnCoordinates, into: &list)
        return list
    }

    /// Appends the items of `layer`'s subtree, `state` being its presentation values. The
    /// state is taken `inout`, never changed, only so that it is passed where it lies: a
    /// value argument is a copy of the whole state, on every layer of every frame.
    private static func visit(_ layer: Layer, _ state: inout LayerState, _ toPixels: Transform3D, _ parentOpacity: Double,
                              _ parentClip: Int?, _ time: Double, _ list: inout DisplayList) {
        let opacity = parentOpacity * min(max(state.opacity, 0), 1)
        guard !state.isHidden, opacity > 0 else { return }
        let radius = state.drawnCornerRadius
        var ownClip = parentClip
        if radius > 0 || state.masksToBounds {
            ownClip = list.clips.count
            list.clips.append(.init(rect: state.bounds, cornerRadius: radius, transform: toPixels, parent: parentClip))
        }
        let innerClip = state.masksToBounds ? ownClip : parentClip
        func emit(_ fill: DisplayList.Fill, clip: Int?) {
            list.items.append(.init(rect: state.bounds, transform: toPixels, opacity: opacity, fill: fill, name: layer.name, clip: clip))
        }
        if let bg = state.backgroundColor, bg.alpha > 0 { emit(.color(bg), clip: ownClip) }
        if let g = layer.gradient { emit(.gradient(g), clip: ownClip) }
        switch layer.contents {
        case .image(let image)?:
            emit(.image(image, source: layer.contentsRect.within(image.sourceRect(for: state.bounds.size))), clip: innerClip)
        case .text(let text)?: emit(.text(text), clip: innerClip)
        case .snapshot(let snapshot)?:
            inline(snapshot, source: layer.contentsRect, in: state, toPixels, opacity, masked: state.masksToBounds ? innerClip : nil,
                   within: innerClip, &list)
        case nil: break
        }
        guard !layer.sublayers.isEmpty else { return }
        let flatParent = state.sublayerTransform.isIdentity
        layer.forEachSublayer { sub in
            let subTime = sub.timing.localTime(fromParent: time)
            // `sub.presentation(atLocalTime: subTime)`, built in place.
            var subState = sub.model
            sub.applyAnimations(atLocalTime: subTime, to: &subState)
            let toSubPixels: Transform3D
            if flatParent && subState.transform.isIdentity {
                // A layer only placed in its parent: move the parent's map, skip the products.
                let offset = subState.placementOffset
                toSubPixels = toPixels.prependingTranslation(offset.x, offset.y)
            } else {
                let toParent = flatParent ? subState.toSuperlayer.flattened : subState.toSuperlayerPlane(parent: state)
                toSubPixels = toParent.concatenating(toPixels)
            }
            visit(sub, &subState, toSubPixels, opacity, innerClip, subTime, &list)
        }
    }

    /// Appends a snapshot's items as the layer shows them: its part `source` (unit
    /// coordinates of the snapshot) stretched over the layer's bounds, clipped to the bounds
    /// (`masked`, the layer's own region when it masks already, else a new one within
    /// `within`), their opacities times the layer's. Drawn from its display list rather
    /// than an image, a snapshot draws exactly as the view it was taken of, at any scale.
    private static func inline(_ snapshot: Snapshot, source: Rect, in state: LayerState, _ toPixels: Transform3D,
                               _ opacity: Double, masked: Int?, within: Int?, _ list: inout DisplayList) {
        let size = snapshot.size, bounds = state.bounds
        let part = Rect(x: source.minX * size.width, y: source.minY * size.height,
                        width: source.width * size.width, height: source.height * size.height)
        guard part.width > 0, part.height > 0, bounds.width > 0, bounds.height > 0 else { return }
        let place = Transform3D.makeTranslation(-part.minX, -part.minY, 0)
            .concatenating(.makeScale(bounds.width / part.width, bounds.height / part.height, 1))
            .concatenating(.makeTranslation(bounds.minX, bounds.minY, 0))
            .concatenating(toPixels)
        let region: Int
        if let masked {
            region = masked
        } else {
            region = list.clips.count
            list.clips.append(.init(rect: bounds, cornerRadius: 0, transform: toPixels, parent: within))
        }
        let first = list.clips.count
        for var clip in snapshot.list.clips {
            clip.transform = clip.transform.concatenating(place)
            clip.parent = clip.parent.map { $0 + first } ?? region
            list.clips.append(clip)
        }
        // What lies flat inside the part shown needs no cut (and stays free to be hidden
        // under, or blended into, what it lies on, exactly as the view it came from).
        let uncut = masked ?? within
        for var item in snapshot.list.items {
            let m = item.transform
            let isFlat = m.m13 == 0 && m.m23 == 0 && m.m14 == 0 && m.m24 == 0 && m.m44 == 1
            let box = isFlat ? m.projectedBounds(of: item.rect) : .zero
            // A flat item wholly outside the part shown is not drawn at all (a tile of a
            // screen cut in many shows a few of its items, not all).
            if isFlat && !text(item) && !box.overlaps(part) { continue }
            // (Text may paint past its rect: it is always cut.)
            let inside = isFlat && !text(item) && part.contains(box, tolerance: 1e-9)
            item.transform = m.concatenating(place)
            item.opacity *= opacity
            item.clip = item.clip.map { $0 + first } ?? (inside ? uncut : region)
            list.items.append(item)
        }
    }

    /// Whether `item` is text, which may paint past its rect.
    private static func text(_ item: DisplayList.Item) -> Bool {
        if case .text = item.fill { return true }
        return false
    }
}
