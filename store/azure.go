//go:build azure

package store

import _ "gocloud.dev/blob/azureblob" // azblob://

func init() { drivers["azblob"] = openCloud }
