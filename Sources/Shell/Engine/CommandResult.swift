import Synchronization
import Facade
import JSON

/// The data of a command that stands in for a response, so that `expect` and `let` read it: after
/// `diff A B --spec`, `expect breaking == 0` asserts on its count. It stands until the next request.
package struct CommandResult {
    /// The command that made it, for messages: `diff --spec`.
    package let command: String
    fileprivate let source: MadeOnce
    package var data: JSONValue { source.value }
    /// `ServiceFacade.exchangeCount` when it was made: any request since takes over.
    package let exchangeCount: Int
}

extension Session {
    /// Makes `data` what `expect` and `let` read, until the next request.
    package func standIn(_ command: String, data: JSONValue) {
        standIn(command, data: MadeOnce { data })
    }

    /// The same, with data made the first time `expect`, `let` or `--json` reads it (`MadeOnce`).
    package func standIn(_ command: String, data: MadeOnce) {
        commandResult = CommandResult(command: command, source: data, exchangeCount: facade.requests.exchangeCount)
    }

    /// The command result `expect` and `let` read, when no request came after it.
    package var standingResult: CommandResult? {
        guard let result = commandResult, result.exchangeCount == facade.requests.exchangeCount else { return nil }
        return result
    }
}

/// JSON made the first time it is read, then kept: a spec diff's data (every change as JSON, a few
/// milliseconds for GitHub's description) is read only by `--json`, `--format json`, `let` and `expect`,
/// and a diff shown as lines never makes it.
package final class MadeOnce: Sendable {
    private let make: @Sendable () -> JSONValue
    private let made = Mutex<JSONValue?>(nil)

    package init(_ make: @escaping @Sendable () -> JSONValue) {
        self.make = make
    }

    package var value: JSONValue {
        made.withLock { made in
            if let made { return made }
            let value = make()
            made = value
            return value
        }
    }
}
