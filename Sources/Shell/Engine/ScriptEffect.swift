/// What a statement does to the script around it, beside any request it makes, as its command declares it
/// (`Command.scriptEffect`) from the arguments its signature read: the variables it sets, the answer it
/// reads, the service or locator it switches to. `impact` follows these to read the lines after it as the
/// shell would run them, without naming any command.
public enum ScriptEffect: Sendable, Equatable {
    /// One argument as the command read it, and its place among the command's arguments.
    public typealias Argument = RequestIntent.Argument

    /// The command changes nothing a later line reads (the default).
    case none
    /// `set NAME VALUE…`: the variable holds the value's words joined by a space.
    case setsVariable(name: Argument, value: [Argument])
    /// `let NAME = PATH`: the variable holds what the last answer has at the path, known only at run time.
    case bindsVariable(name: Argument, path: [Argument])
    /// `expect …`: a check of the last answer (its status, outcome, a value at a path), its words as typed.
    case checksAnswer(words: [Argument])
    /// `expect version SERVICE == VERSION`: a check of the version a service is on.
    case checksVersion(service: Argument, version: Argument?)
    /// `use SERVICE VERSION`: the service the lines after it talk to, and the version it switches to.
    case usesVersion(service: Argument, version: Argument?)
    /// `locate TARGET`: another locator, whose services the lines after it talk to.
    case loadsLocator(Argument)
    /// `diff SERVICE A B --spec`: the two versions' descriptions compared; what the lines after it read.
    case comparesSpecs(service: Argument)
}

extension ParsedArguments {
    /// Every word of the positional declared so (each of a repeated one's), as arguments.
    package func effectArguments(_ positional: Positional) -> [ScriptEffect.Argument] {
        zip(words, roles).enumerated().compactMap { position, pair in
            pair.1 == .positional(positional.placeholder) ? ScriptEffect.Argument(pair.0, at: position) : nil
        }
    }

    /// Every word, as arguments.
    package var effectWords: [ScriptEffect.Argument] {
        words.enumerated().map { ScriptEffect.Argument($0.element, at: $0.offset) }
    }
}

extension CommandSignature {
    /// The words read by the form they fit, else as well as they can be read (a line the command refuses, or
    /// a value known only at run time standing for one it would take): what `impact` reads an effect from.
    package func effectReading(_ words: [String]) -> ParsedArguments? {
        (try? parse(words)) ?? bestReading(words)?.arguments
    }
}
