// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Segue",
    products: [
        .library(name: "Segue", targets: ["Segue"]),
        .executable(name: "segue", targets: ["SegueApp"]),
        .executable(name: "segue-bench", targets: ["SegueBench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]
        ),
        .target(name: "Segue"),
        .target(name: "SegueDemos", dependencies: ["Segue"]),
        .target(name: "SegueSDL", dependencies: ["Segue", "CSDL2"]),
        .target(name: "SegueStudio", dependencies: ["Segue", "SegueDemos"]),
        .executableTarget(
            name: "SegueApp",
            dependencies: ["Segue", "SegueDemos", "SegueSDL", "SegueStudio"]
        ),
        .executableTarget(name: "SegueBench", dependencies: ["Segue", "SegueDemos", "SegueSDL"]),
        .testTarget(name: "SegueTests", dependencies: ["Segue", "SegueDemos", "SegueStudio"]),
        .testTarget(
            name: "SegueSDLTests",
            dependencies: ["Segue", "SegueDemos", "SegueSDL", "SegueStudio", "CSDL2"],
            exclude: ["Goldens"]
        ),
    ]
)
