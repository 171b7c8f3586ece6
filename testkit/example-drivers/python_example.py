"""Runs the Pulumi program of examples/python (its __main__.py, as it is) through Pulumi's Automation API.

The program is what a user runs with `pulumi up` in that folder; this repository cannot build the Python language
host (it is not on the Go module proxy), so test/engine/python-program.test.ts runs the same file as an inline
program: `runpy.run_path(__main__.py, run_name="__main__")` inside the program function, as the language host
runs it. The project name is the example's Pulumi.yaml `name`.

    python python_example.py --example DIR [--state DIR] [--pasted FILE] [all|up|preview|refresh|destroy]

`all` (the default) runs up, a preview that must find nothing to change, and destroy. The other commands run one
step each on the stack kept in --state, so a caller can look at the service between them (or run `pulumi import`
on it). --pasted FILE runs the Python code in FILE inside the program after the example's, as if it were pasted
at its end (what `pulumi import svc:index:Integration NAME ID --out FILE` writes). The stack "dev" lives in a local
file backend (DIR/backend), with PULUMI_HOME in DIR/home and the workspace in DIR/work; without --state, `all`
uses a temporary directory and removes it.

The CLI and the provider plugin are found as the CLI finds them (PATH, PULUMI_HOME). Python needs `pulumi` (the
version package.json pins as pulumiSvc.pulumiPython) and the SDK (`pip install ./sdks/python`). The environment
gives the stack's config:

    SVC_BASE_URL, SVC_API_KEY   svc:baseUrl and svc:apiKey (secret); removed from the environment the CLI and
                                the plugin see
    PULUMI_CONFIG_PASSPHRASE    encrypts the stack's secrets (passphrase secrets provider)
    SVC_FCM_SERVICE_ACCOUNT     <project>:fcmServiceAccount (secret), when set (examples/python needs it)
    SVC_DEVICE_TOKEN            <project>:deviceToken (secret), when set (examples/python needs it)
    SVC_SECRET_CONFIG           more of the project's secret config, a JSON object {key: value}, when set (a
                                project svc-export wrote reads a secret variable's value so)
    SVC_CONFIG                  the project's plain config, a JSON object {key: value}, when set (examples/python's
                                `enterprise`)

The same driver runs a project `svc-export --language python` wrote (test/engine/export.test.ts):
--example names its folder, and its program reads no config of its own but the credentials it leaves unset.

Each step prints one line `svc-python-example: {"step":...}` on stdout: the change summary of the operation and,
after up, the stack's outputs (a secret one as "[secret]"). Progress goes to stderr.
"""

import argparse
import json
import json
import os
import runpy
import shutil
import sys
import tempfile
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional

from pulumi import automation as auto

STACK = "dev"
MARKER = "svc-python-example: "
REQUIRED = ("SVC_BASE_URL", "SVC_API_KEY", "PULUMI_CONFIG_PASSPHRASE")
# The example's own secret config, set only when given: environment variable -> key in the project's namespace.
EXAMPLE_CONFIG = {"SVC_FCM_SERVICE_ACCOUNT": "fcmServiceAccount", "SVC_DEVICE_TOKEN": "deviceToken"}


@dataclass
class Settings:
    """What the driver reads from the environment."""

    base_url: str
    api_key: str
    passphrase: str
    # The example's secret config that is set: key in the project's namespace -> value.
    example_config: Dict[str, str]
    # The project's plain config: key in the project's namespace -> value.
    plain_config: Dict[str, str]


def read_settings() -> Settings:
    """Reads the environment; fails naming every variable that is missing."""
    missing = [name for name in REQUIRED if not os.environ.get(name)]
    if missing:
        raise SystemExit(f"svc-python-example: {', '.join(missing)} not set")
    values = [os.environ[name] for name in REQUIRED]
    example_config = {key: os.environ[name] for name, key in EXAMPLE_CONFIG.items() if os.environ.get(name)}
    example_config.update(json.loads(os.environ.get("SVC_SECRET_CONFIG") or "{}"))
    # The stack's config carries the service's address and key: the plugin must not fall back to these.
    for name in ("SVC_BASE_URL", "SVC_API_KEY"):
        del os.environ[name]
    plain_config = json.loads(os.environ.get("SVC_CONFIG") or "{}")
    return Settings(*values, example_config=example_config, plain_config=plain_config)


def project_name(example: str) -> str:
    """The `name:` of the example's Pulumi.yaml."""
    with open(os.path.join(example, "Pulumi.yaml"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("name:"):
                return line.split(":", 1)[1].strip()
    raise SystemExit(f"svc-python-example: {example}/Pulumi.yaml has no name")


def program(example: str, pasted: Optional[str]) -> Callable[[], None]:
    """The inline program: the example's __main__.py as the language host runs it, then the pasted code."""

    def run() -> None:
        runpy.run_path(os.path.join(example, "__main__.py"), run_name="__main__")
        if pasted is not None:
            with open(pasted, encoding="utf-8") as f:
                code = f.read()
            exec(compile(code, pasted, "exec"), {"__name__": "__pasted__"})

    return run


def select_stack(state: str, example: str, settings: Settings, pasted: Optional[str]) -> auto.Stack:
    """Creates or selects the stack in `state` (file backend, PULUMI_HOME, work directory) and sets its config."""
    for sub in ("backend", "home", "work"):
        os.makedirs(os.path.join(state, sub), mode=0o700, exist_ok=True)
    name = project_name(example)
    project = auto.ProjectSettings(
        name=name,
        runtime="python",
        backend=auto.ProjectBackend(url="file://" + os.path.join(state, "backend")),
    )
    stack = auto.create_or_select_stack(
        stack_name=STACK,
        project_name=name,
        program=program(example, pasted),
        opts=auto.LocalWorkspaceOptions(
            work_dir=os.path.join(state, "work"),
            pulumi_home=os.path.join(state, "home"),
            project_settings=project,
            secrets_provider="passphrase",
            env_vars={"PULUMI_CONFIG_PASSPHRASE": settings.passphrase},
        ),
    )
    stack.set_all_config(
        {
            "svc:baseUrl": auto.ConfigValue(value=settings.base_url),
            "svc:apiKey": auto.ConfigValue(value=settings.api_key, secret=True),
            **{
                f"{name}:{key}": auto.ConfigValue(value=value, secret=True)
                for key, value in settings.example_config.items()
            },
            **{f"{name}:{key}": auto.ConfigValue(value=value) for key, value in settings.plain_config.items()},
        }
    )
    return stack


def report(step: str, summary: Optional[Dict[str, int]], outputs: Optional[auto.OutputMap] = None) -> None:
    """Prints one step's line on stdout."""
    line: Dict[str, object] = {"step": step, "changeSummary": summary}
    if outputs is not None:
        line["outputs"] = {k: "[secret]" if v.secret else v.value for k, v in outputs.items()}
    print(MARKER + json.dumps(line), flush=True)


def progress(text: str) -> None:
    """The CLI's progress, on stderr."""
    sys.stderr.write(text + "\n")


def up(stack: auto.Stack) -> None:
    res = stack.up(on_output=progress)
    report("up", res.summary.resource_changes, res.outputs)


def preview(stack: auto.Stack) -> None:
    """Fails unless every resource of the stack is unchanged."""
    res = stack.preview(expect_no_changes=True, on_output=progress)
    summary = {str(op.value if hasattr(op, "value") else op): n for op, n in res.change_summary.items()}
    report("preview", summary)
    changed = {op: n for op, n in summary.items() if op != "same" and n > 0}
    if changed:
        raise SystemExit(f"svc-python-example: preview: {changed} resource(s) to change, expected none")
    if not summary.get("same"):
        raise SystemExit("svc-python-example: preview: no resource is unchanged: is the stack empty?")


def refresh(stack: auto.Stack) -> None:
    res = stack.refresh(on_output=progress)
    report("refresh", res.summary.resource_changes)


def destroy(stack: auto.Stack) -> None:
    res = stack.destroy(on_output=progress)
    report("destroy", res.summary.resource_changes)


STEPS: Dict[str, List[Callable[[auto.Stack], None]]] = {
    "all": [up, preview, destroy],
    "up": [up],
    "preview": [preview],
    "refresh": [refresh],
    "destroy": [destroy],
}


def parse_args(argv: List[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="svc-python-example")
    parser.add_argument("--example", required=True, help="the example's folder (Pulumi.yaml, __main__.py)")
    parser.add_argument("--state", help="the directory of the stack (backend, PULUMI_HOME, work directory)")
    parser.add_argument("--pasted", help="Python code run inside the program after the example's")
    parser.add_argument("command", nargs="?", default="all", choices=list(STEPS))
    args = parser.parse_args(argv)
    if args.command != "all" and not args.state:
        parser.error(f"{args.command} needs --state DIR (the stack of an earlier step)")
    return args


def main(argv: List[str]) -> None:
    args = parse_args(argv)
    settings = read_settings()
    example = os.path.abspath(args.example)
    state = os.path.abspath(args.state) if args.state else tempfile.mkdtemp(prefix="svc-python-example-")
    pasted = os.path.abspath(args.pasted) if args.pasted else None
    try:
        stack = select_stack(state, example, settings, pasted)
        for step in STEPS[args.command]:
            step(stack)
    finally:
        if not args.state:
            shutil.rmtree(state, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
