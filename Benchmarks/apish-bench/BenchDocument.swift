import TestSupport
/// A generated meetup-like JSON document (`{"results":[group…],"meta":{…}}`) of a requested size.
///
/// Generated rather than fetched so every run parses exactly the same bytes. Groups carry the demo
/// server's field set: nested objects, an array of topics, integers, decimals, 13-digit timestamps,
/// escapes (`\"`, `\n`, `\/`) and non-ASCII text, so no parser gets an unrealistically easy ride.
struct BenchDocument {
    let bytes: [UInt8]
    let groupCount: Int

    init(approximateBytes: Int, seed: UInt64 = 0x6D65_6574_7570) {
        var random = SeededRandom(seed: seed)
        var text = #"{"results":["#
        text.reserveCapacity(approximateBytes + 4096)
        var count = 0
        while text.utf8.count < approximateBytes {
            if count > 0 { text += "," }
            text += Self.group(id: 10_000 + count * 7, random: &random)
            count += 1
        }
        text += #"],"meta":{"count":\#(count),"total_count":\#(count),"next":"","#
        text += #""url":"http:\/\/127.0.0.1:8080\/meetup\/2\/groups?lat=51.5&lon=-0.12&radius=25","#
        text += #""lat":51.5,"lon":-0.12,"title":"Meetup Groups v2","method":"Groups"}}"#
        bytes = Array(text.utf8)
        groupCount = count
    }

    private static let cities: [(city: String, state: String, country: String, zone: String, lat: Double, lon: Double)] = [
        ("London", "17", "GB", "Europe/London", 51.52, -0.10),
        ("Zürich", "ZH", "CH", "Europe/Zurich", 47.37, 8.54),
        ("São Paulo", "SP", "BR", "America/Sao_Paulo", -23.55, -46.63),
        ("Richmond", "VA", "US", "America/New_York", 37.54, -77.43),
        ("東京", "13", "JP", "Asia/Tokyo", 35.68, 139.69),
        ("Seattle", "WA", "US", "America/Los_Angeles", 47.61, -122.33),
    ]
    private static let themes: [(noun: String, category: String, short: String, categoryID: Int)] = [
        ("French Language", "language/ethnic identity", "language", 16),
        ("Swift Developers", "tech", "tech", 34),
        ("Trail Running", "fitness", "fitness", 9),
        ("Board Games", "games", "games", 11),
        ("Café Philosophy", "education/learning", "education", 6),
    ]
    private static let words = [
        "friendly", "weekly", "newcomers", "practice", "talks", "évening", "coffee", "hands-on", "community",
        "beginners", "experts", "outdoors", "projects", "meet", "share", "learn", "welcome", "“quoted”",
    ]
    private static let names = ["Amélie Durand", "Minji Park", "Jonas Weber", "Ana Souza", "Tom O'Neil", "Yuki Sato"]

    private static func group(id: Int, random: inout SeededRandom) -> String {
        let place = cities[random.below(cities.count)]
        let theme = themes[random.below(themes.count)]
        let urlname = "\(theme.short)-\(id % 997)"
        let lat = place.lat + random.unit() * 0.4 - 0.2
        let lon = place.lon + random.unit() * 0.4 - 0.2
        var description = "<p>A \\\"\(words[random.below(words.count)])\\\" group"
        for _ in 0..<(12 + random.below(20)) {
            description += " " + words[random.below(words.count)]
        }
        description += ".<\\/p>\\n<p>All levels welcome \\u2014 see you there!<\\/p>"
        var topics: [String] = []
        for index in 0..<(2 + random.below(4)) {
            let topicID = 100 + random.below(5000)
            topics.append(#"{"id":\#(topicID),"urlkey":"topic-\#(topicID)","name":"\#(theme.noun) \#(index + 1)"}"#)
        }
        let photoID = 900_000 + random.below(100_000)
        let photoBase = "http:\\/\\/photos.example\\/photos\\/event\\/\(photoID)"
        return "{"
            + #""id":\#(id),"name":"\#(place.city) \#(theme.noun) Meetup","urlname":"\#(urlname)","#
            + #""link":"http:\/\/www.meetup.com\/\#(urlname)\/","description":"\#(description)","#
            + #""who":"Members","city":"\#(place.city)","state":"\#(place.state)","country":"\#(place.country)","#
            + #""lat":\#(decimal(lat, places: 6)),"lon":\#(decimal(lon, places: 6)),"#
            + #""members":\#(random.below(20_000)),"rating":\#(decimal(3 + random.unit() * 2, places: 2)),"#
            + #""created":\#(1_034_097_734_000 + random.below(400_000_000_000)),"#
            + #""join_mode":"\#(random.below(2) == 0 ? "open" : "approval")","visibility":"public","#
            + #""timezone":"\#(place.zone)","#
            + #""organizer":{"name":"\#(names[random.below(names.count)])","member_id":\#(random.below(9_000_000))},"#
            + #""category":{"id":\#(theme.categoryID),"name":"\#(theme.category)","shortname":"\#(theme.short)"},"#
            + #""topics":[\#(topics.joined(separator: ","))],"#
            + #""group_photo":{"photo_link":"\#(photoBase)\/600_\#(photoID).jpeg","#
            + #""highres_link":"\#(photoBase)\/highres_\#(photoID).jpeg","#
            + #""thumb_link":"\#(photoBase)\/thumb_\#(photoID).jpeg","photo_id":\#(photoID)}"#
            + "}"
    }

    /// A fixed number of decimals without Foundation's locale-dependent formatting.
    private static func decimal(_ value: Double, places: Int) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        let fraction = String(scaled % scale)
        let padded = String(repeating: "0", count: places - fraction.count) + fraction
        return (value < 0 ? "-" : "") + "\(scaled / scale).\(padded)"
    }
}
