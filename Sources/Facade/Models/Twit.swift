/// Who wrote a twit.
public struct Writer: Decodable, Sendable, Equatable {
    public let id: String
    public let name: String
    public let profileImage: String?

    enum CodingKeys: String, CodingKey {
        case id = "_id", name, profileImage
    }
}

/// One twit of the timeline.
public struct Twit: Decodable, Sendable, Equatable {
    public let id: String
    public let content: String
    public let likeCount: Int
    public let isLike: Bool
    public let isRetwit: Bool
    public let writer: Writer

    enum CodingKeys: String, CodingKey {
        case id = "_id", content, likeCount, isLike, isRetwit, writer
    }

    /// The twits as a table: id, writer, content (cut to fit), likes, liked, retweet.
    public static func table(_ twits: [Twit]) -> Table {
        Table(
            columns: [
                TableColumn("ID"), TableColumn("WRITER"), TableColumn("CONTENT", flexible: true),
                TableColumn("LIKES", alignment: .right), TableColumn("LIKED"), TableColumn("RETWEET"),
            ],
            rows: twits.map { twit in
                [twit.id, twit.writer.name, twit.content, String(twit.likeCount),
                 twit.isLike ? "yes" : "no", twit.isRetwit ? "yes" : "no"]
            })
    }
}

/// The signed-in user of the twit API.
public struct User: Decodable, Sendable, Equatable {
    public let id: String
    public let name: String
    public let email: String?
    public let bio: String?
    public let twitCount: Int?
    public let followers: Int?
    public let following: Int?

    enum CodingKeys: String, CodingKey {
        case id = "_id", name, email, bio, twitCount, followers, following
    }

    public var rows: [LabelledRow] {
        var rows = [LabelledRow("ID", id), LabelledRow("Name", name)]
        if let email { rows.append(LabelledRow("Email", email)) }
        if let bio { rows.append(LabelledRow("Bio", bio)) }
        if let twitCount { rows.append(LabelledRow("Twits", String(twitCount))) }
        if let followers { rows.append(LabelledRow("Followers", String(followers))) }
        if let following { rows.append(LabelledRow("Following", String(following))) }
        return rows
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

    public var rows: [LabelledRow] {
        [LabelledRow("ID", id), LabelledRow("Liked", isLike ? "yes" : "no"), LabelledRow("Likes", String(likeCount))]
    }
}
