// swift-tools-version:6.0
import PackageDescription

// A transition of one's own, run by the whole Segue app: `swift run drop` from this folder.
let package = Package(
    name: "Drop",
    dependencies: [.package(name: "Segue", path: "../..")],
    targets: [
        .executableTarget(name: "drop", dependencies: [.product(name: "SegueLive", package: "Segue")], path: "Sources/Drop"),
    ]
)
