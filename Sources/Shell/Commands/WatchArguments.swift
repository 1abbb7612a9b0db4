import Facade
import HTTPClient
import HTTPTypes

/// `watch [SERVICE] [every=SECONDS] [count=N] [name==value…]`, parsed.
struct WatchArguments: Equatable {
    /// Nil: the current service.
    var service: String?
    /// Seconds between the starts of two refreshes.
    var interval: Double = WatchArguments.defaultInterval
    /// Stop after this many refreshes (scripts); nil runs until Ctrl-C.
    var count: Int?
    var query: [FormField] = []

    static let defaultInterval = 5.0
    /// Bounds that keep a typo from hammering a server or waiting for a day.
    static let intervals: ClosedRange<Double> = 0.1...86_400

    static func parse(_ arguments: [String], usage: String) throws(CommandError) -> WatchArguments {
        var result = WatchArguments()
        for argument in arguments {
            if let field = QueryItem.parse(argument) {
                result.query.append(field)
            } else if let value = option("every", in: argument) {
                guard let seconds = Double(value), seconds.isFinite, intervals.contains(seconds) else {
                    throw CommandError("watch: every= takes seconds between \(intervals.lowerBound) and \(Int(intervals.upperBound)), like every=2 or every=0.5")
                }
                result.interval = seconds
            } else if let value = option("count", in: argument) {
                guard let count = Int(value), count > 0 else {
                    throw CommandError("watch: count= takes a number of refreshes, like count=3")
                }
                result.count = count
            } else if argument.hasPrefix("-") || argument.contains("=") {
                throw CommandError("watch: '\(argument)' is not every=S, count=N or name==value; usage: \(usage)")
            } else if result.service == nil {
                result.service = argument
            } else {
                throw CommandError("watch: one service at a time ('\(argument)'); usage: \(usage)")
            }
        }
        return result
    }

    /// `every=2` → `2` for the name `every` (any case).
    private static func option(_ name: String, in argument: String) -> String? {
        let prefix = name + "="
        guard argument.lowercased().hasPrefix(prefix) else { return nil }
        return String(argument.dropFirst(prefix.count))
    }
}
