extension CompletionScript {
    /// The parser's fish script learns which command is being completed from the tokens
    /// `__xgest_tokens` gives: when the command line's first word is an option, the tokens
    /// now have `run` after the program's name (no command may follow an option), so the
    /// line is completed as `xgest run …`. The current token asked alone (`-t`) holds no
    /// command and is left as it is.
    static let fishDefaultCommand = #"""

        # `run` is xgest's default command: a command line that starts with an option is run's.
        functions -c __xgest_tokens __xgest_parsed_tokens
        function __xgest_tokens
            set -l tokens (__xgest_parsed_tokens $argv)
            if not string match -qr -- '^-[^-]*t' $argv
                set -l line (__xgest_parsed_tokens)
                if string match -q -- '-*' $line[2]; and test (count $tokens) -gt 0
                    set tokens $tokens[1] run $tokens[2..]
                end
            end
            test (count $tokens) -gt 0; and printf '%s\n' $tokens
        end

        """#
}
