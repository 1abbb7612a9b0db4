/// A city the demo Meetup API has groups in: where it is, its neighbourhoods (with their own coordinates,
/// and their own town name when they are a separate town), the names its organizers tend to have and the
/// kinds of groups only found there.
struct MeetupCity: Sendable {
    struct Neighbourhood: Sendable {
        let name: String
        let lat: Double
        let lon: Double
        /// The group's `city` when the neighbourhood is a separate town (Cambridge, Incheon, Karaj…).
        var town: String?
        /// Central neighbourhoods are picked more often than outlying towns.
        var weight = 3
    }

    let name: String
    let country: String
    let state: String
    let timezone: String
    let neighbourhoods: [Neighbourhood]
    let firstNames: [String]
    let lastNames: [String]
    let localThemes: [MeetupTheme]
}

extension MeetupCity {
    private typealias N = Neighbourhood
    private typealias T = MeetupTheme.Topic

    static let all: [MeetupCity] = [london, boston, seoul, tehran]

    static let london = MeetupCity(
        name: "London", country: "GB", state: "17", timezone: "Europe/London",
        neighbourhoods: [
            N(name: "Soho", lat: 51.5136, lon: -0.1365), N(name: "Shoreditch", lat: 51.5265, lon: -0.0793),
            N(name: "Camden", lat: 51.5390, lon: -0.1426), N(name: "Brixton", lat: 51.4613, lon: -0.1156),
            N(name: "Islington", lat: 51.5362, lon: -0.1033), N(name: "Hackney", lat: 51.5450, lon: -0.0553),
            N(name: "Greenwich", lat: 51.4826, lon: -0.0077), N(name: "Canary Wharf", lat: 51.5054, lon: -0.0235),
            N(name: "Clapham", lat: 51.4620, lon: -0.1380), N(name: "Kensington", lat: 51.4990, lon: -0.1938),
            N(name: "Richmond", lat: 51.4613, lon: -0.3037, weight: 2), N(name: "Wimbledon", lat: 51.4214, lon: -0.2064, weight: 2),
            N(name: "Croydon", lat: 51.3762, lon: -0.0982, weight: 2), N(name: "Stratford", lat: 51.5413, lon: -0.0030, weight: 2),
            N(name: "St Albans", lat: 51.7527, lon: -0.3394, town: "St Albans", weight: 1),
            N(name: "Guildford", lat: 51.2362, lon: -0.5704, town: "Guildford", weight: 1),
        ],
        firstNames: ["Oliver", "Amelia", "Harry", "Isla", "George", "Emily", "Jack", "Sophie", "William", "Charlotte",
                     "Priya", "Arjun", "Chloe", "Tom", "Hannah", "Kwame", "Aisha", "Callum"],
        lastNames: ["Brown", "Smith", "Taylor", "Patel", "Jones", "Williams", "Davies", "Evans", "Khan", "Wilson",
                    "Clarke", "Hughes", "Okafor", "Murray"],
        localThemes: [
            MeetupTheme(
                category: .sports,
                names: ["{hood} Five-a-Side Football", "{city} Casual Football", "Sunday League Newcomers {city}"],
                who: ["Players", "Footballers"],
                topics: [T(id: 1256, urlkey: "soccer", name: "Football"), T(id: 2261, urlkey: "pickup-soccer", name: "Pickup Football"),
                         T(id: 15672, urlkey: "fitness", name: "Fitness")],
                pitches: ["Friendly five-a-side games in {city} for players who want a run-around, not a rivalry.",
                          "Mixed-ability football every week; bring boots and a light and a dark shirt."],
                venues: ["at the cages in {hood}", "at a leisure centre in {hood}"]
            ),
            MeetupTheme(
                category: .socializing,
                names: ["{hood} Pub Quiz Team", "{city} Quiz Night Regulars", "Trivia Nerds of {city}"],
                who: ["Quizzers", "Know-it-alls"],
                topics: [T(id: 16552, urlkey: "trivia", name: "Trivia"), T(id: 17402, urlkey: "pub-quiz", name: "Pub Quiz"),
                         T(id: 17635, urlkey: "social", name: "Social")],
                pitches: ["We form teams on the night and take on {city}'s toughest pub quizzes.",
                          "Useless facts, good company and the occasional bar tab won."],
                venues: ["at a pub in {hood}"]
            ),
            MeetupTheme(
                category: .outdoors,
                names: ["Thames Path Walkers", "{city} Canal Walks", "{city} Green Belt Hikers"],
                who: ["Walkers", "Ramblers"],
                topics: [T(id: 15358, urlkey: "walkers", name: "Walking"), T(id: 638, urlkey: "hiking", name: "Hiking"),
                         T(id: 3417, urlkey: "history", name: "History")],
                pitches: ["Section by section along the Thames and the canals of {city}, with a pub at the end.",
                          "Long walks out of {city} into the countryside, reachable by train."],
                venues: ["from {hood} station", "from a riverside pub in {hood}"]
            ),
        ]
    )

    static let boston = MeetupCity(
        name: "Boston", country: "US", state: "MA", timezone: "US/Eastern",
        neighbourhoods: [
            N(name: "Back Bay", lat: 42.3503, lon: -71.0810), N(name: "Beacon Hill", lat: 42.3588, lon: -71.0707),
            N(name: "South End", lat: 42.3388, lon: -71.0765), N(name: "Seaport", lat: 42.3519, lon: -71.0446),
            N(name: "Jamaica Plain", lat: 42.3097, lon: -71.1151), N(name: "Allston", lat: 42.3539, lon: -71.1337),
            N(name: "Dorchester", lat: 42.3016, lon: -71.0676, weight: 2),
            N(name: "Cambridge", lat: 42.3736, lon: -71.1097, town: "Cambridge"),
            N(name: "Somerville", lat: 42.3876, lon: -71.0995, town: "Somerville"),
            N(name: "Brookline", lat: 42.3318, lon: -71.1212, town: "Brookline", weight: 2),
            N(name: "Quincy", lat: 42.2529, lon: -71.0023, town: "Quincy", weight: 2),
            N(name: "Salem", lat: 42.5195, lon: -70.8967, town: "Salem", weight: 1),
            N(name: "Lowell", lat: 42.6334, lon: -71.3162, town: "Lowell", weight: 1),
        ],
        firstNames: ["Emma", "Liam", "Olivia", "Noah", "Ava", "Ethan", "Mia", "Connor", "Grace", "Ryan", "Megan",
                     "Sean", "Kate", "Mike", "Priya", "Wei", "Carlos"],
        lastNames: ["Sullivan", "Murphy", "O'Brien", "Kelly", "Walsh", "Johnson", "Miller", "Chen", "Nguyen", "Rossi",
                    "Garcia", "Cohen", "Flanagan"],
        localThemes: [
            MeetupTheme(
                category: .sports,
                names: ["{city} Red Sox Fans", "Fenway Faithful {city}", "{hood} Sports Bar Crew"],
                who: ["Fans", "Members"],
                topics: [T(id: 1256, urlkey: "baseball", name: "Baseball"), T(id: 24413, urlkey: "watching-sports", name: "Watching Sports"),
                         T(id: 17635, urlkey: "social", name: "Social")],
                pitches: ["We watch the Sox together, at Fenway when we can get tickets and at a bar when we cannot.",
                          "Baseball, wings and endless arguments about the bullpen."],
                venues: ["at a sports bar in {hood}", "near Fenway"]
            ),
            MeetupTheme(
                category: .sports,
                names: ["Charles River Rowing", "{city} Learn to Row", "{city} Paddlers"],
                who: ["Rowers", "Paddlers"],
                topics: [T(id: 10197, urlkey: "rowing", name: "Rowing"), T(id: 1478, urlkey: "kayaking", name: "Kayaking"),
                         T(id: 242, urlkey: "outdoors", name: "Outdoors")],
                pitches: ["Learn-to-row sessions and social paddles on the Charles River.",
                          "Early mornings on the water with a friendly crew from around {city}."],
                venues: ["at a boathouse on the Charles near {hood}"]
            ),
            MeetupTheme(
                category: .educationLearning,
                names: ["Freedom Trail History Walks", "{city} History Buffs", "{hood} Historical Society Walks"],
                who: ["History buffs", "Members"],
                topics: [T(id: 3417, urlkey: "history", name: "History"), T(id: 15358, urlkey: "walkers", name: "Walking"),
                         T(id: 10581, urlkey: "american-history", name: "American History")],
                pitches: ["Guided walks through {city}'s revolutionary past, one street at a time.",
                          "Talks and walks for anyone curious about how {city} came to be."],
                venues: ["from Boston Common", "in {hood}"]
            ),
        ]
    )

    static let seoul = MeetupCity(
        name: "Seoul", country: "KR", state: "11", timezone: "Asia/Seoul",
        neighbourhoods: [
            N(name: "Gangnam", lat: 37.4979, lon: 127.0276), N(name: "Hongdae", lat: 37.5563, lon: 126.9236),
            N(name: "Itaewon", lat: 37.5345, lon: 126.9946), N(name: "Jongno", lat: 37.5730, lon: 126.9794),
            N(name: "Yeouido", lat: 37.5219, lon: 126.9245), N(name: "Seongsu", lat: 37.5445, lon: 127.0560),
            N(name: "Sinchon", lat: 37.5551, lon: 126.9368), N(name: "Jamsil", lat: 37.5133, lon: 127.1001, weight: 2),
            N(name: "Myeongdong", lat: 37.5637, lon: 126.9838), N(name: "Mapo", lat: 37.5663, lon: 126.9019),
            N(name: "Bundang", lat: 37.3826, lon: 127.1186, town: "Seongnam", weight: 2),
            N(name: "Incheon", lat: 37.4563, lon: 126.7052, town: "Incheon", weight: 1),
            N(name: "Suwon", lat: 37.2636, lon: 127.0286, town: "Suwon", weight: 1),
        ],
        firstNames: ["Minjun", "Seoyeon", "Jiwoo", "Hayoon", "Dohyun", "Jiho", "Yuna", "Eunji", "Sungmin", "Hyunwoo",
                     "Soyeon", "Taeyang", "Minji", "Seojun"],
        lastNames: ["Kim", "Lee", "Park", "Choi", "Jung", "Kang", "Cho", "Yoon", "Jang", "Lim", "Han", "Shin"],
        localThemes: [
            MeetupTheme(
                category: .language,
                names: ["{city} Korean Language Exchange", "Hangul Study Club {city}", "{hood} Korean-English Exchange"],
                who: ["Language partners", "Members"],
                topics: [T(id: 15046, urlkey: "language-exchange", name: "Language Exchange"), T(id: 18815, urlkey: "korean", name: "Korean Language"),
                         T(id: 4431, urlkey: "esl", name: "English as a Second Language")],
                pitches: ["Half the evening in Korean, half in English: the easiest way to practise in {city}.",
                          "From your first Hangul letters to TOPIK prep, with patient native speakers."],
                venues: ["at a study café in {hood}", "at a café near {hood} station"]
            ),
            MeetupTheme(
                category: .dancing,
                names: ["{city} K-Pop Dance Cover", "{hood} K-Pop Dance Crew", "K-Pop Choreo Club {city}"],
                who: ["Dancers", "Crew"],
                topics: [T(id: 104582, urlkey: "k-pop", name: "K-Pop"), T(id: 1374, urlkey: "dancing", name: "Dancing"),
                         T(id: 14710, urlkey: "hip-hop-dance", name: "Hip Hop Dance")],
                pitches: ["We learn the choreography of this month's hits and film a cover together in {city}.",
                          "K-pop dance classes for beginners, no experience needed, lots of fun guaranteed."],
                venues: ["at a dance studio in {hood}", "in a practice room in {hood}"]
            ),
            MeetupTheme(
                category: .games,
                names: ["{city} Baduk (Go) Club", "{hood} Go Players", "Baduk & Tea {city}"],
                who: ["Go players", "Members"],
                topics: [T(id: 15140, urlkey: "go-game", name: "Go (Baduk)"), T(id: 6616, urlkey: "strategy-games", name: "Strategy Games"),
                         T(id: 1248, urlkey: "games", name: "Games")],
                pitches: ["Baduk games and teaching for every level, from 30 kyu to dan players, in {city}.",
                          "Learn the oldest board game in the world from strong local players."],
                venues: ["at a baduk club in {hood}", "at a tea house in {hood}"]
            ),
            MeetupTheme(
                category: .outdoors,
                names: ["Bukhansan Hikers", "{city} Mountain Hiking Club", "{city} Weekend Peaks"],
                who: ["Hikers", "Mountaineers"],
                topics: [T(id: 638, urlkey: "hiking", name: "Hiking"), T(id: 3498, urlkey: "mountaineering", name: "Mountaineering"),
                         T(id: 242, urlkey: "outdoors", name: "Outdoors")],
                pitches: ["Bukhansan, Dobongsan and Gwanaksan: we climb the mountains inside {city} most weekends.",
                          "Early starts, steep trails and makgeolli at the bottom."],
                venues: ["from a subway exit near {hood}", "at the trailhead, meeting first in {hood}"]
            ),
        ]
    )

    static let tehran = MeetupCity(
        name: "Tehran", country: "IR", state: "23", timezone: "Asia/Tehran",
        neighbourhoods: [
            N(name: "Tajrish", lat: 35.8047, lon: 51.4336), N(name: "Vanak", lat: 35.7570, lon: 51.4099),
            N(name: "Enghelab", lat: 35.7009, lon: 51.3912), N(name: "Valiasr", lat: 35.7290, lon: 51.4115),
            N(name: "Saadat Abad", lat: 35.7811, lon: 51.3757), N(name: "Jordan", lat: 35.7650, lon: 51.4160),
            N(name: "Niavaran", lat: 35.8140, lon: 51.4700), N(name: "Pasdaran", lat: 35.7710, lon: 51.4660),
            N(name: "Yusef Abad", lat: 35.7300, lon: 51.4000), N(name: "Tehranpars", lat: 35.7380, lon: 51.5380, weight: 2),
            N(name: "Shahr-e Rey", lat: 35.5950, lon: 51.4350, weight: 2),
            N(name: "Lavasan", lat: 35.8210, lon: 51.6320, town: "Lavasan", weight: 1),
            N(name: "Karaj", lat: 35.8400, lon: 50.9391, town: "Karaj", weight: 1),
        ],
        firstNames: ["Sara", "Ali", "Maryam", "Reza", "Nazanin", "Amir", "Parisa", "Hossein", "Leila", "Mohammad",
                     "Shirin", "Arash", "Niloufar", "Kaveh"],
        lastNames: ["Ahmadi", "Hosseini", "Karimi", "Rezaei", "Moradi", "Jafari", "Rahimi", "Sadeghi", "Tehrani",
                    "Mohammadi", "Kazemi", "Najafi"],
        localThemes: [
            MeetupTheme(
                category: .literature,
                names: ["{city} Persian Poetry Nights", "Hafez & Rumi Circle {city}", "{hood} Shahnameh Readers"],
                who: ["Poetry lovers", "Readers"],
                topics: [T(id: 1192, urlkey: "poetry", name: "Poetry"), T(id: 31245, urlkey: "persian-culture", name: "Persian Culture"),
                         T(id: 16438, urlkey: "literature", name: "Literature")],
                pitches: ["We read Hafez, Rumi, Saadi and Forough aloud and talk about what they mean to us today.",
                          "Poetry evenings in {city} with tea, dates and fal-e Hafez at the end."],
                venues: ["at a café in {hood}", "at a bookshop café in {hood}"]
            ),
            MeetupTheme(
                category: .outdoors,
                names: ["Alborz Mountaineers", "{city} Tochal Hikers", "Darband Weekend Walkers"],
                who: ["Mountaineers", "Hikers"],
                topics: [T(id: 3498, urlkey: "mountaineering", name: "Mountaineering"), T(id: 638, urlkey: "hiking", name: "Hiking"),
                         T(id: 242, urlkey: "outdoors", name: "Outdoors")],
                pitches: ["Friday climbs in the Alborz above {city}: Darband, Darakeh and Tochal for every fitness level.",
                          "Day hikes and overnight treks in the mountains north of {city}."],
                venues: ["at Darband square, above {hood}", "at Darakeh trailhead, with car shares from {hood}"]
            ),
            MeetupTheme(
                category: .language,
                names: ["{city} Persian-English Exchange", "{hood} English Conversation Club", "Farsi for Expats {city}"],
                who: ["Language partners", "Members"],
                topics: [T(id: 15046, urlkey: "language-exchange", name: "Language Exchange"), T(id: 31246, urlkey: "farsi", name: "Persian (Farsi)"),
                         T(id: 4431, urlkey: "esl", name: "English as a Second Language")],
                pitches: ["Practise Persian or English with friendly native speakers over tea in {city}.",
                          "Conversation tables for learners of Farsi, English, German and French."],
                venues: ["at a café in {hood}", "at a cultural centre in {hood}"]
            ),
            MeetupTheme(
                category: .games,
                names: ["{city} Backgammon Club", "{hood} Takhte Nard Nights", "Backgammon & Chai {city}"],
                who: ["Players"],
                topics: [T(id: 8129, urlkey: "backgammon", name: "Backgammon"), T(id: 7009, urlkey: "boardgames", name: "Board Games"),
                         T(id: 1248, urlkey: "games", name: "Games")],
                pitches: ["Takhte nard the way it is played at home: fast, loud and with plenty of tea.",
                          "Friendly backgammon tournaments for all levels in {city}."],
                venues: ["at a traditional tea house in {hood}", "at a café in {hood}"]
            ),
        ]
    )
}
