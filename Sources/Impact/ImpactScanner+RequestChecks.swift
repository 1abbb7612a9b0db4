import APIDescriptions
import Facade
import FoundationFree
import HTTPClient
import HTTPTypes
import JSON
import Schemas
import ScriptLanguage
import Reports

extension ImpactScanner {
    package func check(_ use: RequestUse, _ context: inout LineContext) {
        let operationA = use.operation
        let name = operationA.displayName
        guard let pair = pair(of: operationA) else {
            context.fix.comments.append("\(name) (\(operationA.signature)) was removed in \(b); replace or delete this line")
            context.findings.append(finding("operation removed", "operation \(name) removed in \(b)", .breaking, name))
            return
        }
        let operationB = pair.b
        var found: [ImpactFinding] = []
        switch use.style {
        case .callById(let words):
            if pair.isRenamed, let newName = operationB.operationId {
                found.append(finding("operation renamed", "operation \(name) renamed to \(newName) (\(operationB.signature))", .breaking, name))
                if let word = words.first, let written = Self.written(newName) {
                    context.replace(word, with: written)
                } else {
                    context.fix.comments.append("\(name) is now \(newName) (\(operationB.signature)); change this line")
                }
            } else if pair.isMoved {
                found.append(finding("operation moved", "moved to \(operationB.signature); call follows it", .ok, name))
            }
        case .callBySignature(let words):
            if pair.isMoved {
                found.append(finding("operation moved", "\(operationA.signature) moved to \(operationB.signature)", .breaking, name))
                if words.count == 2, let method = Self.written(operationB.method.rawValue), let path = Self.written(operationB.path) {
                    context.replace(words[0], with: method)
                    context.replace(words[1], with: path)
                } else {
                    context.fix.comments.append("\(operationA.signature) is now \(operationB.signature); change this line")
                }
            }
        case .raw(let word, let prefix, let segments, let query):
            if pair.isMoved {
                let kind = pair.a.method != pair.b.method ? "operation moved" : "path moved"
                found.append(finding(kind, "\(kind == "path moved" ? "path" : "operation") moved: \(operationA.signature) → \(operationB.signature)", .breaking, name))
                if pair.a.method == pair.b.method, context.words[word].text.hasPrefix(prefix),
                   let path = Self.rewrite(segments, from: operationA.path, to: operationB.path),
                   let target = Self.oneWord(prefix + path + query) {
                    context.replace(word, with: target)
                } else {
                    context.fix.comments.append("\(operationA.signature) is now \(operationB.signature); change this request")
                }
            }
        case .mainResource:
            if pair.isMoved {
                found.append(finding("path moved", "the main resource moved: \(operationA.signature) → \(operationB.signature)", .breaking, name))
            }
        }
        found += checkParameters(use, pair: pair, context: &context)
        found += checkRequired(use, pair: pair, context: &context)
        found += checkDeprecations(use, pair: pair)
        if found.isEmpty {
            found.append(finding("unchanged", "\(name) unchanged for what this line sends", .ok, name))
        }
        context.findings += found
    }

    /// What the line uses that B newly marks deprecated: the operation, and each parameter it sets. Still
    /// served, so a person decides when to move off it.
    private func checkDeprecations(_ use: RequestUse, pair: OperationPairing.Pair) -> [ImpactFinding] {
        let name = use.operation.displayName
        var found: [ImpactFinding] = []
        if pair.b.deprecated, !pair.a.deprecated {
            found.append(finding("operation deprecated", "operation \(name) is deprecated in \(b)", .review, name))
        }
        for set in use.values {
            guard let location = set.location,
                  let parameterA = pair.a.parameters.first(where: { Self.same($0, location: location, name: set.name, in: pair.a) }),
                  let parameterB = Self.counterpart(of: parameterA, from: pair.a, in: pair.b),
                  parameterB.deprecated, !parameterA.deprecated else { continue }
            found.append(finding("parameter deprecated", "parameter \(set.name) is deprecated in \(b)", .review, name))
        }
        return found
    }

    /// The path `to` as typed text, its parameters filled from the typed segments that filled `from`'s and
    /// its other segments (the document's words) quoted; nil when they do not line up or a segment cannot
    /// be written on one line.
    static func rewrite(_ typed: [String], from: String, to: String) -> String? {
        let templateA = segments(from), templateB = segments(to)
        guard typed.count == templateA.count else { return nil }
        var values: [String] = []
        for (pattern, segment) in zip(templateA, typed) where pattern.hasPrefix("{") { values.append(segment) }
        var filled: [String] = []
        var next = 0
        for pattern in templateB {
            if pattern.hasPrefix("{") {
                guard next < values.count else { return nil }
                filled.append(values[next])
                next += 1
            } else {
                guard let written = written(pattern) else { return nil }
                filled.append(written)
            }
        }
        return "/" + filled.joined(separator: "/")
    }

    private func checkParameters(_ use: RequestUse, pair: OperationPairing.Pair, context: inout LineContext) -> [ImpactFinding] {
        let name = use.operation.displayName
        var found: [ImpactFinding] = []
        let renames = Self.parameterRenames(pair)
        let bodyRenames = Self.propertyRenames(pair.a.requestBody?.schema, pair.b.requestBody?.schema)
        let pathPairing = PathParameterPairing(pair.a, pair.b)
        for set in use.values {
            if let location = set.location {
                let parameterA = pair.a.parameters.first { Self.same($0, location: location, name: set.name, in: pair.a) }
                guard let parameterA else { continue }
                if location == .path, let merge = mergedPathValue(set.name, use: use, pair: pair, pairing: pathPairing) {
                    // `base` and `head` now travel as one `basehead=main...dev`: the first of them becomes it,
                    // the others go.
                    if merge.first {
                        found.append(finding("path parameters merged", "parameters \(merge.names.joined(separator: ", ")) are now "
                            + "\(merge.target)=\(merge.value)", .breaking, name))
                        if let word = set.word, let item = Self.itemName(merge.target), let value = Self.itemValue(merge.value, after: "=") {
                            context.replace(word, with: item + "=" + value)
                        } else {
                            context.fix.comments.append("parameters \(merge.names.joined(separator: ", ")) are now \(merge.target)=\(merge.value)")
                        }
                    } else if let word = set.word {
                        context.replace(word, with: "")
                    }
                    continue
                }
                let parameterB = Self.counterpart(of: parameterA, from: pair.a, in: pair.b)
                if let parameterB {
                    found += checkValue(set, schemaA: parameterA.schema, schemaB: parameterB.schema, label: "parameter \(set.name)", operation: name)
                    continue
                }
                if let renamed = renames[parameterA.name] {
                    found.append(finding("parameter renamed", "parameter \(set.name) renamed to \(renamed.name)", .breaking, name))
                    if let word = set.word, context.words[word].text.hasPrefix(set.name + set.separator),
                       let itemName = Self.itemName(renamed.name) {
                        context.replace(word, with: itemName + context.words[word].text.dropFirst(set.name.count))
                    } else {
                        context.fix.comments.append("parameter \(set.name) is now \(renamed.name)")
                    }
                    found += checkValue(set, schemaA: parameterA.schema, schemaB: renamed.schema, label: "parameter \(renamed.name)", operation: name)
                    continue
                }
                let isCall: Bool = if case .raw = use.style { false } else { true }
                context.fix.comments.append("parameter \(set.name) was removed in \(b); drop it or find what replaces it")
                found.append(finding("parameter removed", "parameter \(set.name) removed" + (isCall ? "" : "; the server may ignore it"),
                                     isCall ? .breaking : .review, name))
            } else {
                guard let schemaA = pair.a.requestBody?.schema, let propertyA = schemaA.property(named: set.name) else { continue }
                if let propertyB = pair.b.requestBody?.schema?.property(named: set.name) {
                    found += checkValue(set, schemaA: propertyA, schemaB: propertyB, label: "body property \(set.name)", operation: name)
                    continue
                }
                if let renamed = bodyRenames[set.name] {
                    found.append(finding("body property renamed", "body property \(set.name) renamed to \(renamed)", .breaking, name))
                    if let word = set.word, context.words[word].text.hasPrefix(set.name + set.separator),
                       let itemName = Self.itemName(renamed) {
                        context.replace(word, with: itemName + context.words[word].text.dropFirst(set.name.count))
                    } else {
                        context.fix.comments.append("body property \(set.name) is now \(renamed)")
                    }
                    found += checkValue(set, schemaA: propertyA, schemaB: pair.b.requestBody?.schema?.property(named: renamed),
                                        label: "body property \(renamed)", operation: name)
                    continue
                }
                context.fix.comments.append("body property \(set.name) was removed in \(b); drop it or find what replaces it")
                found.append(finding("body property removed", "body property \(set.name) removed; the server may ignore or refuse it", .review, name))
            }
        }
        return found
    }

    /// For a path parameter of A that B merged with others into one (`{base}...{head}` → `{basehead}`): B's
    /// parameter, its value as A's segment spells it from the line's values (`main...dev`), A's parameters in
    /// that segment, and whether `name` is the first of them; nil when it was not merged or a value is unknown.
    private func mergedPathValue(_ name: String, use: RequestUse, pair: OperationPairing.Pair, pairing: PathParameterPairing)
        -> (target: String, value: String, names: [String], first: Bool)?
    {
        let target = pairing.partner[name] ?? pair.a.pathParameterNames.lazy.compactMap { pairing.partner[$0] }.first { candidate in
            pairing.mergedSegment(of: candidate, in: pair.a)?.names.contains(name) ?? false
        }
        guard let target, let merge = pairing.mergedSegment(of: target, in: pair.a), merge.names.contains(name) else { return nil }
        var value = merge.segment
        for parameter in merge.names {
            guard let given = use.values.first(where: { $0.location == .path && $0.name == parameter })?.value else { return nil }
            value = value.replacingAll("{\(parameter)}", with: given)
        }
        return (target, value, merge.names, merge.names.first == name)
    }

    /// A value the line sends, against the type and enum of B: narrowed, or an enum value removed.
    private func checkValue(_ set: SetValue, schemaA: JSONSchema?, schemaB: JSONSchema?, label: String, operation: String) -> [ImpactFinding] {
        guard let schemaA, let schemaB else { return [] }
        if let enumB = schemaB.enumValues {
            let allowed = enumB.map(\.displayText)
            let allowedText = allowed.joined(separator: " | ")
            let enumA = schemaA.enumValues?.map(\.displayText)
            guard let value = set.value else {
                if enumA == nil || enumA.map({ Set($0) != Set(allowed) }) == true {
                    return [finding("type narrowed", "\(label) now takes only \(allowedText); the value is known only at run time", .review, operation)]
                }
                return []
            }
            guard !allowed.contains(value) else {
                if enumA == nil {
                    return [finding("type narrowed", "\(label) narrowed to \(allowedText); \(value) is still allowed", .review, operation)]
                }
                return []
            }
            if let enumA, enumA.contains(value) {
                return [finding("enum value removed", "\(label): enum value \(value) removed (\(b): \(allowedText))", .breaking, operation)]
            }
            return [finding("type narrowed", "\(label) narrowed to \(allowedText); \(value) is not allowed", .breaking, operation)]
        }
        let typesA = Self.types(schemaA), typesB = Self.types(schemaB)
        guard typesA != typesB, !Self.accepts(typesB, everythingIn: typesA) else { return [] }
        let change = "\(label) narrowed (\(Self.text(typesA)) → \(Self.text(typesB)))"
        if let value = set.value, let typesB, Self.fits(value, typesB) {
            return [finding("type narrowed", change + "; \(value) still fits", .review, operation)]
        }
        return [finding("type narrowed", change, .breaking, operation)]
    }

    /// New required parameters and body properties of B that the line does not supply.
    private func checkRequired(_ use: RequestUse, pair: OperationPairing.Pair, context: inout LineContext) -> [ImpactFinding] {
        let name = use.operation.displayName
        var found: [ImpactFinding] = []
        let renames = Self.parameterRenames(pair)
        let isRaw: Bool = if case .raw = use.style { true } else { false }
        for parameterB in pair.b.parameters where parameterB.required && parameterB.location != .path {
            let supplied = use.values.contains { set in
                guard let location = set.location else { return false }
                if Self.same(parameterB, location: location, name: set.name, in: pair.b) { return true }
                return renames[set.name]?.name == parameterB.name
            }
            guard !supplied else { continue }
            let counterpartA = pair.a.parameters.first { Self.counterpart(of: $0, from: pair.a, in: pair.b)?.name == parameterB.name }
            let what = counterpartA == nil ? "new required parameter" : "parameter now required:"
            found.append(finding("new required parameter", "\(what) \(parameterB.name) (\(parameterB.location.rawValue), \(parameterB.typeDescription)) not supplied",
                                 .breaking, name))
            fill(parameterB.name, schema: parameterB.schema, separator: isRaw ? (parameterB.location == .query ? "==" : ":") : "=",
                 what: "\(parameterB.name) is required in \(b)", context: &context)
        }
        guard let bodyB = pair.b.requestBody?.schema else { return found }
        let bodyRenames = Self.propertyRenames(pair.a.requestBody?.schema, bodyB)
        let sentFields = Set(use.values.filter { $0.location == nil }.map(\.name))
        let sendsBody = !sentFields.isEmpty || pair.b.requestBody?.required == true
        guard sendsBody, use.operation.requestBody != nil || pair.b.requestBody?.required == true else { return found }
        let requiredA = Set(pair.a.requestBody?.schema?.required ?? [])
        for property in bodyB.required {
            let supplied = sentFields.contains(property) || sentFields.contains { bodyRenames[$0] == property }
            guard !supplied, !requiredA.contains(property) || pair.a.requestBody?.schema?.property(named: property) == nil else { continue }
            let schema = bodyB.property(named: property)
            let type = schema.map { $0.enumValues.map { $0.map(\.displayText).joined(separator: " | ") } ?? $0.typeDescription } ?? "any"
            found.append(finding("new required body property", "new required body property \(property) (\(type)) not supplied", .breaking, name))
            fill(property, schema: schema, separator: "=", what: "\(property) is new and required in \(b)", context: &context)
        }
        return found
    }

    /// Adds `name=FIRST-ALLOWED-VALUE` when B lists the values allowed, with a comment to check it; else
    /// only the comment.
    private func fill(_ name: String, schema: JSONSchema?, separator: String, what: String, context: inout LineContext) {
        guard let first = schema?.enumValues?.first?.displayText, !first.isEmpty,
              let itemName = Self.itemName(name), let itemValue = Self.itemValue(first, after: separator) else {
            context.fix.comments.append("\(what); add \(name)\(separator)…")
            return
        }
        context.append(itemName + separator + itemValue)
        let others = schema?.enumValues?.dropFirst().map(\.displayText) ?? []
        context.fix.comments.append("\(what); set to \(first), its first allowed value" + (others.isEmpty ? "" : " (also: \(others.joined(separator: ", ")))") + ": check it")
    }
}
