//go:build tools

// Package tools pins what this module builds or checks, so that `go mod tidy` keeps their requirements (and go.sum
// their hashes): the Pulumi CLI's main package, and the Go SDK packages that a generated SDK and an Automation API
// program import (test/toolchain/go-sdk.test.ts builds one against this go.mod and go.sum).
package tools

import (
	_ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
	_ "github.com/pulumi/pulumi/sdk/v3/go/auto"
	_ "github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	_ "github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
	_ "github.com/pulumi/pulumi/sdk/v3/go/pulumi/internals"
)
