package store

import (
	"errors"
	"fmt"

	"gocloud.dev/blob"
)

// ErrNoDriver is wrapped by the error of Open for a bucket URL whose driver
// this build of the toolkit leaves out.
var ErrNoDriver = errors.New("bucket driver not built in")

// optional are the drivers built in only with a build tag (gcs.go,
// azure.go), by URL scheme.
var optional = map[string]struct{ name, tag string }{
	"gs":     {"Google Cloud Storage", "gcs"},
	"azblob": {"Azure Blob Storage", "azure"},
}

// haveDriver says which build tag adds the driver for scheme when it is
// not built in.
func haveDriver(scheme string) error {
	if blob.DefaultURLMux().ValidBucketScheme(scheme) {
		return nil
	}
	if d, ok := optional[scheme]; ok {
		return fmt.Errorf("%w: %s (%s://) needs a build with the tag %s: go build -tags %s ./cmd/paperio",
			ErrNoDriver, d.name, scheme, d.tag, d.tag)
	}
	return fmt.Errorf("%w: no bucket driver for %s:// (s3://, gs:// with the build tag gcs, azblob:// with the build tag azure)",
		ErrNoDriver, scheme)
}
