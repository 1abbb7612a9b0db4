import Declarations
import HTTPTypes

extension CommandSignature {
    /// Why the arguments fit no form: one line that ends with the usage.
    public struct Mismatch: Error, Sendable, Equatable {
        /// What is wrong (`unknown option --x`), nil when it is only that the words fit no form.
        public let problem: String?
        /// The forms the first word named (`auth bearer …`), whose usage alone the error shows; empty when
        /// it named none.
        public var named: [Int] = []
    }

    /// The arguments read by the form they fit: a form its first word names (`auth bearer`), else the
    /// first form without such a word that they fit (`expect schema == 1` checks a member called `schema`).
    public func parse(_ words: [String]) throws(Mismatch) -> ParsedArguments {
        var firstMismatch: Mismatch?
        // A value a later form refuses says more than an earlier form's unknown option (`diff … --spec
        // --format x`: the first form knows no --spec).
        var firstIsUnknownOption = false
        var refusedValue: Mismatch?
        for index in candidateForms(for: words) {
            let reading = forms[index].read(words)
            if let problem = reading.problem {
                // A subcommand named without the items it needs (`server set`) is not another form's word.
                if case .missingItems = problem, !forms[index].words.isEmpty {
                    throw Mismatch(problem: problem.message, named: namedForms(by: words))
                }
                if firstMismatch == nil {
                    firstMismatch = Mismatch(problem: problem.message)
                    if case .unknownOption = problem { firstIsUnknownOption = true }
                }
                if refusedValue == nil, case .invalid = problem { refusedValue = Mismatch(problem: problem.message) }
                continue
            }
            return reading.arguments
        }
        var mismatch = (firstIsUnknownOption ? refusedValue : nil) ?? firstMismatch ?? Mismatch(problem: nil)
        mismatch.named = namedForms(by: words)
        throw mismatch
    }

    /// The forms (by position) `words` may be: those its first word names, then every form without a word.
    /// Most commands have no subcommands: their forms are all of them, and no word is looked at.
    func candidateForms(for words: [String]) -> [Int] {
        guard forms.contains(where: { !$0.words.isEmpty }) else { return Array(forms.indices) }
        return namedForms(by: words) + forms.indices.filter { forms[$0].words.isEmpty }
    }

    /// The forms whose subcommand word `words` starts with (any case).
    private func namedForms(by words: [String]) -> [Int] {
        guard let first = words.first?.lowercased() else { return [] }
        return forms.indices.filter { forms[$0].words.contains(first) }
    }

    /// The arguments read as well as they can be, even when they fit no form: which word is which, for
    /// masking a line that is wrong or still being typed (the first form that fits, else the first tried).
    /// It `fits` exactly when `parse` reads the words so.
    package func bestReading(_ words: [String]) -> ArgumentReading? {
        var first: ArgumentReading?
        // `parse` stops at a subcommand named without the items it needs; a later form that fits is only a reading.
        var refused = false
        for index in candidateForms(for: words) {
            let reading = forms[index].read(words)
            if reading.problem == nil { return ArgumentReading(form: forms[index], arguments: reading.arguments, fits: !refused) }
            if case .missingItems? = reading.problem, !forms[index].words.isEmpty { refused = true }
            if first == nil { first = ArgumentReading(form: forms[index], arguments: reading.arguments, fits: false) }
        }
        return first
    }
}

/// What is wrong with a form's reading.
package enum ReadingProblem: Sendable {
    /// The words are fewer or more than the form takes.
    case count
    case unknownOption(String)
    case missingValue(String)
    case repeatedOption(String)
    case unknownItem(String)
    /// A word its positional's validator refuses: what is wrong with it.
    case invalid(String)
    /// An option the form needs is not there (`export … --format`).
    case missingOption(String)
    /// The form needs an item and has none (`server set`): its synopsis.
    case missingItems(String)

    package var message: String? {
        switch self {
        case .count: nil
        case .unknownOption(let option): "unknown option \(option)"
        case .missingValue(let option): "\(option) needs a value"
        case .repeatedOption(let option): "\(option) is given twice"
        case .unknownItem(let name): "unknown item \(name)=…"
        case .invalid(let problem): problem
        case .missingOption(let option): "\(option) is missing"
        case .missingItems(let items): "\(items) is missing"
        }
    }
}

extension ArgumentForm {
    /// The words as this form reads them. The required positionals are taken first, whatever they look
    /// like (`get http://h/?a=b`); after them a word is an option when it is one of the form's, an item
    /// when the form takes items and it is one, else the next positional. `--` ends the options, and a
    /// `rest` positional takes every word from its place on, as written.
    package func read(_ words: [String]) -> (arguments: ParsedArguments, problem: ReadingProblem?) {
        var parsed = ParsedArguments(words: words, subcommand: self.words.isEmpty ? nil : words.first?.lowercased())
        var index = 0
        if !self.words.isEmpty, !words.isEmpty {
            parsed.append(words[0], as: .subcommand)
            index = 1
        }
        var problem: ReadingProblem?
        func note(_ found: ReadingProblem) { if problem == nil { problem = found } }
        let requiredCount = positionals.reduce(0) { $0 + ($1.isRequired ? 1 : 0) }
        let restStart = positionals.firstIndex { $0.arity == .rest }
        var candidates: [(word: String, at: Int)] = []
        var roles: [(word: String, role: ParsedArguments.Role)] = []
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            if let restStart, candidates.count == restStart {
                candidates += words[index...].enumerated().map { ($1, roles.count + $0) }
                roles += words[index...].map { ($0, .positional("")) }
                break
            }
            if !optionsEnded, word == "--" {
                roles.append((word, .separator))
                optionsEnded = true
            } else if !optionsEnded, hasAssignments, let option = assignment(in: word) {
                if roles.contains(where: { $0.role == .assignment(option.name) }), !option.repeats { note(.repeatedOption(option.name)) }
                roles.append((word, .assignment(option.name)))
            } else if !optionsEnded, hasAssignments, let name = Self.assignmentName(word), items.isEmpty {
                note(.unknownItem(name))
                roles.append((word, .positional("")))
            } else if !optionsEnded, let option = option(named: word) {
                if roles.contains(where: { $0.role == .option(option.name) }), !option.repeats { note(.repeatedOption(option.name)) }
                roles.append((word, .option(option.name)))
                for _ in 0..<option.valueCount {
                    if index + 1 < words.count {
                        index += 1
                        roles.append((words[index], .optionValue(option.name)))
                    } else {
                        note(.missingValue(option.name))
                        break
                    }
                }
            } else if !optionsEnded, word.hasPrefix("--"), word.count > 2 {
                note(.unknownOption(word))
                roles.append((word, .positional("")))
            } else if !optionsEnded, candidates.count >= requiredCount, items.accepts(word) {
                roles.append((word, .item))
            } else {
                candidates.append((word, roles.count))
                roles.append((word, .positional("")))
            }
            index += 1
        }
        // The candidates go to the positionals in order: the required first, what is over to the optional
        // ones from the left, and the rest to a repeated one. Words that fit no assignment (too few, as while
        // typing) still go to the positionals in order, for completion and masking.
        let names = assign(candidates.map(\.word))
        if names == nil { note(.count) }
        for (position, candidate) in candidates.enumerated() {
            let name = names.map { position < $0.count ? $0[position] : "…" } ?? positional(forSlot: position)?.placeholder ?? "…"
            roles[candidate.at].role = .positional(name)
            if names != nil, let declared = positionals.first(where: { $0.placeholder == name }),
               let problem = declared.validator?.problem(with: candidate.word, forPositional: name, secret: declared.secret != nil) {
                note(.invalid(problem))
            }
        }
        for (word, role) in roles {
            if let problem = refusal(of: word, as: role) { note(.invalid(problem)) }
            parsed.append(word, as: role)
            if case .option(let name) = role, option(named: word)?.value == nil { parsed.markFlag(name) }
        }
        // An option that is the whole form (`show --headers`) is what tells the form apart: its absence
        // only says the words are another form's.
        if let missing = options.first(where: { $0.required && !parsed.flag($0.name) }) {
            note(missing.value == nil ? .count : .missingOption(missing.name))
        }
        if !self.words.isEmpty && words.isEmpty { note(.count) }
        if items.contains(.atLeastOne), parsed.items.isEmpty { note(.missingItems(items.synopsis ?? "")) }
        return (parsed, problem)
    }

    /// The positional each word goes to, nil when the words are too few or too many, or one is not of its
    /// positional's kind. An optional positional is left out when its kind does not take the word and a
    /// later one does (`auth oauth2 [TOKEN_URL] [SERVICE|URL]`).
    private func assign(_ words: [String]) -> [String]? {
        func fit(_ positional: Int, _ word: Int) -> [String]? {
            guard positional < positionals.count else { return word == words.count ? [] : nil }
            let current = positionals[positional]
            let left = words.count - word
            let requiredAfter = positionals[(positional + 1)...].filter(\.isRequired).count
            switch current.arity {
            case .one, .optional:
                if left > requiredAfter, current.kind.accepts(words[word]), let rest = fit(positional + 1, word + 1) {
                    return [current.placeholder] + rest
                }
                return current.arity == .optional ? fit(positional + 1, word) : nil
            case .many, .oneOrMore, .rest:
                let least = current.arity == .many ? 0 : 1
                var count = left - requiredAfter
                while count >= least {
                    if words[word..<(word + count)].allSatisfy(current.kind.accepts), let rest = fit(positional + 1, word + count) {
                        return Array(repeating: current.placeholder, count: count) + rest
                    }
                    count -= 1
                }
                return nil
            }
        }
        return fit(0, 0)
    }

    /// What the option's validator says of its value `word` (`--format needs one of text or json, not 'x'`).
    private func refusal(of word: String, as role: ParsedArguments.Role) -> String? {
        switch role {
        case .optionValue(let name):
            guard let option = options.first(where: { $0.name == name }) else { return nil }
            return option.validator?.problem(with: word, for: option.name, secret: option.secret)
        case .assignment(let name):
            guard let option = options.first(where: { $0.name == name }), let equals = word.firstIndex(of: "=") else { return nil }
            return option.validator?.problem(with: String(word[word.index(after: equals)...]), for: option.name, secret: option.secret)
        default:
            return nil
        }
    }

    package func option(named word: String) -> Option? {
        options.first { ($0.name == word || $0.aliases.contains(word)) && !$0.isAssignment }
    }

    /// The `name=VALUE` option `word` sets (`client_id=app`).
    package func assignment(in word: String) -> Option? {
        guard let name = Self.assignmentName(word) else { return nil }
        let lowered = name.lowercased() + "="
        return options.first { $0.isAssignment && $0.name.lowercased() == lowered }
    }

    private var hasAssignments: Bool { options.contains(where: \.isAssignment) }

    /// `client_id` of `client_id=app`: a plain name (letters, digits, `_`, `-`, `.`) before a single `=`, so
    /// a URL with a query is not one.
    static func assignmentName(_ word: String) -> String? {
        guard let equals = word.firstIndex(of: "="), equals != word.startIndex,
              !word[word.index(after: equals)...].hasPrefix("="),
              word[..<equals].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == ".") })
        else { return nil }
        return String(word[..<equals])
    }
}

extension RequestItems {
    /// Whether `word` is an item of these kinds.
    package func accepts(_ word: String) -> Bool {
        if isEmpty { return false }
        // Every word after a request's target is an item: `@photo.png` is a body file, and a wrong one
        // (`=x`) is the request's to name.
        if contains(.request) { return true }
        if contains(.query), QueryItem.parse(word) != nil { return true }
        if contains(.settings) { return ArgumentForm.assignmentName(word) != nil }
        return false
    }
}
