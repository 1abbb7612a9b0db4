import Facade
import HTTPClient
import HTTPTypes
import Shell

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

    static var signature: CommandSignature {
        CommandSignature([Positional("SERVICE", .service, .optional)],
                         options: [.assignment("every", "SECONDS"), .assignment("count", "N")], items: .query)
    }
}

extension WatchArguments {
    /// The arguments its signature read.
    package init(_ parsed: ParsedArguments) throws(CommandError) {
        service = parsed.value("SERVICE")
        query = parsed.items.compactMap(QueryItem.parse)
        if let value = parsed.option("every=") {
            guard let seconds = Double(value), seconds.isFinite, Self.intervals.contains(seconds) else {
                throw CommandError("watch: every= takes seconds between \(Self.intervals.lowerBound) and \(Int(Self.intervals.upperBound)), like every=2 or every=0.5")
            }
            interval = seconds
        }
        if let value = parsed.option("count=") {
            guard let count = Int(value), count > 0 else {
                throw CommandError("watch: count= takes a number of refreshes, like count=3")
            }
            self.count = count
        }
    }
}
