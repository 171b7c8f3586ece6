//go:build tools

// Package tools pins the Pulumi CLI's main package, so that `go mod tidy` keeps its requirements.
package tools

import _ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
