#!/usr/bin/env bash
# npm run screenshots:browser: a Chromium for `npm run screenshots` without root and without
# touching the system. apt-get works out which of Debian's packages this machine lacks for
# chromium (a simulated install, so no root), downloads them with `apt-get download`, unpacks
# them with `dpkg-deb -x` into out/chromium/root/ (git-ignored), and writes the launcher
# out/chromium/chromium, which points the binary at the unpacked libraries and fonts.
# Also fetched: the fonts GitHub's page would use for emoji and Chinese text, and Arial's
# metric twin, when the machine lacks them. Takes about 100-400 MB; delete out/chromium to undo.
set -euo pipefail
cd "$(dirname "$0")/.."

dest=$PWD/out/chromium
fonts=(fonts-liberation2 fonts-noto-color-emoji fonts-wqy-microhei)

for tool in apt-get dpkg-deb ldd; do
  command -v "$tool" >/dev/null || { echo "screenshots:browser: needs $tool (Debian or Ubuntu); otherwise install Chromium and set CHROMIUM_PATH" >&2; exit 2; }
done

if ! plan=$(apt-get -s -o Debug::NoLocking=1 install --no-install-recommends chromium "${fonts[@]}" 2>&1); then
  echo "screenshots:browser: apt-get cannot resolve chromium:" >&2
  echo "$plan" | grep -E '^(E|W):' >&2 || true
  echo "If it says 'Unable to locate package', the package lists are missing: run apt-get update (as root), or install Chromium and set CHROMIUM_PATH." >&2
  exit 2
fi
mapfile -t packages < <(echo "$plan" | awk '/^Inst /{print $2}')
if ! printf '%s\n' "${packages[@]}" | grep -qx chromium; then
  echo "chromium is installed on this machine already: npm run screenshots finds it on PATH."
  exit 0
fi

rm -rf "$dest"
mkdir -p "$dest/debs" "$dest/root"
echo "Downloading ${#packages[@]} packages into out/chromium/debs: ${packages[*]}"
# apt-get download as root warns that its _apt user cannot write here; the download works anyway
if ! (cd "$dest/debs" && apt-get download "${packages[@]}" >"$dest/download.log" 2>&1); then
  grep -v '^Get:' "$dest/download.log" >&2
  echo "screenshots:browser: apt-get download failed (above); install Chromium and set CHROMIUM_PATH instead" >&2
  exit 2
fi
for deb in "$dest"/debs/*.deb; do dpkg-deb -x "$deb" "$dest/root"; done
rm -rf "$dest/debs"
[ -x "$dest/root/usr/lib/chromium/chromium" ] || { echo "screenshots:browser: no chromium binary after unpacking (see the apt-get output above)" >&2; exit 2; }

libs=$(find "$dest/root" -name '*.so*' -printf '%h\n' | sort -u | paste -sd:)
cat >"$dest/fonts.conf" <<EOF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>$dest/root/usr/share/fonts</dir>
  <cachedir>$dest/fontcache</cachedir>
</fontconfig>
EOF
cat >"$dest/chromium" <<EOF
#!/bin/sh
# written by scripts/chromium-local.sh: Debian's chromium with the libraries and fonts unpacked beside it
export LD_LIBRARY_PATH="$libs\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
export FONTCONFIG_FILE="$dest/fonts.conf"
exec "$dest/root/usr/lib/chromium/chromium" "\$@"
EOF
chmod +x "$dest/chromium"

missing=$(LD_LIBRARY_PATH=$libs ldd "$dest/root/usr/lib/chromium/chromium" | grep 'not found' || true)
if [ -n "$missing" ]; then
  echo "screenshots:browser: chromium still lacks these libraries:" >&2
  echo "$missing" >&2
  exit 2
fi
echo "$("$dest/chromium" --version) in out/chromium ($(du -sh "$dest" | cut -f1)). Now: npm run screenshots"
