import SegueCommandLine
import SegueSDL

extension Renderer.Kind {
    /// `--renderer NAME`: what draws the frames; Segue's rasterizer when absent.
    static let option = Option<Renderer.Kind>.choice(
        "--renderer", "NAME", "renderer", Renderer.Kind.allCases.map { ($0.rawValue, $0) },
        help: "what draws the frames: raster (Segue's own rasterizer, the default, the fastest without "
            + "a GPU), opengl (SDL's OpenGL renderer) or software (SDL's software renderer); the HUD shows which")
}
