/// Memory for values of a trivial type, grown as needed and never shrunk, kept from one use
/// to the next (nothing is allocated once it has grown). Its pointer stays while it does
/// not grow.
final class RasterBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
    private var storage: UnsafeMutablePointer<Element>?
    private var capacity = 0
    /// The values appended since `removeAll`.
    private(set) var count = 0

    deinit { storage?.deallocate() }

    /// Room for `count` values, at least one, whose old values are gone.
    func room(for count: Int) -> UnsafeMutablePointer<Element> {
        grow(to: count, keeping: 0)
        return storage!
    }

    /// The values appended.
    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: storage, count: count) }

    func append(contentsOf values: UnsafeBufferPointer<Element>) {
        grow(to: count + values.count, keeping: count)
        if let base = values.baseAddress { (storage! + count).update(from: base, count: values.count) }
        count += values.count
    }

    func append(_ value: Element) {
        grow(to: count + 1, keeping: count)
        storage![count] = value
        count += 1
    }

    func removeAll() { count = 0 }

    /// Makes room for `needed` values (at least one), keeping the first `kept`.
    private func grow(to needed: Int, keeping kept: Int) {
        let needed = max(1, needed)
        guard storage == nil || capacity < needed else { return }
        let size = max(needed, capacity * 2)
        let made = UnsafeMutablePointer<Element>.allocate(capacity: size)
        if let storage {
            made.update(from: storage, count: kept)
            storage.deallocate()
        }
        (storage, capacity) = (made, size)
    }
}
