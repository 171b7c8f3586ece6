// Command yaml-to-csharp writes the C# program that Pulumi's own code generation makes of a Pulumi YAML program
// (what `pulumi convert --from yaml --language csharp` does, without a CLI, a language host or plugins): the YAML
// program is loaded and converted to PCL with pulumi-yaml's codegen, bound against the package schema given, and
// rendered by the .NET program generator of github.com/pulumi/pulumi/pkg/v3 (v3.206.0, the version pulumi-yaml
// v1.25.0 compiles against: this module's). test/provider/export/csharp-codegen.test.ts compares svc-export's
// C# writer with its output.
//
//	yaml-to-csharp -schema schema.json -dir PROJECT_DIR    (Program.cs on stdout)
//
// Only the schema's own package is loaded; a program naming another package is refused.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/blang/semver"
	"github.com/pulumi/pulumi-yaml/pkg/pulumiyaml"
	yamlcodegen "github.com/pulumi/pulumi-yaml/pkg/pulumiyaml/codegen"
	dotnetgen "github.com/pulumi/pulumi/pkg/v3/codegen/dotnet"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// onePackage is the schema loader: it serves the package of the schema given, and nothing else.
type onePackage struct{ pkg *schema.Package }

func (l onePackage) load(name string) (*schema.Package, error) {
	if name != l.pkg.Name {
		return nil, fmt.Errorf("the program refers to package %q: yaml-to-csharp loads only %q", name, l.pkg.Name)
	}
	return l.pkg, nil
}

func (l onePackage) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	return l.load(name)
}

func (l onePackage) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.load(d.Name)
}

func (l onePackage) LoadPackageReference(name string, _ *semver.Version) (schema.PackageReference, error) {
	pkg, err := l.load(name)
	if err != nil {
		return nil, err
	}
	return pkg.Reference(), nil
}

func (l onePackage) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}

// bindSchema reads and binds the package schema.
func bindSchema(path string) (*schema.Package, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return nil, fmt.Errorf("%s is not a package schema: %w", path, err)
	}
	pkg, diags, err := schema.BindSpec(spec, nil, schema.ValidationOptions{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: %w", path, errors.Join(diags.Errs()...))
	}
	return pkg, nil
}

// convert loads the YAML program in dir and answers its C# program.
func convert(schemaPath, dir string) ([]byte, error) {
	pkg, err := bindSchema(schemaPath)
	if err != nil {
		return nil, err
	}
	template, tdiags, err := pulumiyaml.LoadDir(dir)
	if err != nil {
		return nil, err
	}
	if tdiags.HasErrors() {
		return nil, fmt.Errorf("%s: %s", dir, tdiags.Error())
	}
	program, pdiags, err := yamlcodegen.EjectProgram(template, onePackage{pkg})
	if err != nil {
		return nil, fmt.Errorf("to PCL: %w (%v)", err, pdiags)
	}
	if pdiags.HasErrors() {
		return nil, fmt.Errorf("to PCL: %w", pdiags)
	}
	files, gdiags, err := dotnetgen.GenerateProgram(program)
	if err != nil {
		return nil, err
	}
	if gdiags.HasErrors() {
		return nil, fmt.Errorf("to C#: %w", gdiags)
	}
	return files["Program.cs"], nil
}

func main() {
	schemaPath := flag.String("schema", "", "the package schema (JSON)")
	dir := flag.String("dir", "", "the folder of the YAML program (its Pulumi.yaml)")
	flag.Parse()
	if *schemaPath == "" || *dir == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: yaml-to-csharp -schema schema.json -dir PROJECT_DIR")
		os.Exit(2)
	}
	out, err := convert(*schemaPath, *dir)
	if err == nil {
		_, err = os.Stdout.Write(out)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "yaml-to-csharp: %v\n", err)
		os.Exit(1)
	}
}
