import Testing
import XgestCore

@testable import XgestConfig

/// The keysyms the schema tests know, standing in for X's XStringToKeysym.
let testKeysyms: Set<String> = [
    "Right", "Left", "Up", "Down", "a", "c", "v", "t", "w", "minus", "plus", "Page_Down", "Page_Up", "F5", "Escape",
    "Return", "Tab", "Home", "End", "XF86AudioRaiseVolume", "XF86AudioLowerVolume", "Super_L", "Control_L", "Alt_L",
    "Shift_L", "Meta_L",
]

func isTestKeysym(_ name: String) -> Bool { testKeysyms.contains(name) }

func load(_ source: String) -> ConfigLoadResult {
    XgestConfiguration.load(source: source, file: "test.toml", isKnownKeysym: isTestKeysym)
}

/// Loads a valid config, failing the test with its diagnostics otherwise.
func loadValid(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> XgestConfiguration
{
    let result = load(source)
    #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())", sourceLocation: sourceLocation)
    return try #require(result.configuration, sourceLocation: sourceLocation)
}

/// Loads the marked source and checks the rendered diagnostics exactly, and that the
/// markers `1️⃣`, `2️⃣`… sit at the diagnostics' and notes' locations, in order.
func expectSchemaDiagnostics(
    _ marked: String, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let source = MarkedSource(marked)
    let result = load(source.text)
    #expect(result.renderedDiagnostics() == expected, sourceLocation: sourceLocation)
    let locations = result.diagnostics.flatMap { [$0.location] + $0.notes.map(\.range.start) }
    let markers = (1...9).compactMap { source.markers[$0] }
    #expect(locations == markers, "markers", sourceLocation: sourceLocation)
    if result.diagnostics.containsErrors {
        #expect(result.configuration == nil, sourceLocation: sourceLocation)
    }
}

/// A trace header with a touchscreen (6), a pointer (7), a touchpad (8) and a keyboard (3)
/// on a 1920×1080 screen, followed by `lines`.
func traceText(_ lines: [String]) -> String {
    let header =
        #"{"xgest-trace":1,"screen":{"width":1920,"height":1080},"devices":[{"id":6,"name":"Touchscreen","kind":"touchscreen"},{"id":7,"name":"Mouse","kind":"pointer"},{"id":8,"name":"Touchpad","kind":"touchpad"},{"id":3,"name":"Keyboard","kind":"keyboard"}]}"#
    return ([header] + lines).joined(separator: "\n")
}

/// Runs a trace against a config and returns the dry run's text lines.
func dryRun(_ config: XgestConfiguration, _ lines: [String]) throws -> [String] {
    let trace = try TraceDecoder.read(traceText(lines))
    return try DryRun.run(trace, bindings: config.bindingSet()).map(\.textLine)
}

/// The actions of a dry run only, as `binding: text`.
func dryRunActions(_ config: XgestConfiguration, _ lines: [String]) throws -> [String] {
    let trace = try TraceDecoder.read(traceText(lines))
    return try DryRun.run(trace, bindings: config.bindingSet()).compactMap { r in
        if case .action(let a) = r { return "\(a.invocation.binding): \(a.text)" }
        return nil
    }
}
