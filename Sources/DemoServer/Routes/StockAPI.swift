import JSON
import HTTPServer

/// `GET /stock/vN?symbol=SYM`: one quote from `stock/vN.json`. Built-in quotes move with the clock; quotes
/// from a fixture folder are served as written.
struct StockAPI {
    let fixtures: FixtureStore
    let clock: @Sendable () -> Double

    func respond(to request: HTTPRequest) throws -> HTTPResponse? {
        guard request.pathSegments.count == 2 else { return nil }
        let file = "stock/\(request.pathSegments[1]).json"
        guard let document = try fixtures.document(at: file) else { return nil }
        guard request.isRead else { return .methodNotAllowed(request, allow: "GET, HEAD") }
        let symbol = (nonEmpty(request.queryValue("symbol")) ?? "AAPL").uppercased()
        guard let record = document[symbol] else {
            return .error("unknown symbol '\(symbol)'", status: 404)
        }
        return .json(fixtures.isBuiltIn ? moved(record, symbol: symbol) : record)
    }

    /// The record with its current price moved to the present instant (v1: a string; v2: a number, with
    /// the percentage change recomputed).
    private func moved(_ record: JSONValue, symbol: String) -> JSONValue {
        let time = clock()
        switch record["currentPrice"] {
        case .string(let text)?:
            guard let base = Double(text) else { return record }
            let price = StockTicker.movedPrice(base, symbol: symbol, at: time)
            guard let moved = JSONNumber.twoDecimals(price) else { return record }
            return record.setting("currentPrice", to: .string(moved.text))
        case .number(let number)?:
            guard let base = number.double, let opening = record["openingPrice"]?.doubleValue else { return record }
            return StockTicker.v2Record(
                symbol: record["symbol"]?.stringValue ?? symbol,
                name: record["name"]?.stringValue ?? symbol,
                openingPrice: opening,
                currentPrice: StockTicker.movedPrice(base, symbol: symbol, at: time)
            )
        default:
            return record
        }
    }
}
