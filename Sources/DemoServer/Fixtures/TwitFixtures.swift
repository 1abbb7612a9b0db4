import JSON

/// The twit timeline and the signed-in user of the twit API.
enum TwitFixtures {
    private struct Writer {
        let id: String
        let name: String
    }

    private static let yujin = Writer(id: "u01", name: "Yujin")
    private static let minji = Writer(id: "u02", name: "Minji")
    private static let seojun = Writer(id: "u03", name: "Seojun")
    private static let haeun = Writer(id: "u04", name: "Haeun")
    private static let doyoon = Writer(id: "u05", name: "Doyoon")

    private static let timeline: [(content: String, likes: Int, isLike: Bool, isRetwit: Bool, writer: Writer)] = [
        ("Finally shipped the table view that talks to the real API. Postman first, then code!", 3, false, false, minji),
        ("Hot take: Codable CodingKeys are the best documentation an API model can have.", 12, true, false, seojun),
        ("Rainy day in Seoul. Perfect weather for refactoring a network layer.", 7, false, false, haeun),
        ("Router enum + base service = no more copy-pasted request code. 10/10 would refactor again.", 21, true, true, yujin),
        ("오늘 점심은 김치찌개! Back to debugging status codes after this.", 5, false, false, doyoon),
        ("Reminder: a 401 is not a network failure. Show the login screen, not a retry button.", 18, false, true, minji),
        ("Pair-programmed the like button today. Optimistic UI is harder than it looks.", 9, true, false, seojun),
        ("Han River at sunset, then a quick code review on the subway home.", 14, false, false, haeun),
        ("Wrote my first judgeStatus(by:) and it already caught a server bug. Types FTW.", 6, false, false, yujin),
        ("Anyone else version their APIs with /v1 /v2? Migrating clients is the real work.", 11, false, true, doyoon),
        ("Coffee count: 3. Merged pull requests: 4. Good day.", 2, false, false, minji),
        ("Decoding nested JSON without crying: a thread (1/5)", 27, true, false, seojun),
    ]

    /// `twit-api/twits.json`: twelve twits, some liked by the user, some retwits.
    static var twits: JSONValue {
        .array(timeline.enumerated().map { index, item in
            .object([
                ("_id", .string(String(format2: index + 1, prefix: "t"))),
                ("content", .string(item.content)),
                ("likeCount", .int(item.likes)),
                ("isLike", .bool(item.isLike)),
                ("isRetwit", .bool(item.isRetwit)),
                ("writer", .object([
                    ("_id", .string(item.writer.id)),
                    ("name", .string(item.writer.name)),
                    ("profileImage", .string("https://img.example/\(item.writer.id).png")),
                ])),
            ])
        })
    }

    /// `twit-api/user.json`: the signed-in user.
    static var user: JSONValue {
        .object([
            ("_id", .string(yujin.id)),
            ("name", .string(yujin.name)),
            ("email", .string("yujin@example.com")),
            ("bio", .string("iOS developer in Seoul. Swift, coffee and long walks along the Han River.")),
            ("twitCount", .int(timeline.count)),
            ("followers", .int(321)),
            ("following", .int(87)),
        ])
    }
}

extension TwitFixtures {
    /// `twit-lite/twits.json`: the same timeline as an independent server would send it, where a writer
    /// is only a `name` (no `_id`, no `profileImage`), so a client must not require more.
    static var liteTwits: JSONValue {
        .array(timeline.enumerated().map { index, item in
            [
                "_id": .string(String(format2: index + 1, prefix: "t")),
                "content": .string(item.content),
                "likeCount": .int(item.likes),
                "isLike": .bool(item.isLike),
                "isRetwit": .bool(item.isRetwit),
                "writer": ["name": .string(item.writer.name)],
            ]
        })
    }

    /// `twit-lite/user.json`: the signed-in user as only a name and a bio.
    static var liteUser: JSONValue {
        ["name": .string(yujin.name), "bio": "iOS developer in Seoul."]
    }
}

private extension String {
    /// `t01`, `t12`: a prefix and a two-digit number.
    init(format2 number: Int, prefix: String) {
        self = prefix + (number < 10 ? "0" : "") + String(number)
    }
}
