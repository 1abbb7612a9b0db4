@testable import Commands
import Shell
import Testing

/// `impact` follows what a statement does to the script (a variable set, a version switched) as its
/// command declares it (`Command.scriptEffect`), not by the command's name.
@Suite struct ImpactEffectTests {
    /// A command of the registry under a name impact has never heard of, declaring what the original does.
    struct Renamed: Command {
        let name: String
        let original: any Command
        var abstract: String { original.abstract }
        var signature: CommandSignature { original.signature }
        var takesOperators: Bool { original.takesOperators }

        func scriptEffect(_ arguments: ParsedArguments) -> ScriptEffect {
            original.scriptEffect(arguments)
        }

        func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
            try original.run(arguments, in: context)
        }
    }

    @Test func aRenamedCommandIsJudgedByTheEffectItDeclares() throws {
        // GIVEN a shell whose `use` is called `switch` and whose `set` is called `assign`, and a v2 capping limit at 10
        let renamed: [String: String] = ["use": "switch", "set": "assign"]
        let commands = CommandRegistry(CommandRegistry.standard.commands.map { command in
            renamed[command.name].map { Renamed(name: $0, original: command) } ?? command
        })
        let documents = [ImpactDryRunTests.document(version: 1, maximum: nil), ImpactDryRunTests.document(version: 2, maximum: 10)]
        // WHEN impact reads a script that switches to v1, sets the limit in a variable and sends it
        let output = try ImpactScratch.run("p", documents: documents, script: "switch p v1\nassign n 50\ncall listPets limit=$n\n",
                                           commands: commands)
        // THEN the switch is read as a use of v1, and the variable's value as the one the line sends: v2 refuses it
        #expect(output.contains("c.apish:1: switch p v1: uses v1; --fix switches it to v2 — ok"), "\(output)")
        #expect(output.contains("c.apish:3: call listPets limit=$n: call would refuse it on v2:"), "\(output)")
        #expect(!output.contains("known only at run time"), "\(output)")
    }

    @Test func theAnswerIsReadAsLetAndExpectReadIt() throws {
        // GIVEN v2 where hyperparameters.n_epochs is no longer required
        let documents = [ImpactRequiredReadTests.document(version: 1, required: true), ImpactRequiredReadTests.document(version: 2, required: false)]
        // WHEN a client captures it with `let NAME=PATH` (one word), and checks a body member called version (quoted)
        let script = "use j v1\ncall getJob a1\nlet n=hyperparameters.n_epochs\nexpect \"version\" == 3\nexpect version j == v1\n"
        let output = try ImpactScratch.run("j", documents: documents, script: script)
        // THEN the capture reads n_epochs; the quoted word is a path into the answer, the bare one a version pin
        #expect(output.contains("c.apish:3: let n=hyperparameters.n_epochs: response property hyperparameters.n_epochs is no longer required in v2 — breaking"),
                "\(output)")
        #expect(output.contains("c.apish:4: expect \"version\" == 3: response property version is not declared in v1 either — review"), "\(output)")
        #expect(output.contains("c.apish:5: expect version j == v1: pins v1, which --fix makes v2 — breaking"), "\(output)")
    }
}
