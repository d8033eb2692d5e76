import Foundation
import Testing
import Segue
@testable import SegueDemos
@testable import SegueSDL
import SegueCatalog
@testable import SegueRender

/// The seeds written as files (`Assets/Transitions/`) draw the frames the Swift animators
/// draw: the mean difference over every channel of every pixel stays under one level.
@MainActor @Suite(.serialized) struct TransitionFileFrameTests {
    static let screen = Size(width: 375, height: 667)

    private func render(_ demo: Demo, _ op: TransitionContext.Operation, _ progress: Double, scale: Double) throws -> [UInt8] {
        let platform = try Platform(headless: true)
        let w = Int((Self.screen.width * scale).rounded()), h = Int((Self.screen.height * scale).rounded())
        let canvas = try OffscreenCanvas(platform: platform, width: w, height: h, assetsDirectory: try Assets.directory())
        let list = try demo.frame(of: op, atProgress: progress, scale: scale)
        return try canvas.render(list, pixelScale: scale)
    }

    private func file(_ name: String) throws -> TransitionFile {
        let path = try Assets.directory() + "/Transitions/\(name).json"
        return try TransitionFile.read(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self))
    }

    @Test(arguments: [("flip", TransitionContext.Operation.present, 0.25), ("flip", .present, 0.7), ("flip", .dismiss, 0.4),
                      ("pageturn", .present, 0.6), ("pageturn", .present, 0.85), ("pageturn", .dismiss, 0.5)])
    func aSeedAsAFileDrawsTheSwiftAnimatorsFrames(_ name: String, _ op: TransitionContext.Operation, _ progress: Double) throws {
        let scale = 0.5
        let swift = try render(DemoCatalog.make(name, screenSize: Self.screen)!, op, progress, scale: scale)
        let fromFile = try render(DemoCatalog.make(CustomTransition(file: try file(name)), screenSize: Self.screen), op, progress, scale: scale)
        #expect(swift.count == fromFile.count)
        if let dir = ProcessInfo.processInfo.environment["SEGUE_DUMP"] {
            let w = Int((Self.screen.width * scale).rounded()), h = Int((Self.screen.height * scale).rounded())
            try ImageFile.writePNG(swift, width: w, height: h, to: "\(dir)/\(name)-\(op)-\(progress)-swift.png")
            try ImageFile.writePNG(fromFile, width: w, height: h, to: "\(dir)/\(name)-\(op)-\(progress)-file.png")
        }
        let total = zip(swift, fromFile).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        let mean = Double(total) / Double(swift.count)
        #expect(mean < 1, "\(name) \(op) at \(progress): mean difference \(mean) levels")
        // And not trivially: the frame is far from the one at rest, the transition under way.
        let rest = try render(DemoCatalog.make(name, screenSize: Self.screen)!, op, 0, scale: scale)
        let moved = Double(zip(rest, fromFile).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(swift.count)
        #expect(moved > 10 * max(mean, 0.1), "\(name) \(op) at \(progress): \(moved) levels from rest, \(mean) from the Swift frame")
    }

    /// `cornerRadius` clips the layer and what rides on it: at the card's corner, outside the
    /// arc, the base screen shows; inside, the card; a child passing the card's edge is cut
    /// there. (375 × 667 at scale 1; the card is the modal at half size about the centre,
    /// x 93.75…281.25, y 166.75…500.25, its radius 60 in its own points, 30 on screen.)
    @Test func aCornerRadiusClipsTheLayerAndWhatRidesOnIt() throws {
        func frame(_ layers: String) throws -> [UInt8] {
            let file = try TransitionFile.read(#"{"format":1,"name":"card","duration":1,"layers":["# + layers + "]}")
            return try render(DemoCatalog.make(CustomTransition(file: file), screenSize: Self.screen), .present, 0.5, scale: 1)
        }
        let card = #"{"id":"card","source":"modal","keyframes":[{"t":0,"scale":0.5,"cornerRadius":60}]}"#
        let child = ##"{"parent":"card","source":"color","color":"#FF0000","rect":[-0.2,0.4,0.4,0.2]}"##
        let base = #"{"source":"base"}"#
        let rounded = try frame(base + "," + card + "," + child)
        let alone = try frame(base)
        let square = try frame(base + #",{"id":"card","source":"modal","keyframes":[{"t":0,"scale":0.5}]}"#)
        func pixel(_ f: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { Array(f[(y * 375 + x) * 4..<(y * 375 + x) * 4 + 4]) }
        // Outside the top-left arc (2 px in from the rect's corner), and inside it.
        #expect(pixel(rounded, 96, 169) == pixel(alone, 96, 169))
        #expect(pixel(square, 96, 169) != pixel(alone, 96, 169))
        #expect(pixel(rounded, 110, 183) == pixel(square, 110, 183))
        // The child spans y 300…334 on screen: left of the card it is cut, on it it shows.
        #expect(pixel(rounded, 85, 317) == pixel(alone, 85, 317))
        #expect(pixel(rounded, 100, 317) == [255, 0, 0, 255])
    }

    /// The catalog's files (every file in Assets/Transitions but the seeds' twins).
    nonisolated static let catalogFiles: [String] = {
        guard let dir = try? Assets.directory() else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/Transitions")) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.filter { !["flip", "pageturn"].contains($0) }.sorted()
    }()

    @Test func theCatalogHasEveryKind() {
        let kinds = ["cube", "fold", "portal", "cards", "crossfade", "swing", "explode", "turn", "slide-over", "cover", "zoom", "pageturn-away"]
        #expect(Set(kinds).isSubset(of: Set(Self.catalogFiles)), "missing: \(Set(kinds).subtracting(Self.catalogFiles))")
    }

    /// Every catalog transition starts on the base screen exactly and ends on the modal one
    /// exactly (the real screen replaces the layers when it ends: a jump there would show),
    /// both ways; half way it shows neither.
    @Test(arguments: catalogFiles)
    func aCatalogTransitionStartsAndEndsOnTheRealScreens(_ name: String) throws {
        let transition = CustomTransition(file: try file(name))
        func demo() -> ModalDemo { DemoCatalog.make(transition, screenSize: Self.screen) }
        func rest(presented: Bool) throws -> [UInt8] {
            let d = demo()
            if presented { d.prepare(for: .dismiss) }
            let platform = try Platform(headless: true)
            let canvas = try OffscreenCanvas(platform: platform, width: 188, height: 334, assetsDirectory: try Assets.directory())
            return try canvas.render(Compositor.compose(d.window.layer, scale: 0.5), pixelScale: 0.5)
        }
        func mean(_ a: [UInt8], _ b: [UInt8]) -> Double { Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count) }
        let base = try rest(presented: false), modal = try rest(presented: true)
        for (op, start, end) in [(TransitionContext.Operation.present, base, modal), (.dismiss, modal, base)] {
            let first = try render(demo(), op, 0, scale: 0.5), last = try render(demo(), op, 1, scale: 0.5)
            #expect(mean(first, start) < 1, "\(name) \(op) at 0: \(mean(first, start)) levels from its start")
            #expect(mean(last, end) < 1, "\(name) \(op) at 1: \(mean(last, end)) levels from its end")
        }
        let middle = try render(demo(), .present, 0.5, scale: 0.5)
        #expect(mean(middle, base) > 5 && mean(middle, modal) > 5, "\(name) at 0.5 is at rest")
    }
}
