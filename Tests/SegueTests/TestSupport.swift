import Foundation
@testable import Segue

/// Whether `a` and `b` differ by at most `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

func close(_ a: Point?, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

extension AnimatableValue {
    var transformValue: Transform3D? {
        if case .transform(let t) = self { return t }
        return nil
    }
    var numberValue: Double? {
        if case .number(let v) = self { return v }
        return nil
    }
}

/// The repository's `Assets` folder (the catalog's files are in its `Transitions`).
let repositoryAssets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets").path
