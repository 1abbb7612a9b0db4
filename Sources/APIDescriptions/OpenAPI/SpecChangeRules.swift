/// How much a spec change matters to a client written against the older document.
public enum SpecChangeLevel: String, Sendable, Comparable, CaseIterable {
    /// The client can fail: a removed operation, a newly required parameter, a narrowed request type.
    case breaking
    /// The client may fail, depending on what it sends or reads: a removed optional answer property, a
    /// changed pattern, a limit set where there was none.
    case warning
    /// Nothing a client relies on changed: an added operation, a relaxed requirement, a new enum value.
    case info

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// The stable id of every change `SpecDiff` reports, with its level. The ids and levels are oasdiff's
/// where oasdiff has the rule (`request-parameter-removed` is a warning there too), so a change reads the
/// same in either tool; ids oasdiff does not have (`api-path-moved`, `api-server-removed`) follow its
/// spelling; servers are deployment facts (info), as oasdiff holds them. A change's level is looked up
/// here, never decided where the change is found.
public enum SpecChangeRules {
    public static let levels: [String: SpecChangeLevel] = {
        var levels: [String: SpecChangeLevel] = [:]
        for (level, ids) in table {
            for id in ids.split(separator: " ") { levels[String(id)] = level }
        }
        return levels
    }()

    /// The level of `id`; an id missing from the table is a warning, so a slip can never pass as info.
    public static func level(of id: String) -> SpecChangeLevel {
        levels[id] ?? .warning
    }

    /// Whether `id` is one this table knows.
    public static func knows(_ id: String) -> Bool {
        levels[id] != nil
    }

    private static let table: [(SpecChangeLevel, String)] = [
        (.breaking, """
        api-path-removed-without-deprecation api-path-removed-before-sunset api-removed-without-deprecation \
        api-removed-before-sunset api-path-moved api-operation-moved \
        new-request-path-parameter new-required-request-parameter request-parameter-became-required \
        request-parameter-type-changed request-parameter-enum-value-removed request-parameter-became-enum \
        request-parameter-pattern-added request-parameter-max-length-decreased request-parameter-min-length-increased \
        request-parameter-max-decreased request-parameter-min-increased request-parameter-default-value-changed \
        request-parameter-default-value-added request-parameter-default-value-removed \
        request-parameter-became-not-nullable request-parameter-property-became-not-nullable \
        request-parameter-property-enum-value-removed request-parameter-property-type-specialized \
        request-body-added-required request-body-removed request-body-became-required request-body-media-type-removed \
        request-body-type-changed request-body-enum-value-removed request-body-became-enum request-body-became-not-nullable \
        request-body-max-length-decreased request-body-min-length-increased request-body-max-decreased request-body-min-increased \
        new-required-request-property new-required-request-property-with-default request-property-became-required \
        request-property-type-changed request-property-enum-value-removed request-property-became-enum \
        request-property-became-not-nullable request-property-pattern-added request-property-max-length-decreased \
        request-property-min-length-increased request-property-max-decreased request-property-min-increased \
        response-success-status-removed response-media-type-removed required-response-header-removed \
        response-header-became-optional response-header-type-changed response-header-type-generalized \
        response-header-became-nullable \
        response-body-type-changed response-body-type-generalized response-body-became-nullable \
        response-body-max-length-increased response-body-max-length-unset response-body-min-length-decreased \
        response-body-max-increased response-body-min-decreased \
        response-required-property-removed response-property-became-optional response-property-type-changed \
        response-property-type-generalized response-property-became-nullable response-property-max-length-increased \
        response-property-max-length-unset response-property-min-length-decreased response-property-max-increased \
        response-property-min-decreased \
        webhook-removed \
        new-required-request-default-parameter-to-existing-path request-body-all-of-added request-body-any-of-removed \
        request-body-else-added request-body-if-added request-body-min-items-increased request-body-one-of-removed \
        request-body-then-added request-parameter-max-items-decreased request-parameter-min-items-increased \
        request-parameter-removed-before-sunset request-parameter-sunset-deleted request-property-all-of-added \
        request-property-any-of-removed request-property-else-added request-property-if-added \
        request-property-min-items-increased request-property-one-of-removed request-property-then-added \
        response-body-else-removed response-body-if-removed response-body-min-items-decreased \
        response-body-min-items-unset response-body-one-of-added response-body-then-removed \
        response-property-else-removed response-property-if-removed response-property-min-items-decreased \
        response-property-min-items-unset response-property-one-of-added response-property-then-removed \
        sunset-deleted
        """),
        (.warning, """
        request-parameter-removed request-parameter-pattern-changed request-parameter-max-length-set \
        request-parameter-format-changed request-parameter-property-format-changed request-body-format-changed \
        request-property-format-changed response-body-format-changed response-property-format-changed \
        response-header-format-changed \
        request-parameter-max-set request-parameter-min-set request-parameter-property-type-changed \
        request-body-max-length-set request-body-max-set request-body-min-set \
        request-property-removed request-property-pattern-changed request-property-max-length-set \
        request-property-max-set request-property-min-set \
        optional-response-header-removed response-optional-property-removed response-property-enum-value-added \
        api-callback-removed request-body-all-of-removed request-body-min-items-set request-parameter-min-items-set \
        request-property-all-of-removed request-property-min-items-set \
        response-required-property-became-not-write-only
        """),
        (.info, """
        api-path-removed-with-deprecation api-removed-with-deprecation api-removed-after-sunset endpoint-added \
        endpoint-deprecated endpoint-deprecated-with-sunset endpoint-reactivated api-operation-id-added api-operation-id-removed \
        request-path-parameter-renamed api-server-removed \
        new-optional-request-parameter request-parameter-became-optional request-parameter-removed-with-deprecation \
        request-parameter-deprecated request-parameter-reactivated request-parameter-type-generalized \
        request-parameter-enum-value-added request-parameter-pattern-removed request-parameter-pattern-generalized \
        request-parameter-max-length-increased request-parameter-min-length-decreased request-parameter-max-increased \
        request-parameter-min-decreased request-parameter-became-nullable request-parameter-property-became-nullable \
        request-parameter-property-enum-value-added request-parameter-property-type-generalized \
        request-body-added-optional request-body-became-optional request-body-media-type-added \
        request-body-type-generalized request-body-became-nullable request-body-max-length-increased \
        request-body-min-length-decreased request-body-max-increased request-body-min-decreased \
        request-body-default-value-added request-body-default-value-changed request-body-default-value-removed \
        new-optional-request-property request-property-became-optional request-property-type-generalized \
        request-property-enum-value-added request-property-became-nullable request-property-pattern-removed \
        request-property-pattern-generalized request-property-max-length-increased request-property-min-length-decreased \
        request-property-max-increased request-property-min-decreased request-property-default-value-added \
        request-property-default-value-changed request-property-default-value-removed request-property-deprecated \
        request-property-reactivated \
        response-success-status-added response-non-success-status-added response-non-success-status-removed \
        response-media-type-added response-header-added response-header-type-specialized response-header-became-not-nullable \
        response-body-type-specialized response-body-became-not-nullable response-body-default-value-added \
        response-body-default-value-changed response-body-default-value-removed \
        response-required-property-added response-optional-property-added response-property-became-required \
        response-property-type-specialized response-property-became-not-nullable response-property-enum-value-removed \
        response-property-pattern-added response-property-pattern-changed response-property-pattern-removed \
        response-property-default-value-added response-property-default-value-changed response-property-default-value-removed \
        response-property-deprecated response-property-reactivated response-property-became-enum \
        response-required-write-only-property-removed response-optional-write-only-property-removed \
        response-required-write-only-property-added response-optional-write-only-property-added \
        response-write-only-property-became-required response-write-only-property-became-optional \
        api-security-added api-security-removed api-security-scope-added api-security-scope-removed \
        api-global-security-added api-global-security-removed api-global-security-scope-added \
        api-global-security-scope-removed api-server-added webhook-added api-callback-added \
        api-security-component-added api-security-component-removed api-security-component-type-changed \
        api-security-component-oauth-url-changed api-security-component-oauth-token-url-changed \
        new-optional-request-default-parameter-to-existing-path request-body-any-of-added \
        request-body-discriminator-added request-body-discriminator-removed request-body-else-removed \
        request-body-if-removed request-body-one-of-added request-body-then-removed \
        request-optional-property-became-not-read-only request-optional-property-became-not-write-only \
        request-optional-property-became-read-only request-optional-property-became-write-only \
        request-parameter-max-items-increased request-parameter-min-items-decreased request-property-any-of-added \
        request-property-discriminator-added request-property-discriminator-removed request-property-else-removed \
        request-property-if-removed request-property-one-of-added request-property-then-removed \
        request-required-property-became-not-read-only request-required-property-became-not-write-only \
        request-required-property-became-read-only request-required-property-became-write-only \
        response-body-all-of-added response-body-all-of-removed response-body-any-of-added \
        response-body-any-of-removed response-body-discriminator-added response-body-discriminator-removed \
        response-body-else-added response-body-if-added response-body-one-of-removed response-body-then-added \
        response-optional-property-became-not-read-only response-optional-property-became-not-write-only \
        response-optional-property-became-read-only response-optional-property-became-write-only \
        response-property-all-of-added response-property-all-of-removed response-property-any-of-added \
        response-property-any-of-removed response-property-discriminator-added \
        response-property-discriminator-removed response-property-else-added response-property-if-added \
        response-property-one-of-removed response-property-then-added response-required-property-became-not-read-only \
        response-required-property-became-read-only response-required-property-became-write-only \
        request-body-discriminator-property-name-changed request-body-discriminator-mapping-added \
        request-body-discriminator-mapping-deleted \
        request-property-discriminator-property-name-changed request-property-discriminator-mapping-added \
        request-property-discriminator-mapping-deleted \
        response-body-discriminator-property-name-changed response-body-discriminator-mapping-added \
        response-body-discriminator-mapping-deleted \
        response-property-discriminator-property-name-changed response-property-discriminator-mapping-added \
        response-property-discriminator-mapping-deleted
        """),
    ]
}
