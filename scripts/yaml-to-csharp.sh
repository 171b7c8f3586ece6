#!/usr/bin/env bash
# The C# program Pulumi's own code generation makes of a Pulumi YAML program (pulumi-yaml's YAML-to-PCL conversion
# and the .NET program generator of pkg/v3 v3.206.0; scripts/pulumi-yaml/yaml-to-csharp), for the check of
# svc-export's C# writer (test/provider/export/csharp-codegen.test.ts).
#
#   scripts/yaml-to-csharp.sh -schema schema.json -dir PROJECT_DIR    (Program.cs on stdout)
#
# Builds the tool first into ${PULUMI_SVC_YAML_TO_CSHARP:-$HOME/.cache/pulumi-svc/bin/yaml-to-csharp}: from the
# module of the YAML language host (scripts/pulumi-yaml), so a build after install-pulumi.sh's reuses its compiled
# packages (seconds); a first build compiles pulumi-yaml and pkg/v3's codegen (a minute or two).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if ! command -v go >/dev/null 2>&1; then
  echo "yaml-to-csharp: go is not on PATH: install Go (https://go.dev/dl/) and run again" >&2
  exit 2
fi
bin="${PULUMI_SVC_YAML_TO_CSHARP:-${HOME}/.cache/pulumi-svc/bin/yaml-to-csharp}"
mkdir -p "$(dirname "$bin")"
if ! (cd "${here}/pulumi-yaml" && go build -buildvcs=false -o "${bin}.tmp.$$" ./yaml-to-csharp); then
  echo "yaml-to-csharp: go build of scripts/pulumi-yaml/yaml-to-csharp failed" >&2
  exit 1
fi
mv "${bin}.tmp.$$" "$bin"
exec "$bin" "$@"
