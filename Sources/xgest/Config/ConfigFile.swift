import ArgumentParser
import XgestConfig
import XgestX11

/// Loads and checks a config file for the commands that need one.
enum ConfigFile {
    /// The path given, else the default one; no config anywhere is an error.
    static func resolve(_ path: String?) throws(CLIError) -> String {
        if let path { return path }
        guard let found = ConfigLocation.defaultPath() else {
            throw CLIError(
                "no config found: write \(ConfigLocation.userPath() ?? "~/.config/xgest/xgest.toml")"
                    + " or give one with --config")
        }
        return found
    }

    /// Reads and checks `path`; keysyms are checked against Xlib's table (no display needed).
    static func load(_ path: String) throws(CLIError) -> ConfigLoadResult {
        let text = try TextFile.read(path)
        return XgestConfiguration.load(source: text, file: path, isKnownKeysym: isKnownKeysym)
    }

    /// The configuration, with warnings printed; errors printed and thrown (exit status 1).
    static func loadValid(_ path: String) throws -> XgestConfiguration {
        let result = try load(path)
        if !result.diagnostics.isEmpty { FileOutput.standardError.writeLine(result.renderedDiagnostics()) }
        guard let configuration = result.configuration else { throw ExitCode.failure }
        return configuration
    }
}
