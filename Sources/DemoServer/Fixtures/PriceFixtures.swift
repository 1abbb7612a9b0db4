import JSON

/// The `price` service: a body that breaks its own schema on purpose (`schemas/price.json` says `price`
/// is `{amount, currency}`; the body sends the string `"9.50"`), so a client can show schema drift.
enum PriceFixtures {
    /// `price/v1.json`, served as `GET /price/v1`.
    static var v1: JSONValue {
        ["item": "tea", "price": "9.50"]
    }
}
