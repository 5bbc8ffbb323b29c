import XgestCore

/// Samples of the human stroke data whose drawing is plainly another gesture than their
/// label: a circle filed as a rectangle, a caret filed as a v.
///
/// No recognizer can get them right, and in the user-dependent tables they do harm twice:
/// as candidates, and as templates that make the person's right drawings of the other
/// gesture look wrong. They were found by ``suspects(_:builtIns:)``, two judges that share
/// nothing (the person's own other drawings, and the built-ins fitted without the
/// sample's source) agreeing on the same other gesture, and then each looked at beside the
/// person's other drawings of both gestures. Only drawings that are clearly the other
/// gesture are listed. Look-alikes stay in: a v with a short left arm that both judges
/// call a check, an overdrawn or shaky drawing.
///
/// The tables print figures both with every sample as labelled and with these left out.
enum HumanStrokeLabelAudit {
    struct Entry {
        var source: String
        var subject: String
        var label: String
        var samples: [Int]
        /// What the drawing is.
        var drawn: String
    }

    static let entries: [Entry] = [
        // s01's third drawing of every gesture, and its fourth triangle and x, are each the
        // drawing of the next gesture in the $1 set's order (triangle, x, rectangle,
        // circle, check, caret, zig-zag, arrow, left-bracket, right-bracket, v, delete,
        // left-brace, right-brace, star, pigtail, then triangle again): prompt and file
        // were one apart.
        .init(source: jonathan, subject: "s01", label: "arrow", samples: [3], drawn: "left-bracket"),
        .init(source: jonathan, subject: "s01", label: "caret", samples: [3], drawn: "zig-zag"),
        .init(source: jonathan, subject: "s01", label: "check", samples: [3], drawn: "caret"),
        .init(source: jonathan, subject: "s01", label: "circle", samples: [3], drawn: "check"),
        .init(source: jonathan, subject: "s01", label: "delete", samples: [3], drawn: "left-brace"),
        .init(source: jonathan, subject: "s01", label: "left-brace", samples: [3], drawn: "right-brace"),
        .init(source: jonathan, subject: "s01", label: "left-bracket", samples: [3], drawn: "right-bracket"),
        .init(source: jonathan, subject: "s01", label: "pigtail", samples: [3], drawn: "triangle"),
        .init(source: jonathan, subject: "s01", label: "rectangle", samples: [3], drawn: "circle"),
        .init(source: jonathan, subject: "s01", label: "right-brace", samples: [3], drawn: "star"),
        .init(source: jonathan, subject: "s01", label: "right-bracket", samples: [3], drawn: "v"),
        .init(source: jonathan, subject: "s01", label: "star", samples: [3], drawn: "pigtail"),
        .init(source: jonathan, subject: "s01", label: "triangle", samples: [3, 4], drawn: "x"),
        .init(source: jonathan, subject: "s01", label: "v", samples: [3], drawn: "delete"),
        .init(source: jonathan, subject: "s01", label: "x", samples: [3, 4], drawn: "rectangle"),
        .init(source: jonathan, subject: "s01", label: "zig-zag", samples: [3], drawn: "arrow"),
        // s02: drawings two gestures further in that order (six seventh ones and the
        // eighth triangle), and three tenth ones.
        .init(source: jonathan, subject: "s02", label: "delete", samples: [7], drawn: "right-brace"),
        .init(source: jonathan, subject: "s02", label: "left-brace", samples: [7], drawn: "star"),
        .init(source: jonathan, subject: "s02", label: "left-bracket", samples: [10], drawn: "left-brace"),
        .init(source: jonathan, subject: "s02", label: "pigtail", samples: [7], drawn: "x"),
        .init(source: jonathan, subject: "s02", label: "right-brace", samples: [7], drawn: "pigtail"),
        .init(source: jonathan, subject: "s02", label: "right-bracket", samples: [10], drawn: "right-brace"),
        .init(source: jonathan, subject: "s02", label: "star", samples: [7], drawn: "triangle"),
        .init(source: jonathan, subject: "s02", label: "triangle", samples: [8], drawn: "rectangle"),
        .init(source: jonathan, subject: "s02", label: "v", samples: [7], drawn: "left-brace"),
        .init(source: jonathan, subject: "s02", label: "v", samples: [10], drawn: "star"),
        .init(source: jonathan, subject: "s04", label: "v", samples: [6], drawn: "caret"),
        // Third drawings of the gesture before in that order.
        .init(source: nikhitha, subject: "s04", label: "caret", samples: [3], drawn: "check"),
        .init(source: nikhitha, subject: "s04", label: "check", samples: [3], drawn: "circle"),
        .init(source: nikhitha, subject: "s04", label: "circle", samples: [3], drawn: "rectangle"),
        .init(source: nikhitha, subject: "s04", label: "rectangle", samples: [3], drawn: "x"),
        .init(source: nikhitha, subject: "s04", label: "x", samples: [3], drawn: "triangle"),
        .init(source: "pixelfac/hcira-project-23", subject: "user06", label: "x", samples: [1], drawn: "triangle"),
        .init(source: "prapti21/One-dollar-recognizer", subject: "s2", label: "rectangle", samples: [1], drawn: "x"),
        .init(source: "prapti21/One-dollar-recognizer", subject: "s6", label: "x", samples: [1], drawn: "arrow"),
        .init(
            source: "jd4386/HCIRA-Project", subject: "User03", label: "left-brace", samples: [10], drawn: "right-brace"),
        .init(source: "hat359/HCIRA", subject: "user6", label: "pigtail", samples: [7], drawn: "a straight line"),
        .init(source: subhash, subject: "trackpad/user1", label: "right-bracket", samples: [10], drawn: "left-bracket"),
        // The person who drew braces for brackets (the data's README): every left bracket
        // and the first eight right ones.
        .init(
            source: subhash, subject: "trackpad/user4", label: "left-bracket", samples: Array(1...10),
            drawn: "left-brace"),
        .init(
            source: subhash, subject: "trackpad/user4", label: "right-bracket", samples: Array(1...8),
            drawn: "right-brace"),
    ]

    private static let jonathan = "jonathanzhang53/gesture-recognizer"
    private static let nikhitha = "nikhithasudati/HCIRA"
    private static let subhash = "subhash-vadlamani/UniStrokeGestureRecognizer"

    private static let listed: Set<String> = Set(
        entries.flatMap { e in e.samples.map { key(e.source, e.subject, e.label, $0) } })

    private static func key(_ source: String, _ subject: String, _ label: String, _ sample: Int) -> String {
        "\(source)|\(subject)|\(label)|\(sample)"
    }

    static func isMislabelled(_ s: HumanStroke) -> Bool {
        listed.contains(key(s.source, s.subject, s.label, s.sample))
    }

    static var count: Int { listed.count }

    /// The samples that the person's own other drawings (every single-stroke one, as
    /// templates) and the built-ins fitted without the sample's source both rank first as
    /// the same other gesture: where the list above was looked for.
    static func suspects(_ samples: [HumanStroke], builtIns: [String: StrokeClassifier]) -> [HumanStroke] {
        var byPerson: [String: [HumanStroke]] = [:]
        for s in samples { byPerson[s.person, default: []].append(s) }
        var out: [HumanStroke] = []
        for person in byPerson.keys.sorted() {
            let own = byPerson[person] ?? []
            for (i, s) in own.enumerated() {
                guard let builtIn = builtIns[s.source] else { continue }
                let byBuiltIns = HumanStrokeBenchmark.delivered(s, to: builtIn).best
                guard let other = byBuiltIns, other != s.gesture else { continue }
                let templates = own.indices.filter { $0 != i && !own[$0].hasPenUp }.map {
                    HumanStrokeBenchmark.template(own[$0])
                }
                let byOwn = HumanStrokeBenchmark.delivered(s, to: StrokeClassifier(templates: templates)).best
                if byOwn == other { out.append(s) }
            }
        }
        return out
    }
}
