// Package store is where the toolkit keeps its output and reads its input:
// a local folder or a bucket in object storage (S3 and S3-compatible
// servers such as MinIO or Ceph, Google Cloud Storage, Azure Blob Storage),
// named by a path or a URL and laid out the same way: an object's key is its
// path under the folder.
//
// S3 is always built in, through the toolkit's own small client
// (internal/s3, s3.go). The Google Cloud and Azure drivers go through Go
// Cloud's blob package and the clouds' SDKs (gocloud.go), which would be most
// of what a build compiles, so they are built in only with the build tags gcs
// and azure (drivers.go lists them); opening a URL whose driver is left out
// is an error wrapping ErrNoDriver that names the tag.
//
// Objects are written whole or not at all. On disk that is package durable
// (temporary name, fsync, rename); in a bucket an object is assembled in
// memory and uploaded in one request, which the store makes visible only
// complete. Transient errors of a bucket (time-outs, throttling, a dropped
// connection) are retried with backoff and counted (Retries).
package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/paperio/paperio/internal/durable"
)

// Bucket is a folder or a bucket prefix, opened from a path or URL.
type Bucket struct {
	loc     string // as given, for messages
	dir     string // the local folder; "" for a bucket
	d       driver // nil for a local folder
	prefix  string // of the keys in the bucket: "" or ending in '/'
	retries atomic.Int64
}

// Retry is how often and how patiently a bucket operation is tried; tests
// shorten it.
var Retry = struct {
	Attempts int
	First    time.Duration // the first wait; each next one doubles
	Timeout  time.Duration // of one attempt
}{Attempts: 6, First: 250 * time.Millisecond, Timeout: 2 * time.Minute}

// IsURL reports whether loc names a bucket (scheme://…) rather than a local
// path; file:// URLs name local folders.
func IsURL(loc string) bool {
	i := strings.Index(loc, "://")
	return i > 0 && !strings.ContainsAny(loc[:i], `/\.`)
}

// Open opens a local folder (a path or a file:// URL; it need not exist
// yet) or a bucket URL: s3://bucket/prefix, gs://bucket/prefix,
// azblob://container/prefix, with the driver's query parameters (for an
// S3-compatible server: ?endpoint=http://host:port&use_path_style=true;
// s3:// takes those of internal/s3.Params). Credentials come from the
// environment, as each cloud's tools read them.
func Open(loc string) (*Bucket, error) {
	if loc == "" {
		return nil, errors.New("no folder or bucket given")
	}
	if !IsURL(loc) {
		return &Bucket{loc: loc, dir: loc}, nil
	}
	u, err := url.Parse(loc)
	if err != nil {
		return nil, fmt.Errorf("%s: not a URL: %v", loc, err)
	}
	if u.Scheme == "file" {
		if u.Host != "" && u.Host != "localhost" {
			return nil, fmt.Errorf("%s: a file:// URL names a local folder: file:///path", loc)
		}
		return &Bucket{loc: loc, dir: filepath.FromSlash(u.Path)}, nil
	}
	if err := needDriver(u.Scheme); err != nil {
		return nil, fmt.Errorf("%s: %w", loc, err)
	}
	prefix := strings.Trim(u.Path, "/")
	if prefix != "" {
		prefix += "/"
	}
	u.Path, u.RawPath = "", ""
	ctx, cancel := context.WithTimeout(context.Background(), Retry.Timeout)
	defer cancel()
	d, err := drivers[u.Scheme](ctx, u)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", loc, oneLine(err))
	}
	return &Bucket{loc: strings.TrimRight(loc, "/"), d: d, prefix: prefix}, nil
}

// OpenFile opens the folder or bucket prefix holding one file named by a
// path or URL, and returns the file's key in it.
func OpenFile(loc string) (*Bucket, string, error) {
	if !IsURL(loc) {
		b, err := Open(filepath.Dir(loc))
		return b, filepath.Base(loc), err
	}
	u, err := url.Parse(loc)
	if err != nil {
		return nil, "", fmt.Errorf("%s: not a URL: %v", loc, err)
	}
	key := path.Base(u.Path)
	if key == "/" || key == "." || strings.HasSuffix(u.Path, "/") {
		return nil, "", fmt.Errorf("%s: names a folder, not a file", loc)
	}
	u.Path = path.Dir(u.Path)
	b, err := Open(u.String())
	return b, key, err
}

// String is the location as given.
func (b *Bucket) String() string { return b.loc }

// Local is the folder of a local location.
func (b *Bucket) Local() (string, bool) { return b.dir, b.d == nil }

// Name is how messages name key: a path, or the location's URL and key.
func (b *Bucket) Name(key string) string {
	if b.d == nil {
		return filepath.Join(b.dir, filepath.FromSlash(key))
	}
	if q := strings.IndexByte(b.loc, '?'); q >= 0 {
		return b.loc[:q] + "/" + key
	}
	return b.loc + "/" + key
}

// Retries is the number of bucket operations tried again so far.
func (b *Bucket) Retries() int64 { return b.retries.Load() }

// Close releases the bucket's connections.
func (b *Bucket) Close() error {
	if b.d == nil {
		return nil
	}
	return b.d.close()
}

// path is key's local path.
func (b *Bucket) path(key string) string { return filepath.Join(b.dir, filepath.FromSlash(key)) }

// Object is an object being written: Write to it, then Commit; Abort (safe
// to defer, a no-op after Commit) drops it.
type Object struct {
	b    *Bucket
	key  string
	file *durable.File // local
	buf  []byte        // bucket
	done bool
}

// Create starts writing key.
func (b *Bucket) Create(key string) (*Object, error) {
	if b.d != nil {
		return &Object{b: b, key: key}, nil
	}
	p := b.path(key)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return nil, durable.Explain(p, err)
	}
	f, err := durable.Create(p)
	if err != nil {
		return nil, err
	}
	return &Object{b: b, key: key, file: f}, nil
}

// Write adds to the object.
func (o *Object) Write(p []byte) (int, error) {
	if o.file != nil {
		return o.file.Write(p)
	}
	o.buf = append(o.buf, p...)
	return len(p), nil
}

// Name is the object's name for messages.
func (o *Object) Name() string { return o.b.Name(o.key) }

// Commit makes the object visible under its key, complete.
func (o *Object) Commit() error {
	if o.file != nil {
		return o.file.Commit()
	}
	if o.done {
		return fmt.Errorf("%s: committed twice", o.Name())
	}
	o.done = true
	data := o.buf
	o.buf = nil
	return o.b.do("writing "+o.Name(), func(ctx context.Context) error {
		return o.b.d.put(ctx, o.b.prefix+o.key, data, contentType(o.key))
	})
}

// Abort drops what was written.
func (o *Object) Abort() {
	if o == nil {
		return
	}
	if o.file != nil {
		o.file.Abort()
		return
	}
	o.done = true
	o.buf = nil
}

// contentType is set explicitly so that no driver sniffs the first bytes.
func contentType(key string) string {
	switch {
	case strings.HasSuffix(key, ".json"):
		return "application/json"
	case strings.HasSuffix(key, ".png"):
		return "image/png"
	case strings.HasSuffix(key, ".txt"):
		return "text/plain; charset=utf-8"
	}
	return "application/octet-stream"
}

// WriteWith writes key whole with write; nothing is left when write fails.
func (b *Bucket) WriteWith(key string, write func(io.Writer) error) error {
	o, err := b.Create(key)
	if err != nil {
		return err
	}
	defer o.Abort()
	if err := write(o); err != nil {
		return durable.Explain(o.Name(), err)
	}
	return o.Commit()
}

// WriteFile writes data to key whole.
func (b *Bucket) WriteFile(key string, data []byte) error {
	return b.WriteWith(key, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteJSON writes v to key as indented JSON with a final newline.
func (b *Bucket) WriteJSON(key string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return b.WriteFile(key, append(data, '\n'))
}

// ReadFile reads key whole. A missing key is an error that matches
// fs.ErrNotExist.
func (b *Bucket) ReadFile(key string) ([]byte, error) {
	if b.d == nil {
		return os.ReadFile(b.path(key))
	}
	var data []byte
	err := b.do("reading "+b.Name(key), func(ctx context.Context) error {
		var err error
		data, err = b.d.get(ctx, b.prefix+key)
		return err
	})
	return data, err
}

// Exists reports whether key is there.
func (b *Bucket) Exists(key string) (bool, error) {
	if b.d == nil {
		_, err := os.Stat(b.path(key))
		if errors.Is(err, fs.ErrNotExist) {
			return false, nil
		}
		return err == nil, err
	}
	var ok bool
	err := b.do("looking for "+b.Name(key), func(ctx context.Context) error {
		_, err := b.d.size(ctx, b.prefix+key)
		ok = err == nil
		if classify(err) == notFound {
			return nil
		}
		return err
	})
	return ok, err
}

// Delete removes key; a missing key is no error.
func (b *Bucket) Delete(key string) error {
	if b.d == nil {
		if err := os.Remove(b.path(key)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	return b.do("deleting "+b.Name(key), func(ctx context.Context) error {
		return b.d.delete(ctx, b.prefix+key)
	})
}

// Entry is a listed object.
type Entry struct {
	Key  string // relative to the location, '/'-separated
	Size int64
}

// List lists the objects whose keys start with prefix + "/" (every object
// when prefix is ""), at any depth, sorted by key. Objects and folders
// whose names start with '.' are left out: writers use them for files
// still being written. A missing folder lists nothing.
func (b *Bucket) List(prefix string) ([]Entry, error) {
	if prefix != "" {
		prefix = strings.TrimSuffix(prefix, "/") + "/"
	}
	var out []Entry
	if b.d == nil {
		root := b.path(prefix)
		err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
			if err != nil {
				if p == root && errors.Is(err, fs.ErrNotExist) {
					return fs.SkipAll
				}
				return err
			}
			if p != root && strings.HasPrefix(e.Name(), ".") {
				if e.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if !e.Type().IsRegular() {
				return nil
			}
			info, err := e.Info()
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(b.dir, p)
			if err != nil {
				return err
			}
			out = append(out, Entry{Key: filepath.ToSlash(rel), Size: info.Size()})
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("%s: %v", root, err)
		}
		return out, nil
	}
	err := b.do("listing "+b.Name(prefix), func(ctx context.Context) error {
		out = out[:0]
		return b.d.list(ctx, b.prefix+prefix, func(key string, size int64) {
			key, ok := strings.CutPrefix(key, b.prefix)
			if ok && !hidden(key) {
				out = append(out, Entry{Key: key, Size: size})
			}
		})
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, err
}

// hidden reports whether a part of key's path starts with '.'.
func hidden(key string) bool {
	for _, p := range strings.Split(key, "/") {
		if strings.HasPrefix(p, ".") {
			return true
		}
	}
	return false
}

// Prepare makes sure the location can be written: on disk it creates the
// folders (dirs relative to the location) and writes a probe file in each;
// in a bucket it writes and deletes a probe object, which fails at once
// when the bucket is unreachable or the credentials are wrong.
func (b *Bucket) Prepare(dirs ...string) error {
	if b.d == nil {
		for _, d := range append([]string{""}, dirs...) {
			p := b.path(d)
			if err := os.MkdirAll(p, 0o755); err != nil {
				return fmt.Errorf("cannot create output folder: %w", err)
			}
			probe, err := durable.Create(filepath.Join(p, ".write-test"))
			if err != nil {
				return fmt.Errorf("cannot write to output folder %s: %w", p, errors.Unwrap(err))
			}
			probe.Abort()
		}
		return nil
	}
	// A random name: pods of a Job all run as pid 1, and no two writers
	// share a key.
	var id [8]byte
	rand.Read(id[:])
	key := ".write-test-" + hex.EncodeToString(id[:])
	if err := b.WriteFile(key, nil); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: no such bucket", b.Name(""))
		}
		return err
	}
	return b.Delete(key)
}

// RemoveStale deletes the temporary files that writers no longer running
// left in the folders dirs (a crash, a kill); a bucket has none.
func (b *Bucket) RemoveStale(dirs ...string) {
	if b.d != nil {
		return
	}
	for _, d := range dirs {
		durable.RemoveStale(b.path(d))
	}
}

// do runs op, trying again with backoff while its error is transient.
func (b *Bucket) do(what string, op func(ctx context.Context) error) error {
	wait := Retry.First
	for attempt := 1; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), Retry.Timeout)
		err := op(ctx)
		cancel()
		if err == nil {
			return nil
		}
		if !Transient(err) || attempt >= Retry.Attempts {
			return explain(what, err, attempt)
		}
		b.retries.Add(1)
		time.Sleep(wait)
		wait *= 2
	}
}

// Transient reports whether err may go away when the operation is tried
// again: a time-out, throttling, a server error or a lost connection, but
// not a missing object, refused credentials or a bad request.
func Transient(err error) bool {
	switch classify(err) {
	case notFound, denied, invalid, canceled, noCredential:
		return false
	}
	return true
}

// noCredentials recognises the errors of credentials that could not be
// found or were refused, which no retry fixes, by their text: the cloud
// SDKs' errors do not unwrap to a type of theirs.
func noCredentials(err error) bool {
	s := err.Error()
	for _, m := range []string{"failed to retrieve credentials", "get credentials:", "NoCredentialProviders", "could not find default credentials",
		"DefaultAzureCredential", "InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied"} {
		if strings.Contains(s, m) {
			return true
		}
	}
	return false
}

// explain turns a bucket error into one line that says what failed and
// what to check.
func explain(what string, err error, attempts int) error {
	var hint string
	k := classify(err)
	switch {
	case k == notFound:
		return &Error{what + ": not found", fs.ErrNotExist}
	case k == noCredential, noCredentials(err):
		hint = "no usable credentials for the bucket (set them in the environment, e.g. AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)"
	case k == denied:
		hint = "access denied: check the bucket's credentials and permissions"
	case strings.Contains(err.Error(), "connection refused"), strings.Contains(err.Error(), "no such host"),
		strings.Contains(err.Error(), "i/o timeout"), k == timedOut:
		hint = "bucket unreachable"
	}
	msg := what
	if attempts > 1 {
		msg += fmt.Sprintf(" (%d attempts)", attempts)
	}
	if hint != "" {
		msg += ": " + hint
	}
	return &Error{msg + ": " + oneLine(cause(err)), err}
}

// Error is a failed bucket operation, in one line.
type Error struct {
	msg string
	err error
}

func (e *Error) Error() string { return e.msg }
func (e *Error) Unwrap() error { return e.err }

// cause is the most telling part of an error message: the dial error
// rather than the layers of retries or requests around it. (The cloud
// SDKs' errors do not unwrap to their causes, so this reads the text.)
func cause(err error) error {
	s := err.Error()
	for _, m := range []string{"dial tcp", "get credentials:", "api error ", "no credentials found"} {
		if i := strings.LastIndex(s, m); i >= 0 {
			return errors.New(s[i:])
		}
	}
	return err
}

// oneLine keeps the last, most specific part of an SDK's error chain on one
// line.
func oneLine(err error) string {
	s := strings.Join(strings.Fields(err.Error()), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// Join is the location of key inside the folder or bucket prefix loc: a
// path for a path, a URL (query kept) for a URL.
func Join(loc, key string) string {
	if !IsURL(loc) {
		return filepath.Join(loc, filepath.FromSlash(key))
	}
	u, err := url.Parse(loc)
	if err != nil {
		return loc + "/" + key
	}
	u.Path = path.Join(u.Path, key)
	return u.String()
}

// ReadAt reads the file at loc (a path or URL); ok is false when it is not
// there.
func ReadAt(loc string) (data []byte, ok bool, err error) {
	b, key, err := OpenFile(loc)
	if err != nil {
		return nil, false, err
	}
	defer b.Close()
	if ok, err := b.Exists(key); err != nil || !ok {
		return nil, false, err
	}
	data, err = b.ReadFile(key)
	return data, err == nil, err
}

// WriteAt writes the file at loc (a path or URL) whole with write.
func WriteAt(loc string, write func(io.Writer) error) error {
	b, key, err := OpenFile(loc)
	if err != nil {
		return err
	}
	defer b.Close()
	return b.WriteWith(key, write)
}
