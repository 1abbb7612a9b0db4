@testable import DemoAPIs
import DemoServer
import Facade
import Testing
@testable import Shell
import HTTPClient
@testable import Scripts
@testable import Commands

/// A command's declaration reads its arguments, writes its usage, and says which words are secrets.
@Suite struct CommandSignatureTests {
    private func parse(_ signature: CommandSignature, _ words: [String]) -> ParsedArguments? {
        try? signature.parse(words)
    }

    private func problem(_ signature: CommandSignature, _ words: [String]) -> String?? {
        do {
            _ = try signature.parse(words)
            return .none
        } catch {
            return .some(error.problem)
        }
    }

    @Test func usageNestsOptionalPositionalsAndPutsItemsBeforeOptions() {
        #expect(DiffCommand().usage.hasPrefix("diff SERVICE [A [B]] [name==value…] [--all] [--schema] | diff SERVICE [A [B]] --spec"))
        #expect(CallCommand().usage == "call OPERATION [ARG…] [ITEM…] [--service SERVICE] [--no-check] [--stream] [--example]")
        #expect(UseCommand().usage == "use SERVICE VERSION|latest")
        #expect(SetCommand().usage == "set NAME VALUE")
        // An optional positional of a picky kind (a URL) is its own bracket: either may be given alone.
        #expect(AuthCommand().usage.contains(
            "auth oauth2 [TOKEN_URL] [SERVICE|URL] client_id=ID client_secret=SECRET [scope=S…] [audience=A] [--secret-in-body]"))
        #expect(AuthCommand().usage.contains("auth basic|digest USER[:PASSWORD] [SERVICE|URL]"))
    }

    @Test func requiredPositionalsAreTakenBeforeItems() throws {
        // GIVEN a target that looks like a header item  THEN it is still the target
        let parsed = try #require(parse(RawRequestCommand(method: .get).signature, ["http://h/?a=b", "x==1", "--form", "H:v"]))
        #expect(parsed.value("TARGET") == "http://h/?a=b")
        #expect(parsed.items == ["x==1", "H:v"])
        #expect(parsed.flag("--form"))
        #expect(!parsed.flag("--stream"))
    }

    @Test func optionsAreReadAnywhereAndWrongOnesAreNamed() throws {
        let diff = DiffArguments.signature
        let parsed = try #require(parse(diff, ["--spec", "petstore", "--format", "json", "v1", "--only", "a,b", "--only", "c", "v2"]))
        #expect(parsed.value("SERVICE") == "petstore")
        #expect(parsed.values("A") + parsed.values("B") == ["v1", "v2"])
        #expect(parsed.option("--format") == "json")
        #expect(parsed.optionValues("--only") == ["a,b", "c"])
        #expect(problem(diff, ["petstore", "--color"]) == .some("unknown option --color"))
        #expect(problem(CallCommand().signature, ["getPet", "--service"]) == .some("--service needs a value"))
        #expect(problem(diff, ["petstore", "v1", "v2", "v3"]) == .some(nil))
        #expect(problem(DiffArguments.signature, ["petstore", "--all", "--all"]) == .some("--all is given twice"))
    }

    @Test func aMismatchOfASubcommandShowsThatFormsUsageAlone() {
        let auth = AuthCommand().signature
        do {
            _ = try auth.parse(["bearer"])
            Issue.record("auth bearer without a token was read")
        } catch {
            #expect(auth.usage("auth", for: error) == "auth bearer TOKEN [SERVICE|URL]")
        }
        do {
            _ = try auth.parse(["bogus", "x"])
            Issue.record("auth bogus x was read")
        } catch {
            #expect(auth.usage("auth", for: error) == AuthCommand().usage)
        }
        // A repeated option says so in its usage.
        #expect(auth.usage("auth").contains("[scope=S…]"))
    }

    @Test func aDoubleDashEndsTheOptions() throws {
        let parsed = try #require(parse(CallCommand().signature, ["getPet", "--", "--no-check"]))
        #expect(parsed.values("ARG") == ["--no-check"])
        #expect(!parsed.flag("--no-check"))
    }

    @Test func aRestPositionalTakesEveryWordAsWritten() throws {
        let parsed = try #require(parse(SetCommand().signature, ["auth", "Bearer", "--x", "a=b"]))
        #expect(parsed.value("NAME") == "auth")
        #expect(parsed.values("VALUE") == ["Bearer", "--x", "a=b"])
        #expect(problem(SetCommand().signature, ["name"]) == .some(nil))
    }

    @Test func theFirstWordPicksTheFormAnyCaseAndOtherwiseTheFormsWithoutOne() throws {
        let auth = AuthCommand().signature
        #expect(parse(auth, ["BEARER", "t"])?.subcommand == "bearer")
        #expect(parse(auth, [])?.subcommand == nil)
        #expect(problem(auth, ["show", "extra"]) != nil)
        #expect(problem(auth, ["bogus"]) != nil)
        // `expect schema == 1` checks a body member called `schema`: the form without a word reads it.
        let expect = try #require(parse(ExpectCommand().signature, ["schema", "==", "1"]))
        #expect(expect.subcommand == nil)
        #expect(parse(ExpectCommand().signature, ["schema"])?.subcommand == "schema")
    }

    @Test func aURLPositionalTellsFormsApart() throws {
        let server = ServerCommand().signature
        #expect(parse(server, ["http://localhost:4010", "petstore"])?.value("URL") == "http://localhost:4010")
        #expect(parse(server, ["petstore"])?.value("URL") == nil)
        #expect(parse(server, ["petstore"])?.value("SERVICE") == "petstore")
        // An optional URL is skipped when the word is not one and a later positional takes it.
        let oauth = try #require(parse(AuthCommand().signature, ["oauth2", "client_id=a", "CLIENT_SECRET=b", "petstore"]))
        #expect(oauth.value("TOKEN_URL") == nil)
        #expect(oauth.value("SERVICE|URL") == "petstore")
        #expect(oauth.option("client_secret=") == "b")
        #expect(problem(AuthCommand().signature, ["oauth2", "client_id=a", "client_secret=b", "colour=red"]) == .some("unknown item colour=…"))
        #expect(problem(AuthCommand().signature, ["oauth2", "client_id=a"]) == .some("client_secret= is missing"))
    }

    @Test func secretsComeFromTheDeclaration() {
        let session = Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles)
        func secrets(_ command: any Command, _ words: [String]) -> [SecretArgument] {
            command.signature.bestReading(words).map { command.secretArguments($0, session: session) } ?? []
        }
        #expect(secrets(AuthCommand(), ["bearer", "T", "petstore"]) == [.whole(1)])
        #expect(secrets(AuthCommand(), ["basic", "ada:pw"]) == [.afterColon(1)])
        #expect(secrets(AuthCommand(), ["key", "k=v"]) == [.afterEquals(1)])
        #expect(secrets(AuthCommand(), ["oauth2", "client_id=a", "client_secret=b"]) == [.afterEquals(2)])
        // A line still being typed, or wrong, is masked as well as it can be read.
        #expect(secrets(AuthCommand(), ["bearer"]) == [])
        #expect(secrets(AuthCommand(), ["bearer", "T", "a", "b"]) == [.whole(1)])
        #expect(secrets(SetCommand(), ["token", "abc", "def"]) == [.rest(from: 1)])
        #expect(secrets(SetCommand(), ["t", "Bearer", "X"]) == [.afterAuthScheme(1)])
        #expect(secrets(HeaderCommand(), ["Authorization", "Bearer", "X"]) == [.rest(from: 2)])
        #expect(secrets(HeaderCommand(), ["X-Api-Key", "abc"]) == [.rest(from: 1)])
        #expect(secrets(HeaderCommand(), ["X-Trace", "abc"]) == [])
        #expect(secrets(UseCommand(), ["weather", "v2"]) == [])
    }

    /// A declared validator, not a hand check in `run`, refuses a word: the usage error names the subcommand,
    /// says what was expected for which positional, and never repeats a secret's value.
    @Test func validatorsMakeTheUsageError() {
        func error(_ command: any Command, _ words: [String]) -> String? {
            do {
                _ = try command.signature.parse(words)
                return nil
            } catch {
                return CommandError.mismatch(error, command: command).message
            }
        }
        #expect(error(AuthCommand(), ["bearer", ""])
                == "auth bearer: expected a value that is not empty for TOKEN; usage: auth bearer TOKEN [SERVICE|URL]")
        #expect(error(AuthCommand(), ["basic", ":pw"])
                == "auth basic|digest: expected a user name (USER or USER:PASSWORD) for USER[:PASSWORD]; usage: auth basic|digest USER[:PASSWORD] [SERVICE|URL]")
        #expect(error(AuthCommand(), ["key", "=v"])?.contains("expected the key as NAME=VALUE for NAME=VALUE;") == true)
        #expect(error(HeaderCommand(), ["a b", "x"])?.hasPrefix("header: expected a header name (letters, digits, - and _) for NAME, not 'a b';") == true)
        #expect(error(SourceCommand(), [""]) == "source: expected a value that is not empty for FILE; usage: source FILE")
        #expect(error(AuthCommand(), ["bearer", "t"]) == nil && error(HeaderCommand(), ["X-A", "x"]) == nil)
        #expect(error(LocationCommand(), ["x", "3"]) == "location: expected a number for LAT, not 'x'; usage: location LAT LON | location")
        #expect(error(GroupsCommand(), ["near", "1", "y"])?.hasPrefix("groups: expected a number for LON, not 'y';") == true)
        #expect(error(GroupsCommand(), ["near", "1.5", "-2"]) == nil)
    }

    /// Every form of every command parses words made from its own declaration, and picks itself.
    @Test func everyDeclaredFormReadsItsOwnSynopsis() throws {
        let commands = CommandRegistry.standard.adding(DemoAPIs.bundles).commands
        for command in commands {
            for form in command.signature.forms {
                var words = form.words.first.map { [$0] } ?? []
                for positional in form.positionals where positional.isRequired {
                    switch positional.kind {
                    case .url: words.append("http://h.example/x")
                    case .choice(let choices): words.append(choices[0])
                    // a word its validator takes, when it has one
                    default: words.append(["w", "k=v", "1"].first { positional.validator?.check($0) ?? true } ?? "w")
                    }
                }
                if form.items.contains(.atLeastOne) { words.append("a=b") }
                for option in form.options where option.required {
                    // a value its kind and validator take
                    var value = "v"
                    if case .choice(let choices)? = option.value?.kind { value = choices[0] }
                    if option.isAssignment {
                        words.append(option.name + value)
                    } else {
                        words += [option.name] + Array(repeating: value, count: option.valueCount)
                    }
                }
                let parsed: ParsedArguments
                do {
                    parsed = try command.signature.parse(words)
                } catch {
                    Issue.record("\(command.name) \(words): \(error.problem ?? "fits no form")")
                    continue
                }
                #expect(parsed.subcommand == form.words.first, "\(command.name) \(words)")
            }
        }
    }
}
