# shellcheck shell=bash
# position_lines.sh - sourced by the hand-over scripts (errors.sh, proven.sh):
# a suite line's moves as protocol commands.

# play_lines BOARD MOVE... - "boardsize BOARD", then a play line per move,
# White first, the colours alternating.
play_lines() {
    local colors=(white black) k=0
    echo "boardsize $1"
    shift
    for m in "$@"; do
        echo "play ${colors[k % 2]} $m"
        k=$((k + 1))
    done
}

# side_after MOVE... - the colour to move after the moves.
side_after() {
    if (($# % 2)); then echo black; else echo white; fi
}
export -f play_lines side_after
