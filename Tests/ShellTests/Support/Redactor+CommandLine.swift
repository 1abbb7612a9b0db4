import DemoAPIs
import Facade
import HTTPClient
import HTTPTypes
import Secrets
@testable import Shell
@testable import Commands

extension Redactor {
    /// How the shell masks a typed line when this redactor's secrets are the ones it knows: the masking of
    /// history, recordings and echoed lines, through the commands' own declarations.
    func redactCommandLine(_ text: String) -> String {
        let session = Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles)
        return CommandLineRedactor(registry: session.registry).redact(text, session: session, redactor: self)
    }
}
