/// Memory that the threads of one raster call share, borrowed from its owner (an image, a
/// `RasterBuffer`, the caller's array): where it starts and how many elements it holds.
///
/// The one type of SegueRender whose sendability the compiler takes on trust. Every use keeps
/// this invariant, which makes it safe:
/// 1. the memory outlives the threads it is handed to: its owner waits for them
///    (`concurrentPerform` returns, the pipeline's batch ends) before it frees or grows it;
/// 2. while threads hold it at once, each element is only read, or written by one thread
///    alone (a worker's own band of rows of an image, its own slot of scratch).
///
/// Every type the workers of a call are handed (`PixelView`, `CoveredPixels`,
/// `Rasterizer.TriangleEdges`, the prepared call) is checked `Sendable` on top of it. `make
/// tsan` runs the render tests under ThreadSanitizer, which watches the second point.
package struct RasterMemory<Element>: @unchecked Sendable {
    /// The memory (its base address nil when it is empty).
    package let elements: UnsafeMutableBufferPointer<Element>

    package init(_ elements: UnsafeMutableBufferPointer<Element>) {
        self.elements = elements
    }

    /// Memory only read while shared.
    package init(_ elements: UnsafeBufferPointer<Element>) {
        self.elements = UnsafeMutableBufferPointer(mutating: elements)
    }

    package init(start: UnsafeMutablePointer<Element>, count: Int) {
        elements = UnsafeMutableBufferPointer(start: start, count: count)
    }

    /// Nothing.
    package static var empty: RasterMemory { RasterMemory(UnsafeMutableBufferPointer(start: nil, count: 0)) }

    package var count: Int { elements.count }

    /// The first element's address: the memory must not be empty.
    @inline(__always)
    package var base: UnsafeMutablePointer<Element> { elements.baseAddress.unsafelyUnwrapped }

    /// The memory, to be read.
    @inline(__always)
    package var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(elements) }

    @inline(__always)
    package subscript(i: Int) -> Element {
        get { elements[i] }
        nonmutating set { elements[i] = newValue }
    }
}
