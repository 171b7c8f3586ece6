#!/usr/bin/env bash
# Finds or builds the Pulumi CLI, and Pulumi YAML's language host, that pulumi-svc's engine tests, benchmarks and
# `npm run example` run.
#
#   scripts/install-pulumi.sh            # progress on stderr; the LAST line on stdout is the bin directory
#   scripts/install-pulumi.sh --check    # exit 0 when a CLI is there or can be built, else as in 3. below
#   scripts/install-pulumi.sh --pins     # prints the pinned versions (pulumiCli=..., pulumiLanguageYaml=...)
#
# 1. A `pulumi` on PATH of version >= MIN_VERSION is used as it is (a shim bin directory links it next to the
#    dynamic-provider plugin script and the YAML language host below).
# 2. Else the pinned CLI is built from its Go modules (wrapper module scripts/pulumi-cli/, go.mod + go.sum
#    committed) into ${PULUMI_SVC_CLI_DIR:-$HOME/.cache/pulumi-svc/pulumi-<version>}/bin, and reused later.
# 3. With neither pulumi nor go: one line on stderr saying what to install, exit status 2 (a failed build: 1).
#
# The bin directory also holds `pulumi-resource-pulumi-nodejs`, the engine's plugin for dynamic providers: it
# runs @pulumi/pulumi's provider host (cmd/dynamic-provider) resolved from the program's directory. No Node.js
# language host is needed: the runner (testkit/pulumi-cli) passes the CLI `--client <address>` of
# @pulumi/pulumi's own language server, started in a Node process next to the program.
#
# And it holds `pulumi-language-yaml`, the language host the CLI starts from PATH for a `runtime: yaml` project:
# the one next to a PATH `pulumi` when there is one, else the pinned one built from the wrapper module
# scripts/pulumi-yaml/ into ${PULUMI_SVC_YAML_DIR:-$HOME/.cache/pulumi-svc/pulumi-language-yaml-<version>}/bin
# (linked into the bin directory). Without go and without one on PATH, YAML programs cannot run (said, not fatal).
#
# Pins: package.json's "pulumiSvc" states the CLI version (pulumiCli) and the YAML host's (pulumiLanguageYaml),
# beside the @pulumi/pulumi npm SDK in "dependencies"; test/toolchain/pins.test.ts holds them together (CLI >=
# SDK, go.mod files requiring the pinned versions). The Go module proxy serves github.com/pulumi/pulumi/pkg/v3
# up to v3.274.1 (not v3.270.0, the SDK's version), so the CLI is v3.274.1, built with sdk/v3 v3.274.1. The
# Node.js language host module (sdk/nodejs/cmd/pulumi-language-nodejs/v3) is not on the proxy at any version,
# hence `--client`. pulumi-yaml v1.25.0 keeps its own pkg/v3 v3.206.0 (see scripts/pulumi-yaml/go.mod).
#
# Environment: PULUMI_SVC_CLI_DIR, PULUMI_SVC_YAML_DIR (build directories), PULUMI_SVC_FORCE_BUILD=1 (ignore a
# pulumi on PATH).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
say() { echo "install-pulumi: $*" >&2; }
fail() {
  say "$*"
  exit 1
}

# pin NAME: the version package.json's "pulumiSvc" section gives NAME (one "NAME": "x.y.z" line, as npm writes it).
pin() {
  local v
  v="$(sed -n "s/^ *\"$1\": *\"\([^\"]*\)\".*/\1/p" "${here}/../package.json" | head -n1)"
  [ -n "$v" ] || fail "package.json has no \"pulumiSvc\": { \"$1\": \"<version>\" }"
  echo "$v"
}

CLI_VERSION="$(pin pulumiCli)"
YAML_VERSION="$(pin pulumiLanguageYaml)"
# `--client <address>` (the language runtime is a server we start) arrived in 3.181.0.
MIN_VERSION=3.181.0
PLUGIN=pulumi-resource-pulumi-nodejs
MARKER="pulumi-svc dynamic-provider plugin"

YAML_HOST=pulumi-language-yaml

cache_root="${HOME}/.cache/pulumi-svc"
build_dir="${PULUMI_SVC_CLI_DIR:-${cache_root}/pulumi-${CLI_VERSION}}"
yaml_dir="${PULUMI_SVC_YAML_DIR:-${cache_root}/${YAML_HOST}-${YAML_VERSION}}"

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

# write_plugin DIR: (re)writes the dynamic-provider plugin script into DIR. Parallel test workers may all call
# this script at once on a cached build: each writes its own temporary file and renames it (atomic).
write_plugin() {
  local tmp="$1/${PLUGIN}.tmp.$$"
  cat >"$tmp" <<EOF
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
  chmod +x "$tmp"
  mv -f "$tmp" "$1/${PLUGIN}"
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
  link_yaml_host "$shim" "$(dirname "$real")/${YAML_HOST}"
  say "using pulumi ${version} from PATH (${real})"
  echo "$shim"
}

# require_in_gomod MODDIR MODULE VERSION: fails unless MODDIR/go.mod requires MODULE at vVERSION.
require_in_gomod() {
  grep -Eq "^[[:space:]]*(require[[:space:]]+)?$2 v$3( |$)" "${here}/$1/go.mod" ||
    fail "scripts/$1/go.mod does not require $2 v$3 (the pin in package.json): set it there and run go mod tidy"
}

# go_build MODDIR PACKAGE OUT LOG LDFLAGS: builds PACKAGE from a copy of the wrapper module scripts/MODDIR (go.mod,
# go.sum, tools.go) into OUT (written as OUT.tmp, then moved); the go output goes to LOG.
go_build() {
  local src started
  src="$(dirname "$4")/src"
  mkdir -p "$src" "$(dirname "$3")"
  cp "${here}/$1/go.mod" "${here}/$1/go.sum" "${here}/$1/tools.go" "$src/"
  started=$(date +%s)
  # -v names each package as it is compiled: a count every 100 shows progress; the full output goes to the log.
  if ! (cd "$src" && go build -v -ldflags "$5" -o "$3.tmp" "$2" 2>&1) |
    tee "$4" | awk '{ n++; if (n % 100 == 0) { printf "install-pulumi:   %d packages compiled\n", n > "/dev/stderr" } }'; then
    tail -n 30 "$4" >&2
    fail "go build of $2 failed (full log: $4)"
  fi
  mv "$3.tmp" "$3"
  say "built $(basename "$3") in $(($(date +%s) - started)) s"
}

# build_cli: builds the pinned CLI into ${build_dir}/bin from the Go module proxy.
build_cli() {
  require_in_gomod pulumi-cli github.com/pulumi/pulumi/pkg/v3 "$CLI_VERSION"
  require_in_gomod pulumi-cli github.com/pulumi/pulumi/sdk/v3 "$CLI_VERSION"
  say "building the Pulumi CLI v${CLI_VERSION} from Go modules into ${build_dir}/bin"
  say "(first build: downloads ~1.6 GB of modules and compiles ~1800 packages; 10-25 min on 2 cores. Log: ${build_dir}/build.log)"
  go_build pulumi-cli github.com/pulumi/pulumi/pkg/v3/cmd/pulumi "${build_dir}/bin/pulumi" "${build_dir}/build.log" \
    "-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v${CLI_VERSION}"
}

# yaml_host: prints the path of the pinned YAML language host, building it first when it is not cached; prints
# nothing (and says why) when it is not there and go is not on PATH.
yaml_host() {
  local host="${yaml_dir}/bin/${YAML_HOST}"
  if [ ! -x "$host" ]; then
    if ! command -v go >/dev/null 2>&1; then
      say "no ${YAML_HOST} and no go to build it: YAML programs cannot run"
      return 0
    fi
    mkdir -p "$yaml_dir"
    exec 8>"${yaml_dir}/.lock"
    if command -v flock >/dev/null 2>&1; then flock 8; fi
    if [ ! -x "$host" ]; then
      require_in_gomod pulumi-yaml github.com/pulumi/pulumi-yaml "$YAML_VERSION"
      say "building ${YAML_HOST} v${YAML_VERSION} from Go modules into ${yaml_dir}/bin (first build: 3-6 min)"
      go_build pulumi-yaml github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml "$host" "${yaml_dir}/build.log" \
        "-X github.com/pulumi/pulumi-yaml/pkg/version.Version=v${YAML_VERSION}"
    fi
    exec 8>&-
  fi
  echo "$host"
}

# link_yaml_host BIN [PREFERRED]: links PREFERRED (when executable) or the pinned YAML host into BIN.
link_yaml_host() {
  local host="${2:-}"
  if [ -z "$host" ] || [ ! -x "$host" ]; then host="$(yaml_host)"; fi
  # A link under a name of this process's, renamed over the old one: concurrent callers never see it missing.
  if [ -n "$host" ]; then ln -sfn "$host" "$1/${YAML_HOST}.tmp.$$" && mv -Tf "$1/${YAML_HOST}.tmp.$$" "$1/${YAML_HOST}"; fi
}

no_cli_no_go() {
  say "neither a Pulumi CLI (>= ${MIN_VERSION}) nor Go is on PATH: install Go (https://go.dev/dl/) to build it, or the Pulumi CLI (https://www.pulumi.com/docs/iac/download-install/), and run again"
  exit 2
}

main() {
  local existing version
  if [ "${1:-}" = "--pins" ]; then
    printf 'pulumiCli=%s\npulumiLanguageYaml=%s\n' "$CLI_VERSION" "$YAML_VERSION"
    return 0
  fi
  if [ "${1:-}" = "--check" ]; then
    if command -v pulumi >/dev/null 2>&1 || command -v go >/dev/null 2>&1 || [ -x "${build_dir}/bin/pulumi" ]; then
      return 0
    fi
    no_cli_no_go
  fi
  if [ -z "${PULUMI_SVC_FORCE_BUILD:-}" ] && existing="$(command -v pulumi)"; then
    version="$(pulumi_version "$existing")"
    if [ -n "$version" ] && version_at_least "$version" "$MIN_VERSION"; then
      if [ -f "$(dirname "$existing")/${PLUGIN}" ] && grep -q "$MARKER" "$(dirname "$existing")/${PLUGIN}" &&
        [ -x "$(dirname "$existing")/${YAML_HOST}" ]; then
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
    link_yaml_host "${build_dir}/bin"
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
  link_yaml_host "${build_dir}/bin"
  echo "${build_dir}/bin"
}

main "$@"
