"""svc-python-example: a Python program of pulumi-svc run through Pulumi's Automation API.

An inline program (no Pulumi.yaml of its own, no Python language host: the Automation API serves the program to
the CLI itself, `--client`): an FCM push integration, the device token of one subscriber bound to it
(SubscriberCredentials), and those of two more (SubscriberCredentialsSet), and a function call
(get_active_integrations), on the Python SDK in sdks/python (package `pulumi_svc`), generated from the provider
plugin's schema. The Python twin of examples/go.

    python examples/python [--state DIR] [--pasted FILE] [all|up|preview|refresh|destroy]

`all` (the default) runs up, a preview that must find nothing to change, and destroy. The other commands run
one step each on the stack kept in --state, so a caller can look at the service between them (or run `pulumi
import` on it: see the README's Python section). --pasted FILE runs the Python code in FILE inside the program
after its own resources, as if it were pasted at its end (what `pulumi import svc:index:Integration NAME ID
--out FILE` writes: `import pulumi_svc as svc` and the resource). The stack "dev" of project "svc-python"
lives in a local file backend (DIR/backend), with PULUMI_HOME in DIR/home and the workspace in DIR/work;
without --state, `all` uses a temporary directory and removes it.

The CLI (`pulumi`) and the provider plugin (`pulumi-resource-svc`, a bin of the pulumi-svc npm package) are
found on PATH. Python needs `pulumi` (the version package.json pins as pulumiSvc.pulumiPython) and the SDK
(`pip install ./sdks/python`). The environment gives:

    SVC_BASE_URL, SVC_API_KEY   the service; set as the stack's config svc:baseUrl and svc:apiKey (secret), and
                                removed from the environment the CLI and the plugin see
    PULUMI_CONFIG_PASSPHRASE    encrypts the stack's secrets (passphrase secrets provider)
    SVC_FCM_SERVICE_ACCOUNT     the integration's FCM service account (a secret)
    SVC_DEVICE_TOKEN            the device token of user-ada; user-grace's and user-alan's append -grace, -alan

Each step prints one line `svc-python-example: {"step":...}` on stdout: the change summary of the operation
and, after up, the stack's outputs (a secret one as "[secret]"). Progress goes to stderr.
"""

import argparse
import json
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional

import pulumi
import pulumi_svc as svc
from pulumi import automation as auto

PROJECT = "svc-python"
STACK = "dev"
MARKER = "svc-python-example: "
REQUIRED = (
    "SVC_BASE_URL",
    "SVC_API_KEY",
    "PULUMI_CONFIG_PASSPHRASE",
    "SVC_FCM_SERVICE_ACCOUNT",
    "SVC_DEVICE_TOKEN",
)


@dataclass
class Settings:
    """What the program reads from the environment."""

    base_url: str
    api_key: str
    passphrase: str
    service_account: str
    device_token: str


def read_settings() -> Settings:
    """Reads the environment; fails naming every variable that is missing."""
    missing = [name for name in REQUIRED if not os.environ.get(name)]
    if missing:
        raise SystemExit(f"svc-python-example: {', '.join(missing)} not set")
    values = [os.environ[name] for name in REQUIRED]
    # The stack's config carries the service's address and key: the plugin must not fall back to these.
    for name in ("SVC_BASE_URL", "SVC_API_KEY"):
        del os.environ[name]
    return Settings(*values)


def declare_push(settings: Settings) -> Dict[str, pulumi.Output]:
    """The integration and the credentials bound to it; returns the stack's outputs."""
    push = svc.Integration(
        "push",
        provider_id="fcm",
        channel="push",
        name="Python push",
        active=True,
        # Secret through the schema: the SDK wraps the credentials in a secret.
        credentials=svc.IntegrationCredentialsArgs(service_account=settings.service_account),
    )
    ada = svc.SubscriberCredentials(
        "ada",
        subscriber_id="user-ada",
        provider_id=push.provider_id,
        integration_identifier=push.identifier,
        credentials=svc.ChannelCredentialsArgs(device_tokens=[settings.device_token]),
    )
    team = svc.SubscriberCredentialsSet(
        "team",
        provider_id=push.provider_id,
        integration_identifier=push.identifier,
        credentials={
            "user-grace": svc.ChannelCredentialsArgs(device_tokens=[settings.device_token + "-grace"]),
            "user-alan": svc.ChannelCredentialsArgs(device_tokens=[settings.device_token + "-alan"]),
        },
    )
    # A function: the active FCM integrations, once the integration exists (its provider id is an output).
    # The result holds credentials, so it comes back secret; the identifiers alone are not.
    active = svc.get_active_integrations_output(provider_id=push.provider_id)
    identifiers = active.items.apply(lambda items: sorted(item.identifier for item in items))
    return {
        "integrationId": push.id,
        "integrationIdentifier": push.identifier,
        "integrationCredentials": push.credentials,
        "adaIntegrationId": ada.integration_id,
        "adaCredentials": ada.credentials,
        "teamIntegrationId": team.integration_id,
        "teamFingerprints": team.fingerprints,
        "activeFcmIdentifiers": pulumi.Output.unsecret(identifiers),
    }


def program(settings: Settings, pasted: Optional[str]) -> Callable[[], None]:
    """The inline program: the push resources, then the pasted code (if any), and the exports."""

    def run() -> None:
        outputs = declare_push(settings)
        if pasted is not None:
            with open(pasted, encoding="utf-8") as f:
                code = f.read()
            exec(compile(code, pasted, "exec"), {"__name__": "__pasted__"})
        for name, value in outputs.items():
            pulumi.export(name, value)

    return run


def select_stack(state: str, settings: Settings, pasted: Optional[str]) -> auto.Stack:
    """Creates or selects the stack in `state` (file backend, PULUMI_HOME, work directory) and sets its config."""
    for sub in ("backend", "home", "work"):
        os.makedirs(os.path.join(state, sub), mode=0o700, exist_ok=True)
    project = auto.ProjectSettings(
        name=PROJECT,
        runtime="python",
        backend=auto.ProjectBackend(url="file://" + os.path.join(state, "backend")),
    )
    stack = auto.create_or_select_stack(
        stack_name=STACK,
        project_name=PROJECT,
        program=program(settings, pasted),
        opts=auto.LocalWorkspaceOptions(
            work_dir=os.path.join(state, "work"),
            pulumi_home=os.path.join(state, "home"),
            project_settings=project,
            secrets_provider="passphrase",
            env_vars={"PULUMI_CONFIG_PASSPHRASE": settings.passphrase},
        ),
    )
    stack.set_config("svc:baseUrl", auto.ConfigValue(value=settings.base_url))
    stack.set_config("svc:apiKey", auto.ConfigValue(value=settings.api_key, secret=True))
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
    parser.add_argument("--state", help="the directory of the stack (backend, PULUMI_HOME, work directory)")
    parser.add_argument("--pasted", help="Python code run inside the program after its resources")
    parser.add_argument("command", nargs="?", default="all", choices=list(STEPS))
    args = parser.parse_args(argv)
    if args.command != "all" and not args.state:
        parser.error(f"{args.command} needs --state DIR (the stack of an earlier step)")
    return args


def main(argv: List[str]) -> None:
    args = parse_args(argv)
    settings = read_settings()
    state = os.path.abspath(args.state) if args.state else tempfile.mkdtemp(prefix="svc-python-example-")
    pasted = os.path.abspath(args.pasted) if args.pasted else None
    try:
        stack = select_stack(state, settings, pasted)
        for step in STEPS[args.command]:
            step(stack)
    finally:
        if not args.state:
            shutil.rmtree(state, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
