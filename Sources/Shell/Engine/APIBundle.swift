import Facade
import Rendering

/// One built-in API as the shell knows it: the service it speaks for, how its definition is made, the
/// commands it adds (`twits`, `groups near`) and how its models are shown. The core names no such API:
/// `main.swift` registers the bundles it has, and `help`, completion and "did you mean" list a bundle's
/// commands only while the locator has its service.
public struct APIBundle: Sendable {
    /// The service name the API answers to (case-insensitive).
    public let service: String
    public let definition: APICatalogue.Make
    public let commands: [any Command]
    /// Shows a model of this API, or nil when the model is not one of its own.
    public let present: @Sendable (DecodedModel) -> Presentation?
    /// An example line for `help` that uses the service (`refresh weather city==Boston`).
    public let example: String?
    /// The lines of its own commands that bring a fresh shell to what the session set for this API, for the
    /// start of a recording (`Recorder.prelude(for:)`); none when the session set nothing.
    public let prelude: @Sendable (ServiceFacade) -> [String]

    public init(
        service: String, definition: @escaping APICatalogue.Make, commands: [any Command] = [],
        example: String? = nil, prelude: @escaping @Sendable (ServiceFacade) -> [String] = { _ in [] },
        present: @escaping @Sendable (DecodedModel) -> Presentation?
    ) {
        self.service = service
        self.definition = definition
        self.commands = commands
        self.example = example
        self.prelude = prelude
        self.present = present
    }
}

extension APICatalogue {
    /// This catalogue with every bundle's API registered.
    public func registering(_ bundles: [APIBundle]) -> APICatalogue {
        bundles.reduce(self) { $0.registering($1.service, $1.definition) }
    }
}
