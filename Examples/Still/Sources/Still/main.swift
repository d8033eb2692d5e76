import Foundation
import Segue
import SegueRender

// A blue card on a dark screen, flipping about its vertical axis under a perspective of
// 800 points; the frame 0.4 s into a 1 s ease-in-ease-out flip, at twice the points.
let window = Window(size: Size(width: 320, height: 480))
window.backgroundColor = Color(hex: 0x101418)
let card = View(frame: Rect(x: 40, y: 80, width: 240, height: 320))
card.backgroundColor = Color(hex: 0x3478F6)
card.layer.cornerRadius = 16
window.addSubview(card)
window.layer.sublayerTransform = .makePerspective(distance: 800)
window.advance(to: 0)
View.animate(withDuration: 1, curve: .easeInEaseOut, animations: { card.transform = .makeRotation(.pi / 2, 0, 1, 0) })
window.advance(to: 0.4)

let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "still.pam"
do {
    let renderer = try FrameRenderer(width: 640, height: 960)
    let rgba = try renderer.render(window, pixelScale: 2)
    // PAM: a header, then the RGBA bytes as they are.
    let header = "P7\nWIDTH \(renderer.width)\nHEIGHT \(renderer.height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
    try (Data(header.utf8) + Data(rgba)).write(to: URL(fileURLWithPath: path), options: .atomic)
    // And as a PNG beside it, written whole.
    let png = (path.hasSuffix(".pam") ? String(path.dropLast(4)) : path) + ".png"
    try renderer.writePNG(rgba, to: png)
    print("still: \(path) and \(png), \(renderer.width)×\(renderer.height)")
} catch {
    FileHandle.standardError.write(Data("still: \(error)\n".utf8))
    exit(1)
}
