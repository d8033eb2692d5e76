import SegueProcess
import SegueRender
import SegueStudio

extension ContentTextures {
    /// Decodes the pictures of `screens` now, before anything is drawn: one whose header read
    /// but whose data does not is bad input, a `UsageError` naming its option and the file as
    /// the user gave it (the working folder is the one it was given in).
    func register(_ screens: ScreenSequence?) throws {
        guard let screens else { return }
        for (i, picture) in screens.pictures.enumerated() {
            guard let picture else { continue }
            try Interruption.check()
            do {
                _ = try registerImage(id: picture.id, path: picture.given)
            } catch let e as RenderError {
                throw UsageError("\(screens.option(ofPicture: i)): \(e.message)")
            }
        }
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
