#!/usr/bin/env bash
# commit-label.sh — prints this checkout's commit for a report: the short hash, with
# " + uncommitted changes" when tracked files differ from it, or "unknown" outside git.
# bench/run.sh (the report's header) and prepare-bench.sh --prebuild (gpu/bench/bin/COMMIT).
cd "$(dirname "$0")/.." || exit 1
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ "$commit" != unknown ] && [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
    commit="$commit + uncommitted changes"
fi
echo "$commit"
