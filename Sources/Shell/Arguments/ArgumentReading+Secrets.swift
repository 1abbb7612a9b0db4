import Secrets

extension ArgumentReading {
    /// Which of the arguments hold secrets, by what the form's positionals and options declare. A reading
    /// that does not fit is as good as the words can be read, so a line that is wrong, or still being typed,
    /// is masked too.
    package var declaredSecrets: [SecretArgument] {
        let words = arguments.words
        var secrets: [SecretArgument] = []
        var restDone = false
        for (index, role) in arguments.roles.enumerated() {
            switch role {
            case .positional(let name):
                guard let positional = form.positionals.first(where: { $0.placeholder == name }), let shape = positional.secret else { continue }
                if positional.arity == .rest {
                    if restDone { continue }
                    restDone = true
                    if let secret = shape.restArgument(from: index, words: Array(words[index...]), arguments: arguments) {
                        secrets.append(secret)
                    }
                } else if let secret = shape.argument(at: index) {
                    secrets.append(secret)
                }
            case .optionValue(let name):
                if form.option(named: name)?.secret == true { secrets.append(.whole(index)) }
            case .assignment(let name):
                if form.assignment(in: words[index])?.secret == true, form.options.contains(where: { $0.name == name }) {
                    secrets.append(.afterEquals(index))
                }
            default:
                continue
            }
        }
        return secrets
    }
}

extension SecretShape {
    /// The secret of a single word at `index`.
    package func argument(at index: Int) -> SecretArgument? {
        switch self {
        case .whole: .whole(index)
        case .afterEquals: .afterEquals(index)
        case .afterColon: .afterColon(index)
        case .afterAuthScheme: .afterAuthScheme(index)
        case .credentialValue, .headerValue: .whole(index)
        }
    }

    /// The secret of the words from `index` on, taken as one value (`set t Bearer X`).
    func restArgument(from index: Int, words: [String], arguments: ParsedArguments) -> SecretArgument? {
        switch self {
        case .whole, .afterEquals, .afterColon:
            return .rest(from: index)
        case .afterAuthScheme:
            return .afterAuthScheme(index)
        case .credentialValue(let name):
            return Redactor.isCredentialName(arguments.value(name) ?? "") ? .rest(from: index) : .afterAuthScheme(index)
        case .headerValue(let name):
            guard Redactor.isCredentialHeader(arguments.value(name) ?? "") else { return nil }
            return words.count >= 2 && TextPatterns.isAuthScheme(Array(words[0].utf8)) ? .rest(from: index + 1) : .rest(from: index)
        }
    }
}
