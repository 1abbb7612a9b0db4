import Facade

extension Exchange {
    /// The labelled rows of the decoded model, as `label value` lines.
    var rowLines: [String] {
        guard case .rows(let rows)? = model?.presentation else { return [] }
        return rows.map { "\($0.label) \($0.value)" }
    }

    /// The table of the decoded model, when it renders as one.
    var table: Table? {
        guard case .table(let table)? = model?.presentation else { return nil }
        return table
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
