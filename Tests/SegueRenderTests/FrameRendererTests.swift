import Foundation
import Segue
@testable import SegueRender
import Testing

/// `FrameRenderer`: a window's frame as pixels with the model and the render stages alone.
@MainActor
struct FrameRendererTests {
    /// RGBA of pixel (x, y) of a frame `width` wide.
    func pixel(_ rgba: [UInt8], _ width: Int, _ x: Int, _ y: Int) -> [UInt8] {
        Array(rgba[(y * width + x) * 4..<(y * width + x) * 4 + 4])
    }

    /// A 40 × 30 window, red, its left half a blue view.
    func window() -> (Window, View) {
        let window = Window(size: Size(width: 40, height: 30))
        window.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let half = View(frame: Rect(x: 0, y: 0, width: 20, height: 30))
        half.backgroundColor = Color(red: 0, green: 0, blue: 1)
        window.addSubview(half)
        return (window, half)
    }

    /// A frame written as a PNG reads back texel for pixel; a frame of another size, or a
    /// folder for a path, is one error and nothing written.
    @Test func aFrameIsWrittenAsAPNG() throws {
        let (w, _) = window()
        let renderer = try FrameRenderer(width: 40, height: 30)
        let rgba = try renderer.render(w)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-png-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try renderer.writePNG(rgba, to: dir + "/frame.png")
        let back = try ImageFile.readRGBA(dir + "/frame.png")
        #expect(back.width == 40 && back.height == 30 && back.rgba == rgba)
        #expect(throws: RenderError.self) { try renderer.writePNG(Array(rgba.dropLast(4)), to: dir + "/short.png") }
        #expect(throws: RenderError.self) { try renderer.writePNG(rgba, to: dir) }
        #expect(!FileManager.default.fileExists(atPath: dir + "/short.png"))
    }

    @Test func viewsArePaintedWhereTheyAre() throws {
        let (window, _) = window()
        let frame = try FrameRenderer(width: 40, height: 30).render(window)
        #expect(frame.count == 40 * 30 * 4)
        #expect(pixel(frame, 40, 5, 5) == [0, 0, 255, 255])
        #expect(pixel(frame, 40, 19, 29) == [0, 0, 255, 255])
        #expect(pixel(frame, 40, 20, 0) == [255, 0, 0, 255])
        #expect(pixel(frame, 40, 39, 29) == [255, 0, 0, 255])
    }

    /// Twice the points: the blue half covers pixels 0…39 of 80.
    @Test func aPixelScaleScalesTheFrame() throws {
        let (window, _) = window()
        let frame = try FrameRenderer(width: 80, height: 60).render(window, pixelScale: 2)
        #expect(pixel(frame, 80, 39, 59) == [0, 0, 255, 255])
        #expect(pixel(frame, 80, 40, 0) == [255, 0, 0, 255])
    }

    /// The frame shows the window's time: half-way through a linear fade of the blue view,
    /// blue at half opacity over red, (127.5, 0, 127.5) rounded either way.
    @Test func theFrameIsTheWindowsTime() throws {
        let (window, half) = window()
        window.advance(to: 0)
        View.animate(withDuration: 1, curve: .linear, animations: { half.alpha = 0 })
        window.advance(to: 0.5)
        let renderer = try FrameRenderer(width: 40, height: 30)
        let p = pixel(try renderer.render(window), 40, 5, 5)
        #expect((127...128).contains(p[0]) && p[1] == 0 && (127...128).contains(p[2]) && p[3] == 255, "\(p)")
        window.advance(to: 1)
        #expect(pixel(try renderer.render(window), 40, 5, 5) == [255, 0, 0, 255])
    }

    /// A 2 × 2 PNG shown pixel for pixel comes back texel for texel.
    @Test func aPNGIsDrawnTexelForTexel() throws {
        let path = NSTemporaryDirectory() + "segue-frame-renderer-\(getpid()).png"
        defer { unlink(path) }
        let texels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
        try ImageFile.writePNG(texels, width: 2, height: 2, to: path)
        let window = Window(size: Size(width: 2, height: 2))
        let renderer = try FrameRenderer(width: 2, height: 2)
        window.addSubview(ImageView(frame: Rect(x: 0, y: 0, width: 2, height: 2), image: try renderer.registerImage(id: "quad", path: path)))
        #expect(try renderer.render(window) == texels)
    }

    @Test func badInputIsOneLineNamingIt() throws {
        #expect(throws: RenderError.self) { try FrameRenderer(width: 0, height: 10) }
        #expect(throws: RenderError.self) { try FrameRenderer(width: 10, height: 8193) }
        let renderer = try FrameRenderer(width: 4, height: 4)
        let jpeg = NSTemporaryDirectory() + "segue-frame-renderer-\(getpid()).jpg"
        defer { unlink(jpeg) }
        let header: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
                               0x00, 0x00, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x10, 0x00, 0x10, 0x01, 0x01, 0x11, 0x00, 0xFF, 0xD9]
        FileManager.default.createFile(atPath: jpeg, contents: Data(header))
        do {
            _ = try renderer.registerImage(id: "j", path: jpeg)
            Issue.record("a JPEG was read without a platform's decoder")
        } catch let e as RenderError {
            #expect(e.message.contains("JPEG needs the platform's decoder") && !e.message.contains("\n"))
        }
        do {
            _ = try renderer.registerImage(id: "m", path: "/nonexistent/picture.png")
            Issue.record("a missing file was read")
        } catch let e as RenderError {
            #expect(e.message == "cannot read image '/nonexistent/picture.png': no such readable file")
        }
    }

    /// Without a font engine text is left out, and nothing else changes.
    @Test func textWithoutAFontEngineIsLeftOut() throws {
        let (window, _) = window()
        let before = try FrameRenderer(width: 40, height: 30).render(window)
        window.addSubview(Label(frame: Rect(x: 0, y: 0, width: 40, height: 30),
                                text: TextContent("Hello", fontSize: 20, color: .white)))
        #expect(try FrameRenderer(width: 40, height: 30).render(window) == before)
    }
}
