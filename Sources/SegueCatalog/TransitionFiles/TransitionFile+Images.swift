/// The pictures a file's layers show (format 2's `"source": "image"`).
extension TransitionFile {
    /// Every picture's path, as the file gives it, with its place (`layers[2].image`), in
    /// the file's order (the dismiss's after the present's).
    public var images: [(place: String, path: String)] {
        func of(_ layers: [LayerSpec], _ prefix: String) -> [(place: String, path: String)] {
            layers.enumerated().compactMap { i, layer in
                if case .image(let path) = layer.source { return ("\(prefix)[\(i)].image", path) }
                return nil
            }
        }
        return of(layers, "layers") + of(dismiss?.layers ?? [], "dismiss.layers")
    }

    /// `path` as found from a file in `folder`: itself when absolute.
    public static func resolve(_ path: String, from folder: String) -> String {
        path.hasPrefix("/") ? path : (folder.isEmpty ? path : folder + "/" + path)
    }

    /// The file with each picture's path resolved from `folder` (the file's own).
    public func resolvingImages(from folder: String) -> TransitionFile {
        func resolved(_ layers: [LayerSpec]) -> [LayerSpec] {
            layers.map { layer in
                var l = layer
                if case .image(let path) = layer.source { l.source = .image(Self.resolve(path, from: folder)) }
                return l
            }
        }
        var out = self
        out.layers = resolved(layers)
        out.dismiss?.layers = resolved(dismiss?.layers ?? [])
        return out
    }

    /// The contents id a picture at `path` (resolved) is drawn under.
    public static func imageID(_ path: String) -> String { "file-image:" + path }
}
