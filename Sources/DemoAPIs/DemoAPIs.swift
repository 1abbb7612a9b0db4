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
        model.value(as: WeatherV1.self).map(WeatherPresenter.present)
            ?? model.value(as: WeatherV2.self).map(WeatherPresenter.present)
            ?? model.value(as: WeatherV3.self).map(WeatherPresenter.present)
    }

    /// `refresh stockQuote symbol==MSFT`: v1 (price as a string) and v2 (opening price, change).
    static let stockQuote = APIBundle(service: "stockQuote", definition: { StockQuoteAPI(major: $0) }) { model in
        model.value(as: StockV1.self).map(StockPresenter.present)
            ?? model.value(as: StockV2.self).map(StockPresenter.present)
    }

    /// `twits`, `user`, `like ID`: a timeline in a `{status, data}` envelope, likes behind a bearer token.
    static let twit = APIBundle(
        service: "twit", definition: { TwitAPI(major: $0) }, commands: [TwitsCommand(), UserCommand(), LikeCommand()]
    ) { model in
        model.value(as: [Twit].self).map(TwitPresenter.present)
            ?? model.value(as: User.self).map(TwitPresenter.present)
            ?? model.value(as: LikeResult.self).map(TwitPresenter.present)
    }

    /// `groups near LAT LON`, `groups next`, `location`: Meetup groups nearest first, paged, behind an API key.
    static let meetup = APIBundle(
        service: "meetup", definition: { MeetupAPI(major: $0) }, commands: [GroupsCommand(), LocationCommand()],
        prelude: { facade in facade.workspace.location.map { [LocationCommand.line(setting: $0)] } ?? [] }
    ) { model in
        model.value(as: GroupsPage.self).map(GroupsPresenter.present)
    }
}
