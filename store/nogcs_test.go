//go:build !gcs

package store

const gcsBuiltIn = false
