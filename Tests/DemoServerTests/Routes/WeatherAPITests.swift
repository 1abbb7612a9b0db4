import Testing
@testable import DemoServer

@Suite("Weather API")
struct WeatherAPITests {
    @Test func v1SendsTheTemperatureAsAString() throws {
        try withServer { server in
            let weather = try fetch(server, "/weather/v1?city=Richmond").decode(WeatherV1.self)
            #expect(weather.city == "Richmond")
            #expect(weather.state == "VA")
            #expect(weather.currentTemperature == "63")
        }
    }

    @Test func v2SendsANumberAndConditions() throws {
        try withServer { server in
            let weather = try fetch(server, "/weather/v2?city=Richmond").decode(WeatherV2.self)
            #expect(weather.currentTemperature == 63)
            #expect(weather.currentConditions == "Sunny")
            #expect(try fetch(server, "/weather/v2?city=Richmond").text
                == #"{"city":"Richmond","state":"VA","currentTemperature":63,"currentConditions":"Sunny"}"#)
        }
    }

    @Test func v3AddsHumidityAndAThreeDayForecast() throws {
        try withServer { server in
            let weather = try fetch(server, "/weather/v3?city=Richmond").decode(WeatherV3.self)
            #expect(weather.humidity == 48)
            #expect(weather.forecast.count == 3)
            #expect(weather.forecast[0].day == "Mon")
            #expect(weather.forecast.allSatisfy { $0.high >= $0.low })
        }
    }

    @Test(arguments: [("boston", "Boston", "MA"), ("SEATTLE", "Seattle", "WA"), ("Austin", "Austin", "TX"), ("denver", "Denver", "CO")])
    func citiesAreCaseInsensitive(query: String, city: String, state: String) throws {
        try withServer { server in
            let weather = try fetch(server, "/weather/v2?city=\(query)").decode(WeatherV2.self)
            #expect(weather.city == city)
            #expect(weather.state == state)
        }
    }

    @Test func cityDefaultsToRichmond() throws {
        try withServer { server in
            let noCity = try fetch(server, "/weather/v1").decode(WeatherV1.self)
            let emptyCity = try fetch(server, "/weather/v2?city=").decode(WeatherV2.self)
            #expect(noCity.city == "Richmond")
            #expect(emptyCity.city == "Richmond")
        }
    }

    @Test func unknownCityIs404() throws {
        try withServer { server in
            let response = try fetch(server, "/weather/v2?city=Xyz")
            #expect(response.status == 404)
            #expect(try response.decode(ServerErrorBody.self) == ServerErrorBody(error: "unknown city 'Xyz'", status: 404))
        }
    }

    @Test func unknownVersionIs404AndPostIs405() throws {
        try withServer { server in
            #expect(try fetch(server, "/weather/v9").status == 404)
            let post = try fetch(server, "/weather/v2", method: "POST")
            #expect(post.status == 405)
            #expect(post.header("Allow") == "GET, HEAD")
        }
    }
}
