"""svc-python: a Pulumi program in Python on pulumi-svc's generated SDK (package `pulumi_svc`, from sdks/python).

An FCM push integration, the device token of one subscriber bound to it (SubscriberCredentials), those of two more
(SubscriberCredentialsSet), an environment variable (EnvironmentVariable, read by workflows as {{env.API_BASE}}),
on an enterprise service the organization's settings and a translated workflow (OrganizationSettings, Workflow,
Translation), and a function call (get_active_integrations). The Python twin of examples/go. Run it
in this folder with `pulumi up` (README.md here says how to set it up).

Stack config (`pulumi config set ...`):

    svc:baseUrl                    the service's base URL
    svc:apiKey (--secret)          the API key of the environment
    fcmServiceAccount (--secret)   the integration's FCM service account
    deviceToken (--secret)         user-ada's device token; user-grace's and user-alan's append -grace, -alan
    enterprise                     true on an enterprise service (Novu's enterprise edition, Novu Cloud): the
                                   organization's settings and a translated workflow are declared too
"""

import pulumi
import pulumi_svc as svc

config = pulumi.Config()
service_account = config.require_secret("fcmServiceAccount")
device_token = config.require_secret("deviceToken")

push = svc.Integration(
    "push",
    provider_id="fcm",
    channel="push",
    name="Python push",
    active=True,
    # Secret through the schema: the SDK wraps the credentials in a secret.
    credentials=svc.IntegrationCredentialsArgs(service_account=service_account),
)
ada = svc.SubscriberCredentials(
    "ada",
    subscriber_id="user-ada",
    provider_id=push.provider_id,
    integration_identifier=push.identifier,
    credentials=svc.ChannelCredentialsArgs(device_tokens=[device_token]),
)
team = svc.SubscriberCredentialsSet(
    "team",
    provider_id=push.provider_id,
    integration_identifier=push.identifier,
    credentials={
        "user-grace": svc.ChannelCredentialsArgs(device_tokens=[pulumi.Output.concat(device_token, "-grace")]),
        "user-alan": svc.ChannelCredentialsArgs(device_tokens=[pulumi.Output.concat(device_token, "-alan")]),
    },
)

# This environment's value of the organization's API_BASE variable (other environments keep theirs).
api_base = svc.EnvironmentVariable("api-base", key="API_BASE", value="https://api.example.com")

# Organization settings and a translated workflow need Novu's enterprise edition (or Novu Cloud): a community
# service refuses both in the preview, before any write. The settings are the whole organization's: declare them
# in one stack only (destroy puts back what they were).
if config.get_bool("enterprise"):
    svc.OrganizationSettings("settings", default_locale="en_US", target_locales=["fr_FR"])
    welcome = svc.Workflow(
        "welcome",
        workflow_id="python-welcome",
        name="Welcome",
        is_translation_enabled=True,
        # Each step's controls in its type's typed block (`in_app` for an in-app step, `email`, `digest`, ...).
        steps=[
            svc.WorkflowStepArgs(
                name="Inbox",
                type="in_app",
                in_app=svc.WorkflowStepInAppControlsArgs(
                    body="{{t.greeting}}",
                    primary_action=svc.WorkflowStepInAppControlsPrimaryActionArgs(
                        label="Open",
                        redirect=svc.WorkflowStepInAppControlsRedirectArgs(url="/welcome"),
                    ),
                ),
            )
        ],
    )
    svc.Translation(
        "welcome-fr",
        resource_type="workflow",
        resource_id=welcome.workflow_id,
        locale="fr_FR",
        content={"greeting": "Bonjour"},
    )

# A function: the active FCM integrations, once the integration exists (its provider id is an output).
# The result holds credentials, so it comes back secret; the identifiers alone are not.
active = svc.get_active_integrations_output(provider_id=push.provider_id)
identifiers = active.items.apply(lambda items: sorted(item.identifier for item in items))

pulumi.export("integrationId", push.id)
pulumi.export("apiBaseVariableId", api_base.variable_id)
pulumi.export("integrationIdentifier", push.identifier)
pulumi.export("integrationCredentials", push.credentials)
pulumi.export("adaIntegrationId", ada.integration_id)
pulumi.export("adaCredentials", ada.credentials)
pulumi.export("teamIntegrationId", team.integration_id)
pulumi.export("teamFingerprints", team.fingerprints)
pulumi.export("activeFcmIdentifiers", pulumi.Output.unsecret(identifiers))
