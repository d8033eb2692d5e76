import Foundation
import Synchronization

/// Runs a `Rasterizer`'s draw calls, fills and copies on a thread of its own, in the order
/// given, so that the caller prepares the next call (tessellates, shades, finds covers)
/// meanwhile.
///
/// The calls are run in batches, a band of rows at a time: each worker takes the next band
/// and runs every call of the batch on it, in order, before taking another. A band stays in
/// the processor's cache from one call to the next (a 1280 × 800 frame does not fit: each
/// call that paints it whole went out to memory and back), the bands are shared out as the
/// workers come free, and the workers start once a batch, not once a call. A batch is what
/// was given by the time the thread comes free (so drawing starts with the first call,
/// while the caller prepares the rest), up to the first call that samples an image an
/// earlier one of it draws into, or draws into one an earlier one samples: that call starts
/// the next batch. (A copy reads the same rows it writes.)
///
/// Each call's buffers are copied when it is given, into memory kept between calls (nothing
/// is allocated once it has grown), so the caller may reuse its own at once. The images a
/// call reads or writes are held until it has run; nobody else may touch their pixels
/// meanwhile: `wait()` before reading or showing a target, or writing into an image a call
/// may sample. At most `depth` calls wait; giving one more waits for room. Calls are given from
/// one thread (the renderer's); the arguments are checked there, as `Rasterizer.draw`
/// checks them.
package final class RasterPipeline {
    private let state: State

    /// Draws with `rasterizer` on its thread: one nobody else draws with (its copies share
    /// its scratch memory).
    package init(rasterizer: Rasterizer, depth: Int = 32) {
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

        /// The work made ready to run a band of rows at a time (`prepare`).
        enum Prepared {
            case none
            case draw(Rasterizer.PreparedDraw)
            case fill(UInt32, PixelRect)
            case copy(RasterImage, PixelRect)
        }

        var work = Work.none
        var target: RasterImage?
        var prepared = Prepared.none
        let vertices = RasterBuffer<RasterVertex>(), indices = RasterBuffer<Int32>(), lines = RasterBuffer<EdgeLine>()
        let ranges = RasterBuffer<Rasterizer.EdgeRange>(), shades = RasterBuffer<VertexShade>()
        let covers = RasterBuffer<CoveredPixels.Cover>(), runs = RasterBuffer<CoveredPixels.Run>()
        let plan = RasterBuffer<Rasterizer.Primitive>()

        /// The image it samples anywhere (not row by row): a draw's texture.
        var sampled: RasterImage? {
            if case .draw(let texture, _, _, _, _) = work { return texture }
            return nil
        }

        var covered: CoveredPixels { CoveredPixels(covers: covers.buffer, runs: runs.buffer) }

        /// About how many pixels it may paint: a draw's `Rasterizer.reach`, or the rect, in
        /// the target and its clip (what `Rasterizer.draw` weighs against `parallelArea`).
        var reach: Int {
            guard let target else { return 0 }
            switch work {
            case .none: return 0
            case .fill(_, let rect), .copy(_, let rect):
                let r = rect.intersection(target.bounds)
                return r.isEmpty ? 0 : (r.x1 - r.x0) * (r.y1 - r.y0)
            case .draw(_, _, _, _, let clip):
                let clip = clip.intersection(target.bounds)
                return clip.isEmpty ? 0 : Int(min(Rasterizer.reach(of: vertices.buffer, in: clip), 1e12))
            }
        }

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

        /// Makes the work ready (in order, before any band of its batch runs): a draw's plan
        /// and mip levels, an image's note of what is written; `scratch` is its batch's.
        func prepare(_ rasterizer: Rasterizer, scratch: Rasterizer.Scratch) {
            guard let target else { return }
            switch work {
            case .none:
                prepared = .none
            case .fill(let argb, let rect):
                prepared = target.willFill(argb, rect, sparing: covered).map { .fill(argb, $0) } ?? .none
            case .copy(let source, let rect):
                prepared = target.willCopy(from: source, rect).map { .copy(source, $0) } ?? .none
            case .draw(let texture, let blended, let edges, let shaded, let clip):
                let clip = clip.intersection(target.bounds)
                guard !clip.isEmpty, indices.count > 0 else {
                    prepared = .none
                    return
                }
                prepared = .draw(rasterizer.prepare(vertices.buffer, indices.buffer,
                                                    edges: edges ? Rasterizer.TriangleEdges(lines: lines.buffer, ranges: ranges.buffer) : nil,
                                                    shades: shaded ? shades.buffer : nil, texture: texture, blended: blended, into: target,
                                                    clip: clip, covered: covered, plan: plan.room(for: indices.count / 3), scratch: scratch))
            }
        }

        /// Runs the prepared work's rows `rows` with scratch `slot`.
        func run(rows: Range<Int>, slot: Int, _ rasterizer: Rasterizer) {
            guard let target else { return }
            switch prepared {
            case .none: break
            case .draw(let draw): draw.draw(rows: rows, slot: slot)
            case .fill(let argb, let clip):
                target.fillRows(argb, clip, rows: rows, sparing: covered, isCancelled: rasterizer.isCancelled)
            case .copy(let source, let clip):
                target.copyRows(from: source, clip, rows: rows, sparing: covered, isCancelled: rasterizer.isCancelled)
            }
        }

        /// Lets go of the images and empties the buffers (keeping their memory).
        func clear() {
            work = .none
            prepared = .none
            target = nil
            vertices.removeAll()
            indices.removeAll()
            lines.removeAll()
            ranges.removeAll()
            shades.removeAll()
            covers.removeAll()
            runs.removeAll()
        }
    }

    /// The ring of calls shared by the caller and the thread: calls `head ..< head + count`
    /// (mod the ring) are given and not yet run; the thread runs them from `head`.
    private final class State: @unchecked Sendable {
        private let rasterizer: Rasterizer
        private let calls: [Call]
        private let condition = NSCondition()
        private var head = 0, count = 0
        private var stopping = false
        /// The next band of rows of the batch being run, for the workers to claim.
        private let nextBand = Atomic<Int>(0)

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

        /// The thread's loop: runs the calls given, batch by batch, until stopped with none left.
        func run() {
            while true {
                condition.lock()
                while count == 0 && !stopping {
                    condition.wait()
                }
                if count == 0 {
                    condition.unlock()
                    return
                }
                let first = head, given = count
                condition.unlock()
                var done = 0
                while done < given {
                    let n = batch(from: first + done, upTo: given - done)
                    runBatch(from: first + done, n)
                    for k in 0..<n { calls[(first + done + k) % calls.count].clear() }
                    condition.lock()
                    head = (head + n) % calls.count
                    count -= n
                    condition.broadcast()
                    condition.unlock()
                    done += n
                }
            }
        }

        /// How many of the `limit` calls from `first` (mod the ring) make one batch: up to
        /// the first that samples an image an earlier one draws into, or draws into one an
        /// earlier one samples. (A batch has few calls: a linear look at each is enough.)
        private func batch(from first: Int, upTo limit: Int) -> Int {
            for n in 1..<max(1, limit) {
                let call = calls[(first + n) % calls.count]
                for k in 0..<n {
                    let earlier = calls[(first + k) % calls.count]
                    if let sampled = call.sampled, sampled === earlier.target { return n }
                    if let target = call.target, target === earlier.sampled { return n }
                }
            }
            return limit
        }

        /// Runs the `n` calls from `first`: each made ready in order, then the bands of rows
        /// shared out among the workers, each band through every call.
        private func runBatch(from first: Int, _ n: Int) {
            var width = 0, height = 0, covers = 0, area = 0
            for k in 0..<n {
                let call = calls[(first + k) % calls.count]
                guard let target = call.target else { continue }
                (width, height) = (max(width, target.width), max(height, target.height))
                covers = max(covers, call.covers.count)
                area += call.reach
            }
            let workers = area >= rasterizer.parallelArea ? max(1, rasterizer.threads) : 1
            let scratch = rasterizer.reserve(workers: workers, width: width, covers: covers)
            for k in 0..<n { calls[(first + k) % calls.count].prepare(rasterizer, scratch: scratch) }
            let band = rasterizer.bandRows, bands = (height + band - 1) / band
            nextBand.store(0, ordering: .relaxed)
            if workers == 1 {
                runBands(first, n, bands: bands, band: band, slot: 0)
            } else {
                DispatchQueue.concurrentPerform(iterations: workers) { runBands(first, n, bands: bands, band: band, slot: $0) }
            }
        }

        /// A worker's part of `runBatch`: the next band not yet taken through each call, until none is left.
        private func runBands(_ first: Int, _ n: Int, bands: Int, band: Int, slot: Int) {
            while true {
                let b = nextBand.wrappingAdd(1, ordering: .relaxed).oldValue
                guard b < bands else { return }
                for k in 0..<n { calls[(first + k) % calls.count].run(rows: (b * band)..<((b + 1) * band), slot: slot, rasterizer) }
            }
        }
    }
}
