import APIDescriptions
import Facade
import Profiles

/// What Tab offers for the word being typed, from a command's declaration.
public struct ArgumentCompletion: Equatable, Sendable {
    public var words: [String]
    /// The options that may come next; offered once a `-` is typed, or when nothing else is.
    public var options: [String]
    /// Whether files are offered (the word is a path).
    public var paths: Bool

    public init(_ words: [String] = [], options: [String] = [], paths: Bool = false) {
        self.words = words
        self.options = options
        self.paths = paths
    }

    /// What is offered for `partial`, the start of the word being typed.
    package func offered(for partial: String) -> [String] {
        partial.hasPrefix("-") || words.isEmpty ? words + options : words
    }
}

extension CommandSignature {
    /// What Tab offers after the arguments `previous`: the subcommand words first, then for each form the
    /// words could still be, the value of an option waiting for one, or the next positional's values and
    /// the options not given yet.
    package func completion(after previous: [String], session: Session) -> ArgumentCompletion {
        var result = ArgumentCompletion()
        func add(_ words: [String]) {
            for word in words where !result.words.contains(word) { result.words.append(word) }
        }
        if previous.isEmpty { add(subcommands) }
        let forms = previous.isEmpty ? forms.filter(\.words.isEmpty) : candidateForms(for: previous).map { self.forms[$0] }
        for form in forms {
            let reading = form.read(previous)
            let arguments = reading.arguments
            if let last = arguments.roles.last, case .option(let name) = last, let value = form.option(named: name)?.value {
                add(value.kind.candidates(arguments, form: form, session: session))
                result.paths = result.paths || value.kind.isPath
                continue
            }
            let given = arguments.roles.filter { if case .positional = $0 { true } else { false } }.count
            if let positional = form.positional(forSlot: given) {
                add(positional.kind.candidates(arguments, form: form, session: session))
                result.paths = result.paths || positional.kind.isPath
                if positional.arity == .rest { continue }
            }
            if let itemNames = form.itemNames { add(itemNames.candidates(arguments, form: form, session: session)) }
            for option in form.options where option.repeats || !arguments.flag(option.name) {
                if option.isAssignment { add([option.name]) } else if !result.options.contains(option.name) { result.options.append(option.name) }
            }
        }
        return result
    }
}

extension ArgumentForm {
    /// The positional the next word after `slot` positional words would be, the optional ones counted as given.
    package func positional(forSlot slot: Int) -> Positional? {
        var remaining = slot
        for positional in positionals {
            switch positional.arity {
            case .one, .optional:
                if remaining == 0 { return positional }
                remaining -= 1
            case .many, .oneOrMore, .rest:
                return positional
            }
        }
        return nil
    }
}

extension ArgumentKind {
    /// The values Tab offers for a word of this kind, given what was read before it.
    package func candidates(_ before: ParsedArguments, form: ArgumentForm, session: Session) -> [String] {
        switch self {
        case .text, .url, .file:
            return []
        case .choice(let words):
            return words
        case .service, .serviceOrURL:
            return ServiceCompletion.names(session)
        case .describedService:
            return OperationCompletion.servicesWithSpecs(session)
        case .version:
            guard let service = Self.service(named: before, in: form) ?? session.facade.workspace.currentService else { return [] }
            return session.facade.workspace.versions(of: service).map(\.description) + ["latest"]
        case .operation:
            return OperationCompletion.operationIds(session)
        case .command:
            return session.registry.available(with: session.facade.workspace.serviceNames).allNames
                + OperationCompletion.operationIds(session)
        case .profile:
            return session.profileStore.names()
        case .variable:
            return session.variables.keys.sorted()
        case .mock:
            return session.mocks.keys.sorted()
        case .serverVariable:
            let report = try? session.facade.descriptions.servers(Self.service(named: before, in: form))
            return report?.servers.flatMap { $0.variables.map { "\($0.name)=" } } ?? []
        }
    }

    /// The service the words before name, by the form's positional of a service kind.
    private static func service(named before: ParsedArguments, in form: ArgumentForm) -> String? {
        form.positionals.first { $0.kind == .service || $0.kind == .describedService }.flatMap { before.value($0.placeholder) }
    }
}
