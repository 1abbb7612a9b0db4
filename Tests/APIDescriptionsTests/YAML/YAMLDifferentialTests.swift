import Foundation
import Testing
import JSON
import APIDescriptions
import TestSupport

/// Every document here, written for this test, reads to the same JSON through apish's YAML reader as
/// through pyyaml's libyaml-backed loader with the YAML 1.2 core schema's resolvers (pyyaml_core.py).
@Suite struct YAMLDifferentialTests {
    static let documents: [(name: String, text: String)] = [
        ("scalars of every core kind", """
        nulls: [null, Null, NULL, ~, ]
        empty:
        booleans: [true, True, TRUE, false, False, FALSE]
        yaml11: [yes, no, on, off, y, n, Yes, NO]
        integers: [0, 7, -12, +12, 007, 0o17, 0x1F, 0xff, 9223372036854775807, 12345678901234567890]
        floats: [1.5, -0.25, .5, -.5, +.5, 1., 1e3, 1E-3, 2.5e+10, 6.02e23, 0.0, -0.0]
        specials: [.inf, -.inf, +.inf, .Inf, -.INF, .nan, .NaN, .NAN]
        notNumbers: [1_000, 1:30, 0b101, 0x, 0o, 1e, .e3, -, +, ., 1.2.3, 2001-12-14, 0xG]
        words: [nil, none, True1, falsey, nullable, tru, "true", '12']
        """),
        ("quoted strings with escapes", #"""
        double: "tab\there, newline\nhere, quote \" backslash \\ slash \/"
        unicode: "caf\u00e9 \U0001F600 \x41"
        single: 'it''s ''quoted'' and \n stays'
        emptyDouble: ""
        emptySingle: ''
        folded double: "one
          two

          three"
        spaces: "  lead and trail  "
        hash: "# not a comment"
        colon: "a: b"
        """#),
        ("block literals and folding with chomping", """
        literal: |
          line one
            indented
          line three
        literalStrip: |-
          no trailing newline
        literalKeep: |+
          keeps both

        folded: >
          folded lines
          join with spaces

          and a blank line breaks
        foldedStrip: >-
          stripped
          folded
        foldedKeep: >+
          kept

        indentIndicator: |2
            two extra spaces
        last: end
        """),
        ("anchors, aliases and merges", """
        base: &base
          name: pet
          tags: &tags [a, b]
        copy: *base
        tagsAgain: *tags
        scalar: &word hello
        words: [*word, *word]
        merged:
          <<: *base
          name: override
          extra: 1
        mergedList:
          <<: [*base, {other: 2}]
        aliasKey:
          *word : value
        """),
        ("flow and block styles, nested", """
        flowMap: {a: 1, b: [1, 2, {c: d}], "e f": {}}
        flowSeq: [[], [1, [2, [3]]], {x: y}]
        block:
          - a
          - - nested
            - list
          - key: value
            other:
              deeper:
                - 1
                - two: 2
          -
          - []
        ? explicit key
        : explicit value
        multi word key: v
        200: ok
        404: not found
        true: yes
        null: nothing
        1.5: float key
        """),
        ("comments and document markers", """
        %YAML 1.2
        ---
        # a comment line
        a: 1 # trailing comment
        b: "# inside"   # after
        c: |
          # inside a literal
          x
        d: [1, # in flow
            2]
        ...
        """),
        ("plain multi-line and odd keys", """
        plain: this is
          one plain scalar
          over lines
        url: http://example.com/a?b=c#d
        colonInside: a:b
        dashes: a - b -
        question: ?x
        path: /pets/{petId}
        mediaType: application/json; charset=utf-8
        quoteMid: it's fine
        empty list: []
        empty map: {}
        """),
        ("tags", """
        str: !!str 123
        strBool: !!str true
        int: !!int "42"
        float: !!float "1.5"
        seq: !!seq [1, 2]
        map: !!map {a: 1}
        """),
        ("an OpenAPI fragment", """
        openapi: 3.0.3
        info:
          title: Pets
          version: 1.0.0
        paths:
          /pets:
            get:
              operationId: listPets
              parameters:
                - name: limit
                  in: query
                  schema: {type: integer, format: int32, minimum: 1, maximum: 100}
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema:
                        type: array
                        items: {$ref: '#/components/schemas/Pet'}
                default:
                  description: error
        components:
          schemas:
            Pet:
              type: object
              required: [id, name]
              properties:
                id: {type: integer, format: int64}
                name: {type: string, example: "Rex"}
                enabled: {type: boolean, default: false}
        """),
        ("a top-level list", """
        - 1
        - two
        - {three: 3}
        """),
        ("a top-level scalar", "just text"),
        ("an empty document", ""),
        ("only a comment", "# nothing\n"),
    ]

    @Test(arguments: documents.indices)
    func sameJSONAsPyYAML(_ index: Int) throws {
        let (name, text) = Self.documents[index]
        let expected = try Self.pyyaml(text)
        let actual = try APIDocumentText.parse(Data(text.utf8))
        #expect(actual == expected, "\(name): apish \(actual) vs pyyaml \(expected)")
    }

    /// The same document written as JSON by pyyaml, parsed by apish's JSON parser.
    static func pyyaml(_ text: String) throws -> JSONValue {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apish-yaml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("document.yaml")
        try Data(text.utf8).write(to: file)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("pyyaml_core.py")
        return try JSONValue.parse(PythonReference.run(script, [file.path], installedBy: "scripts/setup installs pyyaml"))
    }
}
