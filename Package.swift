// swift-tools-version:6.0
import PackageDescription

// Start-up touches little of a 10 MB text section, but scattered over most of its pages. In the Linux release
// build every function gets its own section, and the linker puts the functions a start-up runs first
// (Linker/startup-order.txt, made by scripts/startup-order), so the code a first request runs shares pages.
// Concrete generic types are reached through their metadata accessors rather than by mangled name: the
// runtime's first demangling of each such name (and its scan of every conformance record for the type's
// requirements) was a tenth of a one-shot's own instructions.
let startupOrder: [SwiftSetting] = [
    .unsafeFlags([
        "-Xfrontend", "-function-sections",
        "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
    ], .when(platforms: [.linux], configuration: .release)),
]
let startupOrderFile = Context.packageDirectory + "/Linker/startup-order.txt"
// The Swift runtime's C++ library, linked statically (Linker/static-libstdc++ holds a linker script named
// libstdc++.so that the release link finds first): loading and relocating libstdc++.so.6 was a tenth of a
// one-shot's time and a megabyte of its memory.
let staticLibstdcxx = Context.packageDirectory + "/Linker/static-libstdc++"
let releaseLink = [
    "-Xclang-linker", "-no-pie", "-Xclang-linker", "-fuse-ld=gold", "-Xclang-linker", "-static-libgcc",
    "-Xlinker", "--section-ordering-file=" + startupOrderFile, "-L", staticLibstdcxx, "-Xlinker", "--no-export-dynamic",
]

// The modules linked into apish import FoundationEssentials, not Foundation: Foundation's own APIs (NSString,
// CharacterSet, FileHandle, Thread, DateFormatter) would link CoreFoundation and ICU into the static binary.
// Members of a module are visible only in files that import it, so one `import Foundation` elsewhere cannot
// quietly bring `trimmingCharacters` and the like back.
let foundationFree: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")] + startupOrder

let package = Package(
    name: "apish",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "apish", targets: ["apish"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        // libedit is loaded when the first interactive prompt needs it (Sources/CLibEdit/shim.h), not linked:
        // only its header is needed to build (libedit-dev; scripts/setup installs it).
        .systemLibrary(name: "CLibEdit"),
        // Stand-ins for the Foundation calls that would link CoreFoundation and ICU into the binary, and the
        // few basics every module shares (cancellation, did-you-mean, percent-encoding).
        .target(name: "FoundationFree", swiftSettings: foundationFree),
        // The library modules, one way down: Facade → APIDescriptions → HTTPClient → Secrets → JSON.
        .target(name: "JSON", dependencies: ["FoundationFree"], swiftSettings: foundationFree),
        .target(name: "Secrets", dependencies: ["JSON", "FoundationFree"], swiftSettings: foundationFree),
        .target(name: "HTTPClient", dependencies: ["CCurl", "Secrets", "JSON", "FoundationFree"], swiftSettings: foundationFree),
        .target(name: "APIDescriptions", dependencies: ["HTTPClient", "Secrets", "JSON", "FoundationFree"],
                swiftSettings: foundationFree),
        .target(name: "Facade", dependencies: ["APIDescriptions", "HTTPClient", "Secrets", "JSON", "FoundationFree"],
                swiftSettings: foundationFree),
        .target(name: "LineEditing", dependencies: ["CLibEdit"], swiftSettings: startupOrder),
        .target(name: "Shell", dependencies: ["Facade", "APIDescriptions", "HTTPClient", "Secrets", "JSON", "FoundationFree"],
                swiftSettings: foundationFree),
        .target(name: "DemoServer", dependencies: ["FoundationFree"], swiftSettings: foundationFree),
        // argc and argv kept from glibc's start-up call, for Swift's `CommandLine` (see arguments.c).
        .target(name: "CommandLineArguments"),
        .executableTarget(
            name: "apish",
            dependencies: ["Shell", "Facade", "JSON", "FoundationFree", "LineEditing", "DemoServer", "CommandLineArguments"],
            swiftSettings: foundationFree,
            // A position-dependent release binary: the loader relocates nothing of the statically linked Swift
            // runtime and Foundation at start-up (~115,000 relocations, ~3 MiB of pages less to touch). Start-up
            // code first (see startupOrder; gold named, as the ordering file is gold's), libstdc++ and libgcc
            // static, and no symbol table for the loader to search (the static stdlib's link flags export every
            // symbol; nothing loads apish as a library).
            linkerSettings: [.unsafeFlags(releaseLink, .when(platforms: [.linux], configuration: .release))]),
        .executableTarget(name: "apish-bench", dependencies: ["Facade", "Shell", "JSON", "HTTPClient", "APIDescriptions", "Secrets", "DemoServer"], path: "Benchmarks/apish-bench"),
        .executableTarget(name: "apish-fuzz", dependencies: ["Facade", "Shell", "JSON", "HTTPClient", "APIDescriptions", "Secrets", "TestSupport", "FoundationFree"], path: "Fuzz/apish-fuzz"),
        .target(name: "TestSupport", dependencies: ["Facade", "APIDescriptions", "HTTPClient", "JSON", "DemoServer"], path: "Tests/TestSupport"),
        .testTarget(name: "FoundationFreeTests", dependencies: ["FoundationFree"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "Secrets", "FoundationFree", "TestSupport"]),
        .testTarget(name: "SecretsTests", dependencies: ["Secrets", "JSON", "FoundationFree", "HTTPClient", "Facade", "TestSupport", "DemoServer"]),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "Secrets", "JSON", "FoundationFree", "TestSupport", "DemoServer"]),
        .testTarget(name: "APIDescriptionsTests",
                    dependencies: ["APIDescriptions", "Facade", "HTTPClient", "JSON", "TestSupport", "DemoServer"]),
        .testTarget(name: "FacadeTests",
                    dependencies: ["Facade", "APIDescriptions", "HTTPClient", "Secrets", "JSON", "FoundationFree", "TestSupport", "DemoServer"]),
        .testTarget(name: "ShellTests",
                    dependencies: ["Shell", "Facade", "APIDescriptions", "HTTPClient", "Secrets", "JSON", "FoundationFree", "TestSupport", "DemoServer"]),
        .testTarget(name: "LineEditingTests", dependencies: ["LineEditing"]),
        .testTarget(name: "DemoServerTests", dependencies: ["DemoServer"]),
        .testTarget(name: "EndToEndTests", dependencies: ["DemoServer"]),
    ],
    swiftLanguageModes: [.v6]
)
