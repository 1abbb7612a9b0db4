@testable import Facade
import JSON

extension Exchange {
    /// The typed value of the decoded model.
    func value<T>(_ type: T.Type) -> T? {
        model?.value as? T
    }

    /// The decode failure, when the outcome is a decode error.
    var decodeFailure: DecodeFailure? {
        guard case .decodeError(_, let failure) = outcome else { return nil }
        return failure
    }

    /// The server's message of a request or server error.
    var errorMessage: String? {
        switch outcome {
        case .requestError(_, let message), .serverError(_, let message): message
        default: nil
        }
    }
}
