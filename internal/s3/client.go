// Package s3 is a small client of the S3 API, for AWS and S3-compatible
// servers (MinIO, Ceph): whole-object PUT, GET (whole or a byte range),
// HEAD, DELETE and ListObjectsV2, signed with Signature Version 4
// (sign.go), with credentials found where AWS's tools find them
// (creds.go). It sends each request once: the caller decides what to try
// again (Error.Transient says what may be).
package s3

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Config says where a bucket is and how to reach it.
type Config struct {
	Bucket     string
	Region     string // "": the environment's or profile's, else found from the bucket's answers
	Endpoint   string // "": AWS's; else scheme://host[:port] of an S3-compatible server
	PathStyle  bool   // bucket in the path (…/bucket/key), not in the host name
	HTTP       bool   // plain http to AWS's endpoint (disable_https)
	DualStack  bool
	FIPS       bool
	Accelerate bool
	Profile    string // of the shared files; "": AWS_PROFILE, else default
	Anonymous  bool   // unsigned requests, for public buckets
	Role       string // a role's ARN to assume with the credentials found
	SSE        string // server-side encryption: AES256, aws:kms, aws:kms:dsse
	KMSKeyID   string
}

// Params are the query parameters ParseURL takes.
const Params = "region, endpoint, use_path_style (or s3ForcePathStyle), hostname_immutable, disable_https, dualstack, fips, accelerate, profile, anonymous, role, ssetype, kmskeyid"

// ParseURL reads a bucket's Config from s3://bucket?param=value&…; the
// parameters are those of the AWS SDK's URL form (Params).
func ParseURL(u *url.URL) (Config, error) {
	c := Config{Bucket: u.Host}
	if c.Bucket == "" {
		return c, errors.New("no bucket name: s3://bucket/prefix")
	}
	for k, vs := range u.Query() {
		v := vs[0]
		var flag *bool
		switch k {
		case "region":
			c.Region = v
		case "endpoint":
			c.Endpoint = v
		case "profile":
			c.Profile = v
		case "role":
			if !strings.HasPrefix(v, "arn:") {
				return c, fmt.Errorf("role=%s: want a role's ARN (arn:…)", v)
			}
			c.Role = v
		case "kmskeyid":
			c.KMSKeyID = v
		case "ssetype":
			for _, t := range []string{"AES256", "aws:kms", "aws:kms:dsse"} {
				if strings.EqualFold(v, t) {
					c.SSE = t
				}
			}
			if c.SSE == "" {
				return c, fmt.Errorf("ssetype=%s: want AES256, aws:kms or aws:kms:dsse", v)
			}
		case "use_path_style", "s3ForcePathStyle", "hostname_immutable":
			flag = &c.PathStyle
		case "disable_https":
			flag = &c.HTTP
		case "dualstack":
			flag = &c.DualStack
		case "fips":
			flag = &c.FIPS
		case "accelerate":
			flag = &c.Accelerate
		case "anonymous":
			flag = &c.Anonymous
		default:
			return c, fmt.Errorf("unknown query parameter %q (s3:// takes %s)", k, Params)
		}
		if flag != nil {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return c, fmt.Errorf("%s=%s: want true or false", k, v)
			}
			*flag = *flag || b
		}
	}
	return c, nil
}

// Client reaches one bucket.
type Client struct {
	cfg   Config
	hc    *http.Client
	creds *chain

	pageSize int // keys a List request asks for; 0: the server's default (1,000)

	mu          sync.Mutex
	region      string
	regionFixed bool // given, not guessed
}

// New makes a client; it sends nothing yet.
func New(cfg Config) (*Client, error) {
	f, err := loadFiles()
	if err != nil {
		return nil, fmt.Errorf("reading the AWS shared files: %v", err)
	}
	profile := cfg.Profile
	if profile == "" {
		profile = os.Getenv("AWS_PROFILE")
	}
	if profile == "" {
		profile = "default"
	}
	if cfg.Endpoint == "" {
		cfg.Endpoint = firstEnv("AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL")
	}
	if cfg.Endpoint != "" && !strings.Contains(cfg.Endpoint, "://") {
		cfg.Endpoint = "https://" + cfg.Endpoint
	}
	c := &Client{cfg: cfg, regionFixed: true}
	c.region = cfg.Region
	if c.region == "" {
		c.region = firstEnv("AWS_REGION", "AWS_DEFAULT_REGION")
	}
	if c.region == "" {
		c.region = f.value(profile, "region")
	}
	if c.region == "" {
		c.region, c.regionFixed = "us-east-1", false
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 16
	c.hc = &http.Client{
		Transport: tr,
		// S3 answers a wrong region with a redirect to follow by hand.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	stsRegion := c.region
	c.creds = &chain{providers: []provider{fromEnv, fromFiles(f, profile), fromWebIdentity(c.hc, stsRegion),
		fromContainer(c.hc), fromInstance(c.hc)}}
	if cfg.Role != "" {
		c.creds = &chain{providers: []provider{assumeRole(c.hc, stsRegion, c.creds, cfg.Role)}}
	}
	return c, nil
}

func firstEnv(names ...string) string {
	for _, n := range names {
		if v := os.Getenv(n); v != "" {
			return v
		}
	}
	return ""
}

// domain is AWS's domain for region.
func domain(region string) string {
	if strings.HasPrefix(region, "cn-") {
		return "amazonaws.com.cn"
	}
	return "amazonaws.com"
}

// target is the URL of key ("" for the bucket) in region.
func (c *Client) target(key, region string) (*url.URL, error) {
	u := &url.URL{Scheme: "https"}
	pathStyle := c.cfg.PathStyle
	if c.cfg.Endpoint != "" {
		e, err := url.Parse(c.cfg.Endpoint)
		if err != nil || e.Host == "" {
			return nil, fmt.Errorf("endpoint=%s: not a URL such as http://host:9000", c.cfg.Endpoint)
		}
		u.Scheme, u.Host, u.Path = e.Scheme, e.Host, strings.TrimRight(e.Path, "/")
	} else {
		if c.cfg.HTTP {
			u.Scheme = "http"
		}
		name := "s3"
		switch {
		case c.cfg.Accelerate:
			name, pathStyle = "s3-accelerate", false
		case c.cfg.FIPS:
			name = "s3-fips"
		}
		if c.cfg.DualStack {
			name += ".dualstack"
		}
		if !c.cfg.Accelerate {
			name += "." + region
		}
		u.Host = name + "." + domain(region)
	}
	if pathStyle {
		u.Path += "/" + c.cfg.Bucket
		if key != "" {
			u.Path += "/" + key
		}
	} else {
		u.Host = c.cfg.Bucket + "." + u.Host
		u.Path += "/" + key
	}
	u.RawPath = encodePath(u.Path)
	return u, nil
}

// Error is an answer of the server other than success.
type Error struct {
	Method, Object string // Object: bucket/key
	Status         int
	Code, Message  string
}

func (e *Error) Error() string {
	s := fmt.Sprintf("s3: %s %s: %d %s", e.Method, e.Object, e.Status, e.Code)
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// NotFound reports whether the bucket or key does not exist.
func (e *Error) NotFound() bool { return e.Status == http.StatusNotFound }

// Denied reports whether the credentials were refused.
func (e *Error) Denied() bool { return e.Status == http.StatusForbidden }

// Transient reports whether trying again may succeed: throttling, server
// errors and time-outs, not a bad request.
func (e *Error) Transient() bool {
	switch {
	case e.Status == http.StatusTooManyRequests, e.Status >= 500, e.Status == http.StatusRequestTimeout:
		return true
	case e.Code == "RequestTimeout", e.Code == "SlowDown", e.Code == "RequestTimeTooSkewed":
		return true
	}
	return false
}

// request is one call.
type request struct {
	method, key string
	query       url.Values
	header      http.Header
	body        []byte
}

// send sends r and returns the successful answer's headers and body. An
// unset region that the server says is wrong is corrected once.
func (c *Client) send(ctx context.Context, r request) (http.Header, []byte, error) {
	for attempt := 0; ; attempt++ {
		c.mu.Lock()
		region := c.region
		c.mu.Unlock()
		h, body, err := c.sendIn(ctx, r, region)
		var e *Error
		if attempt == 0 && errors.As(err, &e) && !c.regionFixed {
			if right := h.Get("X-Amz-Bucket-Region"); right != "" && right != region {
				c.mu.Lock()
				c.region = right
				c.mu.Unlock()
				continue
			}
		}
		return h, body, err
	}
}

func (c *Client) sendIn(ctx context.Context, r request, region string) (http.Header, []byte, error) {
	u, err := c.target(r.key, region)
	if err != nil {
		return nil, nil, err
	}
	u.RawQuery = rawQuery(r.query)
	req, err := http.NewRequestWithContext(ctx, r.method, u.String(), bytes.NewReader(r.body))
	if err != nil {
		return nil, nil, err
	}
	req.ContentLength = int64(len(r.body))
	if len(r.body) == 0 {
		req.Body, req.GetBody = http.NoBody, nil
	}
	for k, vs := range r.header {
		req.Header[k] = vs
	}
	if !c.cfg.Anonymous {
		creds, err := c.creds.get(ctx)
		if err != nil {
			return nil, nil, err
		}
		hash := EmptyHash
		if len(r.body) > 0 {
			hash = hexHash(r.body)
		}
		req.Header.Set("X-Amz-Content-Sha256", hash)
		Sign(req, creds, region, "s3", hash, time.Now())
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.Header, nil, err
	}
	if resp.StatusCode/100 == 2 {
		return resp.Header, body, nil
	}
	e := &Error{Method: r.method, Object: c.cfg.Bucket + "/" + r.key, Status: resp.StatusCode}
	var x struct{ Code, Message string }
	if xml.Unmarshal(body, &x) == nil {
		e.Code, e.Message = x.Code, x.Message
	}
	if e.Code == "" {
		e.Code = strings.ReplaceAll(http.StatusText(resp.StatusCode), " ", "")
	}
	return resp.Header, nil, e
}

// rawQuery encodes q as the signature encodes it, so that the two agree.
func rawQuery(q url.Values) string {
	var parts []string
	for k, vs := range q {
		for _, v := range vs {
			parts = append(parts, encode(k)+"="+encode(v))
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, "&")
}

// Put writes key whole in one request: the object is visible only once
// complete.
func (c *Client) Put(ctx context.Context, key string, data []byte, contentType string) error {
	h := http.Header{"Content-Type": {contentType}}
	if c.cfg.SSE != "" {
		h.Set("X-Amz-Server-Side-Encryption", c.cfg.SSE)
	}
	if c.cfg.KMSKeyID != "" {
		h.Set("X-Amz-Server-Side-Encryption-Aws-Kms-Key-Id", c.cfg.KMSKeyID)
	}
	_, _, err := c.send(ctx, request{method: "PUT", key: key, header: h, body: data})
	return err
}

// Get reads key whole.
func (c *Client) Get(ctx context.Context, key string) ([]byte, error) {
	_, body, err := c.send(ctx, request{method: "GET", key: key})
	return body, err
}

// GetRange reads n > 0 bytes of key from off.
func (c *Client) GetRange(ctx context.Context, key string, off, n int64) ([]byte, error) {
	h := http.Header{"Range": {fmt.Sprintf("bytes=%d-%d", off, off+n-1)}}
	_, body, err := c.send(ctx, request{method: "GET", key: key, header: h})
	if err == nil && int64(len(body)) != n {
		return nil, fmt.Errorf("s3: GET %s/%s: %d bytes at %d, want %d", c.cfg.Bucket, key, len(body), off, n)
	}
	return body, err
}

// Size is key's size; a missing key is an *Error whose NotFound is true.
func (c *Client) Size(ctx context.Context, key string) (int64, error) {
	h, _, err := c.send(ctx, request{method: "HEAD", key: key})
	if err != nil {
		return 0, err
	}
	return strconv.ParseInt(h.Get("Content-Length"), 10, 64)
}

// Delete removes key; S3 answers a missing key with success.
func (c *Client) Delete(ctx context.Context, key string) error {
	_, _, err := c.send(ctx, request{method: "DELETE", key: key})
	return err
}

// List calls each for every object whose key starts with prefix, page by
// page (1,000 keys a request), in the server's order.
func (c *Client) List(ctx context.Context, prefix string, each func(key string, size int64)) error {
	token := ""
	for {
		q := url.Values{"list-type": {"2"}, "prefix": {prefix}}
		if c.pageSize > 0 {
			q.Set("max-keys", strconv.Itoa(c.pageSize))
		}
		if token != "" {
			q.Set("continuation-token", token)
		}
		_, body, err := c.send(ctx, request{method: "GET", query: q})
		if err != nil {
			return err
		}
		var page struct {
			IsTruncated           bool
			NextContinuationToken string
			Contents              []struct {
				Key  string
				Size int64
			}
		}
		if err := xml.Unmarshal(body, &page); err != nil {
			return fmt.Errorf("s3: listing %s/%s: %v", c.cfg.Bucket, prefix, err)
		}
		for _, o := range page.Contents {
			each(o.Key, o.Size)
		}
		if !page.IsTruncated || page.NextContinuationToken == "" {
			return nil
		}
		token = page.NextContinuationToken
	}
}

// Close closes idle connections.
func (c *Client) Close() error {
	c.hc.CloseIdleConnections()
	return nil
}
