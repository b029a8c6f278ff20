#!/usr/bin/env bash
# A recorded fuzz campaign: every target in turn for MINUTES each (default 10), one at a time, with
# findings minimised into corpus/<format>/regression/ and one row per target appended to
# fuzz/CAMPAIGNS.md (`| target | executions | inputs/s | edges | findings |`).
# Usage: fuzz/campaign.sh [MINUTES] [TARGET...]
set -uo pipefail
minutes=${1:-10}
shift || true
exec "$(dirname "$0")/run-all.sh" --record $((minutes * 60)) "$@"
