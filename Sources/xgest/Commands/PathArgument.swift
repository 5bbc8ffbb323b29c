import ArgumentParser

/// A path given empty (`xgest check ""`, `--config "$UNSET"`) names no file: it was read
/// and said as `cannot read : no such file or directory`, with nothing between the words.
/// It is a wrong command line (64), said with the option that took it.
enum PathArgument {
    static func requireName(_ value: String?, of option: String, naming what: String = "a file") throws {
        if value == "" { throw ValidationError("\(option) needs \(what), not \"\"") }
    }
}
