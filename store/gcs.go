//go:build gcs

package store

import _ "gocloud.dev/blob/gcsblob" // gs://

func init() { drivers["gs"] = openCloud }
