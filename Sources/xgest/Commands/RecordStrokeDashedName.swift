import ArgumentParser
import XgestCore

/// `xgest record-stroke -zigzag`: a name may start with `-`, and the parser reads such a
/// word as an option, which it then finds nowhere, and said only `Missing expected argument
/// '<name>'` of a name the user gave. Told here how to give it.
enum RecordStrokeDashedName {
    /// The message for `record-stroke`'s `arguments` (after the command's name) when a word
    /// that would be a name starting with `-` was taken for an option, and the command
    /// line parses with it as the name; nil otherwise.
    static func message(for arguments: [String]) -> String? {
        guard !parses(arguments) else { return nil }
        let options = arguments.prefix { $0 != "--" }
        guard
            let word = options.first(where: {
                $0.count > 1 && $0.hasPrefix("-") && StrokeTemplateFile.isValidName($0) && !isOption($0)
            }), let k = arguments.firstIndex(of: word)
        else { return nil }
        var asName = arguments
        asName[k] = placeholder
        guard parses(asName) else { return nil }
        return "xgest: record-stroke: '\(DisplayText.escaped(word))' was read as an option, and no name was left:"
            + " a name starting with '-' goes after '--', the options before it"
            + " (xgest record-stroke [OPTIONS] -- \(DisplayText.escaped(word)))"
    }

    /// A name the parser takes in the word's place.
    private static let placeholder = "name"

    /// Whether `word` is one of record-stroke's options: a flag (`--help` too), or one
    /// taking a value.
    private static func isOption(_ word: String) -> Bool {
        parses([placeholder, word]) || parses([placeholder, word, "1"])
    }

    /// Whether the parser takes `arguments`, or asks for help with them.
    private static func parses(_ arguments: [String]) -> Bool {
        do {
            _ = try RecordStrokeCommand.parse(arguments)
            return true
        } catch {
            return RecordStrokeCommand.exitCode(for: error) == .success
        }
    }
}
