import Facade
import Shell
import JSON
import HTTPClient
import HTTPTypes
import FoundationFree
/// The twit API, v1: `GET /twit` (the timeline, its main resource), `GET /user`, and
/// `POST /like/:id` with bearer auth, all in a `{status, success, message, data}` envelope.
/// It keeps the last timeline, whose ids feed `like` and its completion.
public final class TwitAPI: APIDefinition {
    public static let apiName = "twit"
    public let modelName = "Envelope<[Twit]>"
    /// The twits of the last timeline fetched (by `refresh` or `twits`), with likes applied since.
    public private(set) var lastTwits: [Twit] = []

    /// Nil for a major version apish has no model for.
    public init?(major: Int) {
        guard major == 1 else { return nil }
    }

    public func mainResource(_ context: APIContext) throws(FacadeError) -> Endpoint<DecodedModel> {
        timeline.erased()
    }

    /// The timeline; remembers the twits.
    public var timeline: Endpoint<[Twit]> {
        Endpoint<[Twit]>.enveloped(.get, "/twit", auth: .none, modelName: modelName)
            .remembering { [weak self] twits in self?.lastTwits = twits }
    }

    /// The signed-in user.
    public var user: Endpoint<User> {
        .enveloped(.get, "/user", auth: .none, modelName: "Envelope<User>")
    }

    /// Toggles the like of a twit; the remembered timeline follows.
    public func like(_ id: String) throws(FacadeError) -> Endpoint<LikeResult> {
        guard !id.isEmpty else { throw .invalidRequest("like needs a twit id; run twits to see them") }
        return Endpoint<LikeResult>.enveloped(
            .post, "/like/" + PercentEncoding.encode(id), auth: .bearer, modelName: "Envelope<LikeResult>"
        ).remembering { [weak self] result in self?.apply(result) }
    }

    private func apply(_ result: LikeResult) {
        guard let index = lastTwits.firstIndex(where: { $0.id == result.id }) else { return }
        let old = lastTwits[index]
        lastTwits[index] = Twit(
            id: old.id, content: old.content, likeCount: result.likeCount, isLike: result.isLike,
            isRetwit: old.isRetwit, writer: old.writer)
    }
}
