import Shell
import HTTPClient
import HTTPTypes
import JSON
import FoundationFree
import Facade
import Rendering

/// Stock quotes as labelled rows with dollars and a signed percentage.
enum StockPresenter {
    static func present(_ stock: StockV1) -> Presentation {
        .rows([LabelledRow("Symbol", stock.symbol), LabelledRow("Name", stock.name),
               LabelledRow("Price", Formatting.currency(stock.currentPrice.value))])
    }

    static func present(_ stock: StockV2) -> Presentation {
        .rows([LabelledRow("Symbol", stock.symbol), LabelledRow("Name", stock.name),
               LabelledRow("Opening Price", Formatting.currency(stock.openingPrice)),
               LabelledRow("Current Price", Formatting.currency(stock.currentPrice)),
               LabelledRow("Percent Change", Formatting.percent(stock.percentageChange))])
    }
}
