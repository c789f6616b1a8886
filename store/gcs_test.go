//go:build gcs

package store

const gcsBuiltIn = true
