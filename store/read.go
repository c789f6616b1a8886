package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// File is an object open for reading at any offset: what Parquet readers
// need (io.ReaderAt and io.Seeker), over a local file or over ranged reads
// of a bucket object, one request per ReadAt.
type File interface {
	io.Reader
	io.ReaderAt
	io.Seeker
	io.Closer
	Size() int64
}

// Open opens key for reading; size is its size when known from List, or
// negative to ask the store.
func (b *Bucket) Open(key string, size int64) (File, error) {
	if b.d == nil {
		f, err := os.Open(b.path(key))
		if err != nil {
			return nil, err
		}
		st, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, err
		}
		return &localFile{f, st.Size()}, nil
	}
	if size < 0 {
		err := b.do("reading "+b.Name(key), func(ctx context.Context) error {
			var err error
			size, err = b.d.size(ctx, b.prefix+key)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return &object{b: b, key: key, size: size}, nil
}

type localFile struct {
	*os.File
	size int64
}

func (f *localFile) Size() int64 { return f.size }

// object reads a bucket object by ranges.
type object struct {
	b    *Bucket
	key  string
	size int64
	off  int64 // for Read and Seek
}

func (o *object) Size() int64  { return o.size }
func (o *object) Close() error { return nil }

func (o *object) ReadAt(p []byte, off int64) (int, error) {
	if off >= o.size {
		return 0, io.EOF
	}
	want := min(int64(len(p)), o.size-off)
	var n int
	err := o.b.do("reading "+o.b.Name(o.key), func(ctx context.Context) error {
		data, err := o.b.d.getRange(ctx, o.b.prefix+o.key, off, want)
		n = copy(p[:want], data)
		return err
	})
	if err == nil && want < int64(len(p)) {
		err = io.EOF
	}
	return n, err
}

func (o *object) Read(p []byte) (int, error) {
	n, err := o.ReadAt(p, o.off)
	o.off += int64(n)
	if err == io.EOF && n > 0 {
		err = nil
	}
	return n, err
}

func (o *object) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += o.off
	case io.SeekEnd:
		offset += o.size
	default:
		return 0, errors.New("seek: bad whence")
	}
	if offset < 0 {
		return 0, fmt.Errorf("seek to %d: before the start", offset)
	}
	o.off = offset
	return offset, nil
}

// LocalCopy gives a local path holding key, for readers that need a file
// (SQLite): the file itself for a local folder, else a copy in a new
// temporary folder that cleanup removes.
func (b *Bucket) LocalCopy(key string) (path string, cleanup func(), err error) {
	if b.d == nil {
		return b.path(key), func() {}, nil
	}
	data, err := b.ReadFile(key)
	if err != nil {
		return "", nil, err
	}
	dir, err := os.MkdirTemp("", "paperio-")
	if err != nil {
		return "", nil, err
	}
	path = filepath.Join(dir, filepath.Base(key))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	return path, func() { os.RemoveAll(dir) }, nil
}
