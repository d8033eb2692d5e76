import Foundation
import Testing
@testable import Segue
@testable import SegueCatalog
@testable import SegueDemos
@testable import SegueStudio
import SegueRender

/// Format 2's pictures (`"source": "image"`): a PNG beside the file, header-checked when the
/// file loads, stretched over its layer's rect in the frames drawn.
@MainActor @Suite struct ImageLayerTests {
    func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-image-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static let file = #"""
        {"format": 2, "name": "framed", "duration": 1, "curve": "linear",
         "layers": [{"source": "base"}, {"source": "image", "image": "green.png", "rect": [0.25, 0.25, 0.5, 0.5]}]}
        """#

    @Test func aPictureBesideTheFileIsDrawnOverItsRect() throws {
        let dir = try folder()
        // 4 × 4 opaque green.
        try ImageFile.writePNG([UInt8](repeating: 0, count: 64).enumerated().map { $0.offset % 4 == 1 || $0.offset % 4 == 3 ? 255 : 0 },
                               width: 4, height: 4, to: dir + "/green.png")
        try Data(Self.file.utf8).write(to: URL(fileURLWithPath: dir + "/framed.json"))
        let file = try WatchedTransitionFile.load(dir + "/framed.json").get()
        #expect(file.images.map(\.path) == ["green.png"] && file.images.map(\.place) == ["layers[1].image"])
        let transition = CustomTransition(file: file, path: dir + "/framed.json")
        #expect(transition.images.map(\.path) == [dir + "/green.png"])
        let demo = DemoCatalog.make(transition, screenSize: Size(width: 100, height: 200))
        #expect(demo.images.map(\.id) == [TransitionFile.imageID(dir + "/green.png")])
        _ = try demo.frame(of: .present, atProgress: 0.5, scale: 1)
        let renderer = try FrameRenderer(width: 100, height: 200)
        for image in demo.images { _ = try renderer.registerImage(id: image.id, path: image.path) }
        let rgba = try renderer.render(demo.window)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(rgba[(y * 100 + x) * 4..<(y * 100 + x) * 4 + 4]) }
        #expect(pixel(50, 100) == [0, 255, 0, 255])
        #expect(pixel(30, 60) == [0, 255, 0, 255] && pixel(69, 139) == [0, 255, 0, 255])
        #expect(pixel(20, 40) != [0, 255, 0, 255] && pixel(80, 160) != [0, 255, 0, 255])
    }

    /// A picture that is missing or not an image is the file's problem, named at its place.
    @Test func aMissingOrBrokenPictureIsTheFilesProblem() throws {
        let dir = try folder()
        try Data(Self.file.utf8).write(to: URL(fileURLWithPath: dir + "/framed.json"))
        let missing = WatchedTransitionFile.load(dir + "/framed.json")
        #expect(missing.failureMessage == "'\(dir)/framed.json': layers[1].image: cannot read image '\(dir)/green.png': no such readable file")
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: dir + "/green.png"))
        #expect(WatchedTransitionFile.load(dir + "/framed.json").failureMessage?.hasPrefix("'\(dir)/framed.json': layers[1].image: cannot decode image") == true)
        // Format 1 has no pictures.
        #expect(throws: TransitionFileError.self) {
            try TransitionFile.read(#"{"format":1,"name":"a","duration":1,"layers":[{"source":"image","image":"a.png"}]}"#)
        }
    }
}

extension Result where Failure == WatchedTransitionFile.Problem {
    var failureMessage: String? {
        if case .failure(let p) = self { return p.message }
        return nil
    }
}
