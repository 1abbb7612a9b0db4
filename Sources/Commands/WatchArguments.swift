import Declarations
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

    static let serviceArgument = Positional("SERVICE", .service, .optional, help: "the service to refresh (else the current one)")
    static let every = TypedOption<Double>.assignment(
        "every", "SECONDS", help: "seconds between the starts of two refreshes (default \(Int(defaultInterval)))",
        validator: .number(in: intervals, "seconds from \(intervals.lowerBound) to \(Int(intervals.upperBound)), like every=2 or every=0.5"))
    static let times = TypedOption<Int>.assignment("count", "N", help: "stop after N refreshes (scripts need it)",
                                                   validator: .integer(in: 1...Int.max, "a number of refreshes, like count=3"))

    static var signature: CommandSignature {
        CommandSignature([serviceArgument], options: [every, times], items: .query)
    }
}

extension WatchArguments {
    /// The arguments its signature read.
    package init(_ parsed: ParsedArguments) throws(CommandError) {
        service = parsed[Self.serviceArgument]
        query = parsed.items.compactMap(QueryItem.parse)
        interval = parsed[Self.every] ?? Self.defaultInterval
        count = parsed[Self.times]
    }
}
