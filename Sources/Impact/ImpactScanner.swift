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
/// environment; a `let` capture is only known at run time), follows `use` and `locate` (what each statement
/// does to the lines after it, as its command declares it: `Command.scriptEffect`), and finds the
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
                    if case .usesVersion = context.effect {
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
        /// What the statement does to the lines after it, as its command declares it.
        var effect = ScriptEffect.none
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
        // What the script sets and reads beside its requests, as the command declares it: variables, the
        // service it uses, the answers it reads (`let`, `expect`), and a spec diff whose result the lines
        // after it read. Read from the words' values, as the command would read them at run time.
        let texts = words.dropFirst().map { value(of: $0) ?? pattern(of: $0) }
        guard let arguments = command.signature.effectReading(texts) else { return }
        context.effect = command.scriptEffect(arguments)
        switch context.effect {
        case .none:
            return
        case let .setsVariable(name, value):
            guard let variable = self.value(of: name, in: context) else { return }
            let values = value.map { self.value(of: $0, in: context) }
            variables[variable] = values.contains { $0 == nil } ? String?.none : values.compactMap { $0 }.joined(separator: " ")
        case let .bindsVariable(name, path):
            scanCapture(&context, name: name, path: path)
            if let variable = self.value(of: name, in: context) {
                variables[variable.trimmingBlanks()] = String?.none
            }
        case .checksAnswer(let checks):
            scanCheck(&context, checks)
        case let .checksVersion(service, version):
            // Quoted, `"version"` is a path into the answer, as `expect`'s grammar reads it.
            if words.count > 1, words[1].isQuoted {
                scanCheck(&context, arguments.effectWords)
            } else {
                scanExpectVersion(&context, service: service, version: version)
            }
        case let .usesVersion(service, version):
            scanUse(&context, service: service, version: version)
        case .loadsLocator:
            context.findings.append(finding("locate", "loads another locator; the lines after it are checked against \(service) \(a) → \(b) as loaded now", .unknown, nil))
            lastRequest = nil
        case .comparesSpecs(let named):
            guard reaches(value(of: named, in: context)) else { return }
            lastRequest = nil
            lastRequestUnknown = false
            context.findings.append(finding("spec diff", "compares the documents; its result is what the lines after it read", .ok, nil))
        }
    }

    // MARK: Variables and services

    /// An effect's argument's value: its text as the command read it from the words' values, nil when its
    /// word is known only at run time.
    func value(of argument: ScriptEffect.Argument, in context: LineContext) -> String? {
        guard let position = argument.position else { return argument.text }
        let words = context.words
        guard words.indices.contains(position + 1), value(of: words[position + 1]) != nil else { return nil }
        return argument.text
    }

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

    private mutating func scanUse(_ context: inout LineContext, service: ScriptEffect.Argument, version: ScriptEffect.Argument?) {
        guard let named = value(of: service, in: context) else {
            context.findings.append(finding("unresolved", "the service is known only at run time", .unknown, nil))
            return
        }
        currentService = serviceNames.first { $0.lowercased() == named.lowercased() } ?? named
        guard reaches(named), let versionArgument = version else { return }
        guard let version = value(of: versionArgument, in: context) else {
            context.findings.append(finding("unresolved", "the version is known only at run time", .unknown, nil))
            return
        }
        if ServiceVersion(version) == entryA.version, entryA.version == entryB.version {
            context.findings.append(finding("version", "uses \(a)", .ok, nil))
        } else if ServiceVersion(version) == entryA.version {
            context.findings.append(finding("version", "uses \(a); --fix switches it to \(b)", .ok, nil))
            if let version = Self.written(b), let position = versionArgument.position { context.replace(position + 1, with: version) }
        } else if version.lowercased() == "latest" {
            context.findings.append(finding("version", "follows the latest version", .ok, nil))
        } else {
            context.findings.append(finding("version", "uses \(version), not \(a): its lines are checked as \(a)'s", .review, nil))
        }
    }
}
