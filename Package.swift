// swift-tools-version:6.0
import PackageDescription

// The module graph reads one way: the model (Segue) ← the transitions that come with it and
// the file format (SegueCatalog) ← the demos and the studio, platform-free; the model ← the
// render stages (SegueRender) ← the platform (SegueSDL) ← the app (SegueLive) ← the
// executables. Under them all, model-free: the process's edges (SegueProcess) ← the command
// line (SegueCommandLine). What crosses modules but is not for a user of the libraries has
// `package` access.
let package = Package(
    name: "Segue",
    products: [
        .library(name: "Segue", targets: ["Segue"]),
        // The transitions that come with Segue, `CustomTransition` and transition files.
        .library(name: "SegueCatalog", targets: ["SegueCatalog"]),
        // A transition's frames to pixels on the CPU, with no platform (`FrameRenderer`).
        .library(name: "SegueRender", targets: ["SegueRender"]),
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
        .target(name: "SegueCommandLine", dependencies: ["SegueProcess"]),
        // The process's edges, with no model: files read and written whole, signals, child
        // processes, user input echoed safely.
        .target(name: "SegueProcess", dependencies: ["CSegueSupport"]),
        .target(name: "Segue"),
        // The catalog's animators, their tuning and release rules, and the transition-file
        // format, above the model.
        .target(name: "SegueCatalog", dependencies: ["Segue", "SegueProcess"]),
        // Display list to pixels without a platform: tessellation, occlusion,
        // precomposition, draw order, and the CPU rasterizer.
        .target(name: "SegueRender", dependencies: ["Segue", "SegueProcess", "CSegueSupport"]),
        .target(name: "SegueDemos", dependencies: ["Segue", "SegueCatalog"]),
        .target(name: "SegueSDL", dependencies: ["Segue", "SegueRender", "CSDL2", "CSegueSupport", "SegueProcess", "SegueCommandLine"]),
        .target(name: "SegueStudio", dependencies: ["Segue", "SegueCatalog", "SegueDemos", "SegueRender", "SegueProcess", "SegueCommandLine"]),
        // The app and its commands (`Studio.run`), on the platform.
        .target(name: "SegueLive", dependencies: ["Segue", "SegueCatalog", "SegueDemos", "SegueRender", "SegueSDL", "SegueStudio", "SegueProcess", "SegueCommandLine"]),
        .executableTarget(name: "SegueApp", dependencies: ["SegueLive"]),
        .executableTarget(name: "SegueBench", dependencies: ["Segue", "SegueCatalog", "SegueDemos", "SegueRender", "SegueSDL", "SegueStudio", "SegueProcess", "SegueCommandLine"]),
        // Helpers for the test targets only (not in any product).
        .target(name: "SegueTestSupport"),
        .testTarget(
            name: "SegueTests",
            dependencies: ["Segue", "SegueCatalog", "SegueDemos", "SegueStudio", "SegueRender", "SegueProcess", "SegueCommandLine", "SegueTestSupport"]
        ),
        .testTarget(name: "SegueRenderTests", dependencies: ["Segue", "SegueCatalog", "SegueRender", "SegueTestSupport"]),
        .testTarget(
            name: "SegueSDLTests",
            dependencies: ["Segue", "SegueCatalog", "SegueDemos", "SegueSDL", "SegueStudio", "SegueRender", "SegueProcess", "SegueCommandLine", "SegueLive", "SegueTestSupport", "CSDL2"],
            exclude: ["Goldens"]
        ),
    ]
)
