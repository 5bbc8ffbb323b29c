#!/usr/bin/env zsh
# zsh scripts/zsh-complete.zsh DIR LINE...
# Completes each LINE as a TAB at its end does in an interactive zsh whose fpath starts
# with DIR (where the `_xgest` that `make install` writes is), and prints each line's
# matches, one a line, between the lines "<<<" and ">>>". For the completion tests:
# completion functions run only inside the line editor, so a zsh is driven on a pseudo-
# terminal (zsh/zpty), and compadd is wrapped to print what zsh would offer.
emulate -L zsh
zmodload zsh/zpty || exit 2
local dir=$1; shift
zpty completing zsh -f -i
zpty -w completing "PROMPT= RPROMPT= PS2=; fpath=(${(q)dir} \$fpath); autoload -Uz compinit; compinit -u -D"
# The matches compadd would add: -O, -A and -D ask for them instead of adding (the
# completion system's own filtering), and are left as they are.
zpty -w completing 'compadd() {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
  local -a hits; builtin compadd -A hits "$@"; local hit; for hit in $hits; do print -r -- "match:$hit"; done
}'
zpty -w completing '__capture() { print -r -- "<<<"; _main_complete; print -r -- ">>>" }; zle -C __capture complete-word __capture'
zpty -w completing 'bindkey "^I" __capture; bindkey "^U" kill-whole-line; print -r -- READY'
local out
while zpty -r completing out; do [[ $out == READY* ]] && break; done
local line started
for line in "$@"; do
  zpty -w -n completing "$line"$'\t'
  started=0
  while zpty -r completing out; do
    out=${${out//$'\r'/}%$'\n'}
    [[ $out == *'<<<'* ]] && { started=1; print -r -- '<<<'; continue }
    (( started )) || continue
    [[ $out == *'>>>'* ]] && { print -r -- '>>>'; break }
    [[ $out == match:?* ]] && print -r -- ${out#match:}
  done
  zpty -w -n completing $'\C-u'
done
zpty -d completing
