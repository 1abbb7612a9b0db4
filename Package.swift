// swift-tools-version:6.0
import PackageDescription

// Concrete generic types are reached through their metadata accessors rather than by mangled name: the
// runtime's first demangling of each such name (and its scan of every conformance record for the type's
// requirements) was a tenth of a one-shot's own instructions. A compiler flag, not a linker trick: the
// release binary stays an ordinary position-independent executable.
let metadataAccessors: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
                 .when(platforms: [.linux], configuration: .release)),
]

// The modules linked into apish import FoundationEssentials, not Foundation: Foundation's own APIs (NSString,
// CharacterSet, FileHandle, Thread, DateFormatter) would link CoreFoundation and ICU into the static binary.
// Members of a module are visible only in files that import it, so one `import Foundation` elsewhere cannot
// quietly bring `trimmingCharacters` and the like back.
let foundationFree: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")] + metadataAccessors

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
        // libyaml's event parser, behind static inline accessors (Sources/CYAML/shim.h); only
        // Sources/APIDescriptions/YAML/YAMLReader.swift imports it.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Stand-ins for the Foundation calls that would link CoreFoundation and ICU into the binary, and the
        // few basics every module shares (cancellation, did-you-mean, percent-encoding, hex digits, terminal
        // width, and the one file of Linux/Darwin differences).
        .target(name: "FoundationFree", dependencies: ["CPlatform"], swiftSettings: foundationFree),
        // glibc calls Swift's Glibc module leaves out (thread placement), behind static inline wrappers
        // (Sources/CPlatform/shim.h); only FoundationFree imports it.
        .systemLibrary(name: "CPlatform"),
        // The library modules, one way down: Facade → APIDescriptions → HTTPClient → Secrets → JSON.
        .target(name: "JSON", dependencies: ["FoundationFree"], swiftSettings: foundationFree),
        .target(name: "Secrets", dependencies: ["JSON", "FoundationFree"], swiftSettings: foundationFree),
        .target(name: "HTTPClient", dependencies: ["CCurl", "Secrets", "JSON", "FoundationFree"], swiftSettings: foundationFree),
        .target(name: "APIDescriptions", dependencies: ["CYAML", "HTTPClient", "Secrets", "JSON", "FoundationFree"],
                swiftSettings: foundationFree),
        .target(name: "Facade", dependencies: ["APIDescriptions", "HTTPClient", "Secrets", "JSON", "FoundationFree"],
                swiftSettings: foundationFree),
        .target(name: "LineEditing", dependencies: ["CLibEdit", "FoundationFree"], swiftSettings: metadataAccessors),
        .target(name: "Shell", dependencies: ["Mock", "Facade", "APIDescriptions", "HTTPClient", "Secrets", "JSON", "FoundationFree"],
                swiftSettings: foundationFree),
        // The demo's built-in APIs, one bundle each (definition, models, presenter, commands), registered by main.swift.
        .target(name: "DemoAPIs", dependencies: ["Shell", "Facade", "HTTPClient", "JSON", "FoundationFree"],
                swiftSettings: foundationFree),
        // The HTTP/1.1 server core (POSIX sockets, parser, limits, error answers) the demo server and the mock run on.
        .target(name: "HTTPServer", dependencies: ["JSON", "FoundationFree"], swiftSettings: foundationFree),
        .target(name: "DemoServer", dependencies: ["HTTPServer", "JSON", "FoundationFree"], swiftSettings: foundationFree),
        // `apish mock` and `mock start`: every operation of every version of a description, served from its
        // examples and schemas on the HTTPServer core.
        .target(name: "Mock", dependencies: ["HTTPServer", "Facade", "APIDescriptions", "HTTPClient", "JSON", "FoundationFree"],
                swiftSettings: foundationFree),
        .executableTarget(
            name: "apish",
            dependencies: ["Shell", "Facade", "DemoAPIs", "JSON", "FoundationFree", "LineEditing", "DemoServer", "Mock"],
            swiftSettings: foundationFree),
        .executableTarget(name: "apish-bench", dependencies: ["DemoAPIs", "Facade", "Shell", "JSON", "HTTPClient", "APIDescriptions", "Secrets", "DemoServer", "TestSupport"], path: "Benchmarks/apish-bench"),
        .executableTarget(name: "apish-fuzz", dependencies: ["DemoAPIs", "Facade", "Shell", "JSON", "HTTPClient", "APIDescriptions", "Secrets", "TestSupport", "FoundationFree"], path: "Fuzz/apish-fuzz"),
        .target(name: "TestSupport", dependencies: ["DemoAPIs", "Facade", "APIDescriptions", "HTTPClient", "JSON", "DemoServer", "FoundationFree"], path: "Tests/TestSupport"),
        .testTarget(name: "FoundationFreeTests", dependencies: ["FoundationFree"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "Secrets", "FoundationFree", "TestSupport"]),
        .testTarget(name: "SecretsTests", dependencies: ["DemoAPIs", "Secrets", "JSON", "FoundationFree", "HTTPClient", "Facade", "TestSupport", "DemoServer"]),
        .testTarget(name: "HTTPClientTests", dependencies: ["DemoAPIs", "HTTPClient", "Secrets", "JSON", "FoundationFree", "TestSupport", "DemoServer"]),
        .testTarget(name: "APIDescriptionsTests",
                    dependencies: ["DemoAPIs", "APIDescriptions", "Facade", "HTTPClient", "JSON", "TestSupport", "DemoServer"],
                    exclude: ["YAML/pyyaml_core.py"]),
        .testTarget(name: "FacadeTests",
                    dependencies: ["DemoAPIs", "Facade", "APIDescriptions", "HTTPClient", "Secrets", "JSON", "FoundationFree", "TestSupport", "DemoServer"]),
        .testTarget(name: "ShellTests",
                    dependencies: ["DemoAPIs", "Shell", "Facade", "APIDescriptions", "HTTPClient", "Secrets", "JSON", "FoundationFree", "TestSupport", "DemoServer"]),
        .testTarget(name: "LineEditingTests", dependencies: ["LineEditing"]),
        .testTarget(name: "DemoServerTests", dependencies: ["DemoServer", "HTTPServer", "JSON", "FoundationFree"]),
        .testTarget(name: "MockTests",
                    dependencies: ["Mock", "DemoServer", "DemoAPIs", "Facade", "APIDescriptions", "HTTPClient", "JSON", "FoundationFree", "TestSupport"],
                    exclude: ["jsonschema_check.py", "Fixtures"]),
        .testTarget(name: "EndToEndTests", dependencies: ["DemoServer", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
