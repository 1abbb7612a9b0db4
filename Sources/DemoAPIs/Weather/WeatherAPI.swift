/// The weather service: `GET {url}?city=…` at v1 (temperature as a string), v2 (a number and the
/// conditions) and v3 (humidity and a forecast).
public enum WeatherTable: MainResourceTable {
    public static let apiName = "weather"
    public static let versions: [Int: MainResourceModel] = [
        1: MainResourceModel(WeatherV1.self, name: "WeatherV1"),
        2: MainResourceModel(WeatherV2.self, name: "WeatherV2"),
        3: MainResourceModel(WeatherV3.self, name: "WeatherV3"),
    ]
}

public typealias WeatherAPI = MainResourceAPI<WeatherTable>
