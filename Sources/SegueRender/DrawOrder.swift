import Segue

/// Orders the items of a display list so that items drawn with the same state (a texture
/// and a blending, say) follow one another and share a draw call, without changing any
/// pixel: an item moves ahead only past items it does not overlap. A change of state costs
/// a software rasterizer about as much as filling 20,000 pixels, and a screen alternates
/// text, colours and pictures.
///
/// Each item joins the latest group of its state that it can reach going back past groups
/// whose bounding boxes it does not overlap (at most `reach` of them, so a long list costs
/// linear time); otherwise it opens a new group. Groups are drawn in order, and the items
/// of a group in their list order, so any two items that overlap keep their order.
/// Nothing is allocated once the buffers have grown.
package struct DrawOrder<State: Equatable> {
    /// The indices of the items to draw, in drawing order, after `plan`.
    package private(set) var order: [Int] = []
    /// How many groups the last plan made: the draw calls it needs.
    package private(set) var groupCount = 0
    /// How many groups an item may move back past.
    package var reach = 16
    private var groupOf: [Int] = []
    private var groupStates: [State] = []
    /// The bounding box of each group's items.
    private var groupBoxes: [Rect] = []
    private var firstOfGroup: [Int] = []

    package init() {}

    /// Plans the order of items whose `states` are given (nil: not drawn), each painting
    /// within `boxes[i]` (the first to the last pixel centre it can touch, so boxes that
    /// share an edge overlap).
    package mutating func plan(states: [State?], boxes: [Rect]) {
        groupOf.removeAll(keepingCapacity: true)
        groupStates.removeAll(keepingCapacity: true)
        groupBoxes.removeAll(keepingCapacity: true)
        for i in states.indices {
            guard let state = states[i] else {
                groupOf.append(-1)
                continue
            }
            let box = boxes[i]
            var target = -1
            var g = groupStates.count - 1
            while g >= max(0, groupStates.count - 1 - reach) {
                if groupStates[g] == state {
                    target = g
                    break
                }
                if box.meets(groupBoxes[g]) { break }
                g -= 1
            }
            if target < 0 {
                target = groupStates.count
                groupStates.append(state)
                groupBoxes.append(box)
            } else {
                groupBoxes[target] = groupBoxes[target].union(box)
            }
            groupOf.append(target)
        }
        groupCount = groupStates.count
        // A counting sort by group, stable within each.
        firstOfGroup.removeAll(keepingCapacity: true)
        firstOfGroup.append(contentsOf: repeatElement(0, count: groupCount + 1))
        for g in groupOf where g >= 0 { firstOfGroup[g + 1] += 1 }
        for g in 0..<groupCount { firstOfGroup[g + 1] += firstOfGroup[g] }
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: repeatElement(0, count: firstOfGroup[groupCount]))
        for (i, g) in groupOf.enumerated() where g >= 0 {
            order[firstOfGroup[g]] = i
            firstOfGroup[g] += 1
        }
    }
}
