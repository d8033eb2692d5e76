extension DisplayList {
    /// The map from a snapshot's points to the output pixels of `item`, which shows its part
    /// `source` (unit coordinates) stretched over the item's rect; nil for an empty part or rect.
    package static func placement(of snapshot: Snapshot, source: Rect, in item: Item) -> Transform3D? {
        let bounds = item.rect, part = self.part(source, of: snapshot)
        guard part.width > 0, part.height > 0, bounds.width > 0, bounds.height > 0 else { return nil }
        return Transform3D.makeTranslation(-part.minX, -part.minY, 0)
            .concatenating(.makeScale(bounds.width / part.width, bounds.height / part.height, 1))
            .concatenating(.makeTranslation(bounds.minX, bounds.minY, 0))
            .concatenating(item.transform)
    }

    /// The part `source` (unit coordinates) of `snapshot`, in its points.
    private static func part(_ source: Rect, of snapshot: Snapshot) -> Rect {
        let size = snapshot.size
        return Rect(x: source.minX * size.width, y: source.minY * size.height, width: source.width * size.width,
                    height: source.height * size.height)
    }

    /// Appends the items of a snapshot item (`Fill.snapshot`) as it shows them: its part
    /// stretched over the item's rect, clipped to that rect (the item's own region when
    /// `masked`, else a new one within the item's clip), their opacities times the item's;
    /// snapshots within it likewise. Drawn from its items rather than a picture, a snapshot
    /// draws exactly as the view it was taken of, at any scale. Any other item is appended as
    /// it is.
    package mutating func appendContents(of item: Item) {
        guard case .snapshot(let snapshot, let source, let masked) = item.fill else {
            items.append(item)
            return
        }
        guard let place = Self.placement(of: snapshot, source: source, in: item) else { return }
        let part = Self.part(source, of: snapshot)
        let region: Int
        if masked, let own = item.clip {
            region = own
        } else {
            region = clips.count
            clips.append(.init(rect: item.rect, cornerRadius: 0, transform: item.transform, parent: item.clip))
        }
        let first = clips.count
        for var clip in snapshot.list.clips {
            clip.transform = clip.transform.concatenating(place)
            clip.parent = clip.parent.map { $0 + first } ?? region
            clips.append(clip)
        }
        // What lies flat inside the part shown needs no cut (and stays free to be hidden
        // under, or blended into, what it lies on, exactly as the view it came from).
        for var inner in snapshot.list.items {
            let m = inner.transform
            let isFlat = m.m13 == 0 && m.m23 == 0 && m.m14 == 0 && m.m24 == 0 && m.m44 == 1
            // (Text may paint past its rect: it is always cut.)
            let bounded = isFlat && !inner.fill.isText
            let box = bounded ? m.projectedBounds(of: inner.rect) : .zero
            // A flat item wholly outside the part shown is not drawn at all (a tile of a
            // screen cut in many shows a few of its items, not all).
            if bounded && !box.overlaps(part) { continue }
            let inside = bounded && part.contains(box, tolerance: 1e-9)
            inner.transform = m.concatenating(place)
            inner.opacity *= item.opacity
            inner.clip = inner.clip.map { $0 + first } ?? (inside ? item.clip : region)
            appendContents(of: inner)
        }
    }
}

extension DisplayList.Fill {
    /// Whether this is text, which may paint past its item's rect.
    package var isText: Bool {
        if case .text = self { return true }
        return false
    }

    /// Whether this is a snapshot, which a renderer resolves before drawing.
    package var isSnapshot: Bool {
        if case .snapshot = self { return true }
        return false
    }
}
