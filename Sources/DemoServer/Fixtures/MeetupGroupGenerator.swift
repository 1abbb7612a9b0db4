#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree

/// Builds the demo Meetup groups: the two groups of the original API sample plus a fixed number per city
/// from a fixed seed, so every build serves the same few hundred plausible groups.
enum MeetupGroupGenerator {
    static let groupsPerCity = 80
    private static let seed: UInt64 = 0x4D45_4554_5550

    private static let frequencies = [
        "every Tuesday evening", "twice a month", "on the first Saturday of each month", "every other Thursday",
        "most weekends", "once a month", "every Wednesday after work", "on Sunday mornings",
    ]

    private static let closings = [
        "Everyone is welcome, from complete beginners to old hands.",
        "Newcomers are always welcome: just turn up and say hello.",
        "Join the group to hear about our next event.",
        "No experience needed, and bringing a friend is encouraged.",
        "Events are free; now and then we ask for a small contribution towards the room.",
        "Check the calendar and RSVP so we know how many are coming.",
    ]

    /// The groups, in a stable order: each city's sample group (if any) followed by its generated ones.
    static func groups() -> [JSONValue] {
        var random = SeededGenerator(seed: seed)
        var registry = Registry()
        var groups: [JSONValue] = []
        for city in MeetupCity.all {
            for sample in sampleGroups where sample.city == city.name {
                registry.reserve(name: sample.name, urlname: sample.urlname, id: sample.id)
                groups.append(sample.json)
            }
            for _ in 0..<groupsPerCity {
                groups.append(makeGroup(in: city, random: &random, registry: &registry))
            }
        }
        return groups
    }

    /// Names, URL names and ids already given out, so every group is unique.
    private struct Registry {
        var names: Set<String> = []
        var urlnames: Set<String> = []
        var ids: Set<Int> = []

        mutating func reserve(name: String, urlname: String, id: Int) {
            names.insert(name)
            urlnames.insert(urlname)
            ids.insert(id)
        }
    }

    private static func makeGroup(in city: MeetupCity, random: inout SeededGenerator, registry: inout Registry) -> JSONValue {
        let theme = random.chance(0.3) ? random.pick(city.localThemes) : random.pick(MeetupTheme.common)
        let hood = pickNeighbourhood(city.neighbourhoods, random: &random)
        let town = hood.town ?? city.name
        let fill = { (text: String) in
            text.replacingAll("{city}", with: town).replacingAll("{hood}", with: hood.name)
        }

        var name = fill(random.pick(theme.names))
        for _ in 0..<8 where registry.names.contains(name) {
            name = fill(random.pick(theme.names))
        }
        if registry.names.contains(name) { name += " (\(hood.name))" }
        var suffix = 2
        let baseName = name
        while registry.names.contains(name) {
            name = "\(baseName) \(suffix)"
            suffix += 1
        }

        let baseSlug = slug(name)
        var urlname = baseSlug
        suffix = 2
        while registry.urlnames.contains(urlname) {
            urlname = "\(baseSlug)-\(suffix)"
            suffix += 1
        }

        var id = random.int(in: 100_000...29_999_999)
        while registry.ids.contains(id) { id = random.int(in: 100_000...29_999_999) }
        registry.reserve(name: name, urlname: urlname, id: id)

        // Groups sit within about 1.8 km of their neighbourhood's centre.
        let distance = 1.8 * random.fraction().squareRoot()
        let bearing = random.fraction() * 2 * Double.pi
        let lat = hood.lat + distance / 111.32 * cos(bearing)
        let lon = hood.lon + distance / (111.32 * cos(hood.lat * Double.pi / 180)) * sin(bearing)

        let description = [
            random.pick(theme.pitches).replacingAll("{city}", with: town).replacingAll("{hood}", with: hood.name),
            "We meet \(random.pick(frequencies)) \(fill(random.pick(theme.venues))).",
            random.pick(closings),
        ].joined(separator: " ")

        let members = Int(exp(log(8.0) + random.fraction() * (log(6000.0) - log(8.0))))
        let rating = members < 15 ? 0 : 3.2 + random.fraction() * 1.8
        let created = (1_041_379_200 + random.int(in: 0...567_993_600)) * 1000
        let joinRoll = random.fraction()
        let joinMode = joinRoll < 0.7 ? "open" : (joinRoll < 0.95 ? "approval" : "closed")
        let visibility = random.chance(0.9) ? "public" : "public_limited"
        let first = random.pick(city.firstNames)
        let organizer = random.chance(0.2) ? first : "\(first) \(random.pick(city.lastNames))"
        let topicCount = random.int(in: 2...theme.topics.count)
        let topics = random.sample(theme.topics, count: topicCount)

        return groupJSON(
            id: id, name: name, urlname: urlname, description: description, who: random.pick(theme.who),
            city: town, state: city.state, country: city.country, lat: rounded(lat), lon: rounded(lon),
            members: members, rating: rating, created: created, joinMode: joinMode, visibility: visibility,
            timezone: city.timezone, organizer: organizer, organizerID: random.int(in: 1_000_000...280_000_000),
            category: theme.category, topics: topics, photo: photo(random: &random)
        )
    }

    private static func pickNeighbourhood(_ neighbourhoods: [MeetupCity.Neighbourhood], random: inout SeededGenerator) -> MeetupCity.Neighbourhood {
        let total = neighbourhoods.reduce(0) { $0 + $1.weight }
        var roll = random.int(in: 0...(total - 1))
        for neighbourhood in neighbourhoods {
            if roll < neighbourhood.weight { return neighbourhood }
            roll -= neighbourhood.weight
        }
        return neighbourhoods[0]
    }

    private static func photo(random: inout SeededGenerator) -> (id: Int, path: String) {
        let id = random.int(in: 100_000...480_000_000)
        let hex = Array("0123456789abcdef")
        let folders = (0..<4).map { _ in String(hex[random.int(in: 0...15)]) }.joined(separator: "/")
        return (id, "http://photos\(random.int(in: 1...4)).meetupstatic.com/photos/event/\(folders)/")
    }

    /// `London Python Meetup` → `London-Python-Meetup`; apostrophes dropped, other punctuation a hyphen.
    static func slug(_ name: String) -> String {
        var output = ""
        var pendingHyphen = false
        for scalar in name.unicodeScalars where scalar != "'" && scalar != "’" {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                if pendingHyphen && !output.isEmpty { output += "-" }
                output.unicodeScalars.append(scalar)
                pendingHyphen = false
            } else {
                pendingHyphen = true
            }
        }
        return output
    }

    private static func rounded(_ coordinate: Double) -> Double {
        (coordinate * 10_000).rounded() / 10_000
    }

    // MARK: - Building the JSON

    private static func groupJSON(
        id: Int, name: String, urlname: String, description: String, who: String,
        city: String, state: String, country: String, lat: Double, lon: Double,
        members: Int, rating: Double, created: Int, joinMode: String, visibility: String,
        timezone: String, organizer: String, organizerID: Int,
        category: MeetupTheme.Category, topics: [MeetupTheme.Topic], photo: (id: Int, path: String)
    ) -> JSONValue {
        .object([
            ("id", .int(id)),
            ("name", .string(name)),
            ("urlname", .string(urlname)),
            ("link", .string("http://www.meetup.com/\(urlname)/")),
            ("description", .string(description)),
            ("who", .string(who)),
            ("city", .string(city)),
            ("state", .string(state)),
            ("country", .string(country)),
            ("lat", .double(lat)),
            ("lon", .double(lon)),
            ("members", .int(members)),
            ("rating", .double((rating * 100).rounded() / 100)),
            ("created", .int(created)),
            ("join_mode", .string(joinMode)),
            ("visibility", .string(visibility)),
            ("timezone", .string(timezone)),
            ("organizer", .object([("name", .string(organizer)), ("member_id", .int(organizerID))])),
            ("category", .object([
                ("id", .int(category.id)), ("name", .string(category.name)), ("shortname", .string(category.shortname)),
            ])),
            ("topics", .array(topics.map { topic in
                .object([("id", .int(topic.id)), ("urlkey", .string(topic.urlkey)), ("name", .string(topic.name))])
            })),
            ("group_photo", .object([
                ("photo_link", .string("\(photo.path)600_\(photo.id).jpeg")),
                ("highres_link", .string("\(photo.path)highres_\(photo.id).jpeg")),
                ("thumb_link", .string("\(photo.path)thumb_\(photo.id).jpeg")),
                ("photo_id", .int(photo.id)),
            ])),
        ])
    }

    /// The two groups of the Meetup API sample the demo is modelled on, kept as they were.
    private struct SampleGroup {
        let city: String
        let name: String
        let urlname: String
        let id: Int
        let json: JSONValue
    }

    private static var sampleGroups: [SampleGroup] {
        [
            SampleGroup(city: "London", name: "London French Meetup", urlname: "french-32", id: 63974, json: groupJSON(
                id: 63974, name: "London French Meetup", urlname: "french-32",
                description: "The London French Meetup is the biggest group of French speakers of all ages and nationalities in London. "
                    + "We hold regular events to meet up, talk in French and share interests in French culture whilst having a good time. "
                    + "We have two main events per month where we have the whole of the upstairs of a pub. A bientôt. LFM Team.",
                who: "LFM members", city: "London", state: "17", country: "GB", lat: 51.52, lon: -0.1,
                members: 4889, rating: 4.37, created: 1_034_097_734_000, joinMode: "approval", visibility: "public",
                timezone: "Europe/London", organizer: "William Brown", organizerID: 3_817_216,
                category: .language,
                topics: [
                    .init(id: 185, urlkey: "french", name: "French Language"), .init(id: 264, urlkey: "friends", name: "Friends"),
                    .init(id: 3304, urlkey: "expatfrench", name: "Expat French"),
                ],
                photo: (929_867, "http://photos3.meetupstatic.com/photos/event/7/4/a/b/")
            )),
            SampleGroup(city: "Boston", name: "The Greater Boston Area Weblogger Meetup Group", urlname: "bloggers", id: 21458, json: groupJSON(
                id: 21458, name: "The Greater Boston Area Weblogger Meetup Group", urlname: "bloggers",
                description: "This is a group for people that are interested in blogging and meeting others who are interested in blogging. "
                    + "Topics discussed range from blog content to blog software. All interest levels are welcome.",
                who: "Bloggers", city: "Cambridge", state: "MA", country: "US", lat: 42.39, lon: -71.13,
                members: 119, rating: 3.33, created: 1_034_097_731_000, joinMode: "closed", visibility: "public",
                timezone: "US/Eastern", organizer: "Emma", organizerID: 2_161_382,
                category: .tech,
                topics: [.init(id: 198, urlkey: "blog", name: "Blog"), .init(id: 772, urlkey: "writers", name: "Writers")],
                photo: (25749, "http://photos3.meetupstatic.com/photos/event/6/4/9/5/")
            )),
        ]
    }
}
