extension CommandDeclaration {
    /// The arguments after the command's name, read by its declarations: options anywhere, with their values
    /// as the next words or, for a one-value option, after `=` (`--port=9000`); `--` ends the options; the
    /// other words fill the positionals in order. Each value is checked by its validator. With `--help` the
    /// positionals may be missing.
    public func parse(_ words: [String]) throws(DeclarationError) -> DeclaredArguments {
        var arguments = DeclaredArguments()
        var remaining = words[...]
        var positionalIndex = 0
        var optionsEnded = false
        func fail(_ problem: DeclarationError.Problem) -> DeclarationError { DeclarationError(problem, invocation: invocation) }
        func checked(_ value: String, _ declaration: ValueDeclaration, for name: String) throws(DeclarationError) -> String {
            if let validator = declaration.validator, !validator.check(value) {
                throw fail(.invalidValue(option: name, value: value, expected: validator.expectation))
            }
            return value
        }
        while let word = remaining.popFirst() {
            if !optionsEnded, word == "--" {
                optionsEnded = true
                continue
            }
            if !optionsEnded, word.hasPrefix("-"), word != "-" {
                var name = word
                var inline: String?
                if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                    name = String(word[..<equals])
                    inline = String(word[word.index(after: equals)...])
                }
                guard let option = option(named: name) else { throw fail(.unknownOption(name)) }
                if inline != nil, option.values.count != 1 {
                    throw fail(option.values.isEmpty ? .unexpectedValue(option: name) : .missingValue(option: name))
                }
                var values: [String] = []
                for value in option.values {
                    guard let next = inline ?? remaining.popFirst() else { throw fail(.missingValue(option: name)) }
                    inline = nil
                    values.append(try checked(next, value, for: name))
                }
                arguments.add(option, values: values)
                continue
            }
            guard positionalIndex < positionals.count else { throw fail(.unexpectedArgument(word)) }
            let positional = positionals[positionalIndex]
            arguments.set(positional, to: try checked(word, positional.value, for: positional.placeholder))
            positionalIndex += 1
        }
        if !arguments.has(.helpFlag) {
            if let missing = positionals[positionalIndex...].first(where: { !$0.optional }) {
                throw fail(.missingArgument(placeholder: missing.placeholder, help: missing.help))
            }
        }
        for group in conflicts {
            let given = group.filter { option(named: $0).map(arguments.has) ?? false }
            if given.count > 1 { throw fail(.conflictingOptions(given[0], given[1])) }
        }
        return arguments
    }
}
