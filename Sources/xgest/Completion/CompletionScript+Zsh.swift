extension CompletionScript {
    /// The parser's zsh script ends by calling `_xgest` (autoloaded from the installed
    /// `_xgest` file) or registering it (sourced): the wrapper takes the name `_xgest`
    /// before that, the parser's function kept as `__xgest_parsed`, so that both ways, and
    /// every later completion, go through it.
    static let zshEnding = #"if [[ "${funcstack[1]}" = _xgest ]]; then"#

    /// `parsed` with ``zshDefaultCommand`` before its ending; unchanged when the parser's
    /// script no longer ends so (CompletionScriptShellTests then fail).
    static func zshScript(_ parsed: String) -> String {
        guard let ending = parsed.ranges(of: zshEnding).last else { return parsed }
        return String(parsed[..<ending.lowerBound]) + zshDefaultCommand + String(parsed[ending.lowerBound...])
    }

    /// A command line whose first word is an option is run's (no command may follow an
    /// option), so it is completed as `xgest run …` (`words` and `CURRENT` are what
    /// `_arguments` reads); the first word offers run's options beside the commands.
    static let zshDefaultCommand = #"""
        # `run` is xgest's default command: a command line that starts with an option is run's.
        functions -c _xgest __xgest_parsed
        _xgest() {
            if (( CURRENT > 2 )) && [[ ${words[2]} != -* ]]; then
                __xgest_parsed "$@"
                return
            fi
            local -i ret=1
            # The first word offers the commands too, unless it is an option.
            (( CURRENT == 2 )) && [[ ${PREFIX} != -* ]] && __xgest_parsed "$@" && ret=0
            words=("${words[1]}" run "${words[@]:1}")
            (( CURRENT++ ))
            __xgest_parsed "$@" && ret=0
            return ret
        }


        """#
}
