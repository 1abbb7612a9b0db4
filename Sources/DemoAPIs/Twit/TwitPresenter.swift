import Shell
import HTTPClient
import HTTPTypes
import JSON
import FoundationFree
import Facade
import Rendering

/// The twit timeline as a table (the content gives way), the user and a like as labelled rows.
/// Optional fields show only when the API sent them.
enum TwitPresenter {
    static func present(_ twits: [Twit]) -> Presentation {
        .table(Table(
            columns: [
                TableColumn("ID"), TableColumn("WRITER"), TableColumn("CONTENT", flexible: true),
                TableColumn("LIKES", alignment: .right), TableColumn("LIKED"), TableColumn("RETWEET"),
            ],
            rows: twits.map { twit in
                [twit.id, twit.writer.name, twit.content, String(twit.likeCount),
                 twit.isLike ? "yes" : "no", twit.isRetwit ? "yes" : "no"]
            }))
    }

    static func present(_ user: User) -> Presentation {
        let optional: [(String, String?)] = [
            ("ID", user.id), ("Name", user.name), ("Email", user.email), ("Bio", user.bio),
            ("Twits", user.twitCount.map(String.init)), ("Followers", user.followers.map(String.init)),
            ("Following", user.following.map(String.init)),
        ]
        return .rows(optional.compactMap { label, value in value.map { LabelledRow(label, $0) } })
    }

    static func present(_ like: LikeResult) -> Presentation {
        .rows([LabelledRow("ID", like.id), LabelledRow("Liked", like.isLike ? "yes" : "no"),
               LabelledRow("Likes", String(like.likeCount))])
    }
}
