#!/usr/bin/env bash
# Generates the SDK of a Pulumi package in one language from its schema with the code generators of
# github.com/pulumi/pulumi/pkg/v3 at the pinned CLI version (scripts/pulumi-cli/gen-sdk, in the CLI's wrapper
# module: one go.mod/go.sum pins the CLI, the generator and the Go SDK a generated Go package builds against).
#
#   scripts/gen-sdk.sh -language go|python -schema schema.json -out DIR [-import-base-path MODULE/svc] [-version X.Y.Z]
#
# Builds the generator first (incremental: a few seconds once the CLI is built) into
# ${PULUMI_SVC_GEN_SDK:-$HOME/.cache/pulumi-svc/bin/gen-sdk}, then runs it with the arguments given.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if ! command -v go >/dev/null 2>&1; then
  echo "gen-sdk: go is not on PATH: install Go (https://go.dev/dl/) and run again" >&2
  exit 2
fi
bin="${PULUMI_SVC_GEN_SDK:-${HOME}/.cache/pulumi-svc/bin/gen-sdk}"
mkdir -p "$(dirname "$bin")"
if ! (cd "${here}/pulumi-cli" && go build -buildvcs=false -o "${bin}.tmp.$$" ./gen-sdk); then
  echo "gen-sdk: go build of scripts/pulumi-cli/gen-sdk failed" >&2
  exit 1
fi
mv "${bin}.tmp.$$" "$bin"
exec "$bin" "$@"
