import Foundation
import Synchronization
import SegueProcess

/// Runs a `Rasterizer`'s draw calls, fills and copies on a thread of its own, in the order
/// given, so that the caller prepares the next call (tessellates, shades, finds covers)
/// meanwhile.
///
/// The calls are run in batches, a band of rows at a time: each worker (the pipeline's thread
/// and its helper threads, one a processor) takes the next band and runs every call of the
/// batch on it, in order, before taking another; the bands shrink as the rows run out. A band stays in
/// the processor's cache from one call to the next (a 1280 × 800 frame does not fit: each
/// call that paints it whole went out to memory and back), the bands are shared out as the
/// workers come free, and the workers start once a batch, not once a call. A batch is what
/// was given by the time the thread comes free (so drawing starts with the first call,
/// while the caller prepares the rest), up to the first call that samples an image an
/// earlier one of it draws into, or draws into one an earlier one samples: that call starts
/// the next batch (a copy reads the same rows it writes) — and up to the first fence taken
/// (`fence()`), so that the calls before it are done before any after it. A thread of the
/// pipeline with nothing to do looks for its work a moment before it sleeps, while its waits
/// have been short (`Spinner`): between the batches of frames drawn back to back, a wake-up
/// would cost as much again as the gap.
///
/// Each call's buffers are copied when it is given, into memory kept between calls (nothing
/// is allocated once it has grown), so the caller may reuse its own at once. The images a
/// call reads or writes are held until it has run; nobody else may touch their pixels
/// meanwhile: `wait()` before reading or showing a target, or writing into an image a call
/// may sample — or `wait(for:)` a fence taken after the calls that drew into a target, to
/// read it while later calls draw into others. At most `depth` calls wait; giving one more
/// waits for room. Calls are given from one thread (the renderer's); the arguments are
/// checked there, as `Rasterizer.draw` checks them. Everything the threads share is
/// `Sendable`, checked by the compiler: a call's buffers and images, the ring's counters
/// behind a lock, the memory the workers are handed (`RasterMemory`).
package final class RasterPipeline {
    private let state: State

    /// Draws with a rasterizer of `settings`, its own, on its thread.
    package init(_ settings: Rasterizer.Settings = Rasterizer.Settings(), depth: Int = 32) {
        state = State(depth: max(1, depth))
        let state = self.state
        let thread = Thread { state.run(Rasterizer(settings)) }
        thread.name = "segue.raster"
        thread.qualityOfService = .userInteractive
        thread.start()
        for slot in 1..<max(1, settings.threads) {
            let helper = Thread { state.help(slot: slot) }
            helper.name = "segue.raster.\(slot)"
            helper.qualityOfService = .userInteractive
            helper.start()
        }
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
            call.set(.draw(texture: texture, blended: blended, edges: edges != nil, shades: shades != nil, clip: clip), into: target)
        }
    }

    /// Queues `RasterImage.fill` of `rect` of `target` with `argb`, but the pixels of `sparing`.
    package func fill(_ argb: UInt32, _ rect: PixelRect, sparing: CoveredPixels, into target: RasterImage) {
        state.give { call in
            call.keep(sparing)
            call.set(.fill(argb, rect), into: target)
        }
    }

    /// Queues `RasterImage.copy` of `rect` of `source` into `target`, but the pixels of
    /// `sparing`; only those of `blocks` where it is given.
    package func copy(from source: RasterImage, _ rect: PixelRect, sparing: CoveredPixels, within blocks: PixelBlocks? = nil,
                      into target: RasterImage) {
        state.give { call in
            call.keep(sparing)
            call.set(.copy(source, rect, within: blocks), into: target)
        }
    }

    /// Returns once every call given so far has run.
    package func wait() { state.waitForAll() }

    /// Takes a fence: a mark of the calls given so far, to wait for them alone (`wait(for:)`)
    /// while later ones run — how many have been given since the pipeline began. No batch
    /// holds calls from both sides of a fence (those before would be done only when those
    /// after are).
    package func fence() -> Int { state.takeFence() }

    /// Returns once every call given before `fence` was taken has run (those given since may
    /// still be running).
    package func wait(for fence: Int) { state.waitUntilRun(fence) }

    /// One queued call: its work, its target and copies of its buffers.
    private final class Call: Sendable {
        enum Work: Sendable {
            case none
            case draw(texture: RasterImage?, blended: Bool, edges: Bool, shades: Bool, clip: PixelRect)
            case fill(UInt32, PixelRect)
            case copy(RasterImage, PixelRect, within: PixelBlocks?)
        }

        /// The work made ready to run a band of rows at a time (`prepare`), with all it reads.
        enum Prepared: Sendable {
            case none
            case draw(Rasterizer.PreparedDraw)
            case fill(UInt32, PixelRect, into: RasterImage, sparing: CoveredPixels)
            case copy(RasterImage, PixelRect, within: PixelBlocks?, into: RasterImage, sparing: CoveredPixels)

            /// Runs rows `rows` of the work with scratch `slot`.
            func run(rows: Range<Int>, slot: Int, isCancelled: @Sendable () -> Bool) {
                switch self {
                case .none: break
                case .draw(let draw): draw.draw(rows: rows, slot: slot)
                case .fill(let argb, let clip, let target, let sparing):
                    target.fillRows(argb, clip, rows: rows, sparing: sparing, isCancelled: isCancelled)
                case .copy(let source, let clip, let blocks, let target, let sparing):
                    target.copyRows(from: source, clip, rows: rows, sparing: sparing, within: blocks, isCancelled: isCancelled)
                }
            }
        }

        private struct Given: Sendable {
            var work = Work.none
            var target: RasterImage?
        }

        private let given = Locked(Given())
        let vertices = RasterBuffer<RasterVertex>(), indices = RasterBuffer<Int32>(), lines = RasterBuffer<EdgeLine>()
        let ranges = RasterBuffer<Rasterizer.EdgeRange>(), shades = RasterBuffer<VertexShade>()
        let covers = RasterBuffer<CoveredPixels.Cover>(), runs = RasterBuffer<CoveredPixels.Run>()
        let plan = RasterBuffer<Rasterizer.Primitive>()

        func set(_ work: Work, into target: RasterImage) { given.withLock { $0 = Given(work: work, target: target) } }

        var target: RasterImage? { given.withLock { $0.target } }

        /// The image it samples anywhere (not row by row): a draw's texture.
        var sampled: RasterImage? {
            given.withLock {
                if case .draw(let texture, _, _, _, _) = $0.work { return texture }
                return nil
            }
        }

        var covered: CoveredPixels { CoveredPixels(covers: covers.values.buffer, runs: runs.values.buffer) }

        /// About how many pixels it may paint: a draw's `Rasterizer.reach`, or the rect, in
        /// the target and its clip (what `Rasterizer.draw` weighs against `parallelArea`).
        var reach: Int {
            let call = given.withLock { $0 }
            guard let target = call.target else { return 0 }
            switch call.work {
            case .none: return 0
            case .fill(_, let rect), .copy(_, let rect, _):
                let r = rect.intersection(target.bounds)
                return r.isEmpty ? 0 : (r.x1 - r.x0) * (r.y1 - r.y0)
            case .draw(_, _, _, _, let clip):
                let clip = clip.intersection(target.bounds)
                return clip.isEmpty ? 0 : Int(min(Rasterizer.reach(of: vertices.values.buffer, in: clip), 1e12))
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

        /// The work made ready (in order, before any band of its batch runs): a draw's plan
        /// and mip levels, an image's note of what is written; `scratch` is its batch's.
        func prepare(_ rasterizer: Rasterizer, scratch: Rasterizer.Scratch) -> Prepared {
            let call = given.withLock { $0 }
            guard let target = call.target else { return .none }
            let covered = covered
            switch call.work {
            case .none:
                return .none
            case .fill(let argb, let rect):
                return target.willFill(argb, rect, sparing: covered).map { .fill(argb, $0, into: target, sparing: covered) } ?? .none
            case .copy(let source, let rect, let blocks):
                return target.willCopy(from: source, rect).map { .copy(source, $0, within: blocks, into: target, sparing: covered) } ?? .none
            case .draw(let texture, let blended, let edges, let shaded, let clip):
                let clip = clip.intersection(target.bounds), indices = indices.values
                guard !clip.isEmpty, indices.count > 0 else { return .none }
                return .draw(rasterizer.prepare(vertices.values.buffer, indices.buffer,
                                                edges: edges ? Rasterizer.TriangleEdges(lines: lines.values.buffer, ranges: ranges.values.buffer) : nil,
                                                shades: shaded ? shades.values.buffer : nil, texture: texture, blended: blended, into: target,
                                                clip: clip, covered: covered, plan: plan.room(for: indices.count / 3), scratch: scratch))
            }
        }

        /// Lets go of the images and empties the buffers (keeping their memory).
        func clear() {
            given.withLock { $0 = Given() }
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
    /// (mod the ring) are given and not yet run; the thread runs them from `head`. The
    /// counters change only under `condition`'s lock (and their own).
    private final class State: Sendable {
        private struct Ring: Sendable {
            var head = 0, count = 0
            /// Calls given and run since the pipeline began.
            var given = 0, run = 0
            /// The fences taken that calls have not all run to yet, in order.
            var fences: [Int] = []
            var stopping = false
        }

        private let calls: [Call]
        private let condition = NSCondition()
        private let ring = Locked(Ring())
        /// The first row of the batch being run that no worker has claimed yet.
        private let nextRow = Atomic<Int>(0)
        /// The batch the helpers may join, and how many are at it.
        private let helping = Locked(Helping())
        private let helpers = NSCondition()

        /// A batch offered to the helper threads (`help`): its work, rows and workers, until
        /// the pipeline's thread has run out of bands and closes it.
        private struct Helping: Sendable {
            var work: RasterMemory<Call.Prepared>?
            var height = 0, band = 0, workers = 0
            var isCancelled: @Sendable () -> Bool = { false }
            /// Counts the batches offered, so a helper joins each once.
            var offered = 0
            /// Helpers running bands of the batch offered.
            var active = 0
            var stopping = false
        }

        init(depth: Int) {
            calls = (0..<depth).map { _ in Call() }
        }

        /// Waits until `ready` holds of the ring, then changes it by `change` and wakes
        /// whoever waits — or, where it only `reads`, wakes nobody: a woken thread that finds
        /// nothing changed has paid two trips through the kernel for it.
        private func when<T>(_ ready: (Ring) -> Bool, reads: Bool = false, _ change: (inout Ring) -> T) -> T {
            condition.lock()
            defer {
                if !reads { condition.broadcast() }
                condition.unlock()
            }
            while !ready(ring.withLock { $0 }) { condition.wait() }
            return ring.withLock { change(&$0) }
        }

        /// Fills the next free call by `fill` and hands it to the thread.
        func give(_ fill: (Call) -> Void) {
            let free = when({ $0.count < calls.count }, reads: true) { ($0.head + $0.count) % calls.count }
            // The thread never looks at a call before it is counted.
            fill(calls[free])
            when({ _ in true }) {
                $0.count += 1
                $0.given += 1
            }
        }

        func takeFence() -> Int {
            // (Nobody waits for a fence to be taken: no one is woken.)
            when({ _ in true }, reads: true) {
                if $0.given > max($0.run, $0.fences.last ?? 0) { $0.fences.append($0.given) }
                return $0.given
            }
        }

        func waitForAll() { when({ $0.count == 0 }, reads: true) { _ in } }

        func waitUntilRun(_ fence: Int) { when({ $0.run >= fence }, reads: true) { _ in } }

        func stop() {
            when({ _ in true }) { $0.stopping = true }
            helpers.lock()
            helping.withLock { $0.stopping = true }
            helpers.broadcast()
            helpers.unlock()
        }

        /// A helper thread's loop: joins each batch offered while it still has bands, with
        /// scratch `slot`, until stopped. (The pipeline's own helpers, not Dispatch's: a
        /// worker Dispatch wakes for `concurrentPerform` came, in about one batch of six, only
        /// once the pipeline's thread had run every band alone, a core idle meanwhile.)
        func help(slot: Int) {
            var seen = 0, spinner = Spinner()
            while true {
                spinner.begin { helping.withLock { $0.offered != seen || $0.stopping } }
                helpers.lock()
                var offer = helping.withLock { $0 }
                while offer.offered == seen && !offer.stopping {
                    helpers.wait()
                    offer = helping.withLock { $0 }
                }
                spinner.end()
                seen = offer.offered
                let joins = !offer.stopping && offer.work != nil && slot < offer.workers
                if joins { helping.withLock { $0.active += 1 } }
                helpers.unlock()
                if offer.stopping { return }
                guard joins, let work = offer.work else { continue }
                runBands(work, height: offer.height, band: offer.band, workers: offer.workers, slot: slot, isCancelled: offer.isCancelled)
                helpers.lock()
                helping.withLock { $0.active -= 1 }
                helpers.broadcast()
                helpers.unlock()
            }
        }

        /// Runs the bands of `work` on this thread (slot 0) and on the helpers that join
        /// before it is done, and returns once all of them are.
        private func runShared(_ work: RasterMemory<Call.Prepared>, height: Int, band: Int, workers: Int,
                               isCancelled: @escaping @Sendable () -> Bool) {
            helpers.lock()
            helping.withLock {
                ($0.work, $0.height, $0.band, $0.workers, $0.isCancelled) = (work, height, band, workers, isCancelled)
                $0.offered += 1
            }
            helpers.broadcast()
            helpers.unlock()
            runBands(work, height: height, band: band, workers: workers, slot: 0, isCancelled: isCancelled)
            // Closed: a helper woken from now on finds no work; those that joined finish.
            helpers.lock()
            helping.withLock { $0.work = nil }
            helpers.unlock()
            // (A band's time at most: it always looks first.)
            var spinner = Spinner()
            spinner.begin { helping.withLock { $0.active } == 0 }
            helpers.lock()
            while helping.withLock({ $0.active }) > 0 { helpers.wait() }
            helpers.unlock()
        }

        /// The thread's loop: runs the calls given, batch by batch, with `rasterizer`, until
        /// stopped with none left.
        func run(_ rasterizer: Rasterizer) {
            // The calls waiting, up to the first fence among them.
            func waiting(_ r: Ring) -> (Int, Int)? {
                r.count > 0 ? (r.head, r.fences.first.map { min(r.count, $0 - r.run) } ?? r.count) : nil
            }
            var spinner = Spinner()
            while true {
                spinner.begin { ring.withLock { $0.count > 0 || $0.stopping } }
                guard let (first, given) = when({ $0.count > 0 || $0.stopping }, reads: true, { waiting($0) }) else { return }
                spinner.end()
                var done = 0
                while done < given {
                    let n = batch(from: first + done, upTo: given - done)
                    runBatch(from: first + done, n, rasterizer)
                    for k in 0..<n { calls[(first + done + k) % calls.count].clear() }
                    when({ _ in true }) {
                        $0.head = ($0.head + n) % calls.count
                        $0.count -= n
                        $0.run += n
                        while let f = $0.fences.first, f <= $0.run { $0.fences.removeFirst() }
                    }
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
        private func runBatch(from first: Int, _ n: Int, _ rasterizer: Rasterizer) {
            var width = 0, height = 0, covers = 0, area = 0
            for k in 0..<n {
                let call = calls[(first + k) % calls.count]
                guard let target = call.target else { continue }
                (width, height) = (max(width, target.width), max(height, target.height))
                covers = max(covers, call.covers.count)
                area += call.reach
            }
            let settings = rasterizer.settings
            let workers = area >= settings.parallelArea ? max(1, settings.threads) : 1
            let scratch = rasterizer.reserve(workers: workers, width: width, covers: covers)
            let band = settings.bandRows
            withUnsafeTemporaryAllocation(of: Call.Prepared.self, capacity: n) { prepared in
                for k in 0..<n { prepared.initializeElement(at: k, to: calls[(first + k) % calls.count].prepare(rasterizer, scratch: scratch)) }
                defer { _ = prepared.deinitialize() }
                let work = RasterMemory(prepared)
                nextRow.store(0, ordering: .relaxed)
                if workers == 1 {
                    runBands(work, height: height, band: band, workers: 1, slot: 0, isCancelled: settings.isCancelled)
                } else {
                    runShared(work, height: height, band: band, workers: workers, isCancelled: settings.isCancelled)
                }
            }
        }

        /// A worker's part of `runBatch`: the next band not yet taken through each call of
        /// `work`, until none is left. A band is `band` rows while plenty remain and shrinks as
        /// they run out — the rows left over twice the workers, in steps of `band` / 4 rows,
        /// at least one step — so the workers finish together: the last band taken no longer
        /// keeps one busy while the others wait.
        private func runBands(_ work: RasterMemory<Call.Prepared>, height: Int, band: Int, workers: Int, slot: Int,
                              isCancelled: @Sendable () -> Bool) {
            let least = max(1, band / 4)
            var first = nextRow.load(ordering: .relaxed)
            while first < height {
                let share = (height - first) / (2 * workers)
                let rows = min(band, max(least, (share + least - 1) / least * least))
                let (taken, found) = nextRow.compareExchange(expected: first, desired: first + rows, ordering: .relaxed)
                guard taken else {
                    first = found
                    continue
                }
                for k in 0..<work.count { work[k].run(rows: first..<(first + rows), slot: slot, isCancelled: isCancelled) }
                first = nextRow.load(ordering: .relaxed)
            }
        }
    }
}
