// swift-tools-version:6.0
import PackageDescription

// The module graph reads one way: the model (Segue) ← the render stages (SegueRender) ←
// the platform (SegueSDL) ← the app (SegueLive) ← the executables; the demos and the studio
// sit on the model, platform-free; SegueCommandLine sits on the model under the rest. What crosses modules
// but is not for a user of the `Segue` library has `package` access.
let package = Package(
    name: "Segue",
    products: [
        .library(name: "Segue", targets: ["Segue"]),
        // The whole app as a library, for a package that runs it with transitions of its own.
        .library(name: "SegueLive", targets: ["SegueLive"]),
        .executable(name: "segue", targets: ["SegueApp"]),
        .executable(name: "segue-bench", targets: ["SegueBench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev", "libpng-dev"])]
        ),
        // The process's edges in C: signal handlers, PNG through libpng, Xlib's error handlers.
        .target(name: "CSegueSupport", linkerSettings: [.linkedLibrary("png16")]),
        // What every command needs: one argument parser with the help beside the options,
        // messages, the output writer, signals.
        .target(name: "SegueCommandLine", dependencies: ["Segue", "CSegueSupport"]),
        .target(name: "Segue"),
        // Display list to pixels without a platform: tessellation, occlusion,
        // precomposition, draw order, and the CPU rasterizer.
        .target(name: "SegueRender", dependencies: ["Segue"]),
        .target(name: "SegueDemos", dependencies: ["Segue"]),
        .target(name: "SegueSDL", dependencies: ["Segue", "SegueRender", "CSDL2", "CSegueSupport", "SegueCommandLine"]),
        .target(name: "SegueStudio", dependencies: ["Segue", "SegueDemos", "SegueCommandLine"]),
        // The app and its commands (`Studio.run`), on the platform.
        .target(name: "SegueLive", dependencies: ["Segue", "SegueDemos", "SegueSDL", "SegueStudio", "SegueCommandLine"]),
        .executableTarget(name: "SegueApp", dependencies: ["SegueLive"]),
        .executableTarget(name: "SegueBench", dependencies: ["Segue", "SegueDemos", "SegueSDL", "SegueStudio", "SegueCommandLine"]),
        // Helpers for the test targets only (not in any product).
        .target(name: "SegueTestSupport"),
        .testTarget(
            name: "SegueTests",
            dependencies: ["Segue", "SegueDemos", "SegueStudio", "SegueRender", "SegueCommandLine", "SegueTestSupport"]
        ),
        .testTarget(name: "SegueRenderTests", dependencies: ["Segue", "SegueRender", "SegueTestSupport"]),
        .testTarget(
            name: "SegueSDLTests",
            dependencies: ["Segue", "SegueDemos", "SegueSDL", "SegueStudio", "SegueRender", "SegueCommandLine", "SegueLive", "SegueTestSupport", "CSDL2"],
            exclude: ["Goldens"]
        ),
    ]
)
