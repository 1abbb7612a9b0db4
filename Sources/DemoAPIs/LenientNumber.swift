import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree

/// A number that v1 services send as a string (`"63"`, `"530.12"`). Only v1 models use it;
/// v2 models are strict, so a string there is reported as drift.
public struct LenientNumber: Decodable, Sendable, Equatable {
    public let value: Double

    public init(_ value: Double) {
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            value = number
            return
        }
        let text = try container.decode(String.self)
        let trimmed = text.trimmingWhitespace()
        // Decimal numbers only: `Double("0x1F")`, `Double("nan")` and `Double("inf")` would also succeed.
        let decimal = !trimmed.isEmpty && trimmed.allSatisfy { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }
        guard decimal, let number = Double(trimmed), number.isFinite else {
            throw DecodingError.typeMismatch(
                Double.self,
                .init(codingPath: container.codingPath, debugDescription: "\"\(text)\" is not a number"))
        }
        value = number
    }
}
