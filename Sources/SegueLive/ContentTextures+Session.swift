import SegueDemos
import SegueProcess
import SegueRender
import SegueStudio

/// The textures of the pictures a session's screens show (`--from`/`--to`, `--screens`):
/// only the pair shown is loaded, the one shown before let go — a folder of a thousand
/// screenshots costs two of them.
struct ShownScreenTextures {
    private var loaded: [ScreenPicture] = []

    /// Loads what `pair` of `screens` shows into `textures` and lets go of what was shown
    /// before. A picture whose header read but whose data does not decode is bad input: a
    /// `UsageError` naming its option and the file as the user gave it (the working folder is
    /// the one it was given in).
    mutating func show(_ pair: Int, of screens: ScreenSequence?, on textures: ContentTextures) throws {
        let shown = screens.map { s in [s.pair(pair).base, s.pair(pair).modal].compactMap { $0 } } ?? []
        for picture in loaded where !shown.contains(picture) { textures.forgetImage(id: picture.id) }
        for picture in shown where !loaded.contains(picture) {
            try Interruption.check()
            do {
                _ = try textures.registerImage(id: picture.id, path: picture.given)
            } catch let e as RenderError {
                throw UsageError("\(screens!.option(for: picture)): \(e.message)")
            }
        }
        loaded = shown
    }
}

extension ContentTextures {
    /// Text measured as these textures lay it out (`width(of:fontSize:weight:)`), estimated
    /// where the font engine cannot say.
    @MainActor var textFit: TextFit {
        TextFit { [self] text, size, weight, scale in
            width(of: text, fontSize: size, weight: weight, scale: scale) ?? TextFit.estimate.measure(text, size, weight, scale)
        }
    }
}
