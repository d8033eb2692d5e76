import Foundation
import Segue
import SegueCommandLine
import SegueDemos
import SegueSDL
import SegueStudio
import SegueProcess
import SegueRender

/// `segue render`: one frame of a transition, headless, to a PNG.
struct RenderCommand {
    static let transition = Option<String>.text(
        "--transition", "NAME", help: DemoCatalog.names.joined(separator: " | ") + " or any name `segue catalog` lists (or --transition-file)")
    static let transitionFile = Option<String>.text("--transition-file", "FILE", help: """
        instead of --transition: the transition in FILE (format 1, see `segue check`), between \
        the flip demo's two screens; --operation present | dismiss
        """)
    static let operation = Option<TransitionContext.Operation>(
        "--operation", "OP", help: "present | dismiss (push | pop for magicmove)") { text in
        guard let op = TransitionContext.Operation(rawValue: text) else { throw UsageError("unknown operation \(Echo.quoted(text))") }
        return op
    }
    static let progress = Option.number("--progress", "P", in: 0...1, help: "0…1 of the animation's time")
    static let out = Option<String>.text("--out", "FILE.png", help: """
        where to write the PNG: written whole or not at all (an existing file is replaced only \
        by a complete one); it must be a regular file or not exist yet
        """)
    static let size = Option<Size>.size("--size", help: "the screen in points, 1…10000 a side (default: 375x667)")
    static let scale = Option.number("--scale", "S", in: 0.1...8, help: "pixels per point, 0.1…8 (default: 1)")
    static let onion = Option<Int>.whole("--onion", "N", in: OnionSkin.counts, help: """
        the onion skin under the frame: the transition also at N moments before and N after, \
        1/15 s of its timeline apart, fading with distance, earlier ones tinted cool, later warm
        """)

    static var required: [OptionSpec] { [transition.spec, operation.spec, progress.spec, out.spec] }
    /// Besides the tuning the app takes (`--duration`, `--curve`, `--perspective`…, from the
    /// parameter table).
    static var optional: [OptionSpec] {
        [transitionFile.spec, size.spec, scale.spec, SessionOptions.fromOption.spec, SessionOptions.toOption.spec, onion.spec, Renderer.Kind.option.spec] + Parameter.allCases.map(\.spec.option)
    }

    /// What is rendered: a demo's transition, or a file's.
    var transition: StageEntry
    var operation: TransitionContext.Operation
    var progress: Double
    var out: String
    /// The tuning given, as the app takes it (`SessionOptions.tuning`).
    var tuning = SessionOptions()
    var size: Size
    var scale: Double
    /// Pictures as the base and modal screens (`--from`, `--to`), header-checked.
    var screens: ScreenSequence?
    /// Ghosts each side of the frame (0: none).
    var onion = 0
    var renderer: Renderer.Kind

    /// Reads and validates every option, and the headers of the images; throws
    /// `UsageError` on the first problem, before anything is drawn or written.
    @MainActor init(_ args: [String], lineup: Lineup) throws {
        let a = try Arguments(args, options: Self.required + Self.optional)
        if let path = try a.value(Self.transitionFile) {
            guard !a.has(Self.transition) else { throw UsageError("render takes --transition or --transition-file, not both") }
            let file = WatchedTransitionFile(path: path)
            if case .failed(let problem)? = file.poll() { throw UsageError(problem) }
            transition = .file(file)
        } else {
            transition = try lineup.entry(named: try a.required(Self.transition, by: "render"), what: "transition")
        }
        let op = try a.required(Self.operation, by: "render")
        let probe = transition.makeDemo(screenSize: Size(width: 100, height: 100))
        let ops = probe?.operations ?? []
        guard ops.contains(op) else {
            throw UsageError("unknown operation \(Echo.quoted(op.rawValue)) for \(transition.name) (one of: \(ops.map(\.rawValue).joined(separator: ", ")))")
        }
        operation = op
        progress = try a.required(Self.progress, by: "render")
        out = try OutputFile.target(try a.required(Self.out, by: "render"), for: "--out", kind: "png")
        tuning.tuning = try SessionOptions.tuning(a)
        size = try a.value(Self.size) ?? Size(width: 375, height: 667)
        scale = try a.value(Self.scale) ?? 1
        screens = try ScreenSequence.pair(from: try a.value(SessionOptions.fromOption), to: try a.value(SessionOptions.toOption))
        if screens != nil, probe?.showsPictures == false {
            throw UsageError("--from and --to are a modal transition's two screens; \(transition.name) keeps its own")
        }
        renderer = try a.value(Renderer.Kind.option) ?? .raster
        onion = try a.value(Self.onion) ?? 0
        a.checkEveryOptionRead()
        let (w, h) = pixelSize
        guard w >= 1, h >= 1, w <= ImageFile.maxSide, h <= ImageFile.maxSide else {
            throw UsageError("the frame would be \(w)×\(h) pixels; from 1 to \(ImageFile.maxSide) a side")
        }
    }

    var pixelSize: (Int, Int) { (Int((size.width * scale).rounded()), Int((size.height * scale).rounded())) }

    /// Draws and writes the frame; a signal stops it between stages (and inside the PNG
    /// encoder), leaving nothing behind.
    @MainActor func run() throws {
        let platform = try Platform(headless: true)
        let (w, h) = pixelSize
        let canvas = try OffscreenCanvas(platform: platform, width: w, height: h, assetsDirectory: try Assets.directory(), kind: renderer)
        guard let demo = transition.makeDemo(screenSize: size) else { return }
        if let screens { demo.show(screens.pair(0)) }
        var shown = ShownScreenTextures()
        try shown.show(0, of: screens, on: canvas.drawer.textures)
        try canvas.drawer.textures.registerAssets(demo.images)
        demo.parameters = tuning.applied(to: demo.parameters)
        try Interruption.check()
        var list = try demo.frame(of: operation, atProgress: progress, scale: scale)
        OnionSkin(count: onion).compose(demo.window, scale: scale, offset: .zero, into: &list)
        let pixels = try canvas.render(list, pixelScale: scale)
        try Interruption.check()
        try ImageFile.writePNG(pixels, width: w, height: h, to: out)
    }
}
