import Facade
import JSON

/// The data of a command that stands in for a response, so that `expect` and `let` read it: after
/// `diff A B --spec`, `expect breaking == 0` asserts on its count. It stands until the next request.
package struct CommandResult {
    /// The command that made it, for messages: `diff --spec`.
    package let command: String
    package let data: JSONValue
    /// `ServiceFacade.exchangeCount` when it was made: any request since takes over.
    package let exchangeCount: Int
}

extension Session {
    /// Makes `data` what `expect` and `let` read, until the next request.
    package func standIn(_ command: String, data: JSONValue) {
        commandResult = CommandResult(command: command, data: data, exchangeCount: facade.requests.exchangeCount)
    }

    /// The command result `expect` and `let` read, when no request came after it.
    package var standingResult: CommandResult? {
        guard let result = commandResult, result.exchangeCount == facade.requests.exchangeCount else { return nil }
        return result
    }
}
