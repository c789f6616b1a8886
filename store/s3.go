package store

import (
	"context"
	"errors"
	"net/url"

	"github.com/paperio/paperio/internal/s3"
)

// s3Driver is S3 or an S3-compatible server, through the toolkit's own
// small client (internal/s3): the AWS SDK would be most of what a build
// compiles.
type s3Driver struct{ c *s3.Client }

func openS3(_ context.Context, u *url.URL) (driver, error) {
	cfg, err := s3.ParseURL(u)
	if err != nil {
		return nil, err
	}
	c, err := s3.New(cfg)
	if err != nil {
		return nil, err
	}
	return s3Driver{c}, nil
}

func (d s3Driver) put(ctx context.Context, key string, data []byte, contentType string) error {
	return d.c.Put(ctx, key, data, contentType)
}
func (d s3Driver) get(ctx context.Context, key string) ([]byte, error) { return d.c.Get(ctx, key) }
func (d s3Driver) getRange(ctx context.Context, key string, off, n int64) ([]byte, error) {
	return d.c.GetRange(ctx, key, off, n)
}
func (d s3Driver) size(ctx context.Context, key string) (int64, error) { return d.c.Size(ctx, key) }
func (d s3Driver) delete(ctx context.Context, key string) error {
	err := d.c.Delete(ctx, key)
	var e *s3.Error
	if errors.As(err, &e) && e.NotFound() && e.Code != "NoSuchBucket" {
		return nil
	}
	return err
}
func (d s3Driver) list(ctx context.Context, prefix string, each func(string, int64)) error {
	return d.c.List(ctx, prefix, each)
}
func (d s3Driver) close() error { return d.c.Close() }

func classifyS3(err error) kind {
	var e *s3.Error
	switch {
	case errors.Is(err, s3.ErrNoCredentials):
		return noCredential
	case !errors.As(err, &e):
		return other
	case e.NotFound():
		return notFound
	case e.Transient():
		return other
	case e.Denied():
		return denied
	}
	return invalid
}
