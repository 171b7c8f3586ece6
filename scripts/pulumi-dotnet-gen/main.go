// Command gen-dotnet-sdk writes the .NET SDK of a Pulumi package from its schema, with the .NET code generator of
// github.com/pulumi/pulumi/pkg/v3 v3.224.0: the last pkg/v3 the Go module proxy serves that still has
// codegen/dotnet (from v3.229.0 on it lives in pulumi-dotnet's language host, which the proxy does not serve).
// A module of its own for that reason (the CLI's wrapper module pins pkg/v3 v3.274.1); the Go and Python SDKs
// come from scripts/pulumi-cli/gen-sdk at the CLI's version.
//
//	gen-dotnet-sdk -schema schema.json -out DIR [-version X.Y.Z]
//
// -version sets the schema's version (the package version of an SDK generated with respectSchemaVersion). A
// schema that refers to another package's types is refused: nothing is loaded from plugins. Nothing is fetched
// either: the generator's download of the package icon is answered in-process (logo.go).
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

	"github.com/blang/semver"
	dotnetgen "github.com/pulumi/pulumi/pkg/v3/codegen/dotnet"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// noPlugins is the schema loader: the package may refer to its own types and the builtin pulumi.json ones only.
type noPlugins struct{}

func (noPlugins) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema refers to package %q: gen-dotnet-sdk loads no other packages", pkg)
}

func (noPlugins) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema refers to package %q: gen-dotnet-sdk loads no other packages", d.Name)
}

// generate reads and binds the schema (with the version given, when given) and runs the .NET generator.
func generate(schemaPath, version string) (map[string][]byte, error) {
	raw, err := os.ReadFile(schemaPath)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return nil, fmt.Errorf("%s is not a package schema: %w", schemaPath, err)
	}
	if version != "" {
		spec.Version = version
	}
	pkg, diags, err := schema.BindSpec(spec, noPlugins{}, schema.ValidationOptions{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", schemaPath, err)
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: %w", schemaPath, errors.Join(diags.Errs()...))
	}
	return dotnetgen.GeneratePackage("gen-dotnet-sdk", pkg, nil, nil)
}

// write puts files under out, in sorted order; returns how many.
func write(out string, files map[string][]byte) (int, error) {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		target := filepath.Join(out, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return 0, err
		}
		if err := os.WriteFile(target, files[name], 0o644); err != nil {
			return 0, err
		}
	}
	return len(names), nil
}

func main() {
	schemaPath := flag.String("schema", "", "the package schema (JSON)")
	out := flag.String("out", "", "the directory to write the SDK into")
	version := flag.String("version", "", "sets the schema's version")
	flag.Parse()
	if *schemaPath == "" || *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: gen-dotnet-sdk -schema schema.json -out DIR [-version X.Y.Z]")
		os.Exit(2)
	}
	err := servePackageIcon()
	var files map[string][]byte
	if err == nil {
		files, err = generate(*schemaPath, *version)
	}
	if err == nil {
		var n int
		if n, err = write(*out, files); err == nil {
			fmt.Fprintf(os.Stderr, "gen-dotnet-sdk: wrote %d files under %s\n", n, *out)
			return
		}
	}
	fmt.Fprintf(os.Stderr, "gen-dotnet-sdk: %v\n", err)
	os.Exit(1)
}
