import Foundation
import Segue
import SegueDemos
import SegueSDL
import SegueStudio

/// `segue render`: one frame of a transition, headless, to a PNG.
@MainActor
struct RenderCommand {
    var transition: String
    var operation: TransitionContext.Operation
    var progress: Double
    var out: String
    var curve: TimingCurve?
    var size = Size(width: 375, height: 667)
    var scale = 1.0
    var fromImage: String?
    var toImage: String?
    var renderer = Renderer.Kind.raster

    /// Reads and validates every option; throws `UsageError` on the first problem.
    init(_ args: [String]) throws {
        var a = Arguments(args)
        guard let t = try a.value("--transition") else { throw UsageError("render needs --transition (\(DemoCatalog.names.joined(separator: ", ")))") }
        guard DemoCatalog.names.contains(t) else {
            throw UsageError("unknown transition '\(t)' (one of: \(DemoCatalog.names.joined(separator: ", ")))")
        }
        transition = t
        guard let op = try a.value("--operation") else { throw UsageError("render needs --operation") }
        let ops = DemoCatalog.make(t, screenSize: Size(width: 100, height: 100))?.operations ?? []
        guard let parsed = TransitionContext.Operation(rawValue: op), ops.contains(parsed) else {
            throw UsageError("unknown operation '\(op)' for \(t) (one of: \(ops.map(\.rawValue).joined(separator: ", ")))")
        }
        operation = parsed
        guard let p = try a.value("--progress") else { throw UsageError("render needs --progress (0…1)") }
        progress = try Arguments.number(p, "--progress", in: 0...1)
        guard let o = try a.value("--out") else { throw UsageError("render needs --out FILE.png") }
        guard !o.isEmpty else { throw UsageError("--out must name a file") }
        if let reason = ImageFile.unwritableReason(o) { throw UsageError("cannot write --out '\(o)': \(reason)") }
        out = o
        curve = try a.value("--curve").map(Arguments.curve)
        if let s = try a.value("--size") { size = try Arguments.size(s, "--size") }
        if let s = try a.value("--scale") { scale = try Arguments.number(s, "--scale", in: 0.1...8) }
        fromImage = try a.value("--from")
        toImage = try a.value("--to")
        renderer = try Renderer.Kind.read(&a)
        try a.finish()
        let (w, h) = pixelSize
        guard w >= 1, h >= 1, w <= ImageFile.maxSide, h <= ImageFile.maxSide else {
            throw UsageError("the frame would be \(w)×\(h) pixels; from 1 to \(ImageFile.maxSide) a side")
        }
    }

    var pixelSize: (Int, Int) { (Int((size.width * scale).rounded()), Int((size.height * scale).rounded())) }

    func run() throws {
        let platform = try Platform(headless: true)
        let (w, h) = pixelSize
        let canvas = try OffscreenCanvas(platform: platform, width: w, height: h, assetsDirectory: try Assets.directory(), kind: renderer)
        guard let demo = DemoCatalog.make(transition, screenSize: size) else { return }
        try canvas.drawer.textures.registerAssets(demo.images)
        if let curve { demo.curve = curve }
        let screens = demo.screens(for: operation)
        for (path, vc, role) in [(fromImage, screens.from, "from"), (toImage, screens.to, "to")] {
            guard let path else { continue }
            do {
                demo.replaceContent(of: vc, with: try canvas.drawer.textures.registerImage(id: "\(role)-screen", path: path))
            } catch let e as SDLError {
                throw UsageError("--\(role): \(e.message)")
            }
        }
        let list = try demo.frame(of: operation, atProgress: progress, scale: scale)
        let pixels = try canvas.render(list, pixelScale: scale)
        do {
            try ImageFile.writePNG(pixels, width: w, height: h, to: out)
        } catch let e as SDLError {
            throw UsageError(e.message)
        }
    }
}

