import SegueSDL
import SegueStudio

extension Renderer.Kind {
    /// The engine `--renderer NAME` asks for; Segue's rasterizer when the option is absent.
    static func read(_ a: inout Arguments) throws -> Renderer.Kind {
        guard let name = try a.value("--renderer") else { return .raster }
        guard let kind = Renderer.Kind(rawValue: name) else {
            throw UsageError("unknown renderer '\(name)' (one of: \(Renderer.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return kind
    }
}
