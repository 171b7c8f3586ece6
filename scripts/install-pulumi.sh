#!/usr/bin/env bash
# Finds or builds the Pulumi CLI that pulumi-svc's engine tests, benchmarks and `npm run example` run.
#
#   scripts/install-pulumi.sh            # progress on stderr; the LAST line on stdout is the bin directory
#   scripts/install-pulumi.sh --check    # exit 0 when a CLI is there or can be built, else as in 3. below
#
# 1. A `pulumi` on PATH of version >= MIN_VERSION is used as it is (a shim bin directory links it next to the
#    dynamic-provider plugin script below).
# 2. Else the pinned CLI is built from its Go modules (wrapper module scripts/pulumi-cli/, go.mod + go.sum
#    committed) into ${PULUMI_SVC_CLI_DIR:-$HOME/.cache/pulumi-svc/pulumi-<version>}/bin, and reused later.
# 3. With neither pulumi nor go: one line on stderr saying what to install, exit status 2 (a failed build: 1).
#
# The bin directory also holds `pulumi-resource-pulumi-nodejs`, the engine's plugin for dynamic providers: it
# runs @pulumi/pulumi's provider host (cmd/dynamic-provider) resolved from the program's directory. No Node.js
# language host is needed: the runner (testkit/pulumi-cli) passes the CLI `--client <address>` of
# @pulumi/pulumi's own language server, started in a Node process next to the program.
#
# Pinned version: the @pulumi/pulumi npm SDK is 3.270.0, but the Go module proxy serves
# github.com/pulumi/pulumi/pkg/v3 only up to v3.259.0 (later zips answer 403), so the CLI is v3.259.0, built
# with sdk/v3 v3.259.0. The Node.js language host module (sdk/nodejs/cmd/pulumi-language-nodejs/v3) is not on
# the proxy at any version, hence `--client`.
#
# Environment: PULUMI_SVC_CLI_DIR (build directory), PULUMI_SVC_FORCE_BUILD=1 (ignore a pulumi on PATH).
set -euo pipefail

CLI_VERSION=3.259.0
# `--client <address>` (the language runtime is a server we start) arrived in 3.181.0.
MIN_VERSION=3.181.0
PLUGIN=pulumi-resource-pulumi-nodejs
MARKER="pulumi-svc dynamic-provider plugin"

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cache_root="${HOME}/.cache/pulumi-svc"
build_dir="${PULUMI_SVC_CLI_DIR:-${cache_root}/pulumi-${CLI_VERSION}}"

say() { echo "install-pulumi: $*" >&2; }

# version_at_least A B: whether semver A >= B (pre-release suffixes ignored).
version_at_least() {
  local a="${1%%[-+]*}" b="${2%%[-+]*}"
  [ "$(printf '%s\n%s\n' "$b" "$a" | sort -V | head -n1)" = "$b" ]
}

# The version a pulumi binary reports, without the leading v; empty when it does not run.
pulumi_version() {
  local v
  v="$("$1" version 2>/dev/null | head -n1)" || return 0
  echo "${v#v}"
}

# write_plugin DIR: (re)writes the dynamic-provider plugin script into DIR.
write_plugin() {
  cat >"$1/${PLUGIN}.tmp" <<EOF
#!/usr/bin/env node
// ${MARKER}, written by scripts/install-pulumi.sh. The engine starts it in the project directory with the
// engine's address as argument; it runs @pulumi/pulumi's dynamic-provider host from that project's node_modules
// (the one the program's resources serialized their providers against), which prints its gRPC port.
let host;
try {
  host = require.resolve("@pulumi/pulumi/cmd/dynamic-provider", { paths: [process.cwd()] });
} catch {
  console.error("${PLUGIN}: @pulumi/pulumi is not installed in or above " + process.cwd());
  process.exit(1);
}
require(host);
EOF
  chmod +x "$1/${PLUGIN}.tmp"
  mv "$1/${PLUGIN}.tmp" "$1/${PLUGIN}"
}

# use_path_cli PULUMI: a shim bin directory with PULUMI linked next to our plugin; prints it.
use_path_cli() {
  local real version shim
  real="$(readlink -f "$1")"
  version="$2"
  shim="${cache_root}/path-pulumi-${version}/bin"
  mkdir -p "$shim"
  ln -sfn "$real" "$shim/pulumi"
  write_plugin "$shim"
  say "using pulumi ${version} from PATH (${real})"
  echo "$shim"
}

# build_cli: builds the pinned CLI into ${build_dir}/bin from the Go module proxy.
build_cli() {
  local src="${build_dir}/src" started log ldflags
  mkdir -p "$src" "${build_dir}/bin"
  cp "${here}/pulumi-cli/go.mod" "${here}/pulumi-cli/go.sum" "${here}/pulumi-cli/tools.go" "$src/"
  log="${build_dir}/build.log"
  started=$(date +%s)
  say "building the Pulumi CLI v${CLI_VERSION} from Go modules into ${build_dir}/bin"
  say "(first build: downloads ~1.6 GB of modules and compiles ~1800 packages; 10-25 min on 2 cores. Log: ${log})"
  ldflags="-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v${CLI_VERSION}"
  # -v names each package as it is compiled: a count every 100 shows progress; the full output goes to the log.
  if ! (cd "$src" && go build -v -ldflags "$ldflags" -o "${build_dir}/bin/pulumi.tmp" \
    github.com/pulumi/pulumi/pkg/v3/cmd/pulumi 2>&1) |
    tee "$log" | awk '{ n++; if (n % 100 == 0) { printf "install-pulumi:   %d packages compiled\n", n > "/dev/stderr" } }'; then
    tail -n 30 "$log" >&2
    say "go build failed (full log: ${log})"
    exit 1
  fi
  mv "${build_dir}/bin/pulumi.tmp" "${build_dir}/bin/pulumi"
  say "built in $(($(date +%s) - started)) s"
}

no_cli_no_go() {
  say "neither a Pulumi CLI (>= ${MIN_VERSION}) nor Go is on PATH: install Go (https://go.dev/dl/) to build it, or the Pulumi CLI (https://www.pulumi.com/docs/iac/download-install/), and run again"
  exit 2
}

main() {
  local existing version
  if [ "${1:-}" = "--check" ]; then
    if command -v pulumi >/dev/null 2>&1 || command -v go >/dev/null 2>&1 || [ -x "${build_dir}/bin/pulumi" ]; then
      return 0
    fi
    no_cli_no_go
  fi
  if [ -z "${PULUMI_SVC_FORCE_BUILD:-}" ] && existing="$(command -v pulumi)"; then
    version="$(pulumi_version "$existing")"
    if [ -n "$version" ] && version_at_least "$version" "$MIN_VERSION"; then
      if [ -f "$(dirname "$existing")/${PLUGIN}" ] && grep -q "$MARKER" "$(dirname "$existing")/${PLUGIN}"; then
        dirname "$existing"
      else
        use_path_cli "$existing" "$version"
      fi
      return
    fi
    say "ignoring pulumi ${version:-(does not run)} at ${existing}: needs >= ${MIN_VERSION}"
  fi

  if [ -x "${build_dir}/bin/pulumi" ] && [ "$(pulumi_version "${build_dir}/bin/pulumi")" = "$CLI_VERSION" ]; then
    write_plugin "${build_dir}/bin"
    say "using the cached build at ${build_dir}/bin"
    echo "${build_dir}/bin"
    return
  fi

  if ! command -v go >/dev/null 2>&1; then no_cli_no_go; fi

  mkdir -p "$build_dir"
  # One build at a time (parallel test workers may all ask): later callers wait, then find the cached build.
  exec 9>"${build_dir}/.lock"
  if command -v flock >/dev/null 2>&1; then flock 9; fi
  if ! { [ -x "${build_dir}/bin/pulumi" ] && [ "$(pulumi_version "${build_dir}/bin/pulumi")" = "$CLI_VERSION" ]; }; then
    build_cli
  fi
  write_plugin "${build_dir}/bin"
  echo "${build_dir}/bin"
}

main "$@"
