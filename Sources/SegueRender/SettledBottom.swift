import Segue

/// The bottom of a frame that stays as it was — a screen at rest under one that moves: the
/// leading items of a list that the last frames drew alike. Once they have stayed so for two
/// frames, the drawer draws them alone, keeps the pixels (`Renderer.keepFrame`) and draws the
/// rest over them; from then on, while the list begins with them, each frame begins from the
/// kept pixels (copied but where the rest paints opaquely) and draws only the rest.
///
/// Items are the same when they are equal and so are the clip regions they are seen
/// through. The textures they draw from are the renderer's to check (`canRestoreKeptFrame`).
struct SettledBottom {
    /// What a frame does with its list.
    enum Plan: Equatable {
        /// Draws it whole.
        case drawWhole
        /// Draws its first `n` items alone, keeps the frame, then draws the rest.
        case keep(Int)
        /// Begins from the kept frame, which holds its first `n` items, and draws the rest.
        case restore(Int)
    }

    /// The last list planned, and how many of its leading items the one before began with.
    private var last = DisplayList()
    private var lastSettled = 0
    /// How many leading items the kept frame holds (0: none), and at what pixel scale.
    private var keptCount = 0
    private var keptScale = 0.0

    /// The plan for `list` drawn at `pixelScale`: restore where the kept frame's items begin
    /// it (unless more have settled since, which it keeps instead); keep where items have
    /// begun the last two lists alike; else draw it whole.
    mutating func plan(for list: DisplayList, pixelScale: Double) -> Plan {
        let settled = Self.commonPrefix(list, last)
        let before = lastSettled
        last.items.removeAll(keepingCapacity: true)
        last.items.append(contentsOf: list.items)
        last.clips.removeAll(keepingCapacity: true)
        last.clips.append(contentsOf: list.clips)
        lastSettled = settled
        let kept = keptScale == pixelScale ? keptCount : 0
        if settled > 0 && settled == before && settled != kept { return .keep(settled) }
        if kept > 0 && kept <= settled { return .restore(kept) }
        return .drawWhole
    }

    /// Notes that the frame was kept with the first `count` items of its list (0: none kept,
    /// or the kept one is out of date).
    mutating func kept(_ count: Int, pixelScale: Double) {
        (keptCount, keptScale) = (count, pixelScale)
    }

    /// How many leading items `a` and `b` share.
    static func commonPrefix(_ a: DisplayList, _ b: DisplayList) -> Int {
        var n = 0
        while n < min(a.items.count, b.items.count), a.items[n] == b.items[n],
              sameClips(from: a.items[n].clip, a.clips, b.clips) {
            n += 1
        }
        return n
    }

    /// Whether the clip region `index` and those it lies in are the same in both lists.
    private static func sameClips(from index: Int?, _ a: [DisplayList.Clip], _ b: [DisplayList.Clip]) -> Bool {
        var index = index
        var steps = 0
        while let i = index {
            guard i >= 0, i < a.count, i < b.count, a[i] == b[i], steps <= a.count else { return false }
            index = a[i].parent
            steps += 1
        }
        return true
    }
}
