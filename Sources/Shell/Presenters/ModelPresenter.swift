import Facade

/// Turns a decoded model into what the shell shows, keyed by the model's type: labelled rows with units
/// (`63°F`, `$412.50`, `-2.92%`), tables, or generic JSON for anything else.
public enum ModelPresenter {
    public static func present(_ model: DecodedModel) -> Presentation {
        switch model.value {
        case let weather as WeatherV1: WeatherPresenter.present(weather)
        case let weather as WeatherV2: WeatherPresenter.present(weather)
        case let weather as WeatherV3: WeatherPresenter.present(weather)
        case let stock as StockV1: StockPresenter.present(stock)
        case let stock as StockV2: StockPresenter.present(stock)
        case let twits as [Twit]: TwitPresenter.present(twits)
        case let user as User: TwitPresenter.present(user)
        case let like as LikeResult: TwitPresenter.present(like)
        case let page as GroupsPage: GroupsPresenter.present(page)
        case let schemaModel as SchemaModel: SchemaPresenter.present(schemaModel)
        default: .json(model.body)
        }
    }
}
