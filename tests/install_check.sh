#!/usr/bin/env bash
# install_check.sh - `make install-check`: installs the engine into a
# temporary DESTDIR under the prefix /opt/amazons, then checks what was
# installed and that `make uninstall` takes it away again:
#
#   * install writes exactly amazons and amazons-match (mode 755) to bin/
#     and amazons.6 and amazons-match.6 (mode 644) to share/man/man6/;
#   * the installed programs run from another directory, found on PATH:
#     --version names the version of protocol/version.h, a protocol session
#     answers protocol_version, name and genmove (with a move that is legal),
#     and amazons-match plays two greedy games on 6x6 without a fault;
#   * both manual pages carry that version, mention every flag the
#     programs' --help lists, give no message under `mandoc -T lint` nor on
#     stderr under `man --warnings`, and are what `man -M` finds;
#   * uninstall removes the four files and nothing else: other files put
#     beside them, and the directories, stay.
#
# Stops at the first failure with a message and exit status 1, keeping the
# temporary directory for a look.  Run from the Makefile, which passes MAKE.
set -euo pipefail

cd "$(dirname "$0")/.."
make_cmd=${MAKE:-make}
dir=$(mktemp -d "${TMPDIR:-/tmp}/amazons-install-check.XXXXXX")
dest=$dir/root
prefix=/opt/amazons
bindir=$dest$prefix/bin
mandir=$dest$prefix/share/man
man6dir=$mandir/man6

fail() {
    echo "install-check: FAILED: $*" >&2
    echo "install-check: the files are kept in $dir" >&2
    exit 1
}
step() { echo "install-check: $*"; }

for tool in mandoc man; do
    command -v "$tool" >/dev/null || fail "$tool is not installed (apt-get install mandoc man-db)"
done

# A listing of everything under DESTDIR: path and type, and a file's mode (a
# directory's depends on the umask).
listing() {
    (cd "$dest" && find . -mindepth 1 \( -type d -printf '%P d\n' \) -o -printf '%P %y %m\n' | LC_ALL=C sort)
}

version=$(sed -n 's/^#define ENGINE_VERSION "\(.*\)"$/\1/p' protocol/version.h)
name=$(sed -n 's/^#define ENGINE_NAME "\(.*\)"$/\1/p' protocol/version.h)
if [ -z "$version" ] || [ -z "$name" ]; then
    fail "no ENGINE_NAME / ENGINE_VERSION in protocol/version.h"
fi

step "make install DESTDIR=$dest PREFIX=$prefix"
mkdir -p "$dest"
$make_cmd --no-print-directory install DESTDIR="$dest" PREFIX="$prefix" || fail "make install failed"

expected="opt d
opt/amazons d
opt/amazons/bin d
opt/amazons/bin/amazons f 755
opt/amazons/bin/amazons-match f 755
opt/amazons/share d
opt/amazons/share/man d
opt/amazons/share/man/man6 d
opt/amazons/share/man/man6/amazons-match.6 f 644
opt/amazons/share/man/man6/amazons.6 f 644"
installed=$(listing)
[ "$installed" = "$expected" ] ||
    fail "install wrote other files than expected:"$'\n'"$(diff <(echo "$expected") <(echo "$installed") || true)"
for page in amazons amazons-match; do
    cmp -s "man/$page.6" "$man6dir/$page.6" || fail "the installed $page.6 differs from man/$page.6"
done

# The installed programs, run from elsewhere with only their bin/ and the system's on PATH.
mkdir -p "$dir/run"
cd "$dir/run"
export PATH="$bindir:/usr/bin:/bin"
[ "$(command -v amazons)" = "$bindir/amazons" ] || fail "amazons is not found in $bindir on PATH"
[ "$(command -v amazons-match)" = "$bindir/amazons-match" ] || fail "amazons-match is not found on PATH"

step "amazons --version, amazons-match --version"
out=$(amazons --version) || fail "amazons --version exited with status $?"
[ "$out" = "$name $version" ] || fail "amazons --version printed '$out', not '$name $version'"
out=$(amazons-match --version) || fail "amazons-match --version exited with status $?"
[ "$out" = "amazons-match $version" ] || fail "amazons-match --version printed '$out'"

step "a protocol session with amazons --playouts 100"
out=$(printf 'protocol_version\nname\ngenmove white\nquit\n' | amazons --playouts 100) ||
    fail "the session exited with status $?"
mapfile -t lines <<<"$out"
square='[a-j]([1-9]|10)'
if ! { [ "${#lines[@]}" -eq 7 ] && [ "${lines[0]}" = "= 2" ] && [ "${lines[2]}" = "= $name" ] &&
         [[ ${lines[4]} =~ ^=\ ($square-$square/$square)$ ]] && [ "${lines[6]}" = "=" ] &&
         [ -z "${lines[1]}${lines[3]}${lines[5]}" ]; }; then
    fail "unexpected replies:"$'\n'"$out"
fi
move=${BASH_REMATCH[1]}
out=$(printf 'play white %s\n' "$move" | amazons) || fail "the second session exited with status $?"
[ "$out" = "=" ] || fail "genmove's move $move is not legal from the start: '$out'"

step "amazons-match: two greedy games on 6x6"
amazons-match -q --size 6 -n 2 --move-time 0.5 --sgf games.sgf \
    -- amazons --engine greedy -- amazons --engine greedy --seed 2 >table.txt 2>stderr.txt ||
    fail "amazons-match exited with status $?:"$'\n'"$(cat table.txt stderr.txt)"
[ ! -s stderr.txt ] || fail "amazons-match -q wrote to stderr:"$'\n'"$(cat stderr.txt)"
grep -q '^Results: 2 games on 6x6' table.txt || fail "no result line for 2 games on 6x6:"$'\n'"$(cat table.txt)"
# Greedy players cannot resign: both games end with no legal move, and every other count is 0.
endings=$(sed -n 's/^Endings: no legal move 2, //p' table.txt)
if [ -z "$endings" ] || grep -q '[1-9]' <<<"$endings"; then
    fail "the games did not end cleanly:"$'\n'"$(cat table.txt)"
fi
[ "$(grep -c '^(;' games.sgf)" -eq 2 ] || fail "games.sgf does not hold 2 games"

export LC_ALL=C.UTF-8 MANPAGER=cat PAGER=cat
for page in amazons amazons-match; do
    file=$man6dir/$page.6
    step "manual page $page(6)"
    grep -q "^\.TH .* \"$name $version\"" "$file" || fail "$page.6: .TH does not name $name $version"
    # Every flag of --help, as the page's source spells it (\- for -, \% to keep it whole).
    text=$(sed 's/\\%//g; s/\\-/-/g' "$file")
    for flag in $("$page" --help | grep -oE -- '--[a-z0-9][a-z0-9-]*' | sort -u); do
        grep -qe "$flag\\b" <<<"$text" || fail "$page.6 does not mention $flag"
    done
    lint=$(mandoc -T lint "$file" 2>&1) || fail "mandoc -T lint $page.6:"$'\n'"$lint"
    [ -z "$lint" ] || fail "mandoc -T lint $page.6:"$'\n'"$lint"
    warnings=$(man --warnings -l -E UTF-8 "$file" 2>&1 >/dev/null) || fail "man -l $page.6 failed:"$'\n'"$warnings"
    [ -z "$warnings" ] || fail "man --warnings $page.6:"$'\n'"$warnings"
    [ "$(man -M "$mandir" -w 6 "$page")" = "$file" ] || fail "man -M $mandir does not find $page(6)"
    man -M "$mandir" 6 "$page" 2>/dev/null | grep -q "^ *$page - " || fail "man -M $mandir 6 $page shows no NAME line"
done
cd - >/dev/null

# Files of other programs beside ours, which uninstall must leave alone.
echo other >"$bindir/amazons-other"
echo other >"$man6dir/amazons-other.6"
mkdir -p "$mandir/man1"
echo other >"$mandir/man1/amazons.1"
before=$(listing)

step "make uninstall DESTDIR=$dest PREFIX=$prefix"
$make_cmd --no-print-directory uninstall DESTDIR="$dest" PREFIX="$prefix" || fail "make uninstall failed"
for file in "$bindir/amazons" "$bindir/amazons-match" "$man6dir/amazons.6" "$man6dir/amazons-match.6"; do
    [ ! -e "$file" ] || fail "uninstall left $file"
done
wanted=$(grep -vxE 'opt/amazons/(bin/amazons(-match)?|share/man/man6/amazons(-match)?\.6) f [0-7]+' <<<"$before")
after=$(listing)
[ "$after" = "$wanted" ] ||
    fail "uninstall removed more than its four files:"$'\n'"$(diff <(echo "$wanted") <(echo "$after") || true)"
$make_cmd --no-print-directory uninstall DESTDIR="$dest" PREFIX="$prefix" >/dev/null ||
    fail "a second make uninstall failed"
[ "$(listing)" = "$wanted" ] || fail "a second make uninstall changed the files"

rm -rf "$dir"
step "passed"
