import FoundationFree
import HTTPTypes

/// What names an operation on a command line: its `operationId`, or `METHOD /path` (method in any case).
/// Both the whole document (`OpenAPIDocument.operation(named:)`) and its fragments' index
/// (`OperationFragments`) find an operation by this one reading.
protocol OperationNaming {
    var operationId: String? { get }
    var method: HTTPMethod { get }
    var path: String { get }
}

extension OpenAPIOperation: OperationNaming {}
extension OperationFragments.Operation: OperationNaming {}

extension Array where Element: OperationNaming {
    /// The first operation with this exact `operationId`, else the first written as `METHOD /path`.
    func firstIndex(named text: String) -> Int? {
        if let index = firstIndex(where: { $0.operationId == text }) { return index }
        let parts = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2 else { return nil }
        let method = HTTPMethod(rawValue: String(parts[0]))
        let path = parts[1].trimmingWhitespace()
        return firstIndex { $0.method == method && $0.path == path }
    }
}
