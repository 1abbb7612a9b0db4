#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSON
import HTTPServer

/// Sends each request to the API that owns its first path segment, then to the fixture files, then 404.
struct DemoRouter: Sendable {
    let fixtures: FixtureStore
    let faultsEnabled: Bool
    let twitLikes = TwitLikeLedger()
    let twitLiteLikes = TwitLikeLedger()
    let pets = PetLedger()
    let oauth = OAuthLedger()
    let digestNonces = DigestNonces()
    /// Seconds since 1970; moves the built-in stock prices.
    var clock: @Sendable () -> Double = { Date().timeIntervalSince1970 }

    func respond(to request: HTTPRequest, context: RequestContext) -> HTTPResponse {
        do {
            if let response = try route(request, context: context) { return response }
            return try StaticFixtureRoute(fixtures: fixtures).respond(to: request) ?? .noRoute(for: request)
        } catch {
            return .error(String(describing: error), status: 500)
        }
    }

    private func route(_ request: HTTPRequest, context: RequestContext) throws -> HTTPResponse? {
        switch request.pathSegments.first {
        case nil where request.path == "/":
            return request.isRead ? index : .methodNotAllowed(request, allow: "GET, HEAD")
        case "weather":
            return try WeatherAPI(fixtures: fixtures).respond(to: request)
        case "stock":
            return try StockAPI(fixtures: fixtures, clock: clock).respond(to: request)
        case "twit-api":
            return try TwitAPI(fixtures: fixtures, likes: twitLikes).respond(to: request)
        case "twit-lite":
            return try TwitAPI(fixtures: fixtures, likes: twitLiteLikes, files: .lite).respond(to: request)
        case "forecast":
            return try ForecastAPI(fixtures: fixtures).respond(to: request)
        case "inventory":
            return try InventoryAPI(fixtures: fixtures).respond(to: request)
        case "catalog":
            return try CatalogAPI(fixtures: fixtures).respond(to: request)
        case "petstore":
            return try PetstoreAPI(fixtures: fixtures, ledger: pets).respond(to: request)
        case "meetup":
            return try MeetupAPI(fixtures: fixtures).respond(to: request, baseURL: context.baseURL)
        case "vault":
            return VaultAPI().respond(to: request)
        case "echo":
            return ProbeAnswers.echo(request)
        case "media":
            return MediaRoutes.respond(to: request)
        case "oauth":
            return OAuthAPI(ledger: oauth).respond(to: request, baseURL: context.baseURL)
        case "descriptions":
            return DescriptionRoutes.respond(to: request)
        case "cookies", "basic-auth", "digest-auth", "redirect", "get":
            return HTTPBinRoutes(nonces: digestNonces).respond(to: request)
        case "paged":
            return PagedRoutes.respond(to: request, baseURL: context.baseURL)
        case "faults":
            guard faultsEnabled else { return .noRoute(for: request) }
            return try FaultRoutes(fixtures: fixtures).respond(to: request, context: context)
        default:
            return nil
        }
    }

    /// `GET /`: where to start.
    private var index: HTTPResponse {
        .json(.object([
            ("name", .string("apish demo server")),
            ("locators", ["services.json", "services-next.json", "services-real.json", "services-openapi.json"]),
            ("fixtures", .string(fixtures.isBuiltIn ? "built-in" : "folder")),
            ("faults", .bool(faultsEnabled)),
        ]))
    }
}
