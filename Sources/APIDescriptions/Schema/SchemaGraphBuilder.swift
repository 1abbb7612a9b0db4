import FoundationFree
import JSON
/// Reads the schemas of one document into a `SchemaGraph`.
///
/// Work is a queue, not recursion: every subschema gets a node when its parent is read and is read
/// later, so deep nesting, long `$ref` chains and cycles cost no stack. `$ref` targets and roots are
/// remembered by pointer (and `$ref` text), and so are the roots an OpenAPI document asks for (a shared
/// response's schema is asked for once per use), so each is read once however often it is referenced:
/// work and memory follow the document's size. Subschemas written in place are not remembered, which keeps
/// hashing off the common path. Only what the requested roots reach is read, so a large OpenAPI document
/// costs what its operations use. A tripped `cancellation` stops the reading with `SchemaError.cancelled`.
struct SchemaGraphBuilder {
    let document: JSONValue
    let cancellation: CancellationToken?
    private var nodes: [SchemaNode] = []
    private var indexByPointer: [JSONPointer: Int] = [:]
    private var indexByReference: [String: Int] = [:]
    private var pending: [(index: Int, value: JSONValue)] = []

    init(document: JSONValue, cancellation: CancellationToken? = nil) {
        self.document = document
        self.cancellation = cancellation
    }

    /// The schema at `pointer` in the document, with everything it reaches.
    mutating func schema(at pointer: JSONPointer) throws(SchemaError) -> Int {
        guard let value = pointer.resolve(in: document) else { throw .pointerNotFound(pointer.description) }
        let index = sharedNode(for: value, at: pointer)
        try drain()
        return index
    }

    /// The schema `value` found at `pointer` (an OpenAPI parameter's, body's or response's), with
    /// everything it reaches; asked for again at the same pointer, the same node.
    mutating func schema(_ value: JSONValue, at pointer: JSONPointer) throws(SchemaError) -> Int {
        let index = sharedNode(for: value, at: pointer)
        try drain()
        return index
    }

    /// Freezes what was read. Throws when a chain of `$ref`s only leads back to itself, or when merging
    /// the views costs more than `SchemaGraph.mergeWorkLimit`.
    func finish() throws(SchemaError) -> SchemaGraph {
        try SchemaGraph(nodes: nodes, cancellation: cancellation)
    }

    /// A node for a subschema written in place.
    private mutating func node(for value: JSONValue, at pointer: JSONPointer) -> Int {
        let index = nodes.count
        nodes.append(SchemaNode(pointer: pointer))
        pending.append((index, value))
        return index
    }

    /// The one node for a root or `$ref` target.
    private mutating func sharedNode(for value: JSONValue, at pointer: JSONPointer) -> Int {
        if let index = indexByPointer[pointer] { return index }
        let index = node(for: value, at: pointer)
        indexByPointer[pointer] = index
        return index
    }

    private mutating func drain() throws(SchemaError) {
        var read = 0
        while let (index, value) = pending.popLast() {
            nodes[index] = try self.read(value, at: nodes[index].pointer)
            read += 1
            if read & 0xFFF == 0, cancellation?.isCancelled == true { throw .cancelled }
        }
    }

    private mutating func read(_ value: JSONValue, at pointer: JSONPointer) throws(SchemaError) -> SchemaNode {
        var node = SchemaNode(pointer: pointer)
        switch value {
        case .bool(let accepts):
            node.kind = accepts ? .anything : .nothing
            return node
        case .object(let object):
            for (keyword, member) in object {
                try read(keyword, member, into: &node)
            }
            return node
        default:
            throw .notAnObject(pointer.description)
        }
    }

    private mutating func read(_ keyword: String, _ member: JSONValue, into node: inout SchemaNode) throws(SchemaError) {
        // Only keywords that hold subschemas need the pointer below them: most keywords are read without it.
        var pointer: JSONPointer { node.pointer.appending(keyword) }
        func invalid(_ expected: String) -> SchemaError {
            .invalidKeyword(pointer: node.pointer.description, keyword: keyword, expected: expected)
        }
        switch keyword {
        case "type":
            guard let types = Self.types(member) else { throw invalid("a type name or a list of them") }
            node.types = types
        case "properties":
            guard case .object(let properties) = member else { throw invalid("an object") }
            let propertiesPointer = pointer
            for (name, schema) in properties {
                node.properties.append((name, self.node(for: schema, at: propertiesPointer.appending(name))))
            }
            if !node.mergeSources.contains(where: { $0 == nil }) { node.mergeSources.append(nil) }
        case "required":
            guard case .array(let names) = member else { throw invalid("a list of names") }
            node.required = try names.map { name throws(SchemaError) in
                guard case .string(let name) = name else { throw invalid("a list of names") }
                return name
            }
        case "items":
            node.items = self.node(for: member, at: pointer)
        case "enum":
            guard case .array(let values) = member else { throw invalid("a list of values") }
            node.enumValues = values
            if values.count > SchemaNode.enumSetThreshold { node.enumSet = Set(values) }
        case "const":
            node.constValue = member
        case "$ref":
            guard case .string(let reference) = member else { throw invalid("a string") }
            let target = try self.reference(reference)
            node.ref = target
            node.mergeSources.append(target)
        case "allOf", "anyOf", "oneOf":
            guard case .array(let schemas) = member, !schemas.isEmpty else { throw invalid("a non-empty list of schemas") }
            let branchesPointer = pointer
            let branches = schemas.enumerated().map { self.node(for: $0.element, at: branchesPointer.appending($0.offset)) }
            switch keyword {
            case "allOf":
                node.allOf = branches
                node.mergeSources += branches.map { $0 }
            case "anyOf": node.anyOf = branches
            default: node.oneOf = branches
            }
        case "additionalProperties":
            if case .bool(false) = member { node.closed = true }
        case "nullable":
            guard case .bool(let nullable) = member else { throw invalid("true or false") }
            node.nullable = nullable
        case "title":
            node.title = member.stringValue
        case "description":
            node.description = member.stringValue
        case "format":
            node.format = member.stringValue
        default:
            break
        }
    }

    private mutating func reference(_ text: String) throws(SchemaError) -> Int {
        if let index = indexByReference[text] { return index }
        guard text.hasPrefix("#") else { throw .unsupportedRef(text) }
        guard let pointer = JSONPointer(text) else {
            throw text.hasPrefix("#/") ? .invalidPointer(text) : .unsupportedRef(text)
        }
        guard let target = pointer.resolve(in: document) else { throw .danglingRef(DocumentBundle.written(text, in: document)) }
        let index = sharedNode(for: target, at: pointer)
        indexByReference[text] = index
        return index
    }

    private static let typeNames: Set<String> = ["string", "number", "integer", "boolean", "object", "array", "null"]

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
