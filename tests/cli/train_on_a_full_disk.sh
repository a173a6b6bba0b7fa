# A full disk stops `junqi train` with one line of error naming the file and
# why, whether it fills while the trainer writes a shard or while a rating
# game is recorded on a match thread (there it was an uncaught exception, exit
# 134); once there is space the same command finishes the run. The full disk:
# temporary files that are links to /dev/full, where every write fails with ENOSPC.
# Usage: sh train_on_a_full_disk.sh JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
junqi=$1 dir=$2
rm -rf "$dir" "$dir.err"
mkdir -p "$(dirname "$dir")"
mkdir -p "$dir/shards" "$dir/matches/gen-0001/games"
ln -s /dev/full "$dir/shards/gen-0001.jqs.tmp"
ln -s /dev/full "$dir/matches/gen-0001/games/game-00001.jqr.tmp"
train() {
  "$junqi" train --run "$dir" --generations 1 --games 2 --parallel-games 1 --sims 2 --steps 2 --batch 8 \
    --rating-pairs 1 --rating-sims 2 --max-plies 40 --baselines random --threads 1
}
failsNaming() {
  train > /dev/null 2> "$dir.err"
  expectFullDiskError $? "$dir.err" "junqi train: error: cannot write $dir/$1: No space left on device" "$1"
  ! [ -L "$dir/$1.tmp" ] || fail "the temporary file of $1 was left"
}

failsNaming shards/gen-0001.jqs
[ -f "$dir/weights/gen-0000.jqw" ] || fail "generation 0 was lost"
failsNaming matches/gen-0001/games/game-00001.jqr
[ -f "$dir/shards/gen-0001.jqs" ] && [ -f "$dir/matches/gen-0001/games/game-00000.jqr" ] ||
  fail "the shard or the first rating game was lost"
# Space again: the run finishes without playing its self-play again.
train > /dev/null 2> "$dir.err" || fail "the run did not finish once there was space" "$dir.err"
! grep -q 'self-play' "$dir.err" || fail "self-play was played again" "$dir.err"
[ "$(find "$dir/matches/gen-0001/games" -name '*.jqr' | wc -l)" -eq 4 ] || fail "not 4 rating games" "$dir.err"
[ -f "$dir/weights/gen-0001.jqw" ] && [ -f "$dir/ratings.txt" ] || fail "the run has no generation 1" "$dir.err"
[ -z "$(find "$dir" -name '*.tmp')" ] || fail "temporary files left: $(find "$dir" -name '*.tmp')"
echo "ok"
