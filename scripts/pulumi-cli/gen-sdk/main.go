// Command gen-sdk writes the SDK of a Pulumi package in one language from its schema, with the code generators
// of github.com/pulumi/pulumi/pkg/v3 at the version the pinned CLI is built from (this module's go.mod).
//
//	gen-sdk -language go|python -schema schema.json -out DIR [-import-base-path MODULE/svc] [-version X.Y.Z]
//
// The files land in DIR as the generator names them (go: DIR/svc/*.go for package svc; python: DIR/pyproject.toml
// and DIR/pulumi_svc/*.py). -import-base-path (go) sets language.go.importBasePath (the import path of the root
// package) when the caller's module needs another path than the schema's. -version sets the schema's version
// (the version of a python package generated with respectSchemaVersion). A schema that refers to another
// package's types is refused: nothing is loaded from plugins. `pulumi package gen-sdk` would need the language
// hosts, which are not built here. pkg/v3 at this version has no .NET generator (it moved to pulumi-dotnet): the
// .NET SDK comes from scripts/pulumi-dotnet-gen.
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
	pygen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// noPlugins is the schema loader: the package may refer to its own types and the builtin pulumi.json ones only.
type noPlugins struct{}

func (noPlugins) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema refers to package %q: gen-sdk loads no other packages", pkg)
}

func (noPlugins) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema refers to package %q: gen-sdk loads no other packages", d.Name)
}

func (noPlugins) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, fmt.Errorf("the schema refers to package %q: gen-sdk loads no other packages", pkg)
}

func (noPlugins) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, fmt.Errorf("the schema refers to package %q: gen-sdk loads no other packages", d.Name)
}

// options are the command's flags.
type options struct {
	language, schemaPath, out, importBasePath, version string
}

// setLanguageField sets language.<lang>.<key> of the schema to value, keeping the other settings of <lang>.
func setLanguageField(spec *schema.PackageSpec, lang, key string, value any) error {
	info := map[string]any{}
	if existing, ok := spec.Language[lang]; ok {
		if err := json.Unmarshal(existing, &info); err != nil {
			return fmt.Errorf("language.%s: %w", lang, err)
		}
	}
	info[key] = value
	encoded, err := json.Marshal(info)
	if err != nil {
		return err
	}
	if spec.Language == nil {
		spec.Language = map[string]schema.RawMessage{}
	}
	spec.Language[lang] = encoded
	return nil
}

// loadSpec reads the schema and applies the flags that override it.
func loadSpec(o options) (schema.PackageSpec, error) {
	var spec schema.PackageSpec
	raw, err := os.ReadFile(o.schemaPath)
	if err != nil {
		return spec, err
	}
	if err := json.Unmarshal(raw, &spec); err != nil {
		return spec, fmt.Errorf("%s is not a package schema: %w", o.schemaPath, err)
	}
	if o.importBasePath != "" {
		if err := setLanguageField(&spec, "go", "importBasePath", o.importBasePath); err != nil {
			return spec, fmt.Errorf("%s: %w", o.schemaPath, err)
		}
	}
	if o.version != "" {
		spec.Version = o.version
	}
	return spec, nil
}

// generate binds the schema and runs the generator of o.language; returns the files by slash-separated path.
func generate(o options) (map[string][]byte, error) {
	spec, err := loadSpec(o)
	if err != nil {
		return nil, err
	}
	pkg, diags, err := schema.BindSpec(spec, noPlugins{}, schema.ValidationOptions{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", o.schemaPath, err)
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: %w", o.schemaPath, errors.Join(diags.Errs()...))
	}
	switch o.language {
	case "go":
		return gogen.GeneratePackage("gen-sdk", pkg, nil)
	case "python":
		return pygen.GeneratePackage("gen-sdk", pkg, nil, noPlugins{})
	default:
		return nil, fmt.Errorf("-language %q: allowed values are go, python", o.language)
	}
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
	var o options
	flag.StringVar(&o.language, "language", "", "the SDK's language: go or python")
	flag.StringVar(&o.schemaPath, "schema", "", "the package schema (JSON)")
	flag.StringVar(&o.out, "out", "", "the directory to write the SDK into")
	flag.StringVar(&o.importBasePath, "import-base-path", "", "go: sets language.go.importBasePath of the schema")
	flag.StringVar(&o.version, "version", "", "sets the schema's version")
	flag.Parse()
	if o.language == "" || o.schemaPath == "" || o.out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: gen-sdk -language go|python -schema schema.json -out DIR "+
			"[-import-base-path MODULE/PKG] [-version X.Y.Z]")
		os.Exit(2)
	}
	files, err := generate(o)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gen-sdk: %v\n", err)
		os.Exit(1)
	}
	n, err := write(o.out, files)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gen-sdk: %v\n", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "gen-sdk: wrote %d %s files under %s\n", n, o.language, o.out)
}
