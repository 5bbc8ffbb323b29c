#!/usr/bin/env bash
# Installs the Debian packages xgest needs, only those missing.
#   scripts/install-deps.sh build   libraries and headers to build xgest
#   scripts/install-deps.sh test    plus the headless Xorg the tests run against
#   scripts/install-deps.sh bench   plus what the benchmarks compare against
#   scripts/install-deps.sh apps    plus the browsers `make bench-apps` drives
#   scripts/install-deps.sh deb     plus what `make deb` uses to build the package
set -euo pipefail

# libxrender-dev and libxext-dev: the feedback overlay draws with XRender and shapes with SHAPE;
# libxfixes-dev: it follows the compositing manager's selection with XFixes.
build_pkgs=(libx11-dev libxi-dev libxtst-dev libxrandr-dev libxrender-dev libxext-dev libxfixes-dev pkg-config)
# libstdc++-12-dev: the static C++ runtime (libstdc++.a) release builds link in
# (scripts/link/libstdc++.so).
build_pkgs+=(libstdc++-12-dev)
# xserver-xorg-core ships the inputtest input driver; the dummy driver gives a screen
# with no GPU; openbox is the real window manager the EWMH action tests run under;
# xrandr (x11-xserver-utils) resizes the screen in the lifecycle tests; xinput and
# x11-utils are for people debugging a test server by hand.
test_pkgs=(xserver-xorg-core xserver-xorg-video-dummy openbox xinput x11-utils xkb-data x11-xkb-utils x11-xserver-utils)
# Real GTK 3 and Qt 5 applications (Tests/Probes/) check that touchpad and touchscreen
# gestures xgest does not take reach applications as their toolkits' own events.
test_pkgs+=(python3 python3-gi gir1.2-gtk-3.0 python3-pyqt5)
# i3: a window manager whose frames and tab bars are override-redirect, as a locker's
# window or a pop-up is (I3FrameLockTests, I3HitTargetTests).
test_pkgs+=(i3-wm)
# fluxbox: a window manager that ignores a _NET_RESTACK_WINDOW without a sibling (FluxboxRaiseTests).
test_pkgs+=(fluxbox)
# zsh and fish: the completion tests complete command lines with the installed scripts in
# the shells themselves (ZshFishCompletionTests, scripts/test-packaging.sh).
test_pkgs+=(zsh fish)
# Screen lockers: gestures must not act behind i3lock (ScreenLockTests) or xscreensaver.
test_pkgs+=(i3lock xscreensaver)
# gdb: CrashTests makes the daemon fault as a bug would (its program counter set to 0).
test_pkgs+=(gdb)
# libXcomposite, loaded at run time by CompositeOverlayTests to take the overlay window as
# a compositing manager does (xgest does not link it).
test_pkgs+=(libxcomposite1)
# `make deb`: dpkg-shlibdeps (dpkg-dev) derives Depends from the binary; strip (binutils).
deb_pkgs=(dpkg-dev binutils)
# The packaging tests: desktop-file-validate, systemd-analyze verify, man page linters
# (groff, man, mandoc), and building the package.
test_pkgs+=(desktop-file-utils systemd groff-base man-db mandoc "${deb_pkgs[@]}")

# The benchmarks compare xgest's in-process actions with spawning xdotool per action.
bench_pkgs=(xdotool)
# `make bench-apps`: what real browsers see of touches under xgest.
apps_pkgs=(chromium firefox-esr)

want=("${build_pkgs[@]}")
case "${1:-build}" in
  build) ;;
  test|run) want+=("${test_pkgs[@]}") ;;
  bench) want+=("${test_pkgs[@]}" "${bench_pkgs[@]}") ;;
  apps) want+=("${test_pkgs[@]}" "${apps_pkgs[@]}") ;;
  deb) want+=("${deb_pkgs[@]}") ;;
  *) echo "usage: $0 build|test|run|bench|apps|deb" >&2; exit 2 ;;
esac

missing=()
for p in "${want[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ $(id -u) -eq 0 ]]; then
  sudo=()
elif command -v sudo >/dev/null; then
  sudo=(sudo)
else
  echo "xgest: missing packages: ${missing[*]}; install them as root (apt-get install ${missing[*]})" >&2
  exit 1
fi
echo "xgest: installing ${missing[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
