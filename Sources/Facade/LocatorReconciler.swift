/// Carries the session's version choices across a new load of the locator: versions still there stay in
/// use, vanished ones fall back to the default (and are reported), `latest` follows the new highest, and a
/// version that would silently change because a higher one appeared is pinned to what was in use. Pure:
/// it reads two locators and the choices, and answers the new choices with what changed.
struct LocatorReconciler {
    let previous: Locator?
    let loaded: Locator

    /// What a reload did to the services in use.
    struct Outcome {
        var choices: [String: VersionChoice]
        var currentService: String?
        var fallbacks: [(service: String, from: ServiceVersion, to: ServiceVersion?)] = []
        var latestMoves: [(service: String, from: ServiceVersion, to: ServiceVersion)] = []
    }

    /// The version a service uses in `locator` under `choices`: the one chosen, else the highest numeric
    /// version that is not deprecated (labels only when there is nothing else), else the highest.
    static func activeVersion(
        of service: String, in locator: Locator, choices: [String: VersionChoice]
    ) -> ServiceVersion? {
        activeVersion(among: locator.entries(of: service), choice: choices[service.lowercased()])
    }

    /// `activeVersion(of:in:choices:)` of a service whose entries (lowest version first) and choice are at
    /// hand: a request looks them up once (`Workspace.activeEntry`).
    static func activeVersion(among entries: [LocatorEntry], choice: VersionChoice?) -> ServiceVersion? {
        switch choice {
        case .pinned(let version)?:
            return version
        case .latest?:
            return Locator.latest(among: entries)?.version
        case nil:
            return (entries.last { !$0.version.isLabel && !$0.isDeprecated } ?? entries.last { !$0.version.isLabel }
                ?? entries.last { !$0.isDeprecated } ?? entries.last)?.version
        }
    }

    /// The choices and current service after the swap; `isInUse` says which services the user has used
    /// (chosen a version, made current, fetched), the only ones whose versions are carried over.
    func reconcile(
        choices: [String: VersionChoice], currentService: String?, isInUse: (String) -> Bool
    ) -> Outcome {
        var outcome = Outcome(choices: choices, currentService: currentService)
        let previousActive: [String: ServiceVersion] = previous.map { previous in
            Dictionary(
                previous.serviceNames.filter(isInUse).compactMap { name in
                    Self.activeVersion(of: name, in: previous, choices: choices).map { (name.lowercased(), $0) }
                },
                uniquingKeysWith: { first, _ in first })
        } ?? [:]
        let previousLatest = Dictionary(uniqueKeysWithValues: choices.keys.compactMap { name in
            previous?.latest(of: name).map { (name, $0.version) }
        })
        for (name, before) in previousActive.sorted(by: { $0.key < $1.key }) {
            let shownName = loaded.canonicalName(of: name) ?? previous?.canonicalName(of: name) ?? name
            switch outcome.choices[name] {
            case .latest?:
                let latest = loaded.latest(of: name)?.version
                if let from = previousLatest[name], let latest, latest != from {
                    outcome.latestMoves.append((shownName, from, latest))
                } else if latest == nil {
                    outcome.fallbacks.append((shownName, before, nil))
                    outcome.choices[name] = nil
                }
            case .pinned?, nil:
                if loaded.resolve(ServiceKey(name: name, version: before)) == nil {
                    outcome.choices[name] = nil
                    outcome.fallbacks.append((shownName, before, Self.activeVersion(of: name, in: loaded, choices: outcome.choices)))
                } else if outcome.choices[name] == nil, Self.activeVersion(of: name, in: loaded, choices: outcome.choices) != before {
                    outcome.choices[name] = .pinned(before)
                }
            }
        }
        if let current = outcome.currentService, loaded.canonicalName(of: current) == nil { outcome.currentService = nil }
        // A locator that is an OpenAPI document is that one service: `refresh` and `call` mean it.
        if loaded.loadedDescription != nil { outcome.currentService = loaded.serviceNames.first }
        return outcome
    }
}
