import Facade
import Shell

/// The demo's built-in APIs, each one bundle: its definition (endpoints, models, state), its presenter and
/// its commands. `main.swift` registers them; nothing else in the program names them.
public enum DemoAPIs {
    public static let bundles: [APIBundle] = [weather, stockQuote, twit, meetup]

    /// A catalogue with every demo API registered.
    public static let catalogue = APICatalogue().registering(bundles)

    /// `refresh weather city==Boston`: v1 (temperature as a string), v2 (a number and the conditions), v3.
    static let weather = APIBundle(service: "weather", definition: { WeatherAPI(major: $0) }) { model in
        switch model.value {
        case let weather as WeatherV1: WeatherPresenter.present(weather)
        case let weather as WeatherV2: WeatherPresenter.present(weather)
        case let weather as WeatherV3: WeatherPresenter.present(weather)
        default: nil
        }
    }

    /// `refresh stockQuote symbol==MSFT`: v1 (price as a string) and v2 (opening price, change).
    static let stockQuote = APIBundle(service: "stockQuote", definition: { StockQuoteAPI(major: $0) }) { model in
        switch model.value {
        case let stock as StockV1: StockPresenter.present(stock)
        case let stock as StockV2: StockPresenter.present(stock)
        default: nil
        }
    }

    /// `twits`, `user`, `like ID`: a timeline in a `{status, data}` envelope, likes behind a bearer token.
    static let twit = APIBundle(
        service: "twit", definition: { TwitAPI(major: $0) }, commands: [TwitsCommand(), UserCommand(), LikeCommand()]
    ) { model in
        switch model.value {
        case let twits as [Twit]: TwitPresenter.present(twits)
        case let user as User: TwitPresenter.present(user)
        case let like as LikeResult: TwitPresenter.present(like)
        default: nil
        }
    }

    /// `groups near LAT LON`, `groups next`, `location`: Meetup groups nearest first, paged, behind an API key.
    static let meetup = APIBundle(
        service: "meetup", definition: { MeetupAPI(major: $0) }, commands: [GroupsCommand(), LocationCommand()],
        prelude: { facade in facade.workspace.location.map { [LocationCommand.line(setting: $0)] } ?? [] }
    ) { model in
        (model.value as? GroupsPage).map(GroupsPresenter.present)
    }
}
