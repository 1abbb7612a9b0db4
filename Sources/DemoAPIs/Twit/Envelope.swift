import Facade
import Shell
import HTTPClient
import FoundationFree
import JSON
/// The `{status, success, message, data}` envelope of the twit API (seed 003's general response).
public struct Envelope<T: Decodable & Sendable>: Decodable, Sendable {
    public let status: Int
    public let success: Bool?
    public let message: String?
    public let data: T?
}
