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
        guard !state.isHidden, opacity > 0, state.isDoubleSided || !toPixels.turnsOver else { return }
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
            emit(.snapshot(snapshot, source: layer.contentsRect, masked: state.masksToBounds), clip: innerClip)
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
}
