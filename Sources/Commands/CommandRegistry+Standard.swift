import HTTPClient
import HTTPTypes
import Facade
import Shell
import Scripts
import Impact

extension CommandRegistry {
    /// Every command of the shell, in the order `help` lists them.
    public static let standard = CommandRegistry([
        HelpCommand(), HistoryCommand(), QuitCommand(), ClearCommand(),
        LocateCommand(), ServicesCommand(), UseCommand(), RefreshCommand(), ShowCommand(),
        RawRequestCommand(method: .get), RawRequestCommand(method: .post), RawRequestCommand(method: .put),
        RawRequestCommand(method: .patch), RawRequestCommand(method: .delete),
        NextCommand(), CookiesCommand(), CacheCommand(),
        OpsCommand(), CallCommand(), EditCommand(), ServerCommand(),
        AuthCommand(), HeaderCommand(), SetCommand(), VarsCommand(), EnvCommand(), ProfileCommand(),
        CurlCommandCommand(),
        ToggleCommand(name: "timing", abstract: "Show DNS/connect/TLS/first-byte/total times after each request", flag: .timing),
        ToggleCommand(name: "verbose", abstract: "Show request and response headers", flag: .verbose),
        ToggleCommand(name: "reveal", abstract: "Show values that only look like credentials, which the terminal hides", flag: .reveal),
        DiffCommand(), CompareCommand(), WatchCommand(),
        LetCommand(), ExpectCommand(), SourceCommand(), RecordCommand(formatWriter: ScriptFormatWriter()), ImpactCommand(), MockCommand(),
        ImportCommand(), ExportCommand(),
    ])
}

extension Session {
    /// A session with the shell's standard commands (`CommandRegistry.standard`) and each bundle's.
    public convenience init(
        facade: ServiceFacade, bundles: [APIBundle] = [], options: ShellOptions = ShellOptions(),
        environment: [String: String] = [:]
    ) {
        self.init(facade: facade, commands: .standard, bundles: bundles, options: options, environment: environment)
    }
}
