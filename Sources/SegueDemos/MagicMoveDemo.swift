import Segue
import SegueCatalog

/// A picture of the magic-move demo: its image id (the platform loads
/// `Assets/Pictures/<id>.png`), title and caption.
package struct Photo: Sendable {
    package let id: String
    package let title: String
    package let caption: String
    /// The pictures' size in pixels.
    package static let pixelSize = Size(width: 480, height: 360)

    package var image: ImageContent { ImageContent(id: id, pixelSize: Self.pixelSize, gravity: .resizeAspectFill) }

    package static let all: [Photo] = [
        Photo(id: "photo-1", title: "Dawn", caption: "First light over the violet ridges, mirrored in a still lake."),
        Photo(id: "photo-2", title: "Noon", caption: "High sun over rolling green hills, the sky clear to the horizon."),
        Photo(id: "photo-3", title: "Sunset", caption: "The sun sinks behind the last ridge and sets the water alight."),
        Photo(id: "photo-4", title: "Night", caption: "A full moon and a sky of stars above the sleeping mountains."),
        Photo(id: "photo-5", title: "Dunes", caption: "Waves of sand roll toward a pale desert sky."),
        Photo(id: "photo-6", title: "Fjord", caption: "Grey peaks fold into a cold, bright fjord."),
    ]
}

/// A tappable picture with a caption under it.
@MainActor
final class PhotoCell: View {
    let photo: Photo
    let imageView: ImageView
    var onTap: (PhotoCell) -> Void = { _ in }

    init(photo: Photo, frame: Rect) {
        self.photo = photo
        let imageHeight = frame.height - 24
        imageView = ImageView(frame: Rect(x: 0, y: 0, width: frame.width, height: imageHeight), image: photo.image)
        imageView.layer.name = "\(photo.id)-image"
        imageView.isUserInteractionEnabled = false
        super.init(frame: frame, name: photo.id)
        addSubview(imageView)
        addSubview(Label(frame: Rect(x: 0, y: imageHeight + 4, width: frame.width, height: 20),
                         text: TextContent(photo.title, fontSize: 14, weight: .bold, color: Color(hex: 0x1F2937))))
    }

    override func didTap() { onTap(self) }
}

/// The grid of pictures; it remembers the cell tapped last as its shared element.
@MainActor
final class PhotoGridController: ViewController, SharedElementProviding {
    let size: Size
    private(set) var cells: [PhotoCell] = []
    var selected: PhotoCell?
    var onSelect: (Photo) -> Void = { _ in }

    init(size: Size) {
        self.size = size
        super.init(title: "Photos")
    }

    var sharedElement: View? { selected?.imageView }

    override func loadView() -> View {
        let root = View(frame: Rect(origin: .zero, size: size), name: "Photos")
        root.backgroundColor = .white
        let margin = 16.0, gap = 12.0, columns = 2.0
        let w = (size.width - 2 * margin - gap * (columns - 1)) / columns
        let h = w * 3 / 4 + 24
        for (i, photo) in Photo.all.enumerated() {
            let cell = PhotoCell(photo: photo, frame: Rect(x: margin + Double(i % 2) * (w + gap),
                                                           y: margin + Double(i / 2) * (h + gap), width: w, height: h))
            cell.onTap = { [weak self] cell in
                self?.selected = cell
                self?.onSelect(cell.photo)
            }
            cells.append(cell)
            root.addSubview(cell)
        }
        return root
    }

    func cell(for photo: Photo) -> PhotoCell? { cells.first { $0.photo.id == photo.id } }
}

/// A picture large, with its title and caption.
@MainActor
final class PhotoDetailController: ViewController, SharedElementProviding {
    let photo: Photo
    let size: Size
    private(set) var imageView: ImageView!

    init(photo: Photo, size: Size) {
        self.photo = photo
        self.size = size
        super.init(title: photo.title)
    }

    var sharedElement: View? { imageView }

    override func loadView() -> View {
        let root = View(frame: Rect(origin: .zero, size: size), name: "Detail")
        root.backgroundColor = Color(hex: 0xF8FAFC)
        imageView = ImageView(frame: Rect(x: 0, y: 0, width: size.width, height: size.width * 3 / 4), image: photo.image)
        imageView.layer.name = "detail-image"
        root.addSubview(imageView)
        let y = size.width * 3 / 4 + 20
        root.addSubview(Label(frame: Rect(x: 20, y: y, width: size.width - 40, height: 36),
                              text: TextContent(photo.title, fontSize: 28, weight: .bold, color: Color(hex: 0x111827))))
        root.addSubview(Label(frame: Rect(x: 20, y: y + 48, width: size.width - 40, height: 120),
                              text: TextContent(photo.caption + " Drag from the left edge, or press Back, to return to the grid.",
                                                fontSize: 17, color: Color(hex: 0x374151))))
        return root
    }
}

/// The magic-move demo: a navigation stack over a grid of pictures; tapping one pushes its
/// detail screen with the picture flying into place, Back or a left-edge drag pops.
@MainActor
package final class MagicMoveDemo: Demo {
    package let name = "magicmove"
    package let operations: [TransitionContext.Operation] = [.push, .pop]
    package let hint = "Tap a picture to push its detail screen. Press Back, or drag from the left edge, to pop."
    package let window: Window
    package let navigation: NavigationController
    let grid: PhotoGridController
    package let transition: MagicMoveTransition
    /// The detail screen pushed next, or on the stack now.
    private var detail: PhotoDetailController

    package init(screenSize: Size) {
        window = Window(size: screenSize)
        let content = Size(width: screenSize.width, height: screenSize.height - NavigationController.barHeight)
        grid = PhotoGridController(size: content)
        detail = PhotoDetailController(photo: Photo.all[0], size: content)
        navigation = NavigationController(rootViewController: grid, size: screenSize)
        var pop: () -> Void = {}
        transition = MagicMoveTransition(window: window) { pop() }
        navigation.delegate = transition
        window.rootViewController = navigation
        pop = { [weak self] in self?.start(.pop) }
        grid.onSelect = { [weak self] photo in self?.push(photo, animated: true) }
        window.observeTransitions { [weak self] event in
            if case .ended = event { self?.settle() }
        }
        settle()
    }

    /// Enables the pop drag only where there is something to pop.
    private func settle() {
        transition.popInteraction.recognizer.isEnabled = navigation.viewControllers.count > 1
    }

    private func push(_ photo: Photo, animated: Bool) {
        guard !window.isTransitioning, navigation.viewControllers.count == 1 else { return }
        if detail.photo.id != photo.id { detail = PhotoDetailController(photo: photo, size: grid.size) }
        grid.selected = grid.cell(for: photo)
        navigation.pushViewController(detail, animated: animated)
        if !animated { settle() }
    }

    package var interactions: [DragInteractionController] { transition.interactions }

    /// A spring drives this demo: its curve and perspective are not used.
    package var parameters: TransitionParameters {
        get { transition.parameters }
        set { transition.parameters = newValue }
    }

    package var defaultParameters: TransitionParameters { MagicMoveTransition.reference }

    package var dragPlan: (operation: TransitionContext.Operation, start: Point, full: Point) {
        (.pop, Point(x: 4, y: window.bounds.height / 2), Point(x: window.bounds.width, y: 0))
    }

    package func screens(for operation: TransitionContext.Operation) -> (from: ViewController, to: ViewController) {
        operation == .pop ? (detail, grid) : (grid, detail)
    }

    package func prepare(for operation: TransitionContext.Operation) {
        if operation == .pop { push(detail.photo, animated: false) }
    }

    package var nextOperation: TransitionContext.Operation? { navigation.viewControllers.count > 1 ? .pop : .push }

    package func start(_ operation: TransitionContext.Operation) {
        switch operation {
        case .push: push(detail.photo, animated: true)
        case .pop: navigation.popViewController(animated: true)
        case .present, .dismiss: break
        }
    }

    package var images: [(id: String, path: String)] { Photo.all.map { ($0.id, "Pictures/\($0.id).png") } }

    /// Keeps its own screens: a grid and a detail, not a base and a modal.
    package var showsPictures: Bool { false }
    package func show(_ pictures: ScreenPictures) {}

    package var targets: [(name: String, frame: Rect)] {
        var out: [(String, Rect)] = []
        if navigation.viewControllers.count == 1 {
            for cell in grid.cells {
                if let r = cell.convert(cell.bounds, to: nil) { out.append((cell.photo.id, r)) }
            }
        } else if let back = navigation.backButton, let r = back.convert(back.bounds, to: nil) {
            out.append(("back", r))
        }
        return out
    }
}
