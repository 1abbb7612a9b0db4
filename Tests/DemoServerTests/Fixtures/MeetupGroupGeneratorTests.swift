import Testing
@testable import DemoServer

@Suite("Generated Meetup groups")
struct MeetupGroupGeneratorTests {
    private let groups = MeetupGroupGenerator.groups()

    @Test func aFewHundredDeterministicGroups() {
        #expect(groups.count == 4 * MeetupGroupGenerator.groupsPerCity + 2)
        #expect(MeetupGroupGenerator.groups() == groups)
    }

    @Test func idsNamesAndURLNamesAreUnique() {
        let ids = groups.compactMap { $0["id"]?.intValue }
        let names = groups.compactMap { $0["name"]?.stringValue }
        let urlnames = groups.compactMap { $0["urlname"]?.stringValue }
        #expect(ids.count == groups.count && Set(ids).count == ids.count)
        #expect(Set(names).count == groups.count)
        #expect(Set(urlnames).count == groups.count)
        #expect(urlnames.allSatisfy { !$0.isEmpty && !$0.contains(" ") && !$0.contains("'") })
    }

    @Test func everyGroupHasEverySeedField() {
        let fields = ["id", "name", "urlname", "link", "description", "who", "city", "state", "country", "lat", "lon",
                      "members", "rating", "created", "join_mode", "visibility", "timezone", "organizer", "category",
                      "topics", "group_photo"]
        for group in groups {
            #expect(group.objectValue?.map(\.0) == fields)
        }
    }

    @Test func theSampleGroupsAreKept() {
        let french = groups.first { $0["id"]?.intValue == 63974 }
        #expect(french?["name"]?.stringValue == "London French Meetup")
        #expect(french?["who"]?.stringValue == "LFM members")
        #expect(french?["lat"]?.doubleValue == 51.52)
        let bloggers = groups.first { $0["urlname"]?.stringValue == "bloggers" }
        #expect(bloggers?["city"]?.stringValue == "Cambridge")
    }

    @Test func countriesAndTimezonesMatch() {
        let pairs = Set(groups.compactMap { group -> String? in
            guard let country = group["country"]?.stringValue, let zone = group["timezone"]?.stringValue else { return nil }
            return "\(country) \(zone)"
        })
        #expect(pairs == ["GB Europe/London", "US US/Eastern", "KR Asia/Seoul", "IR Asia/Tehran"])
    }

    @Test func slugsReadWell() {
        #expect(MeetupGroupGenerator.slug("London Writers' Workshop") == "London-Writers-Workshop")
        #expect(MeetupGroupGenerator.slug("AI & Data Science Seoul") == "AI-Data-Science-Seoul")
        #expect(MeetupGroupGenerator.slug("Seoul Baduk (Go) Club") == "Seoul-Baduk-Go-Club")
    }
}
