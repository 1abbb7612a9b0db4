import APIDescriptions
import Facade
import HTTPClient
import HTTPTypes
import JSON
import ScriptLanguage
import FoundationFree
import Reports
import Shell

/// Reads a script without running it, as the shell would run it against one service, and holds each
/// line that reaches the service against the change between two of its versions (`impact`).
///
/// It reads every line into statements as the engine does, expands the variables it can know (`set`, the
/// environment; a `let` capture is only known at run time), follows `use` and `locate`, and finds the
/// request each statement makes as its command declares it (`Command.requestIntent`): `call OP` by
/// operationId or `METHOD /path`, a raw request or a built-in API's endpoint by method and path template,
/// `refresh` as the service's main resource (`GET /`); each is checked against the change and dry-run on
/// A and B. The `let` and `expect` lines after a request read its response.
struct ImpactScanner {
    let file: String
    let service: String
    let entryA: LocatorEntry
    let entryB: LocatorEntry
    /// Each version's definition: the documents read, and what `call`'s prepared call is made against.
    let apiA: OpenAPIServiceAPI
    let apiB: OpenAPIServiceAPI
    let pairing: OperationPairing
    let serviceNames: [String]
    let environment: [String: String]
    /// The service `call` uses before the script names one.
    let defaultService: String?
    let redactLine: (String) -> String
    /// The commands the shell runs and the session they run in: each line is read into statements as the
    /// engine reads it (`CommandRegistry.statements(in:)`), and `call`'s words by `call`'s own signature.
    let registry: CommandRegistry
    let session: Session

    /// Known values; a name mapped to nil is set, but only at run time.
    private var variables: [String: String?] = [:]
    var currentService: String?
    /// The request whose response the next `let`/`expect` lines read, when it reached the service.
    var lastRequest: RequestUse?
    /// Whether the last request's target is not known: its `let`/`expect` lines are unknown too.
    var lastRequestUnknown = false
    private(set) var lines: [ImpactLine] = []
    private(set) var fixes: [Int: ImpactLineFix] = [:]
    /// Only the `use SERVICE A` → `use SERVICE B` edits: the script as `--run` sends it to B.
    private(set) var versionFixes: [Int: ImpactLineFix] = [:]

    init(file: String, service: String, entryA: LocatorEntry, entryB: LocatorEntry, apiA: OpenAPIServiceAPI,
         apiB: OpenAPIServiceAPI, serviceNames: [String], environment: [String: String], defaultService: String?,
         registry: CommandRegistry, session: Session, redactLine: @escaping (String) -> String) {
        self.file = file
        self.service = service
        self.entryA = entryA
        self.entryB = entryB
        self.apiA = apiA
        self.apiB = apiB
        self.pairing = OperationPairing(apiA.document, apiB.document)
        self.serviceNames = serviceNames
        self.environment = environment
        self.defaultService = defaultService
        self.redactLine = redactLine
        self.registry = registry
        self.session = session
        self.currentService = defaultService
    }

    var documentA: OpenAPIDocument { apiA.document }
    var documentB: OpenAPIDocument { apiB.document }
    var a: String { entryA.version.description }
    var b: String { entryB.version.description }

    // MARK: Lines

    mutating func scan(_ scriptLines: [String]) {
        var next = 0
        while next < scriptLines.count {
            let index = next
            next += 1
            var line = scriptLines[index]
            if index == 0, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
            let trimmed = line.trimmingBlanks()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let number = index + 1
            let statements: [Statement]
            do {
                statements = try registry.statements(in: line, session: session, markingSecrets: false)
            } catch {
                add(number, redactLine(trimmed), [finding("unreadable", "cannot be read: \(error.description)", .unknown, nil)])
                continue
            }
            // A heredoc's lines are its body, not commands: taken here, each statement's in order, as the
            // engine takes them before it runs the line.
            var bodies: [Int: String] = [:]
            for (offset, statement) in statements.enumerated() {
                guard case .heredoc(let delimiter)? = statement.syntax.input else { continue }
                let (body, taken) = Self.heredoc(scriptLines[next...], closedBy: delimiter)
                bodies[offset] = body
                next += taken
            }
            for (offset, statement) in statements.enumerated() {
                let syntax = statement.syntax
                var context = LineContext(number: number, statement: statement, command: command(of: statement), heredoc: bodies[offset])
                scan(&context)
                if !context.findings.isEmpty {
                    add(number, redactLine(ShellEngine.typedLine(syntax.words) + syntax.operatorText), context.findings)
                }
                if context.fix.changesText || !context.fix.comments.isEmpty {
                    var fix = fixes[number] ?? ImpactLineFix()
                    fix.merge(context.fix)
                    fixes[number] = fix
                    if context.command?.name == "use" {
                        var versionFix = versionFixes[number] ?? ImpactLineFix()
                        versionFix.merge(ImpactLineFix(replacements: context.fix.replacements))
                        versionFixes[number] = versionFix
                    }
                }
            }
        }
    }

    /// The body of a heredoc among `lines` (those after its line): the lines up to the one that is
    /// `delimiter` (blanks around it allowed), and how many lines that took, the closing one included; an
    /// unclosed heredoc takes every line left, as the engine reads it (and then refuses it).
    static func heredoc(_ lines: ArraySlice<String>, closedBy delimiter: String) -> (body: String, taken: Int) {
        var body: [String] = []
        for line in lines {
            if line.trimmingBlanks() == delimiter { return (body.joined(separator: "\n"), body.count + 1) }
            body.append(line)
        }
        return (body.joined(separator: "\n"), body.count)
    }

    private mutating func add(_ number: Int, _ text: String, _ findings: [ImpactFinding]) {
        if let last = lines.indices.last, lines[last].number == number, lines[last].text == text {
            lines[last].findings += findings
        } else {
            lines.append(ImpactLine(number: number, text: text, findings: findings))
        }
    }

    /// One statement being looked at, the command it runs, and what is found and fixed (by the spans of
    /// its words, so `--fix` edits the very words read here).
    struct LineContext {
        let number: Int
        let statement: Statement
        /// The command the statement runs: the one its first word names, alias or not, or the one a known
        /// variable there names; nil when that is known only at run time or is no command.
        let command: (any Command)?
        /// The text of the statement's heredoc (`<<WORD`), its body.
        var heredoc: String?
        var findings: [ImpactFinding] = []
        var fix = ImpactLineFix()

        var words: [Word] { statement.words }
        /// `< FILE` or a heredoc: the body comes from there, not from the items.
        var input: ParsedCommand.Input? { statement.syntax.input }

        mutating func replace(_ word: Int, with text: String) {
            let spans = statement.syntax.wordSpans
            guard spans.indices.contains(word) else { return }
            fix.replacements[spans[word]] = text
        }

        /// A word added after the statement's last word, before its `|`, `>` or comment.
        mutating func append(_ text: String) {
            guard let last = statement.syntax.wordSpans.last else { return }
            fix.appended[last.upperBound, default: []].append(text)
        }
    }

    /// The command a statement runs, as the engine finds it; a first word made of known variables names it
    /// by its value.
    private func command(of statement: Statement) -> (any Command)? {
        if let command = statement.command { return command }
        guard let first = statement.words.first, first.literal == nil, let name = value(of: first) else { return nil }
        return registry.command(named: name)
    }

    private mutating func scan(_ context: inout LineContext) {
        let words = context.words
        guard value(of: words[0]) != nil else {
            context.findings.append(finding("unresolved", "the command is built at run time (\(words[0].text))", .unknown, nil))
            return
        }
        guard let command = context.command else { return }
        if scanRequest(&context, command: command) { return }
        // What the script sets and reads beside its requests: variables, the service it uses, the answers
        // it reads (`let`, `expect`), and a spec diff whose result the lines after it read.
        switch command.name {
        case "set":
            if words.count >= 3, let variable = value(of: words[1]) {
                let values = words.dropFirst(2).map(value(of:))
                variables[variable] = values.contains { $0 == nil } ? String?.none : values.compactMap { $0 }.joined(separator: " ")
            }
        case "let":
            scanRead(&context, isLet: true)
            if words.count >= 2, let variable = value(of: words[1])?.split(separator: "=").first.map(String.init) {
                variables[variable.trimmingBlanks()] = String?.none
            }
        case "expect":
            scanExpect(&context)
        case "use":
            scanUse(&context)
        case "locate":
            if words.count >= 2 {
                context.findings.append(finding("locate", "loads another locator; the lines after it are checked against \(service) \(a) → \(b) as loaded now", .unknown, nil))
                lastRequest = nil
            }
        case "diff":
            guard words.dropFirst().compactMap(value(of:)).contains("--spec"), let named = words.dropFirst().first.flatMap(value(of:)),
                  reaches(named) else { return }
            lastRequest = nil
            lastRequestUnknown = false
            context.findings.append(finding("spec diff", "compares the documents; its result is what the lines after it read", .ok, nil))
        default:
            return
        }
    }

    // MARK: Variables and services

    /// The word's value when every variable in it is known.
    func value(of word: Word) -> String? {
        try? word.expand { name in
            if name.hasPrefix("env.") { return environment[String(name.dropFirst(4))] }
            return variables[name] ?? nil
        }
    }

    /// The word as a pattern: known variables expanded, unknown ones as `unknownMark`.
    func pattern(of word: Word) -> String {
        var text = ""
        for part in word.parts {
            switch part {
            case .literal(let literal): text += literal
            case .variable(let name):
                let known = name.hasPrefix("env.") ? environment[String(name.dropFirst(4))] : (variables[name] ?? nil)
                text += known ?? String(Self.unknownMark)
            case let .variableWithDefault(name, fallback):
                let known = name.hasPrefix("env.") ? environment[String(name.dropFirst(4))] : (variables[name] ?? nil)
                text += known ?? fallback
            }
        }
        return text
    }

    static let unknownMark: Character = "\u{1}"

    func reaches(_ name: String?) -> Bool {
        name?.lowercased() == service.lowercased()
    }

    func finding(_ kind: String, _ what: String, _ verdict: ImpactVerdict, _ operation: String?) -> ImpactFinding {
        ImpactFinding(kind: kind, what: what, verdict: verdict, operation: operation)
    }

    private mutating func scanUse(_ context: inout LineContext) {
        let words = context.words
        guard words.count >= 2 else { return }
        guard let named = value(of: words[1]) else {
            context.findings.append(finding("unresolved", "the service is known only at run time", .unknown, nil))
            return
        }
        currentService = serviceNames.first { $0.lowercased() == named.lowercased() } ?? named
        guard reaches(named), words.count >= 3 else { return }
        guard let version = value(of: words[2]) else {
            context.findings.append(finding("unresolved", "the version is known only at run time", .unknown, nil))
            return
        }
        if ServiceVersion(version) == entryA.version, entryA.version == entryB.version {
            context.findings.append(finding("version", "uses \(a)", .ok, nil))
        } else if ServiceVersion(version) == entryA.version {
            context.findings.append(finding("version", "uses \(a); --fix switches it to \(b)", .ok, nil))
            if let version = Self.written(b) { context.replace(2, with: version) }
        } else if version.lowercased() == "latest" {
            context.findings.append(finding("version", "follows the latest version", .ok, nil))
        } else {
            context.findings.append(finding("version", "uses \(version), not \(a): its lines are checked as \(a)'s", .review, nil))
        }
    }
}
