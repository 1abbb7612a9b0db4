import Facade
import Shell
import HTTPClient
import HTTPTypes
import FoundationFree
import JSON
/// The `{status, success, message, data}` envelope around every answer of the twit API.
public struct Envelope<T: Decodable & Sendable>: Decodable, Sendable {
    public let status: Int
    public let success: Bool?
    public let message: String?
    public let data: T?
}
