#!/usr/bin/env bash
# Generates the .NET SDK of a Pulumi package from its schema with the .NET code generator of
# github.com/pulumi/pulumi/pkg/v3 v3.224.0 (scripts/pulumi-dotnet-gen: the last pkg/v3 on the Go module proxy with
# codegen/dotnet; a module of its own, since the CLI's wrapper module pins pkg/v3 at the CLI's version).
#
#   scripts/gen-dotnet-sdk.sh -schema schema.json -out DIR [-version X.Y.Z]
#
# Builds the generator first (the first build downloads and compiles pkg/v3 v3.224.0's packages: a minute or
# two; later builds take seconds) into ${PULUMI_SVC_GEN_DOTNET_SDK:-$HOME/.cache/pulumi-svc/bin/gen-dotnet-sdk},
# then runs it with the arguments given.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if ! command -v go >/dev/null 2>&1; then
  echo "gen-dotnet-sdk: go is not on PATH: install Go (https://go.dev/dl/) and run again" >&2
  exit 2
fi
bin="${PULUMI_SVC_GEN_DOTNET_SDK:-${HOME}/.cache/pulumi-svc/bin/gen-dotnet-sdk}"
mkdir -p "$(dirname "$bin")"
if ! (cd "${here}/pulumi-dotnet-gen" && go build -buildvcs=false -o "${bin}.tmp.$$" .); then
  echo "gen-dotnet-sdk: go build of scripts/pulumi-dotnet-gen failed" >&2
  exit 1
fi
mv "${bin}.tmp.$$" "$bin"
exec "$bin" "$@"
