import Foundation

// `apish-bench [options]` runs everything; `apish-bench child MODE …` is one isolated measurement
// started by the parent run (see ChildRun).
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "child":
        switch Array(arguments.dropFirst()) {
        case let rest where rest.count == 3 && rest[0] == "json-memory":
            guard let contender = JSONContender(rawValue: rest[1]) else { throw BenchFailure("unknown parser \(rest[1])") }
            try ChildModes.jsonMemory(contender: contender, path: rest[2])
        case let rest where rest.count == 2 && rest[0] == "body-cap":
            guard let mebibytes = Int(rest[1]) else { throw BenchFailure("body-cap needs a size in MiB") }
            try ChildModes.bodyCap(mebibytes: mebibytes)
        default:
            throw BenchFailure("unknown child mode: \(arguments.joined(separator: " "))")
        }
    case "--help", "-h":
        print(BenchOptions.usage)
    default:
        try BenchRun(options: BenchOptions.parse(arguments)).run()
    }
} catch {
    FileHandle.standardError.write(Data("apish-bench: \(error)\n".utf8))
    exit(1)
}
