/// What a kind of Meetup group looks like: its category and topics, how such groups are named, who the
/// members are called, and the sentences their descriptions are made of. `{city}` and `{hood}` in the
/// texts are filled in per group.
struct MeetupTheme: Sendable {
    struct Category: Sendable {
        let id: Int
        let name: String
        let shortname: String
    }

    struct Topic: Sendable {
        let id: Int
        let urlkey: String
        let name: String
    }

    let category: Category
    let names: [String]
    let who: [String]
    let topics: [Topic]
    let pitches: [String]
    let venues: [String]
}

extension MeetupTheme.Category {
    static let careerBusiness = Self(id: 2, name: "career/business", shortname: "career-business")
    static let communityEnvironment = Self(id: 4, name: "community/environment", shortname: "community-environment")
    static let dancing = Self(id: 5, name: "dancing", shortname: "dancing")
    static let educationLearning = Self(id: 6, name: "education/learning", shortname: "education-learning")
    static let fitness = Self(id: 9, name: "fitness", shortname: "fitness")
    static let foodDrink = Self(id: 10, name: "food/drink", shortname: "food-drink")
    static let games = Self(id: 11, name: "games", shortname: "games")
    static let healthWellbeing = Self(id: 14, name: "health/wellbeing", shortname: "health-wellbeing")
    static let language = Self(id: 16, name: "language/ethnic identity", shortname: "language")
    static let literature = Self(id: 18, name: "book clubs", shortname: "book-clubs")
    static let moviesFilm = Self(id: 20, name: "movies/film", shortname: "movies-film")
    static let music = Self(id: 21, name: "music", shortname: "music")
    static let outdoors = Self(id: 23, name: "outdoors/adventure", shortname: "outdoors-adventure")
    static let photography = Self(id: 27, name: "photography", shortname: "photography")
    static let socializing = Self(id: 31, name: "socializing", shortname: "socializing")
    static let sports = Self(id: 32, name: "sports/recreation", shortname: "sports-recreation")
    static let tech = Self(id: 34, name: "tech", shortname: "tech")
    static let writing = Self(id: 36, name: "writing", shortname: "writing")
}

extension MeetupTheme {
    private typealias T = Topic

    /// Kinds of groups found in every city.
    static let common: [MeetupTheme] = [
        MeetupTheme(
            category: .tech,
            names: ["{city} Python Meetup", "PyData {city}", "{hood} Python Developers", "Python {city} Study Group"],
            who: ["Pythonistas", "Python developers", "Members"],
            topics: [T(id: 1064, urlkey: "python", name: "Python"), T(id: 48471, urlkey: "data-science", name: "Data Science"),
                     T(id: 10209, urlkey: "web-development", name: "Web Development"), T(id: 9696, urlkey: "newtech", name: "New Technology")],
            pitches: ["A friendly group for anyone who writes Python in {city}, from first scripts to production systems.",
                      "Talks, lightning talks and pair-programming nights for the {city} Python community."],
            venues: ["at a co-working space in {hood}", "at a sponsor's office near {hood}"]
        ),
        MeetupTheme(
            category: .tech,
            names: ["{city} iOS Developers", "CocoaHeads {city}", "Swift {city}", "{hood} Mobile Devs"],
            who: ["Swift developers", "CocoaHeads", "App makers"],
            topics: [T(id: 17628, urlkey: "ios", name: "iOS Development"), T(id: 80907, urlkey: "swift-language", name: "Swift Language"),
                     T(id: 4422, urlkey: "mobile-development", name: "Mobile Development"), T(id: 15582, urlkey: "iphone", name: "iPhone")],
            pitches: ["We are iOS and macOS developers in {city} who like to share what we learned shipping apps.",
                      "Monthly talks on Swift, SwiftUI, networking layers and everything in between."],
            venues: ["at a startup office in {hood}", "in a meeting room near {hood} station"]
        ),
        MeetupTheme(
            category: .tech,
            names: ["{city} JavaScript", "React {city}", "{hood} Frontend Night", "{city} Web Performance Group"],
            who: ["JavaScripters", "Frontenders", "Web devs"],
            topics: [T(id: 3833, urlkey: "javascript", name: "JavaScript"), T(id: 142054, urlkey: "react", name: "React"),
                     T(id: 15167, urlkey: "frontend-development", name: "Front-end Development"), T(id: 10209, urlkey: "web-development", name: "Web Development")],
            pitches: ["Everything about building for the web in {city}: frameworks, browsers, accessibility and performance.",
                      "Short talks, long chats and pizza for people who make websites in {city}."],
            venues: ["at a co-working space in {hood}", "at an agency studio in {hood}"]
        ),
        MeetupTheme(
            category: .tech,
            names: ["{city} Machine Learning", "AI & Data Science {city}", "{hood} Deep Learning Study Group", "{city} Data Engineers"],
            who: ["Data scientists", "ML practitioners", "Members"],
            topics: [T(id: 29971, urlkey: "machine-learning", name: "Machine Learning"), T(id: 48471, urlkey: "data-science", name: "Data Science"),
                     T(id: 10102, urlkey: "artificial-intelligence", name: "Artificial Intelligence"), T(id: 18062, urlkey: "big-data", name: "Big Data")],
            pitches: ["Paper readings, hands-on workshops and talks from people doing machine learning in {city}.",
                      "A place in {city} to learn how data teams really work, beyond the hype."],
            venues: ["at a university lecture room near {hood}", "at a tech company office in {hood}"]
        ),
        MeetupTheme(
            category: .careerBusiness,
            names: ["{city} Startup Founders", "{city} Tech Entrepreneurs", "Startup Grind {city}", "{hood} Founders & Makers"],
            who: ["Founders", "Entrepreneurs", "Makers"],
            topics: [T(id: 3880, urlkey: "entrepreneurship", name: "Entrepreneurship"), T(id: 2652, urlkey: "startup-businesses", name: "Startup Businesses"),
                     T(id: 15261, urlkey: "smallbiz", name: "Small Business"), T(id: 24041, urlkey: "venture-capital", name: "Venture Capital")],
            pitches: ["Founders and would-be founders in {city} swapping honest stories about building companies.",
                      "Fireside chats with {city} founders and investors, followed by open networking."],
            venues: ["at an accelerator in {hood}", "at a café in {hood}"]
        ),
        MeetupTheme(
            category: .outdoors,
            names: ["{city} Hiking Club", "{city} Weekend Walkers", "{hood} Ramblers", "Hike & Picnic {city}"],
            who: ["Hikers", "Walkers", "Adventurers"],
            topics: [T(id: 638, urlkey: "hiking", name: "Hiking"), T(id: 242, urlkey: "outdoors", name: "Outdoors"),
                     T(id: 15358, urlkey: "walkers", name: "Walking"), T(id: 563, urlkey: "adventure", name: "Adventure")],
            pitches: ["Day hikes and long walks in and around {city} at a sociable pace.",
                      "We leave the city behind most weekends: trails, viewpoints and a good lunch on the way."],
            venues: ["from {hood} station", "at the trailhead, with car shares from {hood}"]
        ),
        MeetupTheme(
            category: .fitness,
            names: ["{city} Running Club", "{hood} Runners", "{city} 5K & 10K Crew", "Run {city}"],
            who: ["Runners", "Joggers"],
            topics: [T(id: 9333, urlkey: "running", name: "Running"), T(id: 15672, urlkey: "fitness", name: "Fitness"),
                     T(id: 40553, urlkey: "marathon", name: "Marathon Training"), T(id: 26208, urlkey: "jogging", name: "Jogging")],
            pitches: ["Easy-paced group runs around {hood} for every level, with coffee afterwards.",
                      "Training together in {city}, from first 5K to marathon."],
            venues: ["outside {hood} station", "at the park gates in {hood}"]
        ),
        MeetupTheme(
            category: .games,
            names: ["{city} Board Gamers", "{hood} Tabletop Night", "{city} Board Game Café Club", "Meeples of {city}"],
            who: ["Gamers", "Meeples", "Players"],
            topics: [T(id: 7009, urlkey: "boardgames", name: "Board Games"), T(id: 10581, urlkey: "tabletop-games", name: "Tabletop Games"),
                     T(id: 1248, urlkey: "games", name: "Games"), T(id: 6616, urlkey: "strategy-games", name: "Strategy Games")],
            pitches: ["Modern board games, old favourites and new people to play them with in {city}.",
                      "Bring a game or play one of ours; teaching new players is half the fun."],
            venues: ["at a board game café in {hood}", "in the back room of a café in {hood}"]
        ),
        MeetupTheme(
            category: .photography,
            names: ["{city} Photography Walks", "{city} Street Photographers", "{hood} Photo Club", "Film Photography {city}"],
            who: ["Photographers", "Shooters"],
            topics: [T(id: 2212, urlkey: "photo", name: "Photography"), T(id: 4377, urlkey: "streetphotography", name: "Street Photography"),
                     T(id: 5012, urlkey: "digital-photography", name: "Digital Photography"), T(id: 10434, urlkey: "film-photography", name: "Film Photography")],
            pitches: ["Photo walks through {city}'s streets, markets and skylines, with friendly critique afterwards.",
                      "Any camera welcome, phones included: we learn by going out and shooting together."],
            venues: ["starting at {hood} station", "around {hood}"]
        ),
        MeetupTheme(
            category: .literature,
            names: ["{city} Book Club", "{hood} Readers Circle", "{city} Fiction Lovers", "Silent Book Club {city}"],
            who: ["Readers", "Bookworms", "Book lovers"],
            topics: [T(id: 1184, urlkey: "book-club", name: "Book Club"), T(id: 2467, urlkey: "fiction", name: "Fiction"),
                     T(id: 18484, urlkey: "reading", name: "Reading"), T(id: 16438, urlkey: "literature", name: "Literature")],
            pitches: ["One book a month, chosen by vote, discussed over tea in {city}.",
                      "Readers of every taste in {city}: novels, essays and the occasional poetry night."],
            venues: ["at a bookshop in {hood}", "at a quiet café in {hood}"]
        ),
        MeetupTheme(
            category: .language,
            names: ["{city} Language Exchange", "{city} Polyglots", "{hood} Conversation Club", "International Friends {city}"],
            who: ["Polyglots", "Language lovers", "Members"],
            topics: [T(id: 15046, urlkey: "language-exchange", name: "Language Exchange"), T(id: 4431, urlkey: "esl", name: "English as a Second Language"),
                     T(id: 26002, urlkey: "multicultural", name: "Multicultural"), T(id: 10290, urlkey: "newintown", name: "New In Town")],
            pitches: ["Practise the language you are learning with native speakers who are learning yours, here in {city}.",
                      "Tables for a dozen languages and a relaxed crowd of locals and newcomers to {city}."],
            venues: ["at a café in {hood}", "at a bar in {hood}"]
        ),
        MeetupTheme(
            category: .foodDrink,
            names: ["{city} Foodies", "{hood} Supper Club", "{city} Street Food Explorers", "Dinner with Strangers {city}"],
            who: ["Foodies", "Diners", "Eaters"],
            topics: [T(id: 1549, urlkey: "food", name: "Food"), T(id: 10454, urlkey: "dining-out", name: "Dining Out"),
                     T(id: 18038, urlkey: "street-food", name: "Street Food"), T(id: 713, urlkey: "wine", name: "Wine")],
            pitches: ["We eat our way around {city}, one neighbourhood and one cuisine at a time.",
                      "Long tables, shared plates and new friends at the best small restaurants in {city}."],
            venues: ["at a different restaurant in {hood} each time", "at the market in {hood}"]
        ),
        MeetupTheme(
            category: .music,
            names: ["{city} Jam Session", "{hood} Acoustic Open Mic", "{city} Community Choir", "Songwriters of {city}"],
            who: ["Musicians", "Singers", "Players"],
            topics: [T(id: 1201, urlkey: "music", name: "Music"), T(id: 17128, urlkey: "jam", name: "Jam Sessions"),
                     T(id: 26195, urlkey: "singing", name: "Singing"), T(id: 3003, urlkey: "songwriting", name: "Songwriting")],
            pitches: ["Bring an instrument or just your voice: we play together in {city} every month.",
                      "Musicians of all levels in {city} getting together to jam, sing and write songs."],
            venues: ["at a rehearsal studio in {hood}", "at a music bar in {hood}"]
        ),
        MeetupTheme(
            category: .moviesFilm,
            names: ["{city} Film Club", "{hood} Cinema Lovers", "{city} Indie Film Night", "Classic Movies {city}"],
            who: ["Film buffs", "Cinephiles"],
            topics: [T(id: 2341, urlkey: "film", name: "Film"), T(id: 10585, urlkey: "independent-film", name: "Independent Film"),
                     T(id: 1260, urlkey: "movies", name: "Movies"), T(id: 16285, urlkey: "foreign-film", name: "Foreign Film")],
            pitches: ["We watch a film together and argue about it afterwards, somewhere in {city}.",
                      "Independent, classic and world cinema screenings for curious film fans in {city}."],
            venues: ["at an independent cinema in {hood}", "at a screening room in {hood}"]
        ),
        MeetupTheme(
            category: .healthWellbeing,
            names: ["{hood} Yoga in the Park", "{city} Mindfulness Meditation", "{city} Yoga Collective", "Slow Sundays {city}"],
            who: ["Yogis", "Meditators", "Members"],
            topics: [T(id: 1022, urlkey: "yoga", name: "Yoga"), T(id: 1195, urlkey: "meditation", name: "Meditation"),
                     T(id: 15236, urlkey: "mindfulness", name: "Mindfulness"), T(id: 19882, urlkey: "wellness", name: "Wellness")],
            pitches: ["Gentle yoga and guided meditation for busy people in {city}.",
                      "An hour to slow down: breathing, stretching and quiet company in {city}."],
            venues: ["in a studio in {hood}", "in the park in {hood} when the weather allows"]
        ),
        MeetupTheme(
            category: .dancing,
            names: ["{city} Salsa Dancers", "{city} Swing Dance Society", "{hood} Tango Night", "Social Dance {city}"],
            who: ["Dancers"],
            topics: [T(id: 1015, urlkey: "salsa", name: "Salsa"), T(id: 2990, urlkey: "swing-dancing", name: "Swing Dancing"),
                     T(id: 1374, urlkey: "dancing", name: "Dancing"), T(id: 3287, urlkey: "tango", name: "Argentine Tango")],
            pitches: ["Beginner lessons followed by a social dance for everyone in {city}.",
                      "No partner needed: we rotate, we laugh, we dance in {city}."],
            venues: ["at a dance studio in {hood}", "in a community hall in {hood}"]
        ),
        MeetupTheme(
            category: .sports,
            names: ["{city} Cycling Club", "{hood} Bike Riders", "{city} Road Cyclists", "Sunday Social Ride {city}"],
            who: ["Cyclists", "Riders"],
            topics: [T(id: 1154, urlkey: "cycling", name: "Cycling"), T(id: 9925, urlkey: "road-cycling", name: "Road Cycling"),
                     T(id: 15239, urlkey: "bikes", name: "Bikes"), T(id: 242, urlkey: "outdoors", name: "Outdoors")],
            pitches: ["No-drop social rides around {city} with a café stop halfway.",
                      "Longer weekend rides out of {city} for cyclists who like company."],
            venues: ["from a bike shop in {hood}", "from {hood} station"]
        ),
        MeetupTheme(
            category: .writing,
            names: ["{city} Writers' Workshop", "{hood} Creative Writing Group", "{city} Poetry Circle", "Shut Up & Write {city}"],
            who: ["Writers", "Poets", "Scribblers"],
            topics: [T(id: 1221, urlkey: "writing", name: "Writing"), T(id: 7029, urlkey: "creative-writing", name: "Creative Writing"),
                     T(id: 1192, urlkey: "poetry", name: "Poetry"), T(id: 10647, urlkey: "fiction-writing", name: "Fiction Writing")],
            pitches: ["Writers in {city} meeting to write, read aloud and give kind, useful feedback.",
                      "An hour of focused writing together, then drinks and talk about the craft in {city}."],
            venues: ["at a library in {hood}", "at a café in {hood}"]
        ),
        MeetupTheme(
            category: .games,
            names: ["{city} Chess Club", "{hood} Blitz Chess Night", "{city} Chess in the Park", "Chess & Coffee {city}"],
            who: ["Chess players", "Players"],
            topics: [T(id: 1268, urlkey: "chess", name: "Chess"), T(id: 1248, urlkey: "games", name: "Games"),
                     T(id: 6616, urlkey: "strategy-games", name: "Strategy Games")],
            pitches: ["Casual and rated games for every strength in {city}; boards and clocks provided.",
                      "Blitz, rapid and endless analysis with chess players of {city}."],
            venues: ["at a café in {hood}", "at a community centre in {hood}"]
        ),
        MeetupTheme(
            category: .communityEnvironment,
            names: ["{city} Volunteers", "{hood} Green Neighbours", "{city} Community Gardeners", "Clean Streets {city}"],
            who: ["Volunteers", "Neighbours"],
            topics: [T(id: 1294, urlkey: "volunteer", name: "Volunteering"), T(id: 1497, urlkey: "environment", name: "Environment"),
                     T(id: 3359, urlkey: "gardening", name: "Gardening"), T(id: 14818, urlkey: "sustainability", name: "Sustainability")],
            pitches: ["Hands-on volunteering that makes {city} a little greener every month.",
                      "Litter picks, tree planting and community gardens with neighbours from {hood}."],
            venues: ["in {hood}", "at a community garden in {hood}"]
        ),
        MeetupTheme(
            category: .socializing,
            names: ["{city} Newcomers & Expats", "{city} 20s & 30s Social", "{hood} Social Club", "New in {city}"],
            who: ["Members", "Friends", "Newcomers"],
            topics: [T(id: 10290, urlkey: "newintown", name: "New In Town"), T(id: 17635, urlkey: "social", name: "Social"),
                     T(id: 15405, urlkey: "expat", name: "Expat"), T(id: 4317, urlkey: "making-friends", name: "Making Friends")],
            pitches: ["Just moved to {city}? So did most of us. Come and meet people.",
                      "Drinks, walks, quizzes and day trips for sociable people in {city}."],
            venues: ["at a bar in {hood}", "at a café in {hood}"]
        ),
        MeetupTheme(
            category: .tech,
            names: ["Women Who Code {city}", "{city} Women in Tech", "{hood} Women Engineers Circle"],
            who: ["Members", "Engineers"],
            topics: [T(id: 26735, urlkey: "women-in-technology", name: "Women in Technology"), T(id: 48289, urlkey: "women-programmers", name: "Women Programmers"),
                     T(id: 9696, urlkey: "newtech", name: "New Technology")],
            pitches: ["A supportive community for women and non-binary people working in tech in {city}.",
                      "Talks, mentoring and study nights that help women in {city} grow their tech careers."],
            venues: ["at a tech company office in {hood}", "at a co-working space in {hood}"]
        ),
    ]
}
