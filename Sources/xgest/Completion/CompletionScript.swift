import ArgumentParser

/// `xgest --generate-completion-script SHELL`: the parser's script, and what it leaves
/// out. `run` is the default command (`xgest --debug` runs the daemon), but the parser's
/// scripts complete the top level with its own options only: `xgest --<TAB>` offered
/// --help and --version, not --debug or --config, and `xgest --config <TAB>` offered the
/// commands' names (bash, fish) or nothing (zsh), not files.
enum CompletionScript {
    static let option = "--generate-completion-script"

    /// The script `arguments` ask for when they are only that option and a shell this adds
    /// to; nil otherwise, the parser answering as usual.
    static func requested(by arguments: [String]) -> String? {
        let shell: CompletionShell?
        switch arguments.count {
        case 1 where arguments[0] == option: shell = CompletionShell.autodetected()
        case 1 where arguments[0].hasPrefix(option + "="):
            shell = CompletionShell(rawValue: String(arguments[0].dropFirst(option.count + 1)))
        case 2 where arguments[0] == option: shell = CompletionShell(rawValue: arguments[1])
        default: shell = nil
        }
        switch shell {
        case .bash: return Xgest.completionScript(for: .bash) + bashDefaultCommand
        case .zsh: return zshScript(Xgest.completionScript(for: .zsh))
        case .fish: return Xgest.completionScript(for: .fish) + fishDefaultCommand
        default: return nil
        }
    }

    /// Registered after the parser's `complete` line, in its place: a command line whose
    /// first word is an option is run's (no command may follow an option), so it is
    /// completed as `xgest run …`; the first word offers run's options beside the
    /// commands. Each offer once: --help and --version are both the top level's and run's.
    static let bashDefaultCommand = #"""


        # `run` is xgest's default command: a command line that starts with an option is run's.
        __xgest_complete_run_by_default() {
            if (( COMP_CWORD > 1 )) && [[ ${COMP_WORDS[1]} != -* ]]; then
                _xgest "$@"
                return
            fi
            (( COMP_CWORD == 1 )) && _xgest "$@"
            local -r command=${COMP_WORDS[0]}
            local -a COMP_WORDS=("${command}" run "${COMP_WORDS[@]:1}")
            local -i COMP_CWORD=$((COMP_CWORD + 1))
            local COMP_LINE=${COMP_LINE/"${command}"/"${command} run"}
            local -i COMP_POINT=$((COMP_POINT + 4))
            _xgest "${1}" "${2}" "${COMP_WORDS[COMP_CWORD - 1]}"
            local -A seen=()
            local -a offers=()
            local offer
            for offer in "${COMPREPLY[@]}"; do
                [[ -n ${seen[${offer}]} ]] && continue
                seen[${offer}]=1
                offers+=("${offer}")
            done
            COMPREPLY=("${offers[@]}")
        }
        complete -o filenames -F __xgest_complete_run_by_default xgest

        """#
}
