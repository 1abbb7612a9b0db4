import Facade
import Shell
import HTTPClient
import HTTPTypes
import FoundationFree
import JSON
/// Who wrote a twit. Only `name` is required; the rest is shown when present.
public struct Writer: Decodable, Sendable, Equatable {
    public let id: String?
    public let name: String
    public let profileImage: String?

    enum CodingKeys: String, CodingKey {
        case id = "_id", name, profileImage
    }
}

/// One twit of the timeline: all six fields are required.
public struct Twit: Decodable, Sendable, Equatable {
    public let id: String
    public let content: String
    public let likeCount: Int
    public let isLike: Bool
    public let isRetwit: Bool
    public let writer: Writer

    public init(id: String, content: String, likeCount: Int, isLike: Bool, isRetwit: Bool, writer: Writer) {
        self.id = id
        self.content = content
        self.likeCount = likeCount
        self.isLike = isLike
        self.isRetwit = isRetwit
        self.writer = writer
    }

    enum CodingKeys: String, CodingKey {
        case id = "_id", content, likeCount, isLike, isRetwit, writer
    }
}

/// The signed-in user of the twit API. Only `name` is required.
public struct User: Decodable, Sendable, Equatable {
    public let id: String?
    public let name: String
    public let email: String?
    public let bio: String?
    public let twitCount: Int?
    public let followers: Int?
    public let following: Int?

    enum CodingKeys: String, CodingKey {
        case id = "_id", name, email, bio, twitCount, followers, following
    }
}

/// What `POST /like/:id` answers: the twit's new like state.
public struct LikeResult: Decodable, Sendable, Equatable {
    public let id: String
    public let isLike: Bool
    public let likeCount: Int

    enum CodingKeys: String, CodingKey {
        case id = "_id", isLike, likeCount
    }
}
