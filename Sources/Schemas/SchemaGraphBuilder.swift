import FoundationFree
import JSON
/// Reads the schemas of one document into a `SchemaGraph`.
///
/// Work is a queue, not recursion: every subschema gets a node when its parent is read and is read
/// later, so deep nesting, long `$ref` chains and cycles cost no stack. `$ref` targets and roots are
/// remembered by pointer (and by the absolute URI a `$ref` makes), and so are the roots an OpenAPI document
/// asks for (a shared response's schema is asked for once per use), so each is read once however often it
/// is referenced: work and memory follow the document's size. Subschemas written in place are not
/// remembered, which keeps hashing off the common path. Only what the requested roots reach is read, so a
/// large OpenAPI document costs what its operations use. A tripped `cancellation` stops the reading with
/// `SchemaError.cancelled`.
///
/// References resolve as JSON Schema says, against the base URI of where they are written (`$id`s around
/// them, else the document's own URI): `#/…` pointers, `$id`s and `$anchor`s anywhere in the document, and
/// the documents bundled into it (`embedded`). Nothing is fetched: a URI that names none of these is
/// an error naming it.
package struct SchemaGraphBuilder {
    let document: JSONValue
    let cancellation: CancellationToken?
    /// The context of the document's root: its URI and dialect.
    let rootContext: SchemaResources.Context
    /// Documents bundled into this one, by pointer, with the URI each was retrieved from.
    let embedded: [JSONPointer: String]
    /// The URIs of the files a description's bundle holds (`BundledReference.member`).
    let bundledFiles: Set<String>
    private var nodes: [SchemaNode] = []
    private var indexByPointer: [JSONPointer: Int] = [:]
    private var indexByReference: [String: Int] = [:]
    /// The schema each `$ref` text named under the base of the last one read (most documents have one base).
    private var referencesUnder: (base: String, indices: [String: Int]) = ("", [:])
    private var pending: [(index: Int, value: JSONValue)] = []
    /// Whether nodes are read when first asked for (`SchemaGraph`'s on-demand form) rather than all at once:
    /// a root asked for is only given its node, and each node is read, with its subschemas given theirs,
    /// by `readIfNeeded`. For documents read whole before without a failure (`OperationCache`'s pieces),
    /// where every schema is known to read: a check then reads only the schemas its value reaches.
    package var readsOnDemand = false
    /// On demand, where a `$ref`'s target the document does not hold is looked for (the pieces of a
    /// description kept apart, read when a schema first names one): the value at that pointer, or nil.
    package var missingValues: (@Sendable (JSONPointer) -> JSONValue?)?
    /// The nodes given but not read yet, on demand, with the value each is read from.
    private var unread: [Int: JSONValue] = [:]
    /// Whether a `type` naming no JSON Schema type (`type: count`) is kept, a type no value is of, rather
    /// than refused; each is remembered in `unknownTypes`. OpenAPI documents are read so, as peers read them.
    package var keepsUnknownTypes = false
    package private(set) var unknownTypes: [(pointer: JSONPointer, names: [String])] = []
    /// Resources and anchors seen while reading; `scanned` once the whole document has been walked.
    private var resources = SchemaResources()
    private var scanned = false
    /// `$dynamicAnchor` names a `$dynamicRef` looks for, whose declaring schemas are read.
    private var dynamicNames: Set<String> = []
    /// Each pattern read once: a description writes the same one beside every parameter of its kind (each
    /// of Twilio's account parameters has `^AC[0-9a-fA-F]{32}$`). Keyed by code points: canonical twins
    /// (`é` and `e\u{301}`) are two patterns that match different texts.
    private var patterns: [JSONObject.ExactKey: SchemaNode.Pattern] = [:]

    /// The URI a document without one of its own is known by.
    static let defaultBase = "apish:/document.json"
    static let bundledPrefix = "#/" + BundledReference.member + "/"

    package init(document: JSONValue, dialect: SchemaDialect = .draft2020, baseURI: String? = nil,
         embedded: [(pointer: JSONPointer, uri: String)] = [], cancellation: CancellationToken? = nil) {
        self.document = document
        self.cancellation = cancellation
        rootContext = SchemaResources.Context(base: Self.documentBase(baseURI), dialect: dialect)
        var map: [JSONPointer: String] = [:]
        for (pointer, uri) in embedded { map[pointer] = SchemaURI.split(uri).resource }
        self.embedded = map
        bundledFiles = Set(map.filter { $0.key.tokens.first == BundledReference.member }.values)
        resources.resources[rootContext.base] = .root
        for (pointer, uri) in map { resources.resources[uri] = pointer }
    }

    /// The base URI of the schemas of a document read from `baseURI` that no `$id` around them changes.
    package static func documentBase(_ baseURI: String?) -> String {
        let base = baseURI.map { SchemaURI.split($0).resource } ?? defaultBase
        return base.isEmpty ? defaultBase : base
    }

    /// The schema at `pointer` in the document, with everything it reaches.
    mutating func schema(at pointer: JSONPointer) throws(SchemaError) -> Int {
        guard let value = pointer.resolve(in: document) else { throw .pointerNotFound(pointer.description) }
        let index = try sharedNode(for: value, at: pointer)
        try drain()
        return index
    }

    /// The schema `value` found at `pointer` (an OpenAPI parameter's, body's or response's), with
    /// everything it reaches; asked for again at the same pointer, the same node.
    package mutating func schema(_ value: JSONValue, at pointer: JSONPointer) throws(SchemaError) -> Int {
        let index = try sharedNode(for: value, at: pointer)
        try drain()
        return index
    }

    /// Runs `body`; when it throws, what it read is forgotten as if it had not run, and the error is
    /// rethrown. Nothing is copied when it succeeds; a failure costs one pass over the index.
    package mutating func undoingOnFailure<T>(_ body: (inout Self) throws(SchemaError) -> T) throws(SchemaError) -> T {
        let count = nodes.count
        let unknownCount = unknownTypes.count
        do {
            return try body(&self)
        } catch {
            nodes.removeSubrange(count...)
            pending.removeAll { $0.index >= count }
            unread = unread.filter { $0.key < count }
            indexByPointer = indexByPointer.filter { $0.value < count }
            indexByReference = indexByReference.filter { $0.value < count }
            referencesUnder.indices = referencesUnder.indices.filter { $0.value < count }
            unknownTypes.removeSubrange(unknownCount...)
            throw error
        }
    }

    /// Freezes what was read. Throws when a chain of `$ref`s only leads back to itself, or when merging
    /// the views costs more than `SchemaGraph.mergeWorkLimit`.
    package mutating func finish() throws(SchemaError) -> SchemaGraph {
        if readsOnDemand { return SchemaGraph(onDemand: SchemaGraph.OnDemand(builder: self)) }
        var dynamicAnchors: [String: [String: Int]] = [:]
        if !dynamicNames.isEmpty {
            for (resource, names) in resources.dynamicAnchors {
                for (name, pointer) in names where dynamicNames.contains(name) {
                    guard let index = indexByPointer[pointer] else { continue }
                    dynamicAnchors[resource, default: [:]][name] = index
                }
            }
        }
        return try SchemaGraph(nodes: nodes, dynamicAnchors: dynamicAnchors, cancellation: cancellation)
    }

    /// How many nodes have been given, read or not.
    var nodeCount: Int { nodes.count }

    /// Node `index`, read now if it was not yet (on demand); its subschemas are given nodes, not read.
    mutating func readIfNeeded(_ index: Int) throws(SchemaError) -> SchemaNode {
        if let value = unread.removeValue(forKey: index) {
            let node = try read(value, into: nodes[index])
            node.settle()
            nodes[index] = node
        }
        return nodes[index]
    }

    /// Node `index` as it stands, read or not (for a node whose reading failed).
    func nodeWithoutReading(_ index: Int) -> SchemaNode {
        nodes[index]
    }

    /// The node of the `$dynamicAnchor` `name` in `resource`, once a `$dynamicRef` read looks for that name.
    func dynamicAnchorIndex(in resource: String, named name: String) -> Int? {
        guard dynamicNames.contains(name), let pointer = resources.dynamicAnchors[resource]?[name] else { return nil }
        return indexByPointer[pointer]
    }

    /// A node for a subschema written in place, in the context of its parent.
    private mutating func node(for value: JSONValue, at pointer: JSONPointer, context: SchemaResources.Context) -> Int {
        let index = nodes.count
        let node = SchemaNode(pointer: pointer)
        node.written = value
        node.base = context.base
        node.dialect = context.dialect
        node.validates = context.validates
        nodes.append(node)
        if readsOnDemand {
            unread[index] = value
        } else {
            pending.append((index, value))
        }
        return index
    }

    /// The one node for a root or `$ref` target.
    private mutating func sharedNode(for value: JSONValue, at pointer: JSONPointer) throws(SchemaError) -> Int {
        if let index = indexByPointer[pointer] { return index }
        let index = node(for: value, at: pointer, context: try context(at: pointer))
        indexByPointer[pointer] = index
        return index
    }

    /// The context a schema at `pointer` is in: the `$id`s and `$schema`s of the schemas around it (not its
    /// own), walked down from the document's root.
    private func context(at pointer: JSONPointer) throws(SchemaError) -> SchemaResources.Context {
        var context = rootContext
        var value = document
        // Where the walk is, kept only when documents were bundled into this one (a file of its own has none).
        var place = JSONPointer.root
        let tracksPlace = !embedded.isEmpty
        var isMap = false
        var inData = false
        func enter(_ value: JSONValue) {
            if tracksPlace, let uri = embedded[place] {
                context.base = uri
                if let dialect = value["$schema"]?.stringValue.flatMap(SchemaDialect.named) { context.dialect = dialect }
            }
            guard !inData, !isMap, case .object(let object) = value else { return }
            context = SchemaResources.entering(object, context, metaschemas: { metaschemaValidates($0) }).context
        }
        for token in pointer.tokens {
            enter(value)
            let wasMap = isMap
            switch value {
            case .object(let object):
                guard let next = object[token] else { return context }
                isMap = !wasMap && SchemaResources.schemaMaps.contains(token)
                if !wasMap, SchemaResources.dataKeywords.contains(token) { inData = true }
                value = next
            case .array(let elements):
                guard let offset = Int(token), elements.indices.contains(offset) else { return context }
                isMap = false
                value = elements[offset]
            default:
                return context
            }
            if tracksPlace { place = place.appending(token) }
        }
        // The schema's own `$id` and `$schema` are read with it.
        return context
    }

    /// Whether a `$schema` that names a metaschema of the bundle (not a known draft) keeps the validation
    /// vocabulary; nil for one that is not in the bundle.
    private func metaschemaValidates(_ uri: String) -> Bool? {
        let resource = SchemaURI.split(uri).resource
        guard let pointer = resources.resources[resource] ?? embedded.first(where: { $0.value == resource })?.key,
              case .object(let metaschema)? = pointer.resolve(in: document),
              case .object(let vocabularies)? = metaschema["$vocabulary"]
        else { return nil }
        return vocabularies["https://json-schema.org/draft/2020-12/vocab/validation"] != nil
            || vocabularies["https://json-schema.org/draft/2019-09/vocab/validation"] != nil
    }

    private mutating func pattern(_ source: String) -> SchemaNode.Pattern {
        let key = JSONObject.ExactKey(source)
        if let known = patterns[key] { return known }
        let pattern = SchemaNode.Pattern(source)
        patterns[key] = pattern
        return pattern
    }

    private mutating func drain() throws(SchemaError) {
        var read = 0
        while let (index, value) = pending.popLast() {
            nodes[index] = try self.read(value, into: nodes[index])
            read += 1
            if read & 0xFFF == 0, cancellation?.isCancelled == true { throw .cancelled }
        }
    }

    private mutating func read(_ value: JSONValue, into start: SchemaNode) throws(SchemaError) -> SchemaNode {
        var node = start
        let validates = node.validates
        switch value {
        case .bool(let accepts):
            node.kind = accepts ? .anything : .nothing
            return node
        case .object(let object):
            var context = SchemaResources.Context(base: node.base, dialect: node.dialect, validates: validates)
            if let uri = embedded[node.pointer] {
                context.base = uri
                if let dialect = object["$schema"]?.stringValue.flatMap(SchemaDialect.named) { context.dialect = dialect }
            }
            let entered = SchemaResources.entering(object, context, metaschemas: { metaschemaValidates($0) })
            context = entered.context
            node.base = context.base
            node.dialect = context.dialect
            if let resource = entered.resource {
                node.isResource = true
                if resources.resources[resource] == nil { resources.resources[resource] = node.pointer }
            }
            resources.register(object, at: node.pointer, context: context)
            // Draft 4's `$ref` stands for its target: whatever is beside it is not read (but its words are shown).
            if context.dialect.isDraft4, let reference = object["$ref"] {
                try read("$ref", reference, into: &node, context: context)
                // Except `nullable: true`: OpenAPI 3.0 documents write it beside a `$ref` to mean "or null"
                // (OpenAI's do), and "or null" is one thing however it is spelled.
                if case .bool(true)? = object["nullable"] {
                    node.nullable = true
                    node.assertions += 1
                }
                node.title = object["title"]?.stringValue
                node.description = object["description"]?.stringValue
                return node
            }
            for (keyword, member) in object {
                try read(keyword, member, of: object, into: &node, context: context)
            }
            if node.ifSchema == nil {
                node.thenSchema = nil
                node.elseSchema = nil
            }
            return node
        default:
            throw .notAnObject(node.pointer.description)
        }
    }

    /// The keywords `read(_:_:of:into:context:)` knows, found in a `WordIndex`: a `switch` on the text
    /// compares it with each case's in turn, and `$ref`, the commonest keyword of a big description, came after
    /// thirty (2.8% of a Stripe diff's instructions); a dictionary hashed every keyword (2%).
    private enum Keyword: String, CaseIterable {
        case description, title, format, example, examples, defaultKeyword = "default", deprecated, type, properties
        case patternProperties, additionalProperties, propertyNames, unevaluatedProperties, required, dependentRequired
        case dependentSchemas, dependencies, minProperties, maxProperties, items, prefixItems, contains, minContains
        case maxContains, unevaluatedItems, minItems, maxItems, uniqueItems, minLength, maxLength, pattern, minimum
        case maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, enumKeyword = "enum", const, dollarRef = "$ref"
        case dollarDynamicRef = "$dynamicRef", allOf, anyOf, oneOf, not, ifKeyword = "if", then, elseKeyword = "else"
        case nullable, discriminator, readOnly, writeOnly

        static func named(_ text: String) -> Keyword? { index.position(of: text).map { cases[$0] } }
        private static let cases = allCases
        private static let index = WordIndex(cases.map(\.rawValue))
    }

    private mutating func read(_ keyword: String, _ member: JSONValue, of object: JSONObject = [:], into node: inout SchemaNode,
                               context: SchemaResources.Context) throws(SchemaError) {
        // Only keywords that hold subschemas need the pointer below them: most keywords are read without it.
        var pointer: JSONPointer { node.pointer.appending(keyword) }
        func invalid(_ expected: String) -> SchemaError {
            .invalidKeyword(pointer: node.pointer.description, keyword: keyword, expected: expected)
        }
        func subschema(_ value: JSONValue) -> Int {
            self.node(for: value, at: pointer, context: context)
        }
        func count() throws(SchemaError) -> Int {
            guard case .number(let number) = member, number.isInteger, let value = number.int, value >= 0 else {
                throw invalid("a whole number of at least 0")
            }
            return value
        }
        let draft4 = context.dialect.isDraft4
        let modern = context.dialect == .draft2020
        let validation = context.validates
        switch Keyword.named(keyword) {
        case .description:
            node.description = member.stringValue
        case .title:
            node.title = member.stringValue
        case .format:
            node.format = member.stringValue
        case .example, .examples:
            break
        case .defaultKeyword:
            node.defaultValue = member
        case .deprecated:
            node.deprecated = member.boolValue ?? false
        case .type where validation:
            guard let types = Self.types(member) ?? keptUnknownTypes(member, at: node.pointer) else {
                throw invalid("a type name or a list of them")
            }
            node.types = types
            node.assertions += 1
        case .properties:
            guard case .object(let properties) = member else { throw invalid("an object") }
            let propertiesPointer = pointer
            for (name, schema) in properties {
                node.properties.append((name, self.node(for: schema, at: propertiesPointer.appending(name), context: context)))
            }
            if !node.mergeSources.contains(where: { $0 == nil }) { node.mergeSources.append(nil) }
        case .patternProperties:
            guard case .object(let patterns) = member else { throw invalid("an object") }
            let patternsPointer = pointer
            for (source, schema) in patterns {
                node.patternProperties.append((pattern(source), self.node(for: schema, at: patternsPointer.appending(source), context: context)))
            }
            node.assertions += 1
        case .additionalProperties:
            if case .bool(false) = member { node.closed = true }
            node.additionalProperties = subschema(member)
            node.assertions += 1
        case .propertyNames where modern:
            node.propertyNames = subschema(member)
            node.assertions += 1
        case .unevaluatedProperties where modern:
            node.unevaluatedProperties = subschema(member)
            node.assertions += 1
        case .required where validation:
            guard case .array(let names) = member else { throw invalid("a list of names") }
            node.required = try names.map { name throws(SchemaError) in
                guard case .string(let name) = name else { throw invalid("a list of names") }
                return name
            }
            node.assertions += 1
        case .dependentRequired where modern && validation:
            guard case .object(let dependencies) = member else { throw invalid("an object of name lists") }
            for (name, list) in dependencies {
                guard case .array(let names) = list else { throw invalid("an object of name lists") }
                node.dependentRequired.append((name, names.compactMap(\.stringValue)))
            }
            node.assertions += 1
        case .dependentSchemas where modern:
            guard case .object(let dependencies) = member else { throw invalid("an object of schemas") }
            let dependenciesPointer = pointer
            for (name, schema) in dependencies {
                node.dependentSchemas.append((name, self.node(for: schema, at: dependenciesPointer.appending(name), context: context)))
            }
            node.assertions += 1
        case .dependencies where draft4:
            guard case .object(let dependencies) = member else { throw invalid("an object") }
            let dependenciesPointer = pointer
            for (name, dependency) in dependencies {
                if case .array(let names) = dependency {
                    node.dependentRequired.append((name, names.compactMap(\.stringValue)))
                } else {
                    node.dependentSchemas.append((name, self.node(for: dependency, at: dependenciesPointer.appending(name), context: context)))
                }
            }
            node.assertions += 1
        case .minProperties where validation:
            node.minProperties = try count()
            node.assertions += 1
        case .maxProperties where validation:
            node.maxProperties = try count()
            node.assertions += 1
        case .items:
            if case .array(let schemas) = member, draft4 || object["prefixItems"] == nil {
                let itemsPointer = pointer
                node.prefixItems = schemas.enumerated().map { self.node(for: $0.element, at: itemsPointer.appending($0.offset), context: context) }
                if let additional = object["additionalItems"] {
                    node.items = self.node(for: additional, at: node.pointer.appending("additionalItems"), context: context)
                }
            } else {
                node.items = subschema(member)
            }
            node.assertions += 1
        case .prefixItems where modern:
            guard case .array(let schemas) = member else { throw invalid("a list of schemas") }
            let itemsPointer = pointer
            node.prefixItems = schemas.enumerated().map { self.node(for: $0.element, at: itemsPointer.appending($0.offset), context: context) }
            node.assertions += 1
        case .contains where modern:
            node.contains = subschema(member)
            node.assertions += 1
        case .minContains where modern && validation:
            node.minContains = try count()
        case .maxContains where modern && validation:
            node.maxContains = try count()
        case .unevaluatedItems where modern:
            node.unevaluatedItems = subschema(member)
            node.assertions += 1
        case .minItems where validation:
            node.minItems = try count()
            node.assertions += 1
        case .maxItems where validation:
            node.maxItems = try count()
            node.assertions += 1
        case .uniqueItems where validation:
            guard case .bool(let unique) = member else { throw invalid("true or false") }
            node.uniqueItems = unique
            if unique { node.assertions += 1 }
        case .minLength where validation:
            node.minLength = try count()
            node.assertions += 1
        case .maxLength where validation:
            node.maxLength = try count()
            node.assertions += 1
        case .pattern where validation:
            guard case .string(let source) = member else { throw invalid("a regular expression") }
            node.pattern = pattern(source)
            node.assertions += 1
        case .minimum, .maximum, .exclusiveMinimum, .exclusiveMaximum:
            guard validation else { return }
            let error = invalid("a number")
            try readBound(keyword, member, of: object, into: &node, invalid: error)
        case .multipleOf where validation:
            guard case .number(let number) = member, case let value = SchemaDecimal(number), !value.isZero, !value.negative else {
                throw invalid("a number above 0")
            }
            node.multipleOf = (value, number)
            node.assertions += 1
        case .enumKeyword where validation:
            guard case .array(let values) = member else { throw invalid("a list of values") }
            node.enumValues = values
            node.assertions += 1
        case .const where modern && validation:
            node.constValue = member
            node.assertions += 1
        case .dollarRef:
            guard case .string(let reference) = member else { throw invalid("a string") }
            let target = try self.reference(reference, base: context.base)
            node.ref = target
            node.mergeSources.append(target)
        case .dollarDynamicRef where modern:
            guard case .string(let reference) = member else { throw invalid("a string") }
            let target = try self.reference(reference, base: context.base)
            let fragment = SchemaURI.split(reference).fragment
            var anchor: String?
            if !fragment.isEmpty, !fragment.hasPrefix("/"),
               case .object(let targetObject)? = nodes[target].pointer.resolve(in: document),
               targetObject["$dynamicAnchor"]?.stringValue == fragment {
                anchor = fragment
                try readDynamicAnchors(named: fragment)
            }
            node.dynamicRef = (target, anchor)
            node.assertions += 1
        case .allOf, .anyOf, .oneOf:
            guard case .array(let schemas) = member, !schemas.isEmpty else { throw invalid("a non-empty list of schemas") }
            let branchesPointer = pointer
            let branches = schemas.enumerated().map { self.node(for: $0.element, at: branchesPointer.appending($0.offset), context: context) }
            switch keyword {
            case "allOf":
                node.allOf = branches
                node.mergeSources += branches.map { $0 }
            case "anyOf":
                node.anyOf = branches
                node.assertions += 1
            default:
                node.oneOf = branches
                node.assertions += 1
            }
        case .not:
            node.not = subschema(member)
            node.assertions += 1
        case .ifKeyword where modern:
            node.ifSchema = subschema(member)
            node.assertions += 1
        case .then where modern:
            node.thenSchema = subschema(member)
        case .elseKeyword where modern:
            node.elseSchema = subschema(member)
        case .nullable:
            // OpenAPI 3.0's keyword, read in every dialect: documents written for 3.0 carry it into 3.1 and
            // plain schemas, and no JSON Schema keyword spells it otherwise.
            guard case .bool(let nullable) = member else { throw invalid("true or false") }
            node.nullable = nullable
            if nullable { node.assertions += 1 }
        case .discriminator:
            guard case .object(let discriminator) = member, let name = discriminator["propertyName"]?.stringValue else { return }
            var read = SchemaNode.Discriminator(propertyName: name)
            if case .object(let mapping)? = discriminator["mapping"] {
                for (value, target) in mapping {
                    guard let text = target.stringValue else { continue }
                    // A mapping names a `$ref` or, by itself, a component schema.
                    let reference = text.contains("#") || text.contains("/") ? text : "#/components/schemas/" + text
                    read.references.append((value, reference))
                    guard let index = try? self.reference(reference, base: context.base) else { continue }
                    read.mapping.append((value, index))
                }
            }
            node.discriminator = read
        case .readOnly:
            node.readOnly = member.boolValue ?? false
        case .writeOnly:
            node.writeOnly = member.boolValue ?? false
        default:
            break
        }
    }

    /// `minimum`/`maximum` with draft 4's boolean `exclusive*` beside them, or 2020-12's numeric `exclusive*`
    /// (the tighter of two bounds wins).
    private func readBound(_ keyword: String, _ member: JSONValue, of object: JSONObject, into node: inout SchemaNode,
                           invalid: SchemaError) throws(SchemaError) {
        let lower = keyword == "minimum" || keyword == "exclusiveMinimum"
        var bound: SchemaNode.Bound
        switch member {
        case .number(let number):
            let inclusiveKeyword = keyword == "minimum" || keyword == "maximum"
            var exclusive = !inclusiveKeyword
            if inclusiveKeyword, case .bool(true)? = object[lower ? "exclusiveMinimum" : "exclusiveMaximum"] { exclusive = true }
            bound = SchemaNode.Bound(value: SchemaDecimal(number), number: number, exclusive: exclusive)
        case .bool:
            // Draft 4's flag, read with its `minimum`/`maximum`.
            return
        default:
            throw invalid
        }
        let current = lower ? node.minimum : node.maximum
        if let current {
            let order = SchemaDecimal.compare(bound.value, current.value)
            let tighter = lower ? order > 0 : order < 0
            if !(tighter || (order == 0 && bound.exclusive)) { return }
        }
        if lower { node.minimum = bound } else { node.maximum = bound }
        if current == nil { node.assertions += 1 }
    }

    /// Reads every schema of the bundle that declares `$dynamicAnchor: name`, for `$dynamicRef`s to find
    /// in the dynamic scope.
    private mutating func readDynamicAnchors(named name: String) throws(SchemaError) {
        guard dynamicNames.insert(name).inserted else { return }
        try scanIfNeeded()
        for (_, names) in resources.dynamicAnchors {
            guard let pointer = names[name], let value = pointer.resolve(in: document) else { continue }
            _ = try sharedNode(for: value, at: pointer)
        }
    }

    private mutating func scanIfNeeded() throws(SchemaError) {
        guard !scanned else { return }
        scanned = true
        let found = try SchemaResources.scan(document, rootContext: rootContext, embedded: embedded,
                                             metaschemas: { metaschemaValidates($0) }, cancellation: cancellation)
        for (uri, pointer) in found.resources where resources.resources[uri] == nil { resources.resources[uri] = pointer }
        for (uri, pointer) in found.anchors where resources.anchors[uri] == nil { resources.anchors[uri] = pointer }
        for (uri, names) in found.dynamicAnchors {
            for (name, pointer) in names where resources.dynamicAnchors[uri]?[name] == nil {
                resources.dynamicAnchors[uri, default: [:]][name] = pointer
            }
        }
    }

    private mutating func reference(_ text: String, base: String) throws(SchemaError) -> Int {
        // The same `$ref` text under the same base names the same schema: tens of thousands of `$ref`s name a
        // few thousand schemas, and resolving each against its base cost a Stripe diff 4% of its instructions.
        if referencesUnder.base == base, let known = referencesUnder.indices[text] { return known }
        let index = try resolvedReference(text, base: base)
        if referencesUnder.base != base { referencesUnder = (base, [:]) }
        referencesUnder.indices[text] = index
        return index
    }

    private mutating func resolvedReference(_ text: String, base: String) throws(SchemaError) -> Int {
        // A reference into a bundled file (`#/x-apish-documents/2/…`, written by the bundler) points into the
        // whole document, whatever `$id` the schema holding it sets; so does a pointer written in a bundled
        // file, which the bundler leaves only when it names the root file.
        let intoDocument = text.hasPrefix(Self.bundledPrefix) || (text.hasPrefix("#/") && bundledFiles.contains(base))
        let absolute = SchemaURI.resolve(text, against: intoDocument ? rootContext.base : base)
        if let index = indexByReference[absolute] { return index }
        let (resource, fragment) = SchemaURI.split(absolute)
        let targetPointer: JSONPointer
        if fragment.isEmpty || fragment.hasPrefix("/") || fragment.hasPrefix("%2F") || fragment.hasPrefix("%2f") {
            guard let inner = JSONPointer("#" + fragment) else {
                throw text.hasPrefix("#/") ? .invalidPointer(text) : .unsupportedRef(text)
            }
            if resources.resources[resource] == nil { try scanIfNeeded() }
            guard let root = resources.resources[resource] else { throw .unsupportedRef(text) }
            targetPointer = JSONPointer(tokens: root.tokens + inner.tokens)
        } else {
            let anchor = resource + "#" + (PercentEncoding.decode(Substring(fragment)))
            if resources.anchors[anchor] == nil { try scanIfNeeded() }
            guard let pointer = resources.anchors[anchor] else { throw .danglingRef(text) }
            targetPointer = pointer
        }
        guard let target = targetPointer.resolve(in: document) ?? missingValues?(targetPointer) else {
            throw .danglingRef(BundledReference.written(text, in: document))
        }
        let index = try sharedNode(for: target, at: targetPointer)
        indexByReference[absolute] = index
        return index
    }

    private static let typeNames = WordIndex(["string", "number", "integer", "boolean", "object", "array", "null"])

    /// The names of `value` when `keepsUnknownTypes` and some name no JSON Schema type, remembered.
    private mutating func keptUnknownTypes(_ value: JSONValue, at pointer: JSONPointer) -> [String]? {
        guard keepsUnknownTypes else { return nil }
        let names: [String]
        switch value {
        case .string(let name): names = [name]
        case .array(let list): names = list.compactMap(\.stringValue)
        default: return nil
        }
        guard !names.isEmpty, names.count == (value.arrayValue?.count ?? 1) else { return nil }
        unknownTypes.append((pointer, names.filter { !Self.typeNames.contains($0) }))
        return names
    }

    private static func types(_ value: JSONValue) -> [String]? {
        switch value {
        case .string(let name):
            return typeNames.contains(name) ? [name] : nil
        case .array(let names):
            var types: [String] = []
            for name in names {
                guard case .string(let name) = name, typeNames.contains(name) else { return nil }
                if !types.contains(name) { types.append(name) }
            }
            return types.isEmpty ? nil : types
        default:
            return nil
        }
    }
}
