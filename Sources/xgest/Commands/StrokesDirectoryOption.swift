import ArgumentParser

/// `--strokes DIR`, for the commands that read a config without running it (`check`,
/// `replay`): the stroke templates its recorded shapes are classified against, so that a
/// config and a trace from another account or machine are read with the templates they
/// came with, not the reader's own.
struct StrokesDirectoryOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The stroke templates' directory (default: the one `xgest run` reads, $XDG_CONFIG_HOME/xgest/strokes).",
            valueName: "dir"),
        completion: .directory)
    var strokes: String?

    func validate() throws {
        try PathArgument.requireName(strokes, of: "--strokes", naming: "a directory")
        // A directory that is not there holds no templates, and was read as such.
        try UnexpandedTilde.check(strokes, of: "--strokes", .reads("directory"))
    }
}
