@testable import Facade
import HTTPClient
import Testing
import TestSupport
import Glibc

/// A clean JSON description an entry names, or that is itself the locator, is outlined at load
/// (`OpenAPIOutline`): `ops` lists its operations without reading the whole, a later load (its summary and
/// file stamp kept) lists them the same way without reading the file, and the whole is read when a command
/// needs it; a mistake only the whole read finds is said where it is needed.
@Suite struct OutlinedLoadTests {
    static let description = """
        {"openapi": "3.0.3", "info": {"title": "Shop", "version": "1.0.0"}, "servers": [{"url": "https://shop.example.com/v1"}],
         "paths": {"/pets/{id}": {"get": {"operationId": "getPet", "summary": "One pet",
           "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
           "responses": {"200": {"description": "a pet", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}}},
           "/orders": {"get": {"operationId": "listOrders", "responses": {"200": {"description": "orders"}}}}},
         "components": {"schemas": {"Pet": {"type": "object", "properties": {"name": {"type": "string"}}}}}}
        """

    /// Where the description is: named by a locator entry, or itself the locator.
    enum Place: CaseIterable {
        case entry, locatorItself
    }

    /// The locator to load for `description`, an hour old (so that its stamp vouches for it), in `folder`.
    static func locator(in folder: ScratchDirectory, description: String = Self.description, place: Place = .entry) throws -> String {
        let path = try folder.write("shop.json", description)
        let old = timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)
        #expect(utimensat(AT_FDCWD, path, [old, old], 0) == 0)
        guard place == .entry else { return path }
        return try folder.write("locator.json", #"{"services": [{"name": "shop", "version": "1", "openapi": "shop.json"}]}"#)
    }

    private func facade(cache folder: ScratchDirectory) -> ServiceFacade {
        ServiceFacade(transport: CurlTransport(), documentCache: DocumentCache(directory: folder.path + "/cache"))
    }

    @Test(arguments: Place.allCases)
    func aFirstAndALaterLoadListOperationsWithoutReadingTheWhole(place: Place) throws {
        let folder = try ScratchDirectory()
        let locator = try Self.locator(in: folder, place: place)
        for load in ["first", "later"] {
            // GIVEN a load of the locator (the later one finds the first's summary and stamp)
            let facade = facade(cache: folder)
            let report = try facade.workspace.locate(locator)
            #expect(report.warnings.isEmpty, "\(load): \(report.warnings)")
            let entry = try facade.workspace.activeEntry(of: "shop")
            let description = try #require(facade.workspace.documents[entry.key]?.openapi)
            // THEN a later load has not even read the file
            #expect(description.holdsBytes == (load == "first"), "\(load)")
            // WHEN its operations are listed, as ops lists them
            let api = try facade.descriptions.openAPI(of: entry)
            #expect(api.operations.compactMap(\.operationId) == ["getPet", "listOrders"], "\(load)")
            #expect(api.heading.title == "Shop")
            // THEN the whole was not read for them; AND a command that needs it reads the same operations
            #expect(!description.isRead, "\(load)")
            #expect(api.document.operations.map(\.listing) == api.operations)
            #expect(description.isRead)
        }
    }

    @Test(arguments: Place.allCases)
    func aSchemaOnlyTheWholeReadRefusesIsSaidByTheCallThatNeedsIt(place: Place) throws {
        // GIVEN a description whose only operation's schema cannot be read (properties as a list)
        let folder = try ScratchDirectory()
        let broken = Self.description.replacingOccurrences(of: #""properties": {"name": {"type": "string"}}"#, with: #""properties": []"#)
            .replacingOccurrences(of: #""/orders": {"get": {"operationId": "listOrders", "responses": {"200": {"description": "orders"}}}}"#,
                                  with: #""/orders": {}"#)
        let locator = try Self.locator(in: folder, description: broken, place: place)
        let facade = facade(cache: folder)
        // WHEN it loads  THEN it is outlined, with no warning, and ops lists its operation
        let report = try facade.workspace.locate(locator)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let entry = try facade.workspace.activeEntry(of: "shop")
        #expect(try facade.descriptions.openAPI(of: entry).operations.compactMap(\.operationId) == ["getPet"])
        // AND a call says why the document cannot be used, the reader's line, before anything is sent
        do {
            _ = try facade.descriptions.prepare("getPet", service: "shop", arguments: ["1"])
            Issue.record("the call was prepared")
        } catch {
            #expect(error.description.hasPrefix("\(entry.key): its OpenAPI document cannot be used: "), "\(error)")
        }
    }
}
