// Command gen-go-sdk writes the Go SDK of a Pulumi package from its schema, with the Go code generator of
// github.com/pulumi/pulumi/pkg/v3 at the version the pinned CLI is built from (this module's go.mod).
//
//	gen-go-sdk -schema schema.json -out DIR [-import-base-path MODULE/svc]
//
// The files land in DIR as the generator names them (DIR/svc/*.go for package svc). -import-base-path sets
// language.go.importBasePath (the import path of the root package) when the caller's module needs another
// path than the schema's. A schema that refers to another package's types is refused: nothing is loaded
// from plugins. `pulumi package gen-sdk --language go` would need the Go language host, which is not built here.
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
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// noPlugins is the schema loader: the package may refer to its own types and the builtin pulumi.json ones only.
type noPlugins struct{}

func (noPlugins) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema refers to package %q: gen-go-sdk loads no other packages", pkg)
}

func (noPlugins) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema refers to package %q: gen-go-sdk loads no other packages", d.Name)
}

func run(schemaPath, out, importBasePath string) (int, error) {
	raw, err := os.ReadFile(schemaPath)
	if err != nil {
		return 0, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return 0, fmt.Errorf("%s is not a package schema: %w", schemaPath, err)
	}
	if importBasePath != "" {
		goInfo := map[string]any{}
		if existing, ok := spec.Language["go"]; ok {
			if err := json.Unmarshal(existing, &goInfo); err != nil {
				return 0, fmt.Errorf("%s: language.go: %w", schemaPath, err)
			}
		}
		goInfo["importBasePath"] = importBasePath
		encoded, err := json.Marshal(goInfo)
		if err != nil {
			return 0, err
		}
		if spec.Language == nil {
			spec.Language = map[string]schema.RawMessage{}
		}
		spec.Language["go"] = encoded
	}
	pkg, diags, err := schema.BindSpec(spec, noPlugins{}, schema.ValidationOptions{})
	if err != nil {
		return 0, fmt.Errorf("%s: %w", schemaPath, err)
	}
	if diags.HasErrors() {
		return 0, fmt.Errorf("%s: %w", schemaPath, errors.Join(diags.Errs()...))
	}
	files, err := gogen.GeneratePackage("gen-go-sdk", pkg, nil)
	if err != nil {
		return 0, err
	}
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
	importBasePath := flag.String("import-base-path", "", "sets language.go.importBasePath of the schema")
	flag.Parse()
	if *schemaPath == "" || *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: gen-go-sdk -schema schema.json -out DIR [-import-base-path MODULE/PKG]")
		os.Exit(2)
	}
	n, err := run(*schemaPath, *out, *importBasePath)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gen-go-sdk: %v\n", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "gen-go-sdk: wrote %d files under %s\n", n, *out)
}
