// swift-tools-version:6.0
import PackageDescription

// A transition's frame as pixels with the model and the render stages alone (no SDL, no
// display): `swift run still [OUT.pam]` from this folder.
let package = Package(
    name: "Still",
    dependencies: [.package(name: "Segue", path: "../..")],
    targets: [
        .executableTarget(name: "still", dependencies: [
            .product(name: "Segue", package: "Segue"),
            .product(name: "SegueRender", package: "Segue"),
        ], path: "Sources/Still"),
    ]
)
