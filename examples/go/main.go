// Command svc-go-example is a Go program of pulumi-svc run through the Pulumi Automation API (an inline
// program: no Pulumi.yaml, no Go language host): an FCM push integration, the device token of one subscriber
// bound to it (SubscriberCredentials), and those of two more (SubscriberCredentialsSet), on the Go SDK in
// sdks/go (github.com/pulumi-svc/pulumi-svc/sdks/go/svc), generated from the provider plugin's schema.
//
//	svc-go-example [-state DIR] [all|up|preview|destroy]
//
// `all` (the default) runs up, a preview that must find nothing to change, and destroy. The other commands run
// one step each on the stack kept in -state, so a caller can look at the service between them. The stack
// "dev" of project "svc-go" lives in a local file backend (DIR/backend), with PULUMI_HOME in DIR/home and the
// workspace (Pulumi.yaml, Pulumi.dev.yaml) in DIR/work; without -state, `all` uses a temporary directory and
// removes it.
//
// The CLI (`pulumi`) and the provider plugin (`pulumi-resource-svc`, a bin of the pulumi-svc npm package) are
// found on PATH. The environment gives:
//
//	SVC_BASE_URL, SVC_API_KEY      the service; set as the stack's config svc:baseUrl and svc:apiKey (secret),
//	                               and removed from the environment the CLI and the plugin see
//	PULUMI_CONFIG_PASSPHRASE       encrypts the stack's secrets (passphrase secrets provider)
//	SVC_FCM_SERVICE_ACCOUNT        the integration's FCM service account (a secret)
//	SVC_DEVICE_TOKEN               the device token of user-ada; user-grace's and user-alan's append -grace, -alan
//
// Each step prints one line `svc-go-example: {"step":...}` on stdout: the change summary of the operation and,
// after up, the stack's outputs (a secret one as "[secret]"). Progress goes to stderr.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/apitype"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"

	"github.com/pulumi-svc/pulumi-svc/sdks/go/svc"
)

const (
	projectName = "svc-go"
	stackName   = "dev"
	marker      = "svc-go-example: "
)

// secrets are the values the program declares, read from the environment.
type secrets struct {
	serviceAccount string
	deviceToken    string
}

// program declares the integration and the credentials bound to it, and exports what a caller checks.
func program(s secrets) pulumi.RunFunc {
	return func(ctx *pulumi.Context) error {
		push, err := svc.NewIntegration(ctx, "push", &svc.IntegrationArgs{
			ProviderId: pulumi.String("fcm"),
			Channel:    pulumi.String("push"),
			Name:       pulumi.String("Go push"),
			Active:     pulumi.Bool(true),
			// Secret through the schema: the SDK wraps the credentials in a secret.
			Credentials: svc.IntegrationCredentialsArgs{ServiceAccount: pulumi.String(s.serviceAccount)},
		})
		if err != nil {
			return err
		}
		ada, err := svc.NewSubscriberCredentials(ctx, "ada", &svc.SubscriberCredentialsArgs{
			SubscriberId:          pulumi.String("user-ada"),
			ProviderId:            push.ProviderId,
			IntegrationIdentifier: push.Identifier,
			Credentials: svc.ChannelCredentialsArgs{
				DeviceTokens: pulumi.StringArray{pulumi.String(s.deviceToken)},
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
					DeviceTokens: pulumi.StringArray{pulumi.String(s.deviceToken + "-grace")},
				},
				"user-alan": svc.ChannelCredentialsArgs{
					DeviceTokens: pulumi.StringArray{pulumi.String(s.deviceToken + "-alan")},
				},
			},
		})
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
		return nil
	}
}

// required is the value of the environment variable name, or an error saying it is missing.
func required(name string) (string, error) {
	v := os.Getenv(name)
	if v == "" {
		return "", fmt.Errorf("%s is not set", name)
	}
	return v, nil
}

// settings reads the environment the program needs.
type settings struct {
	baseURL, apiKey, passphrase string
	secrets                     secrets
}

func readSettings() (settings, error) {
	var s settings
	var errs []error
	for _, v := range []struct {
		name   string
		target *string
	}{
		{"SVC_BASE_URL", &s.baseURL},
		{"SVC_API_KEY", &s.apiKey},
		{"PULUMI_CONFIG_PASSPHRASE", &s.passphrase},
		{"SVC_FCM_SERVICE_ACCOUNT", &s.secrets.serviceAccount},
		{"SVC_DEVICE_TOKEN", &s.secrets.deviceToken},
	} {
		value, err := required(v.name)
		errs = append(errs, err)
		*v.target = value
	}
	// The stack's config carries the service's address and key: the plugin must not fall back to these.
	_ = os.Unsetenv("SVC_BASE_URL")
	_ = os.Unsetenv("SVC_API_KEY")
	return s, errors.Join(errs...)
}

// selectStack creates or selects the stack in dir (file backend, PULUMI_HOME and work directory there) and
// sets its config.
func selectStack(ctx context.Context, dir string, s settings) (auto.Stack, error) {
	for _, sub := range []string{"backend", "home", "work"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o700); err != nil {
			return auto.Stack{}, err
		}
	}
	project := workspace.Project{
		Name:    tokens.PackageName(projectName),
		Runtime: workspace.NewProjectRuntimeInfo("go", nil),
		Backend: &workspace.ProjectBackend{URL: "file://" + filepath.Join(dir, "backend")},
	}
	stack, err := auto.UpsertStackInlineSource(ctx, stackName, projectName, program(s.secrets),
		auto.Project(project),
		auto.WorkDir(filepath.Join(dir, "work")),
		auto.PulumiHome(filepath.Join(dir, "home")),
		auto.SecretsProvider("passphrase"),
		auto.EnvVars(map[string]string{"PULUMI_CONFIG_PASSPHRASE": s.passphrase}),
	)
	if err != nil {
		return auto.Stack{}, err
	}
	if err := stack.SetConfig(ctx, "svc:baseUrl", auto.ConfigValue{Value: s.baseURL}); err != nil {
		return auto.Stack{}, err
	}
	if err := stack.SetConfig(ctx, "svc:apiKey", auto.ConfigValue{Value: s.apiKey, Secret: true}); err != nil {
		return auto.Stack{}, err
	}
	return stack, nil
}

// report prints one step's line on stdout.
func report(step string, summary map[string]int, outputs auto.OutputMap) error {
	line := map[string]any{"step": step, "changeSummary": summary}
	if outputs != nil {
		shown := map[string]any{}
		for k, v := range outputs {
			if v.Secret {
				shown[k] = "[secret]"
			} else {
				shown[k] = v.Value
			}
		}
		line["outputs"] = shown
	}
	encoded, err := json.Marshal(line)
	if err != nil {
		return err
	}
	_, err = fmt.Println(marker + string(encoded))
	return err
}

func opCounts(m map[apitype.OpType]int) map[string]int {
	out := map[string]int{}
	for op, n := range m {
		out[string(op)] = n
	}
	return out
}

func up(ctx context.Context, stack auto.Stack) error {
	res, err := stack.Up(ctx, optup.ProgressStreams(os.Stderr), optup.ErrorProgressStreams(os.Stderr))
	if err != nil {
		return err
	}
	var summary map[string]int
	if res.Summary.ResourceChanges != nil {
		summary = *res.Summary.ResourceChanges
	}
	return report("up", summary, res.Outputs)
}

// preview fails unless every resource of the stack is unchanged.
func preview(ctx context.Context, stack auto.Stack) error {
	res, err := stack.Preview(ctx, optpreview.ExpectNoChanges(),
		optpreview.ProgressStreams(os.Stderr), optpreview.ErrorProgressStreams(os.Stderr))
	if err != nil {
		return err
	}
	if err := report("preview", opCounts(res.ChangeSummary), nil); err != nil {
		return err
	}
	for op, n := range res.ChangeSummary {
		if op != apitype.OpSame && n > 0 {
			return fmt.Errorf("preview: %d resource(s) to %s, expected none", n, op)
		}
	}
	if res.ChangeSummary[apitype.OpSame] == 0 {
		return errors.New("preview: no resource is unchanged: is the stack empty?")
	}
	return nil
}

func destroy(ctx context.Context, stack auto.Stack) error {
	res, err := stack.Destroy(ctx, optdestroy.ProgressStreams(os.Stderr), optdestroy.ErrorProgressStreams(os.Stderr))
	if err != nil {
		return err
	}
	var summary map[string]int
	if res.Summary.ResourceChanges != nil {
		summary = *res.Summary.ResourceChanges
	}
	return report("destroy", summary, nil)
}

func run(ctx context.Context, dir, command string) error {
	s, err := readSettings()
	if err != nil {
		return err
	}
	steps := map[string][]func(context.Context, auto.Stack) error{
		"all":     {up, preview, destroy},
		"up":      {up},
		"preview": {preview},
		"destroy": {destroy},
	}[command]
	if steps == nil {
		return fmt.Errorf("unknown command %q (all, up, preview or destroy)", command)
	}
	if dir == "" {
		if command != "all" {
			return fmt.Errorf("%s needs -state DIR (the stack of an earlier step)", command)
		}
		if dir, err = os.MkdirTemp("", "svc-go-example-"); err != nil {
			return err
		}
		defer os.RemoveAll(dir)
	}
	if dir, err = filepath.Abs(dir); err != nil {
		return err
	}
	stack, err := selectStack(ctx, dir, s)
	if err != nil {
		return err
	}
	for _, step := range steps {
		if err := step(ctx, stack); err != nil {
			return err
		}
	}
	return nil
}

func main() {
	dir := flag.String("state", "", "the directory of the stack (backend, PULUMI_HOME, work directory)")
	flag.Parse()
	command := "all"
	if flag.NArg() > 1 {
		fmt.Fprintln(os.Stderr, "usage: svc-go-example [-state DIR] [all|up|preview|destroy]")
		os.Exit(2)
	}
	if flag.NArg() == 1 {
		command = flag.Arg(0)
	}
	if err := run(context.Background(), *dir, command); err != nil {
		fmt.Fprintln(os.Stderr, "svc-go-example:", err)
		os.Exit(1)
	}
}
