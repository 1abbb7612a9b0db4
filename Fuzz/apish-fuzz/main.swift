import Foundation

// apish-fuzz: generated inputs through the parsers and scanners that read untrusted text, with a
// watchdog for hangs and a bound on resident memory. See scripts/fuzz.
//
//   apish-fuzz [--target NAME]… [--iterations N | --seconds S] [--seed N] [--hang S] [--record-dir DIR]
//   apish-fuzz --target NAME --replay FILE

let usage = """
    usage: apish-fuzz [--target tokenizer|json|locator|headers|urls|redactor|yaml|hostile|names|statements|all]… [--iterations N | --seconds S]
                      [--seed N] [--hang SECONDS] [--record-dir DIR] [--memory-limit MIB]
           apish-fuzz --target NAME --replay FILE
    """

func makeTarget(_ name: String) -> (any FuzzTarget)? {
    switch name {
    case "tokenizer": TokenizerTarget()
    case "json": JSONTarget()
    case "locator": LocatorTarget()
    case "headers": HeaderTarget()
    case "urls": URLTarget()
    case "redactor": RedactorTarget()
    case "yaml": YAMLTarget()
    case "hostile": HostileTarget()
    case "names": NameWordsTarget()
    case "statements": StatementTarget()
    default: nil
    }
}

let allTargets = ["tokenizer", "json", "locator", "headers", "urls", "redactor", "yaml", "hostile", "names", "statements"]

/// One line on stdout at once, unbuffered, so a long run into a pipe or a file shows each target as it ends.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String, code: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code)
}

var targets: [String] = []
var limits = FuzzHarness.Limits(iterations: 1_000_000)
var seed = UInt64(Date().timeIntervalSince1970 * 1000)
var recordDirectory = ".build/fuzz"
var replayPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    func value() -> String {
        guard let value = arguments.popFirst() else { fail("\(argument) needs a value\n" + usage) }
        return value
    }
    switch argument {
    case "--target":
        let name = value()
        targets += name == "all" ? allTargets : [name]
    case "--iterations": limits.iterations = Int(value()) ?? 0
    case "--seconds": limits.seconds = Double(value())
    case "--seed": seed = UInt64(value()) ?? seed
    case "--hang": limits.hangSeconds = Double(value()) ?? limits.hangSeconds
    case "--record-dir": recordDirectory = value()
    case "--replay": replayPath = value()
    case "--memory-limit":
        // A hard cap on the address space: an input that tries to take more fails to allocate (a crash the
        // script reports) instead of taking the machine.
        let bytes = rlim_t(Int(value()) ?? 0) << 20
        var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
        if bytes > 0, setrlimit(Int32(RLIMIT_AS.rawValue), &limit) != 0 { fail("--memory-limit: setrlimit failed") }
    case "--help", "-h":
        print(usage)
        exit(0)
    default: fail("unknown argument \(argument)\n" + usage)
    }
}
if targets.isEmpty { targets = allTargets }
try? FileManager.default.createDirectory(atPath: recordDirectory, withIntermediateDirectories: true)

if let replayPath {
    guard targets.count == 1, var target = makeTarget(targets[0]) else { fail("--replay needs exactly one --target") }
    guard let input = InputRecord.load(replayPath) else { fail("cannot read \(replayPath)") }
    if let failure = FuzzHarness.replay(&target, input: input) {
        say("\(target.name): FAIL on replay: \(failure)")
        exit(1)
    }
    say("\(target.name): replayed \(input.count) bytes: ok")
    exit(0)
}

FuzzHarness.startWatchdog(hangSeconds: limits.hangSeconds)
let harness = FuzzHarness(recordDirectory: recordDirectory, limits: limits)
say("apish-fuzz seed \(seed)")
var failed = false
for (index, name) in targets.enumerated() {
    guard var target = makeTarget(name) else { fail("unknown target \(name)\n" + usage) }
    let report = harness.run(&target, seed: seed &+ UInt64(index))
    let rate = report.seconds > 0 ? Int(Double(report.inputs) / report.seconds) : report.inputs
    let memory = "RSS \(report.residentAfterWarmUp >> 20) MiB after warm-up, peak \(report.residentPeak >> 20) MiB"
    let padded = name.padding(toLength: 10, withPad: " ", startingAt: 0)
    say("\(padded) \(report.inputs) inputs in \(String(format: "%.1f", report.seconds)) s (\(rate)/s), \(memory): "
          + (report.failure.map { "FAIL\n  \($0)" } ?? "ok"))
    if report.failure != nil { failed = true }
}
exit(failed ? 1 : 0)
