#!/usr/bin/env bash
# A recorded fuzz campaign: every target in turn for MINUTES each (default 10), one at a time, with
# findings minimised into corpus/<format>/regression/ and one row per target appended to
# fuzz/CAMPAIGNS.md (`| target | executions | inputs/s | edges | findings |`).
# MINUTES may be fractional (0.5) or a number of seconds with an `s` (30s), for short proof runs.
# Usage: fuzz/campaign.sh [MINUTES|SECONDSs] [TARGET...]
set -uo pipefail
duration=${1:-10}
shift || true
case "$duration" in
  *s) secs=${duration%s} ;;
  *) secs=$(awk -v m="$duration" 'BEGIN { printf "%d", m * 60 }') ;;
esac
case "$secs" in
  '' | *[!0-9]* | 0) echo "campaign.sh: duration must be minutes (10, 0.5) or seconds (30s), got '$duration'" >&2; exit 2 ;;
esac
exec "$(dirname "$0")/run-all.sh" --record "$secs" "$@"
