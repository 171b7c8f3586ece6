// Pulumi provider for the svc multi-channel notification service (integrations, subscriber credentials, workflows, layouts).
package svc
