//go:build azure

package store

const azureBuiltIn = true
