//go:build gcs || azure

package store

import (
	"context"
	"io"
	"net/url"

	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"
)

// cloudDriver is a bucket of Go Cloud's blob package: the Google Cloud and
// Azure drivers (gcs.go, azure.go), built in only with their tags.
type cloudDriver struct{ b *blob.Bucket }

func openCloud(ctx context.Context, u *url.URL) (driver, error) {
	b, err := blob.OpenBucket(ctx, u.String())
	if err != nil {
		return nil, err
	}
	return cloudDriver{b}, nil
}

func (d cloudDriver) put(ctx context.Context, key string, data []byte, contentType string) error {
	return d.b.WriteAll(ctx, key, data, &blob.WriterOptions{ContentType: contentType})
}
func (d cloudDriver) get(ctx context.Context, key string) ([]byte, error) {
	return d.b.ReadAll(ctx, key)
}
func (d cloudDriver) getRange(ctx context.Context, key string, off, n int64) ([]byte, error) {
	r, err := d.b.NewRangeReader(ctx, key, off, n, nil)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	p := make([]byte, n)
	_, err = io.ReadFull(r, p)
	return p, err
}
func (d cloudDriver) size(ctx context.Context, key string) (int64, error) {
	a, err := d.b.Attributes(ctx, key)
	if err != nil {
		return 0, err
	}
	return a.Size, nil
}
func (d cloudDriver) delete(ctx context.Context, key string) error {
	err := d.b.Delete(ctx, key)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return nil
	}
	return err
}
func (d cloudDriver) list(ctx context.Context, prefix string, each func(string, int64)) error {
	it := d.b.List(&blob.ListOptions{Prefix: prefix})
	for {
		obj, err := it.Next(ctx)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if !obj.IsDir {
			each(obj.Key, obj.Size)
		}
	}
}
func (d cloudDriver) close() error { return d.b.Close() }

func init() { classifiers = append(classifiers, classifyCloud) }

func classifyCloud(err error) kind {
	switch gcerrors.Code(err) {
	case gcerrors.NotFound:
		return notFound
	case gcerrors.PermissionDenied:
		return denied
	case gcerrors.InvalidArgument, gcerrors.FailedPrecondition, gcerrors.AlreadyExists, gcerrors.Unimplemented:
		return invalid
	case gcerrors.Canceled:
		return canceled
	case gcerrors.DeadlineExceeded:
		return timedOut
	}
	return other
}
