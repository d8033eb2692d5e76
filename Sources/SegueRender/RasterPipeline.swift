import Foundation

/// Runs a `Rasterizer`'s draw calls and fills on a thread of its own, one after another in
/// the order given, so that the caller prepares the next call (tessellates, shades, finds
/// covers) while this one is drawn: on two cores, that work no longer leaves one idle.
///
/// Each call's buffers are copied when it is given, into memory kept between calls (nothing
/// is allocated once it has grown), so the caller may reuse its own at once. The images a
/// call reads or writes are held until it has run; nobody else may touch their pixels
/// meanwhile: `wait()` before reading or showing a target, or writing into an image a call
/// may sample. At most `depth` calls wait; giving one more waits for room. Calls are given
/// from one thread (the renderer's); the arguments are checked there, as `Rasterizer.draw`
/// checks them.
package final class RasterPipeline {
    private let state: State

    /// Draws with `rasterizer` on its thread: one nobody else draws with (its copies share
    /// its scratch memory).
    package init(rasterizer: Rasterizer, depth: Int = 8) {
        state = State(rasterizer: rasterizer, depth: max(1, depth))
        let state = self.state
        let thread = Thread { state.run() }
        thread.name = "segue.raster"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    deinit { state.stop() }

    /// Queues `Rasterizer.draw` of these triangles into `target` (which see).
    package func draw(_ vertices: UnsafeBufferPointer<RasterVertex>, _ indices: UnsafeBufferPointer<Int32>,
                      edges: Rasterizer.TriangleEdges?, shades: UnsafeBufferPointer<VertexShade>? = nil, texture: RasterImage?,
                      blended: Bool, into target: RasterImage, clip: PixelRect, covered: CoveredPixels) {
        Rasterizer.checkArguments(vertices, indices, edges: edges, shades: shades, textured: texture != nil)
        state.give { call in
            call.vertices.append(contentsOf: vertices)
            call.indices.append(contentsOf: indices)
            if let edges {
                call.lines.append(contentsOf: edges.lines)
                call.ranges.append(contentsOf: edges.ranges)
            }
            if let shades { call.shades.append(contentsOf: shades) }
            call.keep(covered)
            call.work = .draw(texture: texture, blended: blended, edges: edges != nil, shades: shades != nil, clip: clip)
            call.target = target
        }
    }

    /// Queues `RasterImage.fill` of `rect` of `target` with `argb`, but the pixels of `sparing`.
    package func fill(_ argb: UInt32, _ rect: PixelRect, sparing: CoveredPixels, into target: RasterImage) {
        state.give { call in
            call.keep(sparing)
            call.work = .fill(argb, rect)
            call.target = target
        }
    }

    /// Queues `RasterImage.copy` of `rect` of `source` into `target`, but the pixels of `sparing`.
    package func copy(from source: RasterImage, _ rect: PixelRect, sparing: CoveredPixels, into target: RasterImage) {
        state.give { call in
            call.keep(sparing)
            call.work = .copy(source, rect)
            call.target = target
        }
    }

    /// Returns once every call given so far has run.
    package func wait() { state.waitForAll() }

    /// One queued call: its work, its target and copies of its buffers.
    private final class Call {
        enum Work {
            case none
            case draw(texture: RasterImage?, blended: Bool, edges: Bool, shades: Bool, clip: PixelRect)
            case fill(UInt32, PixelRect)
            case copy(RasterImage, PixelRect)
        }

        var work = Work.none
        var target: RasterImage?
        var vertices: [RasterVertex] = []
        var indices: [Int32] = []
        var lines: [EdgeLine] = []
        var ranges: [Rasterizer.EdgeRange] = []
        var shades: [VertexShade] = []
        var covers: [CoveredPixels.Cover] = []
        var runs: [CoveredPixels.Run] = []

        /// Copies `covered`'s covers and only the runs they use (the caller's run buffer holds
        /// every cover of its frame).
        func keep(_ covered: CoveredPixels) {
            for var c in covered.covers {
                let first = Int(c.first), count = Int(c.y1 - c.y0)
                precondition(first >= 0 && count >= 0 && first + count <= covered.runs.count,
                             "a cover's runs \(first)+\(count) outside the \(covered.runs.count) given")
                c.first = Int32(runs.count)
                runs.append(contentsOf: UnsafeBufferPointer(rebasing: covered.runs[first..<(first + count)]))
                covers.append(c)
            }
        }

        func run(_ rasterizer: Rasterizer) {
            guard let target else { return }
            covers.withUnsafeBufferPointer { c in
                runs.withUnsafeBufferPointer { r in
                    let covered = CoveredPixels(covers: c, runs: r)
                    switch work {
                    case .none: break
                    case .fill(let argb, let rect):
                        target.fill(argb, rect, sparing: covered, isCancelled: rasterizer.isCancelled)
                    case .copy(let source, let rect):
                        target.copy(from: source, rect, sparing: covered, isCancelled: rasterizer.isCancelled)
                    case .draw(let texture, let blended, let edges, let shaded, let clip):
                        vertices.withUnsafeBufferPointer { v in
                            indices.withUnsafeBufferPointer { i in
                                lines.withUnsafeBufferPointer { l in
                                    ranges.withUnsafeBufferPointer { e in
                                        shades.withUnsafeBufferPointer { s in
                                            rasterizer.draw(v, i, edges: edges ? Rasterizer.TriangleEdges(lines: l, ranges: e) : nil,
                                                            shades: shaded ? s : nil, texture: texture, blended: blended, into: target,
                                                            clip: clip, covered: covered)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }

        /// Lets go of the images and empties the buffers (keeping their memory).
        func clear() {
            work = .none
            target = nil
            vertices.removeAll(keepingCapacity: true)
            indices.removeAll(keepingCapacity: true)
            lines.removeAll(keepingCapacity: true)
            ranges.removeAll(keepingCapacity: true)
            shades.removeAll(keepingCapacity: true)
            covers.removeAll(keepingCapacity: true)
            runs.removeAll(keepingCapacity: true)
        }
    }

    /// The ring of calls shared by the caller and the thread: calls `head ..< head + count`
    /// (mod the ring) are given and not yet run; the thread runs the one at `head`.
    private final class State: @unchecked Sendable {
        private let rasterizer: Rasterizer
        private let calls: [Call]
        private let condition = NSCondition()
        private var head = 0, count = 0
        private var stopping = false

        init(rasterizer: Rasterizer, depth: Int) {
            self.rasterizer = rasterizer
            calls = (0..<depth).map { _ in Call() }
        }

        /// Fills the next free call by `fill` and hands it to the thread.
        func give(_ fill: (Call) -> Void) {
            condition.lock()
            while count == calls.count { condition.wait() }
            let call = calls[(head + count) % calls.count]
            condition.unlock()
            // The thread never looks at a call before it is counted.
            fill(call)
            condition.lock()
            count += 1
            condition.broadcast()
            condition.unlock()
        }

        func waitForAll() {
            condition.lock()
            while count > 0 { condition.wait() }
            condition.unlock()
        }

        func stop() {
            condition.lock()
            stopping = true
            condition.broadcast()
            condition.unlock()
        }

        /// The thread's loop: runs each call given, in order, until stopped with none left.
        func run() {
            while true {
                condition.lock()
                while count == 0 && !stopping { condition.wait() }
                if count == 0 {
                    condition.unlock()
                    return
                }
                let call = calls[head]
                condition.unlock()
                call.run(rasterizer)
                call.clear()
                condition.lock()
                head = (head + 1) % calls.count
                count -= 1
                condition.broadcast()
                condition.unlock()
            }
        }
    }
}
