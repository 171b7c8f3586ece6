#!/usr/bin/env bash
# Generates the Go SDK of a Pulumi package from its schema with the Go codegen of github.com/pulumi/pulumi/pkg/v3
# at the pinned CLI version (scripts/pulumi-cli/gen-go-sdk, in the CLI's wrapper module: one go.mod/go.sum pins
# the CLI, the generator and the Go SDK a generated package builds against).
#
#   scripts/gen-go-sdk.sh -schema schema.json -out DIR [-import-base-path MODULE/svc]
#
# Builds the generator first (incremental: a few seconds once the CLI is built) into
# ${PULUMI_SVC_GEN_GO_SDK:-$HOME/.cache/pulumi-svc/bin/gen-go-sdk}, then runs it with the arguments given.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if ! command -v go >/dev/null 2>&1; then
  echo "gen-go-sdk: go is not on PATH: install Go (https://go.dev/dl/) and run again" >&2
  exit 2
fi
bin="${PULUMI_SVC_GEN_GO_SDK:-${HOME}/.cache/pulumi-svc/bin/gen-go-sdk}"
mkdir -p "$(dirname "$bin")"
if ! (cd "${here}/pulumi-cli" && go build -buildvcs=false -o "${bin}.tmp.$$" ./gen-go-sdk); then
  echo "gen-go-sdk: go build of scripts/pulumi-cli/gen-go-sdk failed" >&2
  exit 1
fi
mv "${bin}.tmp.$$" "$bin"
exec "$bin" "$@"
