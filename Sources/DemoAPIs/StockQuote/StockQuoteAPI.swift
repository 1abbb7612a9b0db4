/// The stock quote service: `GET {url}?symbol=…` at v1 (price as a string) and v2 (opening price and
/// percentage change).
public enum StockQuoteTable: MainResourceTable {
    public static let apiName = "stockQuote"
    public static let versions: [Int: MainResourceModel] = [
        1: MainResourceModel(StockV1.self, name: "StockV1"),
        2: MainResourceModel(StockV2.self, name: "StockV2"),
    ]
}

public typealias StockQuoteAPI = MainResourceAPI<StockQuoteTable>
