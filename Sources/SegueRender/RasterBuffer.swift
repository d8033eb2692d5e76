import SegueProcess

/// Memory for values of a trivial type, grown as needed and never shrunk, kept from one use
/// to the next (nothing is allocated once it has grown). The memory it hands out stays while
/// it does not grow: whoever grows it (`room`, `append`) must know that nobody still holds
/// what it handed out before.
final class RasterBuffer<Element: BitwiseCopyable & Sendable>: Sendable {
    private struct Storage {
        var start: UnsafeMutablePointer<Element>?
        var capacity = 0
        /// The values appended since `removeAll`.
        var count = 0

        /// Makes room for `needed` values (at least one), keeping the first `kept`.
        mutating func grow(to needed: Int, keeping kept: Int) {
            let needed = max(1, needed)
            guard start == nil || capacity < needed else { return }
            let size = max(needed, capacity * 2)
            let made = UnsafeMutablePointer<Element>.allocate(capacity: size)
            if let start {
                made.update(from: start, count: kept)
                start.deallocate()
            }
            (start, capacity) = (made, size)
        }
    }

    private let storage = Locked(Storage())

    deinit { storage.withLock { $0.start?.deallocate() } }

    /// Room for `count` values, at least one, whose old values are gone.
    func room(for count: Int) -> RasterMemory<Element> {
        storage.withLock {
            $0.grow(to: count, keeping: 0)
            return RasterMemory(start: $0.start.unsafelyUnwrapped, count: max(1, count))
        }
    }

    /// The values appended.
    var values: RasterMemory<Element> {
        storage.withLock { RasterMemory(UnsafeMutableBufferPointer(start: $0.start, count: $0.count)) }
    }

    /// How many values were appended.
    var count: Int { storage.withLock { $0.count } }

    func append(contentsOf values: UnsafeBufferPointer<Element>) {
        let from = RasterMemory(values)
        storage.withLock {
            $0.grow(to: $0.count + from.count, keeping: $0.count)
            if from.count > 0 { ($0.start.unsafelyUnwrapped + $0.count).update(from: from.base, count: from.count) }
            $0.count += from.count
        }
    }

    func append(_ value: Element) {
        storage.withLock {
            $0.grow(to: $0.count + 1, keeping: $0.count)
            $0.start.unsafelyUnwrapped[$0.count] = value
            $0.count += 1
        }
    }

    func removeAll() { storage.withLock { $0.count = 0 } }
}
