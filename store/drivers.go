package store

import (
	"context"
	"errors"
	"fmt"
	"net/url"
)

// ErrNoDriver is wrapped by the error of Open for a bucket URL whose driver
// this build of the toolkit leaves out.
var ErrNoDriver = errors.New("bucket driver not built in")

// driver is one bucket of an object store, addressed by whole keys (the
// location's prefix included). Its errors are sorted by classify.
type driver interface {
	put(ctx context.Context, key string, data []byte, contentType string) error
	get(ctx context.Context, key string) ([]byte, error)
	getRange(ctx context.Context, key string, off, n int64) ([]byte, error) // n > 0
	size(ctx context.Context, key string) (int64, error)
	delete(ctx context.Context, key string) error // a missing key is no error
	list(ctx context.Context, prefix string, each func(key string, size int64)) error
	close() error
}

// drivers open a bucket URL (its path cleared) by scheme: s3 always
// (s3.go), the others with their build tags (gcs.go, azure.go).
var drivers = map[string]func(ctx context.Context, u *url.URL) (driver, error){
	"s3": openS3,
}

// optional are the drivers built in only with a build tag, by URL scheme.
var optional = map[string]struct{ name, tag string }{
	"gs":     {"Google Cloud Storage", "gcs"},
	"azblob": {"Azure Blob Storage", "azure"},
}

// HasDriver reports whether this build opens URLs of scheme.
func HasDriver(scheme string) bool { return drivers[scheme] != nil }

// needDriver says which build tag adds the driver for scheme when it is
// not built in.
func needDriver(scheme string) error {
	if HasDriver(scheme) {
		return nil
	}
	if d, ok := optional[scheme]; ok {
		return fmt.Errorf("%w: %s (%s://) needs a build with the tag %s: go build -tags %s ./cmd/paperio",
			ErrNoDriver, d.name, scheme, d.tag, d.tag)
	}
	return fmt.Errorf("%w: no bucket driver for %s:// (s3://, gs:// with the build tag gcs, azblob:// with the build tag azure)",
		ErrNoDriver, scheme)
}

// kind sorts a driver's errors by what the store does with them.
type kind int

const (
	other        kind = iota // retried
	notFound                 // the key or bucket does not exist
	denied                   // credentials refused
	invalid                  // a request no retry fixes
	canceled                 // the caller gave up
	timedOut                 // retried, reported as unreachable
	noCredential             // none found, or not usable
)

// classifiers are the drivers' ways of sorting their errors; each returns
// other for an error it does not know.
var classifiers = []func(error) kind{classifyS3}

func classify(err error) kind {
	switch {
	case err == nil:
		return other
	case errors.Is(err, context.Canceled):
		return canceled
	case errors.Is(err, context.DeadlineExceeded):
		return timedOut
	}
	for _, c := range classifiers {
		if k := c(err); k != other {
			return k
		}
	}
	if noCredentials(err) {
		return noCredential
	}
	return other
}
