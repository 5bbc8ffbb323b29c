import Testing

@testable import XgestConfig

/// Config text with position markers `1️⃣`…`9️⃣` removed, and where each was, in the
/// parser's own terms (line, column in Unicode scalars).
struct MarkedSource {
    let text: String
    let markers: [Int: XgestConfig.SourceLocation]

    init(_ marked: String) {
        var text = ""
        var markers: [Int: XgestConfig.SourceLocation] = [:]
        var line = 1
        var column = 1
        let scalars = Array(marked.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            // A keycap emoji is three scalars: the digit, U+FE0F, U+20E3.
            if index + 2 < scalars.count, scalars[index + 1] == "\u{FE0F}", scalars[index + 2] == "\u{20E3}",
                let digit = Int(String(scalar))
            {
                markers[digit] = XgestConfig.SourceLocation(line: line, column: column)
                index += 3
                continue
            }
            text.unicodeScalars.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
        self.text = text
        self.markers = markers
    }
}

/// Parses the marked source and checks the rendered diagnostics exactly, and that the
/// markers `1️⃣`, `2️⃣`… sit at the diagnostics' and notes' locations, in order.
func expectDiagnostics(
    _ marked: String, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let source = MarkedSource(marked)
    let result = ConfigParser.parse(source: source.text, file: "test.toml")
    #expect(result.renderedDiagnostics() == expected, sourceLocation: sourceLocation)
    let locations = result.diagnostics.flatMap { [$0.location] + $0.notes.map(\.range.start) }
    let markers = (1...9).compactMap { source.markers[$0] }
    #expect(locations == markers, "markers", sourceLocation: sourceLocation)
}

func parse(_ source: String) -> ParseResult {
    ConfigParser.parse(source: source, file: "test.toml")
}

/// The value at a dotted path of the root, for short assertions.
func value(_ result: ParseResult, _ path: String...) -> ConfigValue? {
    var table = result.document.root
    for key in path.dropLast() {
        guard let next = table[key]?.value.asTable() else { return nil }
        table = next
    }
    return path.last.flatMap { table[$0]?.value }
}

/// A config in the shape of DESIGN.md, exercising most of the language.
let realisticConfig = #"""
    # xgest configuration

    [settings]                       # tunables, with units
    long-press-duration = "500ms"
    double-tap-interval = "300ms"
    swipe-min-distance = "12mm"
    edge-width = 8                   # pixels
    pinch-threshold = 1.15
    debug.log-level = "info"

    [[gesture]]                      # global binding
    name = "ws-next"
    kind = "swipe"
    device = "touchpad"
    fingers = 3
    direction = "left"
    action = "key ctrl+alt+Right"

    [[gesture]]
    name = 'ws-prev'
    kind = "swipe"
    device = "touchpad"
    fingers = 3
    direction = "right"
    action = "key ctrl+alt+Left"
    require-to-fail = ["ws-next", ]

    [[gesture]]
    kind = "stroke"
    device = "pointer"
    button = 3
    modifiers = ["super"]
    template = """
    L-shape: down, then right\
    """
    action = "exec xdg-open https://example.org/?q=a\u0026b"

    [[app]]
    class = "firefox"                # WM_CLASS glob
    [[app.gesture]]
    kind = "pinch"
    device = "touchscreen"
    direction = "in"
    action = "key ctrl+minus"
    repeat = true

    [[app.gesture]]
    kind = "pinch"
    device = "touchscreen"
    direction = "out"
    action = "key ctrl+plus"
    repeat = true

    [[app]]
    title = "*Terminal*"
    [[app.gesture]]
    kind = "tap"
    fingers = 2
    region = { x = 0, y = 0, width = 0.25, height = 1.0 }
    action = "click 2"
    """#
