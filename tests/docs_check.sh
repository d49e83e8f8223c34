#!/usr/bin/env bash
# docs_check.sh [FILE.md...] - the shell commands in README.md and docs/*.md
# work when pasted into the repository root after `make`.
#
# Every fenced block whose info string starts with `sh` or `bash` is read:
#   - each simple command must start with a program a reader has (make, printf,
#     gcc, ...) or a path of the repository (./amazons, tests/..., build/...);
#   - `./amazons` and `./amazons-match` (also inside quoted engine commands)
#     may only use flags their --help lists;
#   - `make TARGET` must be a target the Makefile knows (make -n);
#   - unless the info string says `no-run` (installs, hour-long matches), the
#     block runs with bash -e from a scratch directory that mirrors the
#     repository root (build/ and the binaries shared), and must succeed
#     within DOCS_CHECK_TIMEOUT seconds (default 300).
# Prints one line per block; exits 1 when any check fails.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
timeout_s=${DOCS_CHECK_TIMEOUT:-300}
[ $# -gt 0 ] || set -- README.md docs/*.md

# Programs a reader on Debian has (or installs with the README's commands).
known_programs=" make printf echo sleep gcc cc apt-get sudo man parallel sbatch tail head cat ls
                 git grep time timeout xargs seq wc "
failures=0
fail() { echo "docs-check: $*" >&2; failures=$((failures + 1)); }

if [ ! -x ./amazons ] || [ ! -x ./amazons-match ]; then
    echo "docs-check: run make first" >&2
    exit 2
fi
engine_help=$(./amazons --help)
match_help=$(./amazons-match --help)

# check_flags PROGRAM WORDS...: every --flag among the words is in PROGRAM's --help.
check_flags() {
    local program=$1 help word flag
    shift
    [ "$program" = ./amazons ] && help=$engine_help || help=$match_help
    for word in "$@"; do
        [[ $word == --* ]] || continue
        flag=${word%%=*}
        [ "$flag" = -- ] && continue
        grep -q -- "$flag\b" <<<"$help" || fail "$where: $program has no flag $flag"
    done
}

# check_command WORDS...: one simple command.
check_command() {
    local words=("$@") i=0 program
    while [[ ${words[i]:-} =~ ^[A-Za-z_][A-Za-z0-9_]*= ]]; do i=$((i + 1)); done
    program=${words[i]:-}
    program=${program#(}
    [ -n "$program" ] || return
    case $program in
    ./amazons | ./amazons-match)
        check_flags "$program" "${words[@]:i+1}" ;;
    make)
        local targets=() w
        for w in "${words[@]:i+1}"; do
            [[ $w == \#* ]] && break # a comment
            [[ $w == -* || $w == *=* ]] || targets+=("$w")
        done
        make -n "${targets[@]}" >/dev/null 2>&1 || fail "$where: make ${targets[*]} is not a target"
        ;;
    tests/* | build/* | ./*)
        [[ $program == build/* || $program == ./bot || -e $program ]] ||
            fail "$where: $program does not exist" ;;
    *)
        [[ $known_programs == *" $program "* ]] || fail "$where: unknown program '$program'" ;;
    esac
    # Engine commands given to amazons-match as quoted words.
    local w
    for w in "${words[@]}"; do
        w=${w#*=}
        if [[ $w == "./amazons "* ]]; then
            read -r -a inner <<<"$w"
            check_flags ./amazons "${inner[@]:1}"
        fi
    done
}

# check_block TEXT: splits the block into simple commands.
check_block() {
    local text=$1 line part
    # Join continuation lines, drop comments.
    text=$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' <<<"$text" | grep -v '^[[:space:]]*#')
    while IFS= read -r line; do
        [ -n "${line// /}" ] || continue
        # Split on && || | ; outside quotes, roughly: the docs keep quoted parts simple.
        while IFS= read -r part; do
            local words=()
            # xargs splits words as the shell quotes them, without running anything.
            mapfile -t words < <(xargs -n1 printf '%s\n' <<<"$part" 2>/dev/null) ||
                { fail "$where: cannot parse: $part"; continue; }
            [ ${#words[@]} -gt 0 ] && check_command "${words[@]}"
        done < <(sed -e 's/&&/\n/g; s/||/\n/g; s/;/\n/g; s/|/\n/g' <<<"$line" |
                 sed -e 's/^[[:space:]]*(//; s/)[[:space:]]*$//')
    done <<<"$text"
}

# A scratch directory standing for the repository root.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for entry in "$root"/* "$root"/.ci; do ln -s "$entry" "$scratch/$(basename "$entry")"; done

run_block() {
    local text=$1 output
    if ! output=$(cd "$scratch" && timeout "$timeout_s" bash -e -c "$text" 2>&1 </dev/null); then
        fail "$where: the block failed:"
        tail -n 20 <<<"$output" >&2
    fi
}

for file in "$@"; do
    block="" info="" start=0 n=0 in_block=false
    while IFS= read -r line || [ -n "$line" ]; do
        n=$((n + 1))
        if ! $in_block && [[ $line =~ ^\`\`\`(sh|bash)([[:space:]].*)?$ ]]; then
            in_block=true info=$line block="" start=$n
        elif $in_block && [[ $line == '```' ]]; then
            in_block=false
            where="$file:$start"
            before=$failures
            check_block "$block"
            status=checked
            if [[ $info != *no-run* ]] && [ $failures -eq $before ]; then
                run_block "$block"
                status="checked, ran"
            fi
            if [ $failures -eq $before ]; then echo "docs-check: $where: $status"; fi
        elif $in_block; then
            block+="$line"$'\n'
        fi
    done <"$file"
done
[ $failures -eq 0 ] || { echo "docs-check: $failures problem(s)" >&2; exit 1; }
