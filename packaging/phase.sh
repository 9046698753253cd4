# SPDX-License-Identifier: MIT
# Sourced by check.sh and sanitize.sh. phase NAME COMMAND...: runs COMMAND (its failure fails the
# script, under set -e) and prints its wall time, so a CI log shows where the minutes go.
phase() {
  local name=$1 start=$SECONDS
  shift
  echo "check: $name..."
  "$@"
  echo "check: $name took $(((SECONDS - start) / 60)) min $(((SECONDS - start) % 60)) s"
}
