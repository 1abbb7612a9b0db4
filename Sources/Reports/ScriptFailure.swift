import ScriptLanguage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A failed command or expectation and where it was.
public struct ScriptFailure: Sendable, Equatable, CustomStringConvertible {
    public let location: SourceLocation?
    public let message: String

    package init(location: SourceLocation?, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String {
        (location.map { "\($0): " } ?? "") + message
    }
}

/// One command as a test case of a report.
public struct CaseResult: Sendable, Equatable {
    public let name: String
    public let location: SourceLocation?
    public let duration: TimeInterval
    /// Nil when it passed.
    public let failure: String?
    /// The answer's schema violation, when the case made a request whose answer had one (counted in reports
    /// even when an `expect status` judged the case a pass).
    public var schemaViolation: String? = nil

    public init(name: String, location: SourceLocation?, duration: TimeInterval, failure: String?, schemaViolation: String? = nil) {
        self.name = name
        self.location = location
        self.duration = duration
        self.failure = failure
        self.schemaViolation = schemaViolation
    }
}
