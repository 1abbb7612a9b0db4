import Testing
@testable import Shell

/// The values a command's declarations refuse are refused by the parser, each error naming the argument,
/// what it needs and the usage, instead of a hand check per command.
@Suite struct DeclaredValidatorTests {
    let shell: VersionShell

    init() throws {
        shell = try VersionShell()
    }

    @Test(arguments: [
        ("history 0", "error: history: expected a positive number for N, not '0'; usage: history [N]\n"),
        ("history many", "error: history: expected a positive number for N, not 'many'; usage: history [N]\n"),
        ("help GET pets", "error: help: expected a path that starts with / for PATH, not 'pets'; usage: help [CMD|OPERATION [PATH]] [--example] [--full]\n"),
        ("watch weather every=x count=1",
         "error: watch: every= needs seconds from 0.1 to 86400, like every=2 or every=0.5, not 'x'; usage: watch [SERVICE] [name==value…] [every=SECONDS] [count=N]\n"),
        ("watch weather count=0",
         "error: watch: count= needs a number of refreshes, like count=3, not '0'; usage: watch [SERVICE] [name==value…] [every=SECONDS] [count=N]\n"),
        ("export x.apish", "error: export: --format is missing; usage: export SCRIPT --format hurl|http [-o FILE] [--force]\n"),
        ("export x.apish --format yaml",
         "error: export: --format needs one of hurl or http, not 'yaml'; usage: export SCRIPT --format hurl|http [-o FILE] [--force]\n"),
        ("timing maybe", "error: usage: timing [on|off]\n"),
        ("server set", "error: server set: NAME=VALUE… is missing; usage: server set [SERVICE] NAME=VALUE…\n"),
    ])
    func aRefusedValueNamesItsArgumentAndTheUsage(line: String, error: String) {
        // WHEN a command gets a value its declaration refuses
        let result = shell.run(line)
        // THEN nothing runs, and the error says which argument and what it needs
        #expect(!result.ok)
        #expect(flat(result.err) == flat(error))
    }

    /// The error with its lines joined: a long one wraps at the terminal's width.
    private func flat(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    @Test func aTypedValueIsReadAsItsType() throws {
        // GIVEN a command whose positional is an Int and one whose positional is a choice
        let history = try CommandSignature([HistoryCountProbe.count]).parse(["7"])
        let toggle = try CommandSignature([HistoryCountProbe.setting]).parse(["OFF"])
        // THEN each reads back typed
        #expect(history[HistoryCountProbe.count] == 7)
        #expect(toggle[HistoryCountProbe.setting] == .off)
        #expect(try CommandSignature(options: [HistoryCountProbe.flag]).parse(["--all"])[HistoryCountProbe.flag])
        #expect(try !CommandSignature(options: [HistoryCountProbe.flag]).parse([])[HistoryCountProbe.flag])
    }
}

/// Declarations as a command writes them.
private enum HistoryCountProbe {
    static let count = TypedPositional<Int>("N", help: "how many")
    static let setting = TypedPositional<OnOff>(help: "on or off")
    static let flag = Flag("--all", help: "all of them")
}
