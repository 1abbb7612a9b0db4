import FoundationFree
import Facade
import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `tokens.json` in the state home: the OAuth 2 access tokens fetched, with their expiry, so the next run
/// uses a token that is still valid instead of asking for another. Mode 0600; a file that others may read,
/// or that cannot be parsed, is not used, and is moved aside (`tokens.json.bak`) before it is replaced.
final class TokenFile: OAuth2TokenStore {
    let path: String
    private var unusable = false

    init(path: String) {
        self.path = path
    }

    func load() throws(OAuth2StoreError) -> [OAuth2Token] {
        do {
            guard let bytes = try SecureFile.read(path, private: true) else { return [] }
            return try Self.decode(bytes, path: path)
        } catch {
            unusable = true
            throw OAuth2StoreError("\(error.description) (OAuth 2 tokens are fetched anew; the file is kept as .bak)")
        }
    }

    func save(_ tokens: [OAuth2Token]) throws(OAuth2StoreError) {
        do {
            if unusable, SecureFile.read(existing: path) {
                _ = try SecureFile.backUp(path)
                unusable = false
            }
            try SecureFile.write(Array(Self.encode(tokens).utf8), to: path, mode: 0o600)
        } catch {
            throw OAuth2StoreError(error.description)
        }
    }

    static func encode(_ tokens: [OAuth2Token]) -> String {
        let entries = tokens.map { token -> JSONValue in
            var members: [(String, JSONValue)] = [
                ("token_url", .string(token.tokenURL)), ("client_id", .string(token.clientID)),
                ("scope", .string(token.scopes.joined(separator: " "))),
            ]
            if let audience = token.audience { members.append(("audience", .string(audience))) }
            members += [("access_token", .string(token.accessToken)), ("token_type", .string(token.tokenType))]
            members.append(("obtained_at", JSONNumber(token.obtainedAt).map(JSONValue.number) ?? .null))
            members.append(("expires_at", token.expiresAt.flatMap(JSONNumber.init).map(JSONValue.number) ?? .null))
            if let refresh = token.refreshToken { members.append(("refresh_token", .string(refresh))) }
            return .object(JSONObject(members))
        }
        return JSONValue.object(JSONObject([("tokens", .array(entries))])).encoded(pretty: true) + "\n"
    }

    static func decode(_ bytes: [UInt8], path: String) throws(StoredFileError) -> [OAuth2Token] {
        guard let root = try? JSONValue.parse(Data(bytes)), let entries = root["tokens"]?.arrayValue else {
            throw SecureFile.Failure("cannot parse \(path): expected {\"tokens\": [...]}")
        }
        return try entries.enumerated().map { index, entry throws(StoredFileError) in
            guard let url = entry["token_url"]?.stringValue, let client = entry["client_id"]?.stringValue,
                  let access = entry["access_token"]?.stringValue, let obtained = entry["obtained_at"]?.doubleValue else {
                throw SecureFile.Failure("cannot parse \(path): tokens[\(index)] lacks token_url, client_id, access_token or obtained_at")
            }
            return OAuth2Token(
                tokenURL: url, clientID: client,
                scopes: (entry["scope"]?.stringValue ?? "").split(separator: " ").map(String.init),
                audience: entry["audience"]?.stringValue, accessToken: access,
                tokenType: entry["token_type"]?.stringValue ?? "Bearer", obtainedAt: obtained,
                expiresAt: entry["expires_at"]?.doubleValue, refreshToken: entry["refresh_token"]?.stringValue)
        }
    }
}
