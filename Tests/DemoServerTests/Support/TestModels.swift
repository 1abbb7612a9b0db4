/// Decodable mirrors of the shapes in the shared contract, so tests fail when a field is missing or has
/// the wrong type.
struct ServerErrorBody: Decodable, Equatable {
    let error: String
    let status: Int
}

struct LocatorDocument: Decodable {
    struct Entry: Decodable {
        let name: String
        let version: Int
        let url: String
        let description: String
        let deprecated: Bool?
        let sunset: String?
    }

    let services: [Entry]
}

struct WeatherV1: Decodable {
    let city: String
    let state: String
    let currentTemperature: String
}

struct WeatherV2: Decodable {
    let city: String
    let state: String
    let currentTemperature: Int
    let currentConditions: String
}

struct WeatherV3: Decodable {
    struct Day: Decodable {
        let day: String
        let high: Int
        let low: Int
        let conditions: String
    }

    let city: String
    let state: String
    let currentTemperature: Int
    let currentConditions: String
    let humidity: Int
    let forecast: [Day]
}

struct StockV1: Decodable {
    let symbol: String
    let name: String
    let currentPrice: String
}

struct StockV2: Decodable {
    let symbol: String
    let name: String
    let openingPrice: Double
    let currentPrice: Double
    let percentageChange: Double
}

struct Envelope<T: Decodable>: Decodable {
    let status: Int
    let success: Bool
    let message: String
    let data: T?
}

struct Twit: Decodable {
    struct Writer: Decodable {
        let _id: String
        let name: String
        let profileImage: String
    }

    let _id: String
    let content: String
    let likeCount: Int
    let isLike: Bool
    let isRetwit: Bool
    let writer: Writer
}

struct TwitUser: Decodable {
    let _id: String
    let name: String
    let email: String
    let bio: String
    let twitCount: Int
    let followers: Int
    let following: Int
}

struct LikeResult: Decodable {
    let _id: String
    let isLike: Bool
    let likeCount: Int
}

struct MeetupProblem: Decodable {
    let problem: String
    let code: String
    let details: String
}

struct MeetupGroup: Decodable {
    struct Organizer: Decodable {
        let name: String
        let member_id: Int
    }

    struct Category: Decodable {
        let id: Int
        let name: String
        let shortname: String
    }

    struct Topic: Decodable {
        let id: Int
        let urlkey: String
        let name: String
    }

    struct Photo: Decodable {
        let photo_link: String
        let highres_link: String
        let thumb_link: String
        let photo_id: Int
    }

    let id: Int
    let name: String
    let urlname: String
    let link: String
    let description: String
    let who: String
    let city: String
    let state: String
    let country: String
    let lat: Double
    let lon: Double
    let members: Int
    let rating: Double
    let created: Int
    let join_mode: String
    let visibility: String
    let timezone: String
    let organizer: Organizer
    let category: Category
    let topics: [Topic]
    let group_photo: Photo
}

struct GroupsPage: Decodable {
    struct Meta: Decodable {
        let count: Int
        let total_count: Int
        let next: String
        let url: String
        let lat: Double
        let lon: Double
        let title: String
        let method: String
    }

    let results: [MeetupGroup]
    let meta: Meta
}
