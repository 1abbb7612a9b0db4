/// Why a command line does not fit its declaration.
public struct DeclarationError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        case unknownOption(String)
        case missingValue(option: String)
        case invalidValue(option: String, value: String, expected: String)
        case unexpectedValue(option: String)
        case unexpectedArgument(String)
        case missingArgument(placeholder: String, help: String)
        case conflictingOptions(String, String)
    }

    public let problem: Problem
    /// The command read (`apish serve`).
    public let invocation: String

    public init(_ problem: Problem, invocation: String) {
        self.problem = problem
        self.invocation = invocation
    }

    /// One line; the caller names the command (`serve: …`) and where its help is.
    public var description: String {
        switch problem {
        case .unknownOption(let option): return "unknown option '\(option)'"
        case .missingValue(let option): return "option \(option) needs a value"
        case .invalidValue(let option, let value, let expected):
            return Validator(expected) { _ in false }.problem(with: value, for: option) ?? ""
        case .unexpectedValue(let option): return "option \(option) takes no value"
        case .unexpectedArgument(let argument): return "unexpected argument '\(argument)'"
        case .missingArgument(let placeholder, let what): return "missing \(placeholder): \(what)"
        case .conflictingOptions(let first, let second): return "use either \(first) or \(second), not both"
        }
    }
}
