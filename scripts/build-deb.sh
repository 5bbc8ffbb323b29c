#!/usr/bin/env bash
# Builds xgest_VERSION_ARCH.deb from the release binary (`make deb` runs `make release`
# first, then this script).
#
# The package is `make install DESTDIR=STAGE PREFIX=/usr`, with the binary stripped and
# the man pages compressed as Debian does. Depends is derived from the binary by
# dpkg-shlibdeps: the Swift runtime and the C++ runtime it uses are linked in statically,
# so what remains is libc, libgcc and the X libraries.
# There are no conffiles: the default config is /usr/share/xgest/xgest.toml, which users
# copy to ~/.config/xgest/ to change, so `dpkg -r` removes every file of the package and
# never touches a user's config.
#
# Environment: MAKE (the make to stage with), DEB_MAINTAINER, DEB_OUTPUT_DIR (default: the
# source tree).
set -euo pipefail
cd "$(dirname "$0")/.."

make=${MAKE:-make}
maintainer=${DEB_MAINTAINER:-xgest maintainers <maintainers@users.noreply.a-seed-29fde701.example>}
output_dir=${DEB_OUTPUT_DIR:-$PWD}
release_bin=.build/release/xgest

die() { echo "build-deb: $*" >&2; exit 1; }

[[ -x $release_bin ]] || die "$release_bin is missing; run 'make release' (or 'make deb')"
for tool in dpkg-deb dpkg-shlibdeps strip; do
  command -v "$tool" >/dev/null || die "$tool not found; run 'scripts/install-deps.sh deb'"
done

version=$("$release_bin" --version)
[[ $version =~ ^[0-9][A-Za-z0-9.+~-]*$ ]] || die "'xgest --version' printed '$version', not a Debian version"
arch=$(dpkg --print-architecture)

# dpkg-shlibdeps reads debian/control and wants the binary in the package's tree below it.
work=.build/deb
stage=$work/debian/xgest
rm -rf "$work"
mkdir -p "$stage"
printf 'Source: xgest\n\nPackage: xgest\nArchitecture: any\n' >"$work/debian/control"
stage=$(cd "$stage" && pwd)

"$make" -s --no-print-directory install DESTDIR="$stage" PREFIX=/usr
# dpkg removes the package's directories itself: the list `make uninstall` reads is no part of it.
rm "$stage/usr/share/xgest/installed-directories"

# As Debian packages do: no symbol table in the binary, compressed man pages.
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/xgest"
find "$stage/usr/share/man" -type f -name '*.[0-9]' -exec gzip -9n {} +

# dpkg-deb wants the control directory 0755 and its files readable, whatever the umask.
install -d -m 755 "$stage/DEBIAN"
shlibs=$(cd "$work" && dpkg-shlibdeps -O -edebian/xgest/usr/bin/xgest)
depends=${shlibs#shlibs:Depends=}
[[ -n $depends && $depends != "$shlibs" ]] || die "dpkg-shlibdeps found no dependencies: '$shlibs'"

installed_size=$(du -sk --apparent-size --exclude=DEBIAN "$stage" | cut -f1)
cat >"$stage/DEBIAN/control" <<EOF
Package: xgest
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Suggests: xserver-xorg-core, xserver-xorg-video-dummy
Section: x11
Priority: optional
Description: touchscreen, touchpad and mouse gestures for X11 desktops
 xgest gives X11 desktops the gesture model of UIKit: recognizers with a state
 machine, arbitration between them, and touch delivery rules. It recognizes
 taps, long presses, pans, swipes, pinches, rotations and edge swipes on
 touchscreens, swipes, pinches and rotations on touchpads, and strokes drawn
 with the mouse, and runs the actions a config file binds to them, globally or
 per application: key combinations, window and desktop operations, clicks,
 scrolls and commands. Touches no gesture claims reach the application
 underneath unchanged.
 .
 It runs as an ordinary process in the user's session, with no root, no input
 group and no access to /dev/input. An XDG autostart entry and a systemd user
 unit start it with the graphical session.
 .
 The demo command (with the suggested Xorg packages installed) shows the whole
 pipeline on a private headless X server, with no input hardware.
EOF
(cd "$stage" && find . -path ./DEBIAN -prune -o -type f -printf '%P\n' | LC_ALL=C sort | xargs md5sum) \
  >"$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

deb=$output_dir/xgest_${version}_$arch.deb
dpkg-deb --root-owner-group --build "$stage" "$deb" >/dev/null
echo "build-deb: $deb"
echo "build-deb: Depends: $depends"
