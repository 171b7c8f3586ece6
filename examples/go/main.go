// Command svc-go is a Pulumi program in Go on pulumi-svc's generated Go SDK
// (github.com/pulumi-svc/pulumi-svc/sdks/go/svc, from sdks/go through go.mod's replace): an FCM push integration,
// the device token of one subscriber bound to it (SubscriberCredentials), those of two more
// (SubscriberCredentialsSet), a workflow of a digest and a push step (Workflow, each step's controls in its type's
// typed block), and a function call (GetActiveIntegrations). The Go twin of examples/python. Run it in this folder
// with `pulumi up` (README.md here says how to set it up).
//
// Stack config (`pulumi config set ...`):
//
//	svc:baseUrl                    the service's base URL
//	svc:apiKey (--secret)          the API key of the environment
//	fcmServiceAccount (--secret)   the integration's FCM service account
//	deviceToken (--secret)         user-ada's device token; user-grace's and user-alan's append -grace, -alan
package main

import (
	"sort"

	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"

	"github.com/pulumi-svc/pulumi-svc/sdks/go/svc"
)

func main() {
	pulumi.Run(program)
}

// program declares the integration, the credentials bound to it and a workflow, and exports what a caller checks.
func program(ctx *pulumi.Context) error {
	conf := config.New(ctx, "")
	serviceAccount := conf.RequireSecret("fcmServiceAccount")
	deviceToken := conf.RequireSecret("deviceToken")

	push, err := svc.NewIntegration(ctx, "push", &svc.IntegrationArgs{
		ProviderId: pulumi.String("fcm"),
		Channel:    pulumi.String("push"),
		Name:       pulumi.String("Go push"),
		Active:     pulumi.Bool(true),
		// Secret through the schema: the SDK wraps the credentials in a secret.
		Credentials: svc.IntegrationCredentialsArgs{ServiceAccount: serviceAccount},
	})
	if err != nil {
		return err
	}
	ada, err := svc.NewSubscriberCredentials(ctx, "ada", &svc.SubscriberCredentialsArgs{
		SubscriberId:          pulumi.String("user-ada"),
		ProviderId:            push.ProviderId,
		IntegrationIdentifier: push.Identifier,
		Credentials: svc.ChannelCredentialsArgs{
			DeviceTokens: pulumi.StringArray{deviceToken},
		},
	})
	if err != nil {
		return err
	}
	team, err := svc.NewSubscriberCredentialsSet(ctx, "team", &svc.SubscriberCredentialsSetArgs{
		ProviderId:            push.ProviderId,
		IntegrationIdentifier: push.Identifier,
		Credentials: svc.ChannelCredentialsMap{
			"user-grace": svc.ChannelCredentialsArgs{
				DeviceTokens: pulumi.StringArray{pulumi.Sprintf("%s-grace", deviceToken)},
			},
			"user-alan": svc.ChannelCredentialsArgs{
				DeviceTokens: pulumi.StringArray{pulumi.Sprintf("%s-alan", deviceToken)},
			},
		},
	})
	if err != nil {
		return err
	}
	// A workflow on the integration's channel, each step's controls in its type's typed block (a digest of ten
	// minutes, then the push notification); made after the integration, so that the service stores the push step
	// without a missing-integration issue.
	digest, err := svc.NewWorkflow(ctx, "digest", &svc.WorkflowArgs{
		WorkflowId: pulumi.String("go-digest"),
		Name:       pulumi.String("Go digest"),
		Steps: svc.WorkflowStepArray{
			svc.WorkflowStepArgs{
				Name: pulumi.String("Batch"),
				Type: pulumi.String("digest"),
				Digest: &svc.WorkflowStepDigestControlsArgs{
					Amount: pulumi.Float64(10),
					Unit:   pulumi.String("minutes"),
				},
			},
			svc.WorkflowStepArgs{
				Name: pulumi.String("Push"),
				Type: pulumi.String("push"),
				Push: &svc.WorkflowStepPushControlsArgs{
					Subject: pulumi.String("{{step.events.length}} updates"),
					Body:    pulumi.String("Open the app to read them"),
				},
			},
		},
	}, pulumi.DependsOn([]pulumi.Resource{push}))
	if err != nil {
		return err
	}
	// A function: the active FCM integrations, once the integration exists (its provider id is an output).
	// The result holds credentials, so it comes back secret; the identifiers alone are not.
	active := svc.GetActiveIntegrationsOutput(ctx, svc.GetActiveIntegrationsOutputArgs{ProviderId: push.ProviderId})
	identifiers := active.Items().ApplyT(func(items []svc.GetActiveIntegrationsResultItems) []string {
		ids := make([]string, 0, len(items))
		for _, item := range items {
			ids = append(ids, item.Identifier)
		}
		sort.Strings(ids)
		return ids
	}).(pulumi.StringArrayOutput)

	ctx.Export("integrationId", push.ID())
	ctx.Export("integrationIdentifier", push.Identifier)
	ctx.Export("integrationCredentials", push.Credentials)
	ctx.Export("adaIntegrationId", ada.IntegrationId)
	ctx.Export("adaCredentials", ada.Credentials)
	ctx.Export("teamIntegrationId", team.IntegrationId)
	ctx.Export("teamFingerprints", team.Fingerprints)
	ctx.Export("activeFcmIdentifiers", pulumi.Unsecret(identifiers))
	ctx.Export("workflowId", digest.WorkflowId)
	return nil
}
