// swift-tools-version:6.0
import PackageDescription

// Concrete generic types are reached through their metadata accessors rather than by mangled name, so the
// runtime does not demangle each such name (and scan every conformance record for the type's requirements)
// on first use. Measured on 2026-12-03 (median of 40 interleaved runs each): without it `--version` peaks
// 0.5 MiB higher (16.9 against 16.4 MiB); a one-shot's time and peak do not move. A compiler flag, not a
// linker trick: the release binary stays an ordinary position-independent executable.
let metadataAccessors: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
                 .when(platforms: [.linux], configuration: .release)),
]

// The release build links the Swift runtime and Foundation into each executable, so the binary needs only the
// system's libraries (libc, libstdc++, libyaml, which `ldd` shows; libcurl and libedit, opened when first needed) and runs where no toolchain is; it also
// starts faster, loading no runtime libraries (issue 34's trial of the same tree: `--version` at 1.29x curl with the
// shared runtime, 1.01x with the static one). SwiftPM's own switch for this is `--static-swift-stdlib`, which every build would have to
// repeat (and a build without it rebuilds everything); the driver's `-static-stdlib` does the same here, for a
// plain `swift build -c release`: each module is compiled against the static runtime's modules and each
// executable is linked with it. It stays an ordinary position-independent executable (scripts/check-layers
// checks `readelf -h` and `ldd`). Debug builds and the tests link the toolchain's shared runtime, which links
// faster.
let staticRuntime: [SwiftSetting] = [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]
let staticRuntimeLink: [LinkerSetting] = [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]

// The modules linked into apish import FoundationEssentials, not Foundation: Foundation's own APIs (NSString,
// CharacterSet, FileHandle, Thread, DateFormatter) would link CoreFoundation and ICU into the static binary.
// Members of a module are visible only in files that import it, so one `import Foundation` elsewhere cannot
// quietly bring `trimmingCharacters` and the like back.
let foundationFree: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")] + metadataAccessors + staticRuntime

let package = Package(
    name: "apish",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "apish", targets: ["apish"]),
    ],
    targets: [
        // libcurl is loaded when the first request needs it (Sources/CCurl/shim.h), not linked: only its header is
        // needed to build (libcurl4-openssl-dev; scripts/setup installs it).
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
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
        // (Sources/CPlatform/shim.h); only FoundationFree imports it (and its tests, to check them).
        .systemLibrary(name: "CPlatform"),
        // The library modules, one way down: Facade → APIDescriptions → HTTPTypes → Secrets → JSON,
        // APIDescriptions → Schemas → JSON, and Facade → HTTPClient → HTTPTypes. Only HTTPClient links libcurl; HTTPTypes holds the values
        // (method, headers, request, response, body) that the layers above it share.
        .target(name: "JSON", dependencies: ["FoundationFree"], swiftSettings: foundationFree),
        .target(name: "Secrets", dependencies: ["JSON", "FoundationFree"], swiftSettings: foundationFree),
        .target(name: "HTTPTypes", dependencies: ["Secrets", "JSON", "FoundationFree"], swiftSettings: foundationFree),
        .target(name: "HTTPClient", dependencies: ["CCurl", "HTTPTypes", "Secrets", "JSON", "FoundationFree"], swiftSettings: foundationFree),
        // The JSON Schema engine: the schema graph, its validator over values and tapes, and what a schema says.
        .target(name: "Schemas", dependencies: ["JSON", "FoundationFree"], swiftSettings: foundationFree),
        .target(name: "APIDescriptions", dependencies: ["CYAML", "Schemas", "HTTPTypes", "JSON", "FoundationFree"],
                swiftSettings: foundationFree),
        .target(name: "Facade", dependencies: ["APIDescriptions", "Schemas", "HTTPClient", "HTTPTypes", "Secrets", "JSON", "FoundationFree"],
                swiftSettings: foundationFree),
        .target(name: "LineEditing", dependencies: ["CLibEdit", "FoundationFree"], swiftSettings: metadataAccessors + staticRuntime),
        // The one declaration model: commands, positionals, options and subcommands with their one-line help, parsed,
        // validated and dumped (`apish --dump-declarations`); apish's own command line, serve, mock and the shell's
        // commands are declared in it.
        .target(name: "Declarations", dependencies: ["JSON"], swiftSettings: foundationFree),
        // The command language: words, quoting, line scanning, expansion and what a parsed command is; it runs nothing.
        .target(name: "ScriptLanguage", dependencies: ["FoundationFree"], swiftSettings: foundationFree),
        // Text for the terminal: display widths, wrapping, tables, rows, JSON, styles, timings; it knows no session.
        .target(name: "Rendering", dependencies: ["Facade", "HTTPClient", "HTTPTypes", "Secrets", "JSON", "FoundationFree"], swiftSettings: foundationFree),
        // What a script run, an impact scan and a spec diff found, as data, and their reports: JUnit, TAP, HTML
        // (its markup and style sheet are files in Templates/, embedded at build time), the spec diff as text, JSON and Markdown.
        .target(name: "Reports", dependencies: ["Rendering", "ScriptLanguage", "Facade", "APIDescriptions", "JSON", "FoundationFree"], resources: [.embedInCode("Templates/page.html"), .embedInCode("Templates/report.css"), .embedInCode("Templates/slides.html")], swiftSettings: foundationFree),
        // Profiles and what they keep on disk: the profile document, its store, the credentials and token files, .env
        // files and where the config lives; the session that uses them is in Shell.
        .target(name: "Profiles", dependencies: ["ScriptLanguage", "Facade", "HTTPClient", "HTTPTypes", "Secrets", "JSON", "FoundationFree"], swiftSettings: foundationFree),
        // The engine: session, the Command protocol and registry, declared arguments, command contexts, output sinks
        // (pipes, files, the one masking sink), the recorder, presenters, the manual; the commands themselves are above it.
        .target(name: "Shell", dependencies: ["Declarations", "Importers", "Profiles", "Reports", "Rendering", "ScriptLanguage", "Mock", "Facade", "APIDescriptions", "Schemas", "HTTPClient", "HTTPTypes", "Secrets", "JSON", "FoundationFree"],
                swiftSettings: foundationFree),
        // apish's own command line, from one table of options: argv into ShellArguments and ShellOptions, usage, --help,
        // the man page and the completion scripts.
        .target(name: "ShellCommandLine", dependencies: ["Declarations", "DemoServer", "Mock", "Shell", "Reports", "Rendering", "ScriptLanguage", "Facade", "APIDescriptions", "HTTPClient", "HTTPTypes", "FoundationFree"], swiftSettings: foundationFree),
        // Scripts: the runner (`apish run`, --each-version), expectations (`expect`), `let`, `source` and `record`.
        .target(name: "Scripts", dependencies: ["Declarations", "ShellCommandLine", "Shell", "Reports", "Rendering", "ScriptLanguage", "Facade", "HTTPClient", "HTTPTypes", "Secrets", "JSON", "FoundationFree"], swiftSettings: foundationFree),
        // `impact`: reads a script against the change between two versions of a description, and runs it on both.
        .target(name: "Impact", dependencies: ["Scripts", "Shell", "Reports", "ScriptLanguage", "Facade", "APIDescriptions", "Schemas", "HTTPClient", "HTTPTypes", "JSON", "FoundationFree"], swiftSettings: foundationFree),
        // The shell's commands and `CommandRegistry.standard`, the list `help` shows; `Session(facade:bundles:…)` gives a
        // session those commands.
        .target(name: "Commands", dependencies: ["Declarations", "Importers", "Impact", "Scripts", "ShellCommandLine", "Shell", "Profiles", "Reports", "Rendering", "ScriptLanguage", "Mock", "Facade", "APIDescriptions", "HTTPClient", "HTTPTypes", "Secrets", "JSON", "FoundationFree"], swiftSettings: foundationFree),
        // `import`: `.http`, `.hurl`, HAR and Postman collections read into one neutral model and written as an apish
        // script; it reads files (bounded, below the imported file's folder), never a URL.
        .target(name: "Importers", dependencies: ["ScriptLanguage", "Secrets", "JSON", "FoundationFree"], swiftSettings: foundationFree),
        // The demo's built-in APIs, one bundle each (definition, models, presenter, commands), registered by main.swift.
        .target(name: "DemoAPIs", dependencies: ["Declarations", "Shell", "Facade", "HTTPClient", "HTTPTypes", "JSON", "FoundationFree", "Rendering"],
                swiftSettings: foundationFree),
        // The HTTP/1.1 server core (POSIX sockets, parser, limits, error answers, Digest checks) the demo server, the mock
        // and the tests' loopback server run on.
        .target(name: "HTTPServer", dependencies: ["JSON", "FoundationFree"], swiftSettings: foundationFree),
        .target(name: "DemoServer", dependencies: ["Declarations", "HTTPServer", "JSON", "FoundationFree"], swiftSettings: foundationFree),
        // `apish mock` and `mock start`: every operation of every version of a description, served from its
        // examples and schemas on the HTTPServer core.
        .target(name: "Mock", dependencies: ["Declarations", "HTTPServer", "Facade", "APIDescriptions", "Schemas", "HTTPClient", "HTTPTypes", "JSON", "FoundationFree"],
                swiftSettings: foundationFree),
        .executableTarget(
            name: "apish",
            dependencies: ["Declarations", "Shell", "Facade", "DemoAPIs", "HTTPClient", "HTTPTypes", "JSON", "FoundationFree", "LineEditing", "DemoServer", "Mock", "Rendering", "Profiles", "Commands", "Scripts", "ShellCommandLine"],
            swiftSettings: foundationFree, linkerSettings: staticRuntimeLink,
            // `--version` names the commit the sources were built from (Plugins/BuildStamp).
            plugins: ["BuildStamp"]),
        .plugin(name: "BuildStamp", capability: .buildTool()),
        .executableTarget(name: "apish-bench", dependencies: ["Facade", "APIDescriptions", "Schemas", "Mock", "JSON", "HTTPClient", "HTTPTypes", "DemoServer", "TestSupport"], path: "Benchmarks/apish-bench",
                          swiftSettings: staticRuntime, linkerSettings: staticRuntimeLink),
        .executableTarget(name: "apish-fuzz", dependencies: ["DemoAPIs", "Facade", "Shell", "JSON", "HTTPClient", "HTTPTypes", "APIDescriptions", "Schemas", "Secrets", "TestSupport", "FoundationFree", "ScriptLanguage", "Commands", "Scripts", "ShellCommandLine"], path: "Fuzz/apish-fuzz",
                          swiftSettings: staticRuntime, linkerSettings: staticRuntimeLink),
        .target(name: "TestSupport", dependencies: ["DemoAPIs", "Facade", "HTTPClient", "HTTPTypes", "DemoServer", "FoundationFree"], path: "Tests/TestSupport",
                swiftSettings: staticRuntime),
        // Loopback servers for tests that need no demo: one answering with the routes a test registers, on the
        // HTTPServer core; one recording every byte it gets; a port nothing listens on.
        .target(name: "Loopback", dependencies: ["HTTPServer", "JSON", "FoundationFree"], path: "Tests/Loopback"),
        .testTarget(name: "FoundationFreeTests", dependencies: ["FoundationFree", "CPlatform", "TestSupport"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "Secrets", "FoundationFree", "TestSupport", "DemoServer"]),
        .testTarget(name: "SecretsTests", dependencies: ["Secrets", "JSON"]),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "HTTPTypes", "JSON", "FoundationFree", "Loopback"]),
        .testTarget(name: "APIDescriptionsTests",
                    dependencies: ["APIDescriptions", "Schemas", "HTTPClient", "HTTPTypes", "JSON", "FoundationFree", "TestSupport", "DemoServer"],
                    exclude: ["YAML/pyyaml_core.py"]),
        .testTarget(name: "SchemasTests", dependencies: ["Schemas", "JSON", "TestSupport"]),
        .testTarget(name: "FacadeTests",
                    dependencies: ["DemoAPIs", "Facade", "APIDescriptions", "Schemas", "HTTPClient", "HTTPTypes", "Secrets", "JSON", "FoundationFree", "TestSupport", "Loopback", "DemoServer"]),
        .testTarget(name: "ShellTests",
                    dependencies: ["DemoAPIs", "Shell", "Facade", "APIDescriptions", "Schemas", "HTTPClient", "HTTPTypes", "Secrets", "JSON", "FoundationFree", "TestSupport", "Loopback", "DemoServer", "ScriptLanguage", "Rendering", "Reports", "Profiles", "Commands", "Scripts", "ShellCommandLine"]),
        // impact: a script against two versions, checked by running call on both (its own seam, its own target)
        .testTarget(name: "ImpactTests",
                    dependencies: ["DemoAPIs", "Shell", "Facade", "HTTPClient", "HTTPTypes", "TestSupport", "ScriptLanguage", "Commands"]),
        .testTarget(name: "LineEditingTests", dependencies: ["LineEditing"]),
        .testTarget(name: "DemoServerTests", dependencies: ["Declarations", "DemoServer", "HTTPServer", "JSON", "FoundationFree", "TestSupport"]),
        .testTarget(name: "MockTests",
                    dependencies: ["Declarations", "Mock", "DemoAPIs", "Facade", "APIDescriptions", "Schemas", "HTTPClient", "HTTPTypes", "JSON", "TestSupport", "Loopback"],
                    exclude: ["jsonschema_check.py", "format_check.py", "Fixtures"]),
        .testTarget(name: "EndToEndTests", dependencies: ["DemoServer", "Loopback", "TestSupport"]),
        .testTarget(name: "ImportersTests", dependencies: ["Importers", "JSON"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
