import Facade
import JSON
import HTTPClient
import HTTPTypes
import ScriptLanguage
import Shell

/// `expect …`: checks the last response (status, result kind, values at JSON paths) or the version in use;
/// after `diff --spec` (until the next request), the values of its result (`expect breaking == 0`).
/// A failed expectation fails the command, so a script exits 1 and reports `FILE:LINE: expected …, got …`.
package struct ExpectCommand: RequestOutcomeJudge {
    package let name = "expect"
    /// `<`, `>` and `|` are text here (`expect price > 0` compares).
    package let takesOperators = false
    package let abstract = "Check the last response or a version; a failure fails the script"
    /// The checks, by their first word; a check's words are read by `Expectation`'s grammar, so forms of the
    /// same shape (`PATH == VALUE`, `PATH exists`) are each listed for the usage, and the first of them reads.
    package init() {}

    static let status = Positional("N", .text, .rest, help: "a status (200), or a comparison and one (>= 200)")
    static let result = Positional("KIND", .text, .rest, help: "success, requestError, decodeError, serverError or networkFailure")
    static let path = Positional("PATH", help: "a JSON path into the last body (data[0].id), or into diff --spec's result")
    static let comparison = Positional("==|!=|<|>|<=|>= VALUE", .text, .rest, help: "how the value there compares (\"63\" quoted: a string)")
    static let match = Positional("contains|matches VALUE", .text, .rest, help: "text it holds, or a regular expression it matches")
    static let exists = Positional("exists", .text, .rest, help: "that there is a value there")
    static let count = Positional("PATH == N", .text, .rest, help: "the path, a comparison and the count")
    static let service = Positional("SERVICE", .service, help: "the service")
    static let version = Positional("== vN", .text, .rest, help: "a comparison and the version")
    static let header = Positional("NAME", help: "the header's name (any case)")
    static let headerCheck = Positional("==|!=|contains|matches VALUE", .text, .rest, help: "how its value compares")

    package var signature: CommandSignature {
        CommandSignature([
            ArgumentForm(["status"], [Self.status], help: "the last response's status"),
            ArgumentForm(["result"], [Self.result], help: "the kind of the last request's outcome"),
            ArgumentForm([Self.path, Self.comparison]),
            ArgumentForm([Self.path, Self.match]),
            ArgumentForm([Self.path, Self.exists]),
            ArgumentForm(["count"], [Self.count], help: "how many values a JSON path finds"),
            ArgumentForm(["version"], [Self.service, Self.version], help: "the version of a service in use"),
            ArgumentForm(["header"], [Self.header, Self.headerCheck], help: "a header of the last response"),
            ArgumentForm(["header"], [Self.header, Self.exists]),
            ArgumentForm(["schema", "valid"], help: "the last answer matches its schema: no decodeError"),
        ])
    }
    package let details = [
        "expect status 200                      expect result requestError",
        "expect data[0].likeCount == 4          expect currentTemperature == \"63\"   (quoted: a string)",
        "expect meta.total_count >= 10          expect count data == 12",
        "expect currentConditions exists        expect name matches '^Apple'",
        "expect version {service} == v2           expect .status == 200   (a body field named status)",
        "expect header Content-Type contains json   expect header Location exists   (a response header)",
        "diff petstore v1 v2 --spec             expect breaking == 0    (until the next request)",
        "expect schema   (or expect valid)      the last answer matches its schema: no decodeError",
        "In a script, a failed request followed by expect status/result/schema is judged by that expectation;",
        "a schema violation judged by expect status stays a warning (a failure with --strict-schema).",
    ]

    /// The first word of a check, then its operators (the checks are a small grammar, not options).
    package func completion(after previous: [String], session: Session) -> ArgumentCompletion {
        switch previous.count {
        case 0: return ArgumentCompletion(["status", "result", "schema", "count", "version", "header"])
        case 2 where previous[0] == "header": return ArgumentCompletion(["==", "!=", "contains", "matches", "exists"])
        case 1 where previous[0] == "result": return ArgumentCompletion(OutcomeKind.allCases.map(\.rawValue))
        case 1 where previous[0] == "version": return ArgumentCompletion(ServiceCompletion.names(session))
        case 1: return ArgumentCompletion(ExpectationOperator.allCases.map(\.rawValue) + ["contains", "matches", "exists"])
        default: return ArgumentCompletion()
        }
    }

    /// Whether these arguments judge the outcome of the request just before (`expect status 404`, `expect
    /// result requestError`). In a script, a failed request followed by such a check is not counted as a
    /// failure by itself: the check decides, so scripts (and recordings) can expect errors.
    package func judgesRequestOutcome(_ arguments: [String]) -> Bool {
        guard let first = arguments.first?.lowercased() else { return false }
        return first == "status" || first == "result" || ((first == "schema" || first == "valid") && arguments.count == 1)
    }

    /// Whether these arguments judge only the status (`expect status 200`): a schema violation of that
    /// answer is then still shown, and counted with `--strict-schema`.
    package func judgesStatusOnly(_ arguments: [String]) -> Bool {
        arguments.first?.lowercased() == "status"
    }

    /// `expect version SERVICE == VERSION` checks a service's version (the last word); every other check reads
    /// the last answer, by `Expectation`'s grammar over its words.
    package func scriptEffect(_ arguments: ParsedArguments) -> ScriptEffect {
        guard arguments.subcommand == "version" else { return arguments.words.isEmpty ? .none : .checksAnswer(words: arguments.effectWords) }
        guard let service = arguments.effectArguments(Self.service).first else { return .none }
        return .checksVersion(service: service, version: arguments.effectArguments(Self.version).last)
    }

    /// A check that fits none of the forms is still read by the grammar, which says what is wrong with it.
    package func explain(_ mismatch: CommandSignature.Mismatch, words: [String]) -> CommandError {
        do {
            _ = try Expectation.parse(words.map { Expectation.Argument($0, quoted: false) })
        } catch {
            return CommandError(error.message)
        }
        return CommandError.mismatch(mismatch, command: self)
    }

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let expectation: Expectation
        do {
            expectation = try Expectation.parse(
                zip(arguments.words, context.words.dropFirst()).map { Expectation.Argument($0, quoted: $1.isQuoted) })
        } catch {
            throw CommandError(error.message)
        }
        let facade = context.session.facade
        let activeVersion: (String) -> ServiceVersion? = { service in
            facade.workspace.canonicalName(of: service) == nil ? nil : facade.workspace.activeVersion(of: service)
        }
        var evaluation: ExpectationContext
        if let standing = context.session.standingResult {
            evaluation = ExpectationContext(outcome: nil, body: standing.data, subject: standing.command, activeVersion: activeVersion)
        } else {
            let exchange = facade.requests.lastExchange
            evaluation = ExpectationContext(
                outcome: exchange?.outcome, body: nil, document: exchange?.document, headers: exchange?.response?.headers,
                activeVersion: activeVersion)
        }
        evaluation.cancellation = context.cancellationToken()
        let result = expectation.evaluate(in: evaluation)
        var report = RunResult()
        report.ok = result.passed
        if result.passed {
            if context.session.options.interactive { report.value = .text(["✓ " + result.message]) }
        } else {
            report.error = result.message
        }
        report.data = .object(JSONObject([
            ("expectation", .string(expectation.description)), ("passed", .bool(result.passed)),
            ("actual", result.actual ?? .null),
        ]))
        return report
    }
}
