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
/// Several runs may share it: each writes only what it changed.
package final class TokenFile: OAuth2TokenStore {
    package let path: String
    /// The tokens by key as this process last read or wrote them: a token it holds that differs is its
    /// own change, one it no longer holds it dropped; the rest of the file is another run's business.
    private var known: [String: OAuth2Token] = [:]

    package init(path: String) {
        self.path = path
    }

    package func load() throws(OAuth2StoreError) -> [OAuth2Token] {
        do {
            guard let bytes = try SecureFile.read(path, private: true) else { return [] }
            let tokens = try Self.decode(bytes, path: path)
            known = Self.byKey(tokens)
            return tokens
        } catch {
            throw OAuth2StoreError("\(error.description) (OAuth 2 tokens are fetched anew; the file is kept as .bak)")
        }
    }

    /// Writes what this process changed since it last read or wrote the file (tokens fetched, tokens
    /// dropped) over what the file holds now, under its lock: a token another run saved meanwhile is kept.
    /// A token that would make the file larger than apish reads back is not kept, and the error says so.
    package func save(_ tokens: [OAuth2Token]) throws(OAuth2StoreError) {
        var refused: [OAuth2Token] = []
        do {
            try SecureFile.withLock(on: path) { () throws(StoredFileError) in
                var current: [OAuth2Token]
                do throws(StoredFileError) {
                    current = try SecureFile.read(path, private: true).map { bytes throws(StoredFileError) in
                        try Self.decode(bytes, path: path)
                    } ?? []
                } catch {
                    if SecureFile.read(existing: path) { _ = try SecureFile.backUp(path) }
                    current = []
                }
                let mine = Self.byKey(tokens), before = Self.byKey(current)
                var merged = before
                for key in known.keys where mine[key] == nil { merged[key] = nil }
                var changed = mine.values.filter { known[$0.key] != $0 }
                for token in changed { merged[token.key] = token }
                var text = Self.encode(Self.ordered(merged))
                // This run's largest tokens give way first: what the file held before was read, so it fits.
                changed.sort { Self.size(of: $0) > Self.size(of: $1) }
                while text.utf8.count > SecureFile.limit, let largest = changed.first {
                    changed.removeFirst()
                    refused.append(largest)
                    merged[largest.key] = before[largest.key]
                    text = Self.encode(Self.ordered(merged))
                }
                try SecureFile.write(Array(text.utf8), to: path, mode: 0o600)
                known = mine.filter { key, _ in !refused.contains { $0.key == key } }
            }
        } catch {
            throw OAuth2StoreError(error.description)
        }
        if let token = refused.first {
            throw OAuth2StoreError("the OAuth 2 token of \(token.clientID) from \(token.tokenURL) is \(SecureFile.megabytes(Self.size(of: token))), larger than the \(SecureFile.limit >> 20) MiB \(path) can hold; it is used in this run only, not kept")
        }
    }

    private static func size(of token: OAuth2Token) -> Int {
        token.accessToken.utf8.count + (token.refreshToken?.utf8.count ?? 0)
    }

    private static func byKey(_ tokens: [OAuth2Token]) -> [String: OAuth2Token] {
        Dictionary(tokens.map { ($0.key, $0) }, uniquingKeysWith: { _, later in later })
    }

    /// Oldest first, as `OAuth2Tokens.all` gives them; the key breaks ties so the file is the same each time.
    private static func ordered(_ tokens: [String: OAuth2Token]) -> [OAuth2Token] {
        tokens.values.sorted { ($0.obtainedAt, $0.key) < ($1.obtainedAt, $1.key) }
    }

    package static func encode(_ tokens: [OAuth2Token]) -> String {
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

    package static func decode(_ bytes: [UInt8], path: String) throws(StoredFileError) -> [OAuth2Token] {
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
