#!/usr/bin/env bash
# Tests of the packaging (`make test` runs them after the Swift tests):
#   - the XDG autostart entry validates, the systemd user unit passes `systemd-analyze
#     verify`, the man pages render with no warning and document every command and option;
#   - `make install DESTDIR=…` writes exactly the expected files, the installed binary finds
#     its default config, and `make uninstall` leaves no file behind;
#   - `make deb` builds a package whose Depends covers every library the binary links, and
#     (as root) `dpkg -i` installs a working xgest that `dpkg -r` removes without a trace.
# The release build is reused when it is up to date. Ends with "N passed, M failed".
set -euo pipefail
cd "$(dirname "$0")/.."

make=${MAKE:-make}
bin=.build/release/xgest
passed=0
failed=0
skipped=0

ok() { passed=$((passed + 1)); echo "ok - $1"; }
fail() { failed=$((failed + 1)); echo "FAIL - $1" >&2; }
skip() { skipped=$((skipped + 1)); echo "skip - $1"; }
# check NAME COMMAND…: passes when COMMAND succeeds and prints nothing (linters print
# their warnings); otherwise shows what it printed.
check() {
  local name=$1 out
  shift
  if out=$("$@" 2>&1) && [[ -z $out ]]; then ok "$name"; else fail "$name"; printf '%s\n' "$out" | sed 's/^/    /' >&2; fi
}
# expect NAME CONDITION-COMMAND…: passes when the command succeeds.
expect() {
  local name=$1
  shift
  if "$@"; then ok "$name"; else fail "$name"; fi
}
have() { command -v "$1" >/dev/null; }

tmp=$(mktemp -d)
installed_deb=false
cleanup() {
  if $installed_deb; then
    echo "test-packaging: removing the xgest package installed by this test" >&2
    dpkg -r xgest >/dev/null 2>&1 || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# ---------------------------------------------------------------------------------------
echo "# session integration files"

check "desktop-file-validate packaging/xdg/xgest.desktop" desktop-file-validate packaging/xdg/xgest.desktop
desktop_key() { sed -n "s/^$1=//p" packaging/xdg/xgest.desktop; }
expect "autostart entry runs 'xgest run --autostart'" test "$(desktop_key Exec)" = "xgest run --autostart"
expect "autostart entry is NoDisplay, enabled, for every desktop" \
  test "$(desktop_key NoDisplay)/$(desktop_key X-GNOME-Autostart-enabled)/$(desktop_key OnlyShowIn)" = "true/true/"

unit=packaging/systemd/xgest.service
unit_key() { sed -n "s/^$1=//p" "$unit"; }
expect "user unit: part of graphical-session.target, wanted by it" \
  test "$(unit_key PartOf)/$(unit_key After)/$(unit_key WantedBy)" \
  = "graphical-session.target/graphical-session.target/graphical-session.target"
expect "user unit: restarts on failure, never on exit 1 or 64; reloads with SIGHUP" \
  test "$(unit_key Restart)/$(unit_key RestartPreventExitStatus)/$(unit_key ExecReload)" \
  = 'on-failure/1 64//bin/kill -HUP $MAINPID'
expect "user unit starts '/usr/bin/xgest run --autostart'" test "$(unit_key ExecStart)" = "/usr/bin/xgest run --autostart"

# ---------------------------------------------------------------------------------------
echo "# man pages"

for page in packaging/man/xgest.1 packaging/man/xgest.toml.5; do
  check "groff -man -ww: $page" groff -man -Tutf8 -ww -z "$page"
  if have mandoc; then
    check "mandoc -Tlint: $page" mandoc -Tlint -W warning "$page"
  else
    skip "mandoc -Tlint: $page (mandoc is not installed)"
  fi
  if have man; then
    # man prints the page on stdout and any warning on stderr.
    check "man --warnings -l $page" sh -c 'MANWIDTH=80 man --warnings -l "$1" >/dev/null' sh "$page"
  else
    skip "man -l $page (man is not installed)"
  fi
done

# ---------------------------------------------------------------------------------------
echo "# release build"

"$make" -s --no-print-directory release >/dev/null
version=$("$bin" --version)
expect "man pages carry the version the binary prints ($version)" \
  grep -q "^\.TH .* \"xgest $version\"" packaging/man/xgest.1 packaging/man/xgest.toml.5
if objdump -p "$bin" | grep -Eq '^ *(RUNPATH|RPATH) '; then
  fail "the release binary has no run path (it has: $(objdump -p "$bin" | grep -E 'RUNPATH|RPATH'))"
else
  ok "the release binary has no run path"
fi
if "$bin" run --help | grep -q -- '--autostart'; then
  ok "xgest run accepts --autostart (the autostart entry and the unit use it)"
else
  fail "xgest run accepts --autostart (the autostart entry and the unit use it)"
fi

# Every command and every option the binary accepts is in xgest(1).
commands=$("$bin" --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | awk '/^  [a-z]/ { print $1 }')
missing=()
for c in $commands; do
  # roff spells a hyphen in a name as \-.
  mc=${c//-/\\\\-}
  grep -q "^\.B $mc\$\|^\.BR $mc \|^\.BI $mc " packaging/man/xgest.1 || missing+=("command $c")
  for o in $("$bin" "$c" --help | grep -oE -- '(^|[ ,])-(-[a-z][a-z-]*|[a-z])' | tr -d ' ,' | sort -u); do
    grep -q -- "${o//-/\\\\-}" packaging/man/xgest.1 || missing+=("$c $o")
  done
done
if [[ ${#missing[@]} -eq 0 ]]; then
  ok "xgest(1) documents every command and option ($(echo $commands))"
else
  fail "xgest(1) documents every command and option; missing: ${missing[*]}"
fi

# ---------------------------------------------------------------------------------------
echo "# make install / make uninstall"

dest=$tmp/dest
"$make" -s --no-print-directory install DESTDIR="$dest" >/dev/null
expected="usr/local/bin/xgest
usr/local/etc/xdg/autostart/xgest.desktop
usr/local/lib/systemd/user/xgest.service
usr/local/share/bash-completion/completions/xgest
usr/local/share/fish/vendor_completions.d/xgest.fish
usr/local/share/man/man1/xgest.1
usr/local/share/man/man5/xgest.toml.5
usr/local/share/xgest/installed-directories
usr/local/share/xgest/xgest.toml
usr/local/share/zsh/vendor-completions/_xgest"
actual=$(cd "$dest" && find . \( -type f -o -type l \) -printf '%P\n' | LC_ALL=C sort)
if [[ $actual == "$expected" ]]; then
  ok "make install (PREFIX=/usr/local) writes exactly the 9 expected files and its list of directories made"
else
  fail "make install (PREFIX=/usr/local) writes exactly the 9 expected files and its list of directories made"
  diff <(echo "$expected") <(echo "$actual") | sed 's/^/    /' >&2 || true
fi
expect "installed unit starts the installed binary" \
  grep -qx 'ExecStart=/usr/local/bin/xgest run --autostart' "$dest/usr/local/lib/systemd/user/xgest.service"
modes=$(cd "$dest" && find . -type f -printf '%m %P\n' | LC_ALL=C sort | awk '$1 != ($2 ~ /bin\/xgest$/ ? 755 : 644)')
expect "installed files are 0755 (binary) and 0644 (the rest)" test -z "$modes"

# The installed binary finds the shipped config at ../share/xgest/xgest.toml.
out=$(cd "$tmp" && env -u XDG_CONFIG_HOME HOME="$tmp/nohome" "$dest/usr/local/bin/xgest" check 2>&1) || true
expect "installed xgest finds the shipped config beside it" \
  grep -q "^$dest/usr/local/share/xgest/xgest.toml: ok, " <<<"$out"

check "bash completion parses" bash -n "$dest/usr/local/share/bash-completion/completions/xgest"
expect "bash completion registers for xgest" \
  bash -c 'source "$1" && complete -p xgest >/dev/null' bash "$dest/usr/local/share/bash-completion/completions/xgest"
# `run` is the default command: `xgest --<TAB>` offers its options (the function
# registered for xgest called as bash calls it).
offers=$(bash -c 'source "$1" && [[ $(complete -p xgest) =~ -F\ ([^ ]+)\ xgest$ ]] &&
  COMP_WORDS=(xgest --) COMP_CWORD=1 COMP_LINE="xgest --" COMP_POINT=8 &&
  "${BASH_REMATCH[1]}" xgest -- xgest && printf "%s\n" "${COMPREPLY[@]}"' bash \
  "$dest/usr/local/share/bash-completion/completions/xgest" | LC_ALL=C sort | tr '\n' ' ')
expect "bash completion offers run's options for 'xgest --' ($offers)" \
  test "$offers" = "--autostart --config --debug --help --pass-through --version "
# zsh and fish are installed for the tests (scripts/install-deps.sh test): their scripts
# are completed by the shells themselves, zsh's autoloaded from its directory as installed.
check "zsh completion parses" zsh -n "$dest/usr/local/share/zsh/vendor-completions/_xgest"
driver=$PWD/scripts/zsh-complete.zsh
offers=$(cd "$tmp" && zsh -f "$driver" "$dest/usr/local/share/zsh/vendor-completions" \
  "xgest --" | grep -v '^<<<$\|^>>>$' | LC_ALL=C sort | tr '\n' ' ')
expect "zsh completion offers run's options for 'xgest --' ($offers)" \
  test "$offers" = "--autostart --config --debug --help --pass-through --version "
check "fish completion parses" fish --no-execute "$dest/usr/local/share/fish/vendor_completions.d/xgest.fish"
offers=$(fish --no-config -c 'source $argv[1]; and complete -C "xgest --"' \
  "$dest/usr/local/share/fish/vendor_completions.d/xgest.fish" | cut -f1 | LC_ALL=C sort | tr '\n' ' ')
expect "fish completion offers run's options for 'xgest --' ($offers)" \
  test "$offers" = "--autostart --config --debug --help --pass-through --version "

# systemd-analyze verify needs a user runtime directory and an ExecStart that exists:
# the installed unit, pointed at the staged binary, with the staged man pages for its
# Documentation= lines.
mkdir -p "$tmp/runtime" "$tmp/unit"
chmod 700 "$tmp/runtime"
sed "s|^ExecStart=/usr/local/bin/xgest |ExecStart=$dest/usr/local/bin/xgest |" \
  "$dest/usr/local/lib/systemd/user/xgest.service" >"$tmp/unit/xgest.service"
check "systemd-analyze --user verify xgest.service" \
  env XDG_RUNTIME_DIR="$tmp/runtime" MANPATH="$dest/usr/local/share/man" \
  systemd-analyze --user verify "$tmp/unit/xgest.service"

"$make" -s --no-print-directory uninstall DESTDIR="$dest" >/dev/null
left=$(cd "$dest" && find . -mindepth 1 -printf '%P\n')
if [[ -z $left ]]; then
  ok "make uninstall leaves no file and no directory install made"
else
  fail "make uninstall leaves no file and no directory install made; left: $(echo $left)"
fi

# Directories that were there before install stay, empty or not, as does one that holds
# another program's file by the time of the uninstall; installing twice forgets nothing.
dest_kept=$tmp/dest-kept
mkdir -p "$dest_kept/usr/local/bin" "$dest_kept/usr/local/share/man/man1"
touch "$dest_kept/usr/local/share/man/man1/other.1"
"$make" -s --no-print-directory install DESTDIR="$dest_kept" >/dev/null
"$make" -s --no-print-directory install DESTDIR="$dest_kept" >/dev/null
touch "$dest_kept/usr/local/share/bash-completion/completions/other"
"$make" -s --no-print-directory uninstall DESTDIR="$dest_kept" >/dev/null
left=$(cd "$dest_kept" && find . -mindepth 1 -printf '%P\n' | LC_ALL=C sort | tr '\n' ' ')
expected_left="usr usr/local usr/local/bin usr/local/share usr/local/share/bash-completion \
usr/local/share/bash-completion/completions usr/local/share/bash-completion/completions/other usr/local/share/man \
usr/local/share/man/man1 usr/local/share/man/man1/other.1 "
expect "make uninstall keeps the directories that were there and those holding other files (left: $left)" \
  test "$left" = "$expected_left"

dest_usr=$tmp/dest-usr
"$make" -s --no-print-directory install DESTDIR="$dest_usr" PREFIX=/usr >/dev/null
expect "PREFIX=/usr puts the autostart entry in /etc/xdg/autostart" test -f "$dest_usr/etc/xdg/autostart/xgest.desktop"
"$make" -s --no-print-directory uninstall DESTDIR="$dest_usr" PREFIX=/usr >/dev/null
left=$(cd "$dest_usr" && find . -mindepth 1 -printf '%P\n')
if [[ -z $left ]]; then
  ok "make uninstall PREFIX=/usr leaves no file and no directory install made"
else
  fail "make uninstall PREFIX=/usr leaves no file and no directory install made; left: $(echo $left)"
fi

# ---------------------------------------------------------------------------------------
echo "# make deb"

arch=$(dpkg --print-architecture)
# Under a private umask, as many users have: dpkg-deb refused the control directory (0700).
(umask 077 && DEB_OUTPUT_DIR=$tmp "$make" -s --no-print-directory deb >/dev/null)
deb=$tmp/xgest_${version}_$arch.deb
expect "make deb builds xgest_${version}_$arch.deb under umask 077" test -f "$deb"
field() { dpkg-deb -f "$deb" "$1"; }
expect "control: Package xgest, Version $version, Architecture $arch" \
  test "$(field Package)/$(field Version)/$(field Architecture)" = "xgest/$version/$arch"
expect "control: Maintainer, Section, Priority and Description are set" \
  test -n "$(field Maintainer)" -a -n "$(field Section)" -a -n "$(field Priority)" -a -n "$(field Description)"
depends=$(field Depends)
dep_names=$(tr ',' '\n' <<<"$depends" | sed 's/(.*)//; s/[[:space:]]//g')
# Every library the binary links comes from a package in Depends (the Swift runtime is
# inside the binary, so no Swift package appears).
missing=()
for soname in $(objdump -p "$bin" | awk '$1 == "NEEDED" { print $2 }'); do
  path=$(ldconfig -p | awk -v s="$soname" '$1 == s && !found { print $NF; found = 1 }')
  [[ -n $path ]] || { missing+=("$soname (not found)"); continue; }
  pkg=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | head -n1 | cut -d: -f1) || true
  [[ -z $pkg ]] && pkg=$(dpkg -S "$path" 2>/dev/null | head -n1 | cut -d: -f1) || true
  grep -qx "$pkg" <<<"$dep_names" || missing+=("$soname from '${pkg:-no package}'")
done
for p in libc6 libx11-6 libxi6 libxtst6 libxrandr2; do grep -qx "$p" <<<"$dep_names" || missing+=("$p"); done
if grep -qi swift <<<"$dep_names"; then missing+=("(a Swift package should not be needed)"); fi
if [[ ${#missing[@]} -eq 0 ]]; then
  ok "Depends covers every linked library: $depends"
else
  fail "Depends covers every linked library: $depends; missing: ${missing[*]}"
fi
expect "the package has no conffiles" bash -c '! dpkg-deb --ctrl-tarfile "$1" | tar -t | grep -q conffiles' bash "$deb"
deb_files=$(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { sub(/^\.\//, "", $6); print $6 }' | LC_ALL=C sort)
deb_expected="etc/xdg/autostart/xgest.desktop
usr/bin/xgest
usr/lib/systemd/user/xgest.service
usr/share/bash-completion/completions/xgest
usr/share/fish/vendor_completions.d/xgest.fish
usr/share/man/man1/xgest.1.gz
usr/share/man/man5/xgest.toml.5.gz
usr/share/xgest/xgest.toml
usr/share/zsh/vendor-completions/_xgest"
if [[ $deb_files == "$deb_expected" ]]; then
  ok "the package holds exactly the 9 expected files"
else
  fail "the package holds exactly the 9 expected files"
  diff <(echo "$deb_expected") <(echo "$deb_files") | sed 's/^/    /' >&2 || true
fi

# ---------------------------------------------------------------------------------------
echo "# dpkg -i / dpkg -r"

snapshot() { find /usr /etc -xdev -printf '%y %p\n' 2>/dev/null | LC_ALL=C sort; }
if [[ $(id -u) -ne 0 ]]; then
  skip "dpkg -i / dpkg -r: not root (the CI runs this as root)"
elif dpkg-query -W -f='${Status}' xgest 2>/dev/null | grep -q 'installed'; then
  skip "dpkg -i / dpkg -r: an xgest package is already installed on this machine; not touching it"
elif [[ -e /usr/bin/xgest ]]; then
  skip "dpkg -i / dpkg -r: /usr/bin/xgest exists (installed by hand?); not touching it"
else
  snapshot >"$tmp/before"
  installed_deb=true
  if dpkg -i "$deb" >"$tmp/dpkg-i.log" 2>&1; then
    ok "dpkg -i $(basename "$deb")"
  else
    fail "dpkg -i $(basename "$deb")"
    sed 's/^/    /' "$tmp/dpkg-i.log" >&2
  fi
  expect "/usr/bin/xgest --version prints $version" test "$(/usr/bin/xgest --version 2>&1)" = "$version"
  expect "/etc/xdg/autostart/xgest.desktop and /usr/lib/systemd/user/xgest.service exist" \
    test -f /etc/xdg/autostart/xgest.desktop -a -f /usr/lib/systemd/user/xgest.service
  check "dpkg --verify xgest" dpkg --verify xgest
  out=$(cd "$tmp" && env -u XDG_CONFIG_HOME HOME="$tmp/nohome" /usr/bin/xgest check 2>&1) || true
  expect "installed xgest uses /usr/share/xgest/xgest.toml" grep -q '^/usr/share/xgest/xgest.toml: ok, ' <<<"$out"
  check "systemd-analyze --user verify /usr/lib/systemd/user/xgest.service" \
    env XDG_RUNTIME_DIR="$tmp/runtime" systemd-analyze --user verify /usr/lib/systemd/user/xgest.service
  if have man; then
    check "man finds xgest(1) and xgest.toml(5)" sh -c 'man -w xgest.1 xgest.toml.5 >/dev/null'
  fi
  if dpkg -r xgest >"$tmp/dpkg-r.log" 2>&1; then
    installed_deb=false
    ok "dpkg -r xgest"
  else
    fail "dpkg -r xgest"
    sed 's/^/    /' "$tmp/dpkg-r.log" >&2
  fi
  expect "dpkg -r leaves the package not installed" \
    bash -c '! dpkg-query -W -f="\${Status}" xgest 2>/dev/null | grep -q installed'
  snapshot >"$tmp/after"
  if diff -q "$tmp/before" "$tmp/after" >/dev/null; then
    ok "after dpkg -r, /usr and /etc hold exactly the files and directories they held before"
  else
    fail "after dpkg -r, /usr and /etc hold exactly the files and directories they held before"
    diff "$tmp/before" "$tmp/after" | head -20 | sed 's/^/    /' >&2 || true
  fi
fi

# ---------------------------------------------------------------------------------------
[[ $skipped -eq 0 ]] || echo "$skipped skipped"
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
