import Shell
import HTTPClient
import HTTPTypes
import JSON
import FoundationFree
import Facade
import Rendering

/// Weather as labelled rows: `City`, `State`, `Temperature 63°F`, `Conditions`; v3 adds
/// `Humidity 48%` and the forecast as a small table.
enum WeatherPresenter {
    static func present(_ weather: WeatherV1) -> Presentation {
        .rows([LabelledRow("City", weather.city), LabelledRow("State", weather.state),
               LabelledRow("Temperature", Formatting.fahrenheit(weather.currentTemperature.value))])
    }

    static func present(_ weather: WeatherV2) -> Presentation {
        .rows(current(weather.city, weather.state, weather.currentTemperature, weather.currentConditions))
    }

    static func present(_ weather: WeatherV3) -> Presentation {
        var rows = current(weather.city, weather.state, weather.currentTemperature, weather.currentConditions)
        if let humidity = weather.humidity { rows.append(LabelledRow("Humidity", Formatting.number(humidity) + "%")) }
        guard let forecast = weather.forecast, !forecast.isEmpty else { return .rows(rows) }
        let table = Table(
            columns: [TableColumn("DAY"), TableColumn("HIGH", alignment: .right), TableColumn("LOW", alignment: .right),
                      TableColumn("CONDITIONS", flexible: true)],
            rows: forecast.map { day in
                [day.day, day.high.map(Formatting.fahrenheit) ?? "", day.low.map(Formatting.fahrenheit) ?? "",
                 day.conditions ?? ""]
            })
        return .sections([.rows(rows), .table(table)])
    }

    private static func current(_ city: String, _ state: String, _ temperature: Double, _ conditions: String) -> [LabelledRow] {
        [LabelledRow("City", city), LabelledRow("State", state),
         LabelledRow("Temperature", Formatting.fahrenheit(temperature)), LabelledRow("Conditions", conditions)]
    }
}
