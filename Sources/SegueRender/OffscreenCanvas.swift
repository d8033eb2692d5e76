import Segue
import SegueProcess

/// Renders display lists into an exact-size RGBA image without showing anything: a target
/// texture of a renderer (Segue's rasterizer in memory, or a platform's engine on a hidden
/// window), or two in turn for frames drawn back to back (`renderAhead`).
package final class OffscreenCanvas {
    package let width: Int
    package let height: Int
    package let drawer: DisplayListRenderer
    private let target: Texture
    /// The target frames drawn ahead (`renderAhead`) take turns with `target` in, made at the
    /// first where the engine draws ahead (and kept: a texture made puts a kept frame out of
    /// date); nil while none could be had, and frames are drawn one at a time.
    private var second: Texture?
    /// The frame drawn ahead and not yet handed over: its target and the mark of its drawing.
    private var ahead: (target: Texture, fence: Int)?

    /// A canvas of `width` × `height` pixels drawn by `renderer`, its images and fonts read
    /// from `assetsDirectory` through `decoders` (none: PNG only, no text).
    package init(renderer: Renderer, width: Int, height: Int, assetsDirectory: String, decoders: (any ContentDecoders)?) throws {
        guard width > 0, height > 0, width <= ImageFile.maxSide, height <= ImageFile.maxSide else {
            throw RenderError("canvas \(width)×\(height) pixels is out of range (1…\(ImageFile.maxSide) a side)")
        }
        self.width = width
        self.height = height
        target = try renderer.makeTargetTexture(width: width, height: height)
        try renderer.setTarget(target)
        drawer = DisplayListRenderer(renderer: renderer, textures: ContentTextures(renderer: renderer, assetsDirectory: assetsDirectory,
                                                                                   decoders: decoders))
    }

    /// A canvas drawn by Segue's rasterizer in memory: no platform, no display.
    package convenience init(width: Int, height: Int, assetsDirectory: String, decoders: (any ContentDecoders)? = nil) throws {
        try self.init(renderer: .offscreen(width: 1, height: 1), width: width, height: height, assetsDirectory: assetsDirectory,
                      decoders: decoders)
    }

    package var renderer: Renderer { drawer.renderer }

    /// Clears to `background`, draws `list` — limited to `clip` (pixels) when given — then
    /// `overlay` over it unclipped at `overlayScale` (a window's HUD), and reads the pixels
    /// back; throws `Interrupted` when a signal came meanwhile.
    package func render(_ list: DisplayList, pixelScale: Double, clip: Rect? = nil, overlay: DisplayList? = nil,
                        overlayScale: Double = 1, background: Color = .black) throws -> [UInt8] {
        try render([list], clips: [clip], pixelScale: pixelScale, overlay: overlay, overlayScale: overlayScale, background: background)
    }

    /// `render` of several lists, each limited to its clip (the screens of a split stage).
    package func render(_ lists: [DisplayList], clips: [Rect?], pixelScale: Double, overlay: DisplayList? = nil,
                        overlayScale: Double = 1, background: Color = .black) throws -> [UInt8] {
        precondition(ahead == nil, "a frame drawn ahead not handed over yet (finishAhead)")
        try draw(lists, clips: clips, pixelScale: pixelScale, overlay: overlay, overlayScale: overlayScale, background: background,
                 into: target)
        return try readBack(.whole)
    }

    /// `readback` of the frame just drawn into the current target, once finished.
    private func readBack(_ readback: Readback) throws -> [UInt8] {
        let pixels = try readback == .whole ? renderer.readPixels().rgba : renderer.readPixel()
        // (Again after the read-back, which waits for the calls still drawing: one stopped by
        // a signal meanwhile left the frame unfinished.)
        try Interruption.check()
        return pixels
    }

    /// Clears `into` to `background` and draws the lists into it, as `render` does.
    private func draw(_ lists: [DisplayList], clips: [Rect?], pixelScale: Double, overlay: DisplayList?, overlayScale: Double,
                      background: Color, into texture: Texture) throws {
        precondition(lists.count == clips.count, "one clip per list")
        if renderer.target !== texture { try renderer.setTarget(texture) }
        renderer.clear(background)
        drawer.draw(lists, clips: clips, pixelScale: pixelScale, overlay: overlay, overlayScale: overlayScale)
        drawer.textures.endFrame()
        // A signal that came while drawing (which then stopped) ends it here, before the
        // read-back of what may be 8192² pixels.
        try Interruption.check()
    }

    /// What `renderAhead` reads back of a frame.
    package enum Readback {
        /// Every pixel, RGBA, as `render` returns them.
        case whole
        /// The top-left pixel alone: the frame finished, for a caller that times frames.
        case onePixel
    }

    /// `render` for frames drawn back to back: each is drawn while the caller goes on (to
    /// compose the next), into one of two targets in turn, and read back once the next one
    /// has been given — `take` is handed the frame before this one (none the first time;
    /// the last by `finishAhead`), so frames are handed over in order, each once. Where the
    /// engine draws each frame before the call returns (SDL's), or memory for a second
    /// target cannot be had, `take` is handed this one. Throws `Interrupted` when a signal
    /// came meanwhile; after a throw (there, or from `take`) no frame waits to be handed over.
    package func renderAhead(_ lists: [DisplayList], clips: [Rect?], pixelScale: Double, overlay: DisplayList? = nil,
                             overlayScale: Double = 1, background: Color = .black, reading readback: Readback = .whole,
                             take: ([UInt8]) throws -> Void) throws {
        if second == nil, renderer.drawsAhead { second = try? renderer.makeTargetTexture(width: width, height: height) }
        guard let second else {
            try draw(lists, clips: clips, pixelScale: pixelScale, overlay: overlay, overlayScale: overlayScale, background: background,
                     into: target)
            try take(readBack(readback))
            return
        }
        let before = ahead
        ahead = nil
        let into = before?.target === target ? second : target
        try draw(lists, clips: clips, pixelScale: pixelScale, overlay: overlay, overlayScale: overlayScale, background: background,
                 into: into)
        // (A canvas with a second target draws ahead: its renderer gives fences.)
        let drawn = (target: into, fence: renderer.fence()!)
        if let before { try take(read(before, readback)) }
        ahead = drawn
    }

    /// Hands `take` the last frame `renderAhead` drew, once finished (nothing where none
    /// waits), and draws into the first target again.
    package func finishAhead(reading readback: Readback = .whole, take: ([UInt8]) throws -> Void) throws {
        guard let last = ahead else { return }
        ahead = nil
        let pixels = try read(last, readback)
        if renderer.target !== target { try renderer.setTarget(target) }
        try take(pixels)
    }

    /// The pixels of a frame drawn ahead, once finished.
    private func read(_ frame: (target: Texture, fence: Int), _ readback: Readback) throws -> [UInt8] {
        let pixels = renderer.read(readback == .whole ? PixelRect(x0: 0, y0: 0, x1: width, y1: height) : PixelRect(x0: 0, y0: 0, x1: 1, y1: 1),
                                   of: frame.target, after: frame.fence)
        // A signal that came while it was drawn (which then stopped) leaves it unfinished.
        try Interruption.check()
        return pixels
    }
}
