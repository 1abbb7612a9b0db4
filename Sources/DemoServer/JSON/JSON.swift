/// A JSON value whose objects keep their key order, so every document the server writes comes out the
/// same way each time. Numbers keep their literal text: a price read from a fixture file is served
/// digit for digit as written.
enum JSON: Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    static func int(_ value: Int) -> JSON { .number(String(value)) }

    /// The shortest text that reads back as `value`; non-finite values have no JSON form and become null.
    static func double(_ value: Double) -> JSON {
        guard value.isFinite else { return .null }
        return .number(NumberFormatting.shortest(value))
    }

    /// A number with exactly two decimals, for prices and percentages.
    static func twoDecimals(_ value: Double) -> JSON {
        guard value.isFinite else { return .null }
        return .number(NumberFormatting.twoDecimals(value))
    }

    subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var doubleValue: Double? {
        if case .number(let literal) = self { return Double(literal) }
        return nil
    }

    var intValue: Int? {
        guard case .number(let literal) = self else { return nil }
        if let value = Int(literal) { return value }
        if let value = Double(literal), value.rounded() == value, abs(value) < 1e15 { return Int(value) }
        return nil
    }

    var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    var arrayValue: [JSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    var objectValue: [(String, JSON)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// A copy of this object with `key` set to `value`, in place when present, appended otherwise.
    func setting(_ key: String, to value: JSON) -> JSON {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }

    /// The compact encoding, as served on the wire.
    var bytes: [UInt8] { JSONWriter.encode(self, pretty: false) }
}

extension JSON: Equatable {
    static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b || (Double(a) != nil && Double(a) == Double(b))
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }
}
