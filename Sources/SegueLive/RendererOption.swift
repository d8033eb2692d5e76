import SegueCommandLine
import SegueSDL
import SegueRender

extension Renderer.Kind {
    /// `--renderer NAME`: what draws the frames.
    static let option = Option<Renderer.Kind>.choice(
        "--renderer", "NAME", "renderer", Renderer.Kind.allCases.map { ($0.rawValue, $0) },
        help: "what draws the frames: auto (the app's default: OpenGL on a GPU, else raster), raster "
            + "(Segue's own rasterizer, the fastest without a GPU; render's default and headless replay's), "
            + "opengl (SDL's OpenGL renderer) or software (SDL's software renderer); the HUD and the ready "
            + "event say which and why")
}
