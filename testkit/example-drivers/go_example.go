// The harness that runs the Pulumi program of examples/go (its main.go, as it is) through Pulumi's Automation API.
// Not part of the example: test/engine/go-program.test.ts copies this file into a build folder beside the
// example's main.go, go.mod, go.sum and Pulumi.yaml, and builds them together as one program. The example is what
// a user runs with `pulumi up` in its folder; this repository cannot build the Go language host, so the test runs
// the example's `program` function (the one its main passes to pulumi.Run) as the inline program of a stack here.
// This file's init runs first and exits, so the example's main never runs. The project name is the example's
// Pulumi.yaml `name`.
//
//	svc-go-example [-state DIR] [all|up|preview|destroy]
//
// `all` (the default) runs up, a preview that must find nothing to change, and destroy. The other commands run
// one step each on the stack kept in -state, so a caller can look at the service between them. The stack "dev"
// lives in a local file backend (DIR/backend), with PULUMI_HOME in DIR/home and the workspace (Pulumi.yaml,
// Pulumi.dev.yaml) in DIR/work; without -state, `all` uses a temporary directory and removes it.
//
// The CLI (`pulumi`) and the provider plugin are found on PATH. The environment gives the stack's config:
//
//	SVC_BASE_URL, SVC_API_KEY      svc:baseUrl and svc:apiKey (secret); removed from the environment the CLI and
//	                               the plugin see
//	PULUMI_CONFIG_PASSPHRASE       encrypts the stack's secrets (passphrase secrets provider)
//	SVC_FCM_SERVICE_ACCOUNT        <project>:fcmServiceAccount (secret), when set (examples/go needs it)
//	SVC_DEVICE_TOKEN               <project>:deviceToken (secret), when set (examples/go needs it)
//	SVC_SECRET_CONFIG              more of the project's secret config, a JSON object {key: value}, when set
//	                               (a project svc-export wrote reads a secret variable's value so)
//
// The same harness runs a project `svc-export --language go` wrote (test/engine/export-python-go.test.ts): its
// main.go passes its `program` to pulumi.Run as well, and it reads no config of its own but the credentials it
// leaves unset.
//
// Each step prints one line `svc-go-example: {"step":...}` on stdout: the change summary of the operation and,
// after up, the stack's outputs (a secret one as "[secret]"). Progress goes to stderr.
package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/apitype"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
)

const (
	stackName = "dev"
	marker    = "svc-go-example: "
)

// projectFile is the example's Pulumi.yaml, copied beside this file.
//
//go:embed Pulumi.yaml
var projectFile string

// required is the value of the environment variable name, or an error saying it is missing.
func required(name string) (string, error) {
	v := os.Getenv(name)
	if v == "" {
		return "", fmt.Errorf("%s is not set", name)
	}
	return v, nil
}

// exampleConfig is the example's own secret config, set only when given: environment variable -> key in the
// project's namespace.
var exampleConfig = map[string]string{
	"SVC_FCM_SERVICE_ACCOUNT": "fcmServiceAccount",
	"SVC_DEVICE_TOKEN":        "deviceToken",
}

// settings are the stack's config and passphrase, read from the environment.
type settings struct {
	baseURL, apiKey, passphrase string
	// example is the example's secret config that is set: key in the project's namespace -> value.
	example map[string]string
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
	} {
		value, err := required(v.name)
		errs = append(errs, err)
		*v.target = value
	}
	s.example = map[string]string{}
	for env, key := range exampleConfig {
		if value := os.Getenv(env); value != "" {
			s.example[key] = value
		}
	}
	if more := os.Getenv("SVC_SECRET_CONFIG"); more != "" {
		errs = append(errs, json.Unmarshal([]byte(more), &s.example))
	}
	// The stack's config carries the service's address and key: the plugin must not fall back to these.
	_ = os.Unsetenv("SVC_BASE_URL")
	_ = os.Unsetenv("SVC_API_KEY")
	return s, errors.Join(errs...)
}

// selectStack creates or selects the stack in dir (file backend, PULUMI_HOME and work directory there), with the
// example's program as its inline program, and sets its config.
func selectStack(ctx context.Context, dir string, s settings) (auto.Stack, error) {
	for _, sub := range []string{"backend", "home", "work"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o700); err != nil {
			return auto.Stack{}, err
		}
	}
	name, err := projectName()
	if err != nil {
		return auto.Stack{}, err
	}
	project := workspace.Project{
		Name:    tokens.PackageName(name),
		Runtime: workspace.NewProjectRuntimeInfo("go", nil),
		Backend: &workspace.ProjectBackend{URL: "file://" + filepath.Join(dir, "backend")},
	}
	stack, err := auto.UpsertStackInlineSource(ctx, stackName, name, program,
		auto.Project(project),
		auto.WorkDir(filepath.Join(dir, "work")),
		auto.PulumiHome(filepath.Join(dir, "home")),
		auto.SecretsProvider("passphrase"),
		auto.EnvVars(map[string]string{"PULUMI_CONFIG_PASSPHRASE": s.passphrase}),
	)
	if err != nil {
		return auto.Stack{}, err
	}
	config := auto.ConfigMap{
		"svc:baseUrl": auto.ConfigValue{Value: s.baseURL},
		"svc:apiKey":  auto.ConfigValue{Value: s.apiKey, Secret: true},
	}
	for key, value := range s.example {
		config[name+":"+key] = auto.ConfigValue{Value: value, Secret: true}
	}
	err = stack.SetAllConfig(ctx, config)
	return stack, err
}

// projectName is the `name:` of the example's Pulumi.yaml.
func projectName() (string, error) {
	for _, line := range strings.Split(projectFile, "\n") {
		if name, ok := strings.CutPrefix(line, "name:"); ok {
			return strings.TrimSpace(name), nil
		}
	}
	return "", errors.New("the example's Pulumi.yaml has no name")
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

// init runs the harness before the example's main (which would wait for a language host): it never returns.
func init() {
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
	os.Exit(0)
}
