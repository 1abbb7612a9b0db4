import FoundationFree
import JSON
/// One schema location of a document with its keywords read and its subschemas replaced by their
/// positions in the `SchemaGraph`, so that `$ref` cycles are plain back-references.
///
/// A class, so that a check reads a node where it is: a copy of the value it once was (some twenty
/// references retained and released) cost more than checking most values did. Only `SchemaGraphBuilder`
/// writes to a node, while it builds; once a `SchemaGraph` holds it, nothing does, hence `@unchecked Sendable`.
@usableFromInline package final class SchemaNode: @unchecked Sendable {
    enum Kind: Sendable {
        /// An object schema.
        case keywords
        /// `true` (or `{}` in effect): every value.
        case anything
        /// `false`: no value at all.
        case nothing
    }

    /// A bound of `minimum`/`maximum`: the number, and whether the bound itself is outside.
    package struct Bound: Sendable {
        package var value: SchemaDecimal
        package var number: JSONNumber
        package var exclusive: Bool
        /// The nearest `Double`, which orders most values without the exact decimal (`SchemaValidator.order`).
        var double: Double?

        init(value: SchemaDecimal, number: JSONNumber, exclusive: Bool) {
            self.value = value
            self.number = number
            self.exclusive = exclusive
            double = number.double
        }
    }

    /// The JSON types as bits, so a check tests a value's type without comparing names.
    struct TypeSet: OptionSet, Sendable {
        let rawValue: UInt8
        static let null = TypeSet(rawValue: 1)
        static let boolean = TypeSet(rawValue: 2)
        static let object = TypeSet(rawValue: 4)
        static let array = TypeSet(rawValue: 8)
        static let number = TypeSet(rawValue: 16)
        static let string = TypeSet(rawValue: 32)
        static let integer = TypeSet(rawValue: 64)

        init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        init(names: [String]) {
            var set: TypeSet = []
            for name in names {
                switch name {
                case "null": set.insert(.null)
                case "boolean": set.insert(.boolean)
                case "object": set.insert(.object)
                case "array": set.insert(.array)
                case "number": set.insert(.number)
                case "string": set.insert(.string)
                case "integer": set.insert(.integer)
                default: break
                }
            }
            self = set
        }
    }

    /// A `pattern` or `patternProperties` key, compiled once; `failure` when apish cannot match it
    /// (look-around, back-references), which a check reports as a stop rather than a pass.
    package struct Pattern: Sendable {
        package let source: String
        let regex: BoundedRegex?
        let failure: String?

        init(_ source: String) {
            self.source = source
            do {
                regex = try BoundedRegex(source)
                failure = nil
            } catch {
                regex = nil
                failure = error.description
            }
        }
    }

    /// OpenAPI's `discriminator`: the property that names the `oneOf`/`anyOf` branch, and its mapping.
    package struct Discriminator: Sendable {
        package var propertyName: String
        /// Value → branch node; values not mapped pick the branch whose component name they are.
        var mapping: [(value: String, schema: Int)] = []
        /// Value → the reference its mapping names (`#/components/schemas/Dog`), as a diff compares them.
        package var references: [(value: String, reference: String)] = []
    }

    var pointer: JSONPointer
    /// The schema as its document writes it (what it was read from), for a reader that compares texts
    /// (`UnchangedSchemas` of the spec diff).
    var written: JSONValue?
    /// The base URI of the resource the schema is in (for `$dynamicRef`'s dynamic scope).
    var base: String = ""
    /// Whether the schema starts a resource of its own (`$id`), entering the dynamic scope.
    var isResource = false
    var dialect: SchemaDialect = .draft2020
    /// False under a metaschema whose `$vocabulary` leaves out validation: only applicators apply.
    var validates = true
    var kind: Kind = .keywords
    var title: String?
    var description: String?
    var format: String?
    /// `default` and `deprecated`: annotations, read for spec diffs.
    package var defaultValue: JSONValue?
    package var deprecated = false
    var types: [String] = [] {
        didSet { typeSet = TypeSet(names: types) }
    }
    /// `types` as bits.
    private(set) var typeSet: TypeSet = []
    /// OpenAPI 3.0's `nullable: true`.
    var nullable = false
    var readOnly = false
    var writeOnly = false
    var enumValues: [JSONValue]?
    /// `enumValues` hashed by JSON equality, for a long list, so checking a value is one lookup; made when the
    /// node settles (`settle`).
    var enumSet: Set<JSONEquality.Key>? { get { rare?.enumSet } set { setRare(\.enumSet, newValue) } }
    var constValue: JSONValue? { get { rare?.constValue } set { setRare(\.constValue, newValue) } }
    var required: [String] = []
    package var properties: [(name: String, schema: Int)] = []
    var patternProperties: [(pattern: Pattern, schema: Int)] { get { rare?.patternProperties ?? [] } set { setRare(\.patternProperties, newValue) } }
    /// `additionalProperties` as a schema (`false` is a node that accepts nothing).
    var additionalProperties: Int?
    /// `additionalProperties: false`: no member beyond `properties` and `patternProperties`.
    var closed = false
    var propertyNames: Int? { get { rare?.propertyNames } set { setRare(\.propertyNames, newValue) } }
    var dependentRequired: [(name: String, required: [String])] { get { rare?.dependentRequired ?? [] } set { setRare(\.dependentRequired, newValue) } }
    var dependentSchemas: [(name: String, schema: Int)] { get { rare?.dependentSchemas ?? [] } set { setRare(\.dependentSchemas, newValue) } }
    var unevaluatedProperties: Int? { get { rare?.unevaluatedProperties } set { setRare(\.unevaluatedProperties, newValue) } }
    var minProperties: Int? { get { rare?.minProperties } set { setRare(\.minProperties, newValue) } }
    var maxProperties: Int? { get { rare?.maxProperties } set { setRare(\.maxProperties, newValue) } }
    /// 2020-12's `prefixItems`, or draft 4's `items: [...]`.
    var prefixItems: [Int] { get { rare?.prefixItems ?? [] } set { setRare(\.prefixItems, newValue) } }
    /// The schema of every item after `prefixItems` (2020-12 `items`, draft 4 `additionalItems` after a
    /// tuple, or draft 4 `items: {…}`).
    var items: Int?
    var contains: Int? { get { rare?.contains } set { setRare(\.contains, newValue) } }
    var minContains: Int? { get { rare?.minContains } set { setRare(\.minContains, newValue) } }
    var maxContains: Int? { get { rare?.maxContains } set { setRare(\.maxContains, newValue) } }
    var unevaluatedItems: Int? { get { rare?.unevaluatedItems } set { setRare(\.unevaluatedItems, newValue) } }
    package var minItems: Int? { get { rare?.minItems } set { setRare(\.minItems, newValue) } }
    package var maxItems: Int? { get { rare?.maxItems } set { setRare(\.maxItems, newValue) } }
    var uniqueItems = false
    package var minLength: Int? { get { rare?.minLength } set { setRare(\.minLength, newValue) } }
    package var maxLength: Int?
    package var pattern: Pattern? { get { rare?.pattern } set { setRare(\.pattern, newValue) } }
    package var minimum: Bound? { get { rare?.minimum } set { setRare(\.minimum, newValue) } }
    package var maximum: Bound? { get { rare?.maximum } set { setRare(\.maximum, newValue) } }
    var multipleOf: (value: SchemaDecimal, number: JSONNumber)? { get { rare?.multipleOf } set { setRare(\.multipleOf, newValue) } }
    package var ref: Int?
    /// `$dynamicRef`: where it points by itself, and the anchor name to look for in the dynamic scope
    /// (nil when the target has no `$dynamicAnchor` of that name: then it is a plain `$ref`).
    var dynamicRef: (target: Int, anchor: String?)? { get { rare?.dynamicRef } set { setRare(\.dynamicRef, newValue) } }
    package var allOf: [Int] = []
    @usableFromInline package var anyOf: [Int] = []
    @usableFromInline package var oneOf: [Int] = []
    var not: Int? { get { rare?.not } set { setRare(\.not, newValue) } }
    package var ifSchema: Int? { get { rare?.ifSchema } set { setRare(\.ifSchema, newValue) } }
    package var thenSchema: Int? { get { rare?.thenSchema } set { setRare(\.thenSchema, newValue) } }
    package var elseSchema: Int? { get { rare?.elseSchema } set { setRare(\.elseSchema, newValue) } }
    package var discriminator: Discriminator? { get { rare?.discriminator } set { setRare(\.discriminator, newValue) } }
    /// Where merged properties come from, in the order the keywords appear in the document:
    /// `nil` is this node's own `properties`, a number is the `$ref` target or an `allOf` branch.
    @usableFromInline var mergeSources: [Int?] = []
    /// Keywords read that check something (beyond `$ref`, `properties` merged in and annotations).
    var assertions = 0

    /// Which kinds of keyword the node holds, set once the graph is built (`settle`): a check skips at once
    /// what a node does not have, which for most nodes of a real schema is everything but a type.
    struct Checks: OptionSet, Sendable {
        let rawValue: UInt8
        /// `enum`, `const`.
        static let value = Checks(rawValue: 1)
        /// `minimum`, `maximum`, `multipleOf`.
        static let number = Checks(rawValue: 2)
        /// `minLength`, `maxLength`, `pattern`.
        static let string = Checks(rawValue: 4)
        /// `$ref`, `allOf`, `$dynamicRef`, `anyOf`, `oneOf`, `not`, `if`, `discriminator`: applied in place.
        static let inPlace = Checks(rawValue: 8)
        /// The keywords of objects.
        static let object = Checks(rawValue: 16)
        /// The keywords of arrays.
        static let array = Checks(rawValue: 32)

        init(rawValue: UInt8) {
            self.rawValue = rawValue
        }
    }

    private(set) var checks: Checks = [.value, .number, .string, .inPlace, .object, .array]
    /// Per entry of `properties`: whether `required` names it (by code points); empty when nothing is required.
    private(set) var propertyIsRequired: [Bool] = []
    /// The names `required` lists that `properties` does not declare, looked for on their own.
    private(set) var requiredBeyondProperties: [String] = []

    /// Notes which kinds of keyword the node holds; called once its graph holds it, and nothing changes it after.
    func settle() {
        var found: Checks = []
        if enumValues != nil || constValue != nil { found.insert(.value) }
        if minimum != nil || maximum != nil || multipleOf != nil { found.insert(.number) }
        if minLength != nil || maxLength != nil || pattern != nil { found.insert(.string) }
        if mergeSources.contains(where: { $0 != nil }) || dynamicRef != nil || !anyOf.isEmpty || !oneOf.isEmpty || not != nil
            || ifSchema != nil || discriminator != nil {
            found.insert(.inPlace)
        }
        if !properties.isEmpty || !required.isEmpty || !patternProperties.isEmpty || additionalProperties != nil || propertyNames != nil
            || !dependentRequired.isEmpty || !dependentSchemas.isEmpty || minProperties != nil || maxProperties != nil
            || unevaluatedProperties != nil {
            found.insert(.object)
        }
        if !prefixItems.isEmpty || items != nil || contains != nil || minItems != nil || maxItems != nil || uniqueItems
            || unevaluatedItems != nil {
            found.insert(.array)
        }
        checks = found
        // Hashed here, before the first check, not when read: Stripe's long enums (currencies, countries) cost
        // 3% of a spec diff, which never checks a value.
        if let values = enumValues, values.count > Self.enumSetThreshold, enumSet == nil {
            enumSet = Set(values.map(JSONEquality.Key.init))
        }
        guard !required.isEmpty else { return }
        // Names compare by code points (`JSONObject.same`); a long list is looked up by its UTF-8 bytes.
        if required.count * properties.count <= 256 {
            propertyIsRequired = properties.map { property in required.contains { JSONObject.same($0, property.name) } }
            requiredBeyondProperties = required.filter { name in !properties.contains { JSONObject.same($0.name, name) } }
        } else {
            let requiredBytes = Set(required.map { Array($0.utf8) })
            let propertyBytes = Set(properties.map { Array($0.name.utf8) })
            propertyIsRequired = properties.map { requiredBytes.contains(Array($0.name.utf8)) }
            requiredBeyondProperties = required.filter { !propertyBytes.contains(Array($0.utf8)) }
        }
    }

    /// The keywords few schemas write (bounds, patterns, tuples, conditionals, `unevaluated*` and the
    /// like), kept apart: a node of a published description mostly holds a type, properties and a
    /// description, and holding every keyword in place made each node about 1 KB, most of it empty
    /// (Stripe's descriptions read into tens of thousands of nodes). A node gets its box the first time
    /// one of these is written.
    final class Rare {
        var enumSet: Set<JSONEquality.Key>?
        var constValue: JSONValue?
        var patternProperties: [(pattern: Pattern, schema: Int)] = []
        var propertyNames: Int?
        var dependentRequired: [(name: String, required: [String])] = []
        var dependentSchemas: [(name: String, schema: Int)] = []
        var unevaluatedProperties: Int?
        var minProperties: Int?
        var maxProperties: Int?
        var prefixItems: [Int] = []
        var contains: Int?
        var minContains: Int?
        var maxContains: Int?
        var unevaluatedItems: Int?
        var minItems: Int?
        var maxItems: Int?
        var minLength: Int?
        var pattern: Pattern?
        var minimum: Bound?
        var maximum: Bound?
        var multipleOf: (value: SchemaDecimal, number: JSONNumber)?
        var dynamicRef: (target: Int, anchor: String?)?
        var not: Int?
        var ifSchema: Int?
        var thenSchema: Int?
        var elseSchema: Int?
        var discriminator: Discriminator?
    }

    private var rare: Rare?

    /// Writes a rare keyword, making the box on the first value: writing nil where there is no box writes nothing.
    private func setRare<Value>(_ field: ReferenceWritableKeyPath<Rare, Value?>, _ value: Value?) {
        guard value != nil || rare != nil else { return }
        rareBox()[keyPath: field] = value
    }

    /// The same for a list, where the empty list is the value a node without the box has.
    private func setRare<Element>(_ field: ReferenceWritableKeyPath<Rare, [Element]>, _ value: [Element]) {
        guard !value.isEmpty || rare != nil else { return }
        rareBox()[keyPath: field] = value
    }

    private func rareBox() -> Rare {
        if let rare { return rare }
        let made = Rare()
        rare = made
        return made
    }

    /// Enums longer than this are checked through a hashed set.
    static let enumSetThreshold = 16

    init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    /// A `$ref` with nothing beside it but annotations stands for its target.
    var isAlias: Bool {
        ref != nil && kind == .keywords && assertions == 0 && !isResource && properties.isEmpty && allOf.isEmpty
    }

    /// Whether validation needs to know which members and items a check evaluated (`unevaluated*`).
    var collectsEvaluated: Bool { unevaluatedProperties != nil || unevaluatedItems != nil }

    /// The name a schema has by where it lives: `Pet` for `#/components/schemas/Pet`, `#/$defs/Pet` or
    /// `#/definitions/Pet`.
    var name: String? {
        let tokens = pointer.tokens
        guard tokens.count >= 2 else { return nil }
        let container = tokens[tokens.count - 2]
        if container == "$defs" || container == "definitions" { return tokens[tokens.count - 1] }
        if tokens.count == 3, tokens[0] == "components", tokens[1] == "schemas" { return tokens[2] }
        return nil
    }
}
