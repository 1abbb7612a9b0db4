extension Workspace {
    /// The services the locator names, in its order; none before a locator is loaded.
    public var serviceNames: [String] {
        locator?.serviceNames ?? []
    }

    /// A service's name as the locator spells it (`Petstore` for `petstore`); nil when it names no such service.
    public func canonicalName(of service: String) -> String? {
        locator?.canonicalName(of: service)
    }
}
