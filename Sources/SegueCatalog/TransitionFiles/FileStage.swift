import Segue

/// A transition file's layers as views on a stage: what `FileAnimator` animates, and what a
/// `FilePresentationController` leaves at rest around a sheet.
@MainActor
enum FileStage {
    typealias Source = TransitionFile.LayerSpec.Source

    /// An empty stage over `bounds`, not touchable, its sublayers seen from `perspective`
    /// points (nil: none).
    static func make(_ name: String, bounds: Rect, perspective: Double?) -> View {
        let stage = View(frame: bounds, name: name)
        stage.isUserInteractionEnabled = false
        if let d = perspective { stage.layer.sublayerTransform = .makePerspective(distance: d) }
        return stage
    }

    /// Where each screen lies, in unit coordinates of the screen: the base all of it, the
    /// modal at the file's presentation frame (or all of it).
    static func places(_ file: TransitionFile) -> (base: Rect, modal: Rect) {
        let whole = Rect(x: 0, y: 0, width: 1, height: 1)
        return (whole, file.presentation?.frame ?? whole)
    }

    /// `rect` (unit coordinates of the screen) in unit coordinates of `place` (a part of it).
    static func within(_ rect: Rect, of place: Rect) -> Rect {
        Rect(x: (rect.minX - place.minX) / place.width, y: (rect.minY - place.minY) / place.height,
             width: rect.width / place.width, height: rect.height / place.height)
    }

    /// For each screen shown whole by exactly one of `layers` (a layer whose rect is the
    /// screen's place), that layer's index: it holds the real screen, so it draws exactly as
    /// the screen does.
    static func liveLayers(_ layers: [TransitionFile.LayerSpec], places: (base: Rect, modal: Rect)) -> [Source: Int] {
        var out: [Source: Int] = [:]
        for source in [Source.base, .modal] {
            let showing = layers.indices.filter { layers[$0].source == source }
            guard showing.count == 1, let i = showing.first else { continue }
            var unit = layers[i].rect, parent = layers[i].parent
            while let p = parent {
                unit = unit.within(layers[p].rect)
                parent = layers[p].parent
            }
            if unit == (source == .base ? places.base : places.modal) { out[source] = i }
        }
        return out
    }

    /// Adds a view for each of `layers` (first at the back) but those `skipping` and what
    /// rides on them, as it is at timeline `t`: a `live` layer holds its real screen (moved
    /// in, shown), the others show the screens' `shots` (each of its screen's place,
    /// `places`) cut to their rects. Returns each layer's view and tracks, nil where skipped.
    static func build(_ layers: [TransitionFile.LayerSpec], on stage: View, screens: (base: View, modal: View),
                      shots: (base: Snapshot, modal: Snapshot), places: (base: Rect, modal: Rect), live: [Source: Int],
                      at t: Double, skipping: Set<Int> = []) -> [(view: View, tracks: LayerTracks)?] {
        var built: [(view: View, tracks: LayerTracks)?] = []
        var unitRects: [Rect] = []
        for (i, spec) in layers.enumerated() {
            let unit = spec.rect.within(spec.parent.map { unitRects[$0] } ?? Rect(x: 0, y: 0, width: 1, height: 1))
            unitRects.append(unit)
            let parentView: View?
            if let p = spec.parent { parentView = built[p]?.view } else { parentView = stage }
            guard !skipping.contains(i), let parent = parentView else {
                built.append(nil)
                continue
            }
            let frame = spec.rect.within(parent.bounds)
            let v = View(frame: frame, name: spec.id ?? "layer \(i)")
            v.isUserInteractionEnabled = false
            // Setting the anchor moves the layer; its position moves with it, so it stays put.
            v.layer.anchorPoint = spec.anchor
            v.layer.position = Point(x: frame.minX + spec.anchor.x * frame.width, y: frame.minY + spec.anchor.y * frame.height)
            switch spec.source {
            case .base, .modal:
                let screen = spec.source == .base ? screens.base : screens.modal
                if live[spec.source] == i {
                    screen.removeFromSuperview()
                    screen.frame = v.bounds
                    screen.isHidden = false
                    v.addSubview(screen)
                } else {
                    v.layer.contents = .snapshot(spec.source == .base ? shots.base : shots.modal)
                    v.layer.contentsRect = within(unit, of: spec.source == .base ? places.base : places.modal)
                }
            case .color(let c):
                v.backgroundColor = c
            case .gradient(let g):
                v.layer.gradient = g
            case .image(let path):
                // Stretched over the rect (the platform loads it: `CustomTransition.images`).
                v.layer.contents = .image(ImageContent(id: TransitionFile.imageID(path), pixelSize: .zero))
            }
            let tracks = LayerTracks(spec, size: frame.size)
            v.layer.transform = tracks.transform(at: t)
            v.layer.opacity = tracks.opacity(at: t)
            v.layer.isDoubleSided = !spec.backfaceHidden
            if tracks.isRounded {
                // The layer and what rides on it are clipped to its rounded rect.
                v.layer.masksToBounds = true
                v.layer.cornerRadius = tracks.cornerRadius(at: t)
            }
            parent.addSubview(v)
            built.append((v, tracks))
        }
        return built
    }
}

/// A format-2 file's `presentation`: the presented screen rests at the file's frame with its
/// corner radius, live (taps and drags land on it); the presenting screen stays, and the
/// file's other layers hold their state at t = 1 around it (a dim, the base sunk back)
/// until the dismissal starts.
@MainActor
public final class FilePresentationController: PresentationController {
    /// The file whose `presentation` places the presented screen, its layers resting around it.
    public let file: TransitionFile
    /// The eye's distance the resting layers are seen from (the tuned one), nil for none.
    public let perspectiveDistance: Double?
    /// The resting layers, while the presentation is at rest.
    private var rest: View?

    /// Presents as `file` says, resting layers seen `perspectiveDistance` points away (nil: flat).
    public init(file: TransitionFile, presented: ViewController, presenting: ViewController, perspectiveDistance: Double?) {
        self.file = file
        self.perspectiveDistance = perspectiveDistance
        super.init(presentedViewController: presented, presenting: presenting)
    }

    public override var frameOfPresentedViewInContainerView: Rect {
        guard let bounds = containerView?.bounds else { return .zero }
        return file.presentation.map { $0.frame.within(bounds) } ?? bounds
    }

    public override var shouldRemovePresentersView: Bool { false }

    public override func presentationTransitionDidEnd(_ completed: Bool) {
        if completed { settle() }
    }

    public override func dismissalTransitionWillBegin() { unsettle() }

    public override func dismissalTransitionDidEnd(_ completed: Bool) {
        let presented = presentedViewController.view
        if completed {
            presented.layer.cornerRadius = 0
            presented.layer.masksToBounds = false
        } else {
            settle()
        }
    }

    /// The file's layers but the modal's (and what rides on them) at t = 1 behind the
    /// presented view, which rests at its frame, rounded, in front.
    private func settle() {
        guard let container = containerView, rest == nil else { return }
        let base = presentingViewController.view, modal = presentedViewController.view
        let modalLayers = Set(file.layers.indices.filter { i in
            var k: Int? = i
            while let j = k {
                if file.layers[j].source == .modal { return true }
                k = file.layers[j].parent
            }
            return false
        })
        let places = FileStage.places(file)
        let live = FileStage.liveLayers(file.layers, places: places).filter { $0.key == .base }
        let stage = FileStage.make("presentation \(file.name)", bounds: container.bounds,
                                   perspective: perspectiveDistance ?? file.perspective?.distance(for: container.bounds.size))
        container.addSubview(stage)
        _ = FileStage.build(file.layers, on: stage, screens: (base, modal), shots: (base.snapshot(), modal.snapshot()), places: places,
                            live: live, at: 1, skipping: modalLayers)
        // A presenting view no layer holds is not drawn (the layers show it as they will).
        if base.superview === container { base.isHidden = true }
        modal.removeFromSuperview()
        modal.frame = frameOfPresentedViewInContainerView
        modal.layer.cornerRadius = file.presentation?.cornerRadius ?? 0
        modal.layer.masksToBounds = modal.layer.cornerRadius > 0
        modal.isHidden = false
        container.addSubview(modal)
        rest = stage
    }

    /// The presenting view back in the container, whole and shown, and the resting layers gone.
    private func unsettle() {
        guard let container = containerView, let stage = rest else { return }
        let base = presentingViewController.view
        if base.superview !== container {
            base.removeFromSuperview()
            container.insertSubview(base, at: 0)
        }
        base.frame = container.bounds
        base.isHidden = false
        stage.removeFromSuperview()
        rest = nil
    }
}
