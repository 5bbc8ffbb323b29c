// swift-tools-version:6.0
import PackageDescription

// Warnings are bugs: every target builds with -warnings-as-errors.
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"]), .enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "xgest",
    products: [
        .executable(name: "xgest", targets: ["xgest"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // FileDescriptor, Errno and retryOnInterrupt for the daemon's own POSIX code.
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // Only what Swift cannot call directly: macros, cookie access, process spawning.
        .target(
            name: "CXgest",
            linkerSettings: [
                .linkedLibrary("X11"), .linkedLibrary("Xi"), .linkedLibrary("Xtst"), .linkedLibrary("Xrandr"),
                // The feedback overlay: XRender draws, SHAPE cuts the window to what is drawn and
                // empties its input region. Both are loaded already by libXrandr and libXi.
                .linkedLibrary("Xrender"), .linkedLibrary("Xext"),
                // XFixes tells when the compositing manager's selection changes hands (the
                // overlay's alpha needs one); libXi loads it already.
                .linkedLibrary("Xfixes"),
            ]
        ),
        // Xlib's error handling for every connection: protocol errors kept per display
        // until taken, a lost connection to the process's handler.
        .target(name: "XgestXlib", dependencies: ["CXgest"], swiftSettings: strict),
        // POSIX the other modules share, on swift-system: the one poll() wrapper.
        .target(
            name: "XgestSystem", dependencies: [.product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strict),
        // Pure Swift: imports no X11 and reads no clock.
        .target(name: "XgestCore", swiftSettings: strict, linkerSettings: [.linkedLibrary("m")]),
        .target(name: "XgestConfig", dependencies: ["XgestCore"], swiftSettings: strict),
        .target(
            name: "XgestX11", dependencies: ["CXgest", "XgestXlib", "XgestSystem", "XgestCore"], swiftSettings: strict),
        // The project's private headless Xorg with inputtest devices: used by tests,
        // benchmarks, `make run` and `xgest demo`.
        .target(
            name: "XgestTestServer", dependencies: ["CXgest", "XgestXlib", "XgestSystem", "XgestCore"],
            swiftSettings: strict),
        // The daemon (its loop, the engine and executor wiring, config loading, the debug
        // trace) as a library: the commands run it, and its tests drive it in-process.
        .target(
            name: "XgestDaemon",
            dependencies: [
                "CXgest", "XgestCore", "XgestConfig", "XgestX11", "XgestSystem",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "xgest",
            dependencies: [
                "CXgest", "XgestCore", "XgestConfig", "XgestX11", "XgestSystem", "XgestTestServer", "XgestDaemon",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),
        // Counts heap allocations for the benchmark by interposing malloc and friends.
        .target(
            name: "CAllocCounter", path: "Benchmarks/CAllocCounter",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]),
        // One seeded generator for the tests, the fuzzer and the benchmarks.
        .target(name: "SeededRandom", path: "Tests/SeededRandom", swiftSettings: strict),
        .executableTarget(
            name: "xgest-bench",
            dependencies: [
                "CXgest", "XgestCore", "XgestConfig", "XgestDaemon", "XgestX11", "XgestTestServer", "CAllocCounter",
                "SeededRandom",
            ],
            path: "Benchmarks/xgest-bench",
            swiftSettings: strict
        ),
        // Seeded mutations of config files through the parser and the schema, at a scale
        // only a release build runs quickly; `make test` runs it after the Swift tests.
        // What both fuzzers share: options, the hang guard, file reading and timing.
        .target(name: "FuzzSupport", path: "Tests/Fuzz/FuzzSupport", swiftSettings: strict),
        .executableTarget(
            name: "xgest-fuzz-config",
            dependencies: ["XgestConfig", "XgestCore", "SeededRandom", "FuzzSupport"],
            path: "Tests/Fuzz/xgest-fuzz-config",
            swiftSettings: strict
        ),
        // Seeded number-heavy mutations of traces through the trace reader and a dry run
        // of the shipped config's bindings; `make test` runs it after the config fuzzer.
        .executableTarget(
            name: "xgest-fuzz-trace",
            dependencies: ["XgestConfig", "XgestCore", "SeededRandom", "FuzzSupport"],
            path: "Tests/Fuzz/xgest-fuzz-trace",
            swiftSettings: strict
        ),
        .testTarget(
            name: "XgestCoreTests", dependencies: ["XgestCore", "SeededRandom"], resources: [.copy("Fixtures")],
            swiftSettings: strict),
        // Fixtures/broken is read from the source tree: `xgest check` runs in that directory.
        .testTarget(
            name: "XgestConfigTests", dependencies: ["XgestConfig", "XgestCore", "SeededRandom"], exclude: ["Fixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "XgestTestServerTests", dependencies: ["XgestTestServer", "XgestCore", "CXgest"],
            swiftSettings: strict),
        // The daemon in-process, with a recording input side and executor: no X server.
        .testTarget(
            name: "XgestDaemonTests",
            dependencies: ["XgestDaemon", "XgestCore", "XgestConfig", "XgestX11", "XgestSystem"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "XgestX11Tests",
            dependencies: [
                "XgestCore", "XgestX11", "XgestDaemon", "XgestTestServer", "CXgest", "XgestXlib", "XgestSystem",
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
