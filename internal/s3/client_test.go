package s3

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/paperio/paperio/internal/s3test"
)

func TestMain(m *testing.M) {
	s3test.ServeIfAsked()
	os.Exit(m.Run())
}

// isolate clears the AWS environment for a test: no keys, no shared files,
// no metadata service.
func isolate(t *testing.T) {
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "AWS_") {
			t.Setenv(k, "")
			os.Unsetenv(k)
		}
	}
	t.Setenv("AWS_CONFIG_FILE", "/dev/null")
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", "/dev/null")
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
}

func open(t *testing.T, loc string) *Client {
	t.Helper()
	u, err := url.Parse(loc)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := ParseURL(u)
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// Every operation against the S3-compatible test server, with keys that
// need encoding and a listing of several pages.
func TestAgainstServer(t *testing.T) {
	srv := s3test.Start(t)
	isolate(t)
	s3test.SetEnv(t)
	c := open(t, fmt.Sprintf("s3://%s?endpoint=http://%s&use_path_style=true", s3test.Bucket, srv.Addr))
	c.pageSize = 2
	lists := 0
	c.hc.Transport = countLists{c.hc.Transport, &lists}
	ctx := context.Background()
	keys := []string{"run/a b+c.json", "run/é~x.parquet", "run/games/chunk-000001.parquet", "run/k=v&w", "run/z", "other/y"}
	for i, k := range keys {
		if err := c.Put(ctx, k, []byte(strings.Repeat("x", i+1)), "application/octet-stream"); err != nil {
			t.Fatalf("Put %q: %v", k, err)
		}
	}
	listed := map[string]int64{}
	if err := c.List(ctx, "run/", func(k string, n int64) { listed[k] = n }); err != nil {
		t.Fatal(err)
	}
	if len(listed) != 5 || listed["run/é~x.parquet"] != 2 || listed["run/z"] != 5 || lists != 3 {
		t.Fatalf("listed %v in %d requests, want the 5 keys under run/ with their sizes in 3 pages of 2", listed, lists)
	}
	if got, err := c.Get(ctx, "run/a b+c.json"); err != nil || string(got) != "x" {
		t.Fatalf("Get = %q %v", got, err)
	}
	if got, err := c.GetRange(ctx, "run/z", 1, 3); err != nil || string(got) != "xxx" {
		t.Fatalf("GetRange = %q %v", got, err)
	}
	if n, err := c.Size(ctx, "run/k=v&w"); err != nil || n != 4 {
		t.Fatalf("Size = %d %v", n, err)
	}
	var e *Error
	if _, err := c.Get(ctx, "run/none"); !errors.As(err, &e) || !e.NotFound() || e.Transient() {
		t.Fatalf("Get of a missing key: %v, want a not-found error", err)
	}
	if _, err := c.Size(ctx, "run/none"); !errors.As(err, &e) || !e.NotFound() {
		t.Fatalf("Size of a missing key: %v, want a not-found error", err)
	}
	if err := c.Delete(ctx, "run/z"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Size(ctx, "run/z"); !errors.As(err, &e) || !e.NotFound() {
		t.Fatalf("a deleted key: %v", err)
	}
}

func TestTargets(t *testing.T) {
	isolate(t)
	t.Setenv("AWS_REGION", "eu-west-1")
	for loc, want := range map[string]string{
		"s3://bkt":                   "https://bkt.s3.eu-west-1.amazonaws.com/run/k%20x",
		"s3://bkt?region=cn-north-1": "https://bkt.s3.cn-north-1.amazonaws.com.cn/run/k%20x",
		"s3://bkt?use_path_style=true&disable_https=true":  "http://s3.eu-west-1.amazonaws.com/bkt/run/k%20x",
		"s3://bkt?dualstack=true&fips=true":                "https://bkt.s3-fips.dualstack.eu-west-1.amazonaws.com/run/k%20x",
		"s3://bkt?accelerate=true&use_path_style=true":     "https://bkt.s3-accelerate.amazonaws.com/run/k%20x",
		"s3://bkt?endpoint=http://minio:9000":              "http://bkt.minio:9000/run/k%20x",
		"s3://bkt?endpoint=minio:9000&s3ForcePathStyle=1":  "https://minio:9000/bkt/run/k%20x",
		"s3://bkt?endpoint=http://h/base&use_path_style=1": "http://h/base/bkt/run/k%20x",
	} {
		c := open(t, loc)
		u, err := c.target("run/k x", c.region)
		if err != nil || u.String() != want {
			t.Errorf("%s: %v %v, want %s", loc, u, err, want)
		}
	}
	for _, loc := range []string{"s3://bkt?bogus=1", "s3://bkt?role=admin", "s3://bkt?use_path_style=maybe", "s3://bkt?ssetype=rot13", "s3:///x"} {
		u, _ := url.Parse(loc)
		if _, err := ParseURL(u); err == nil {
			t.Errorf("%s: no error", loc)
		}
	}
}

// fakeS3 answers every request with handle and records the regions the
// requests were signed for.
func fakeS3(t *testing.T, handle func(w http.ResponseWriter, region string)) (*httptest.Server, *[]string) {
	var regions []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Credential=KEY/DAY/REGION/s3/aws4_request
		auth := r.Header.Get("Authorization")
		parts := strings.Split(auth[strings.Index(auth, "Credential=")+len("Credential="):], "/")
		regions = append(regions, parts[2])
		handle(w, parts[2])
	}))
	t.Cleanup(srv.Close)
	return srv, &regions
}

// A bucket in another region than the one guessed is found from the
// server's answer and used from then on; a region given is kept.
func TestRegionFromAnswer(t *testing.T) {
	isolate(t)
	t.Setenv("AWS_ACCESS_KEY_ID", "k")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "s")
	srv, regions := fakeS3(t, func(w http.ResponseWriter, region string) {
		if region != "ap-south-1" {
			w.Header().Set("X-Amz-Bucket-Region", "ap-south-1")
			w.WriteHeader(http.StatusMovedPermanently)
			fmt.Fprint(w, "<Error><Code>PermanentRedirect</Code><Message>use the right endpoint</Message></Error>")
			return
		}
		fmt.Fprint(w, "ok")
	})
	c := open(t, "s3://b?use_path_style=true&endpoint="+srv.URL)
	for range 2 {
		if got, err := c.Get(context.Background(), "k"); err != nil || string(got) != "ok" {
			t.Fatalf("Get = %q %v", got, err)
		}
	}
	if want := []string{"us-east-1", "ap-south-1", "ap-south-1"}; strings.Join(*regions, " ") != strings.Join(want, " ") {
		t.Errorf("signed for %v, want %v", *regions, want)
	}
	*regions = nil
	fixed := open(t, "s3://b?use_path_style=true&region=eu-west-3&endpoint="+srv.URL)
	var e *Error
	if _, err := fixed.Get(context.Background(), "k"); !errors.As(err, &e) || e.Code != "PermanentRedirect" || len(*regions) != 1 {
		t.Fatalf("with a region given: %v after %v, want the server's error at once", err, *regions)
	}
}

func TestErrors(t *testing.T) {
	isolate(t)
	t.Setenv("AWS_ACCESS_KEY_ID", "k")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "s")
	status := 0
	srv, _ := fakeS3(t, func(w http.ResponseWriter, _ string) {
		w.WriteHeader(status)
		fmt.Fprintf(w, "<Error><Code>C%d</Code><Message>m</Message></Error>", status)
	})
	c := open(t, "s3://b?use_path_style=true&region=us-east-1&endpoint="+srv.URL)
	for _, tc := range []struct {
		status              int
		transient, notFound bool
	}{{503, true, false}, {500, true, false}, {429, true, false}, {404, false, true}, {403, false, false}, {400, false, false}} {
		status = tc.status
		err := c.Put(context.Background(), "k", []byte("x"), "text/plain")
		var e *Error
		if !errors.As(err, &e) || e.Transient() != tc.transient || e.NotFound() != tc.notFound || e.Denied() != (tc.status == 403) ||
			err.Error() != fmt.Sprintf("s3: PUT b/k: %d C%d: m", tc.status, tc.status) {
			t.Errorf("status %d: %v", tc.status, err)
		}
	}
}

func TestSharedFiles(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	creds := filepath.Join(dir, "credentials")
	config := filepath.Join(dir, "config")
	os.WriteFile(creds, []byte("[default]\naws_access_key_id = DK\naws_secret_access_key = DS\n\n# team\n[team]\naws_access_key_id=TK\naws_secret_access_key=TS\naws_session_token = TT\n"), 0o600)
	os.WriteFile(config, []byte("[default]\nregion = us-west-2\n[profile team]\nregion = eu-central-1\n[sso-session x]\nregion = nowhere\n"), 0o600)
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", creds)
	t.Setenv("AWS_CONFIG_FILE", config)
	for loc, want := range map[string][2]string{
		"s3://b":              {"DK", "us-west-2"},
		"s3://b?profile=team": {"TK", "eu-central-1"},
	} {
		c := open(t, loc)
		got, err := c.creds.get(context.Background())
		if err != nil || got.AccessKeyID != want[0] || c.region != want[1] || !c.regionFixed {
			t.Errorf("%s: %+v %v region %s, want %v", loc, got, err, c.region, want)
		}
	}
	t.Setenv("AWS_PROFILE", "team")
	t.Setenv("AWS_REGION", "sa-east-1")
	c := open(t, "s3://b")
	if got, _ := c.creds.get(context.Background()); got.SessionToken != "TT" || c.region != "sa-east-1" {
		t.Errorf("AWS_PROFILE=team: %+v region %s", got, c.region)
	}
	t.Setenv("AWS_ACCESS_KEY_ID", "EK")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "ES")
	if got, _ := open(t, "s3://b").creds.get(context.Background()); got.AccessKeyID != "EK" {
		t.Errorf("the environment comes first: %+v", got)
	}
}

// Roles: a web identity token (Kubernetes), a container endpoint, an
// instance's metadata service, each on a local server; credentials about
// to expire are fetched again.
func TestRoleCredentials(t *testing.T) {
	expires := time.Now().Add(time.Hour).UTC().Format(time.RFC3339)
	var calls []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls = append(calls, r.Method+" "+r.URL.Path)
		switch {
		case r.URL.Path == "/sts":
			r.ParseForm()
			if r.Form.Get("Action") != "AssumeRoleWithWebIdentity" || r.Form.Get("WebIdentityToken") != "jwt" || r.Form.Get("RoleArn") != "arn:aws:iam::1:role/r" {
				w.WriteHeader(400)
				return
			}
			fmt.Fprintf(w, "<AssumeRoleWithWebIdentityResponse><AssumeRoleWithWebIdentityResult><Credentials><AccessKeyId>WK</AccessKeyId><SecretAccessKey>WS</SecretAccessKey><SessionToken>WT</SessionToken><Expiration>%s</Expiration></Credentials></AssumeRoleWithWebIdentityResult></AssumeRoleWithWebIdentityResponse>", expires)
		case r.URL.Path == "/sts/assume":
			r.ParseForm()
			auth := r.Header.Get("Authorization")
			if r.Form.Get("Action") != "AssumeRole" || r.Form.Get("RoleArn") != "arn:aws:iam::1:role/data" ||
				!strings.Contains(auth, "Credential=EK/") || !strings.Contains(auth, "/us-east-1/sts/aws4_request") {
				w.WriteHeader(403)
				return
			}
			fmt.Fprintf(w, "<AssumeRoleResponse><AssumeRoleResult><SourceIdentity/><Credentials><AccessKeyId>RK</AccessKeyId><SecretAccessKey>RS</SecretAccessKey><SessionToken>RT</SessionToken><Expiration>%s</Expiration></Credentials></AssumeRoleResult><ResponseMetadata><RequestId>x</RequestId></ResponseMetadata></AssumeRoleResponse>", expires)
		case r.URL.Path == "/ecs" && r.Header.Get("Authorization") == "tok":
			fmt.Fprintf(w, `{"AccessKeyId":"CK","SecretAccessKey":"CS","Token":"CT","Expiration":%q}`, time.Now().Add(time.Minute).UTC().Format(time.RFC3339))
		case r.URL.Path == "/latest/api/token" && r.Method == "PUT":
			fmt.Fprint(w, "imds-token")
		case r.Header.Get("X-Aws-Ec2-Metadata-Token") != "imds-token":
			w.WriteHeader(401)
		case r.URL.Path == "/latest/meta-data/iam/security-credentials/":
			fmt.Fprint(w, "worker-role\n")
		case r.URL.Path == "/latest/meta-data/iam/security-credentials/worker-role":
			fmt.Fprintf(w, `{"AccessKeyId":"IK","SecretAccessKey":"IS","Token":"IT","Expiration":%q}`, expires)
		default:
			w.WriteHeader(404)
		}
	}))
	defer srv.Close()
	get := func() Credentials {
		t.Helper()
		c, err := open(t, "s3://b").creds.get(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return c
	}

	isolate(t)
	tok := filepath.Join(t.TempDir(), "token")
	os.WriteFile(tok, []byte("jwt\n"), 0o600)
	t.Setenv("AWS_WEB_IDENTITY_TOKEN_FILE", tok)
	t.Setenv("AWS_ROLE_ARN", "arn:aws:iam::1:role/r")
	t.Setenv("AWS_ENDPOINT_URL_STS", srv.URL+"/sts")
	if c := get(); c.AccessKeyID != "WK" || c.SessionToken != "WT" || c.Expires.IsZero() {
		t.Errorf("web identity: %+v", c)
	}

	isolate(t)
	t.Setenv("AWS_ACCESS_KEY_ID", "EK")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "ES")
	t.Setenv("AWS_ENDPOINT_URL_STS", srv.URL+"/sts/assume")
	c, err := open(t, "s3://b?role=arn:aws:iam::1:role/data").creds.get(context.Background())
	if err != nil || c.AccessKeyID != "RK" || c.SessionToken != "RT" {
		t.Errorf("role=…: %+v %v, want the role's credentials", c, err)
	}

	isolate(t)
	t.Setenv("AWS_CONTAINER_CREDENTIALS_FULL_URI", srv.URL+"/ecs")
	t.Setenv("AWS_CONTAINER_AUTHORIZATION_TOKEN", "tok")
	ch := open(t, "s3://b").creds
	for range 2 {
		if c, err := ch.get(context.Background()); err != nil || c.AccessKeyID != "CK" {
			t.Errorf("container: %+v %v", c, err)
		}
	}
	if n := strings.Count(strings.Join(calls, ","), "/ecs"); n != 2 {
		t.Errorf("credentials a minute from expiry were fetched %d times for 2 requests, want 2", n)
	}

	isolate(t)
	os.Unsetenv("AWS_EC2_METADATA_DISABLED")
	t.Setenv("AWS_EC2_METADATA_SERVICE_ENDPOINT", srv.URL)
	if c := get(); c.AccessKeyID != "IK" || c.SessionToken != "IT" {
		t.Errorf("instance role: %+v", c)
	}
	calls = nil
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	if _, err := open(t, "s3://b").creds.get(context.Background()); !errors.Is(err, ErrNoCredentials) || len(calls) != 0 {
		t.Errorf("metadata service disabled: %v after %v, want no credentials and no request", err, calls)
	}
}

// countLists counts ListObjectsV2 requests.
type countLists struct {
	http.RoundTripper
	n *int
}

func (c countLists) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Query().Get("list-type") == "2" {
		*c.n++
	}
	return c.RoundTripper.RoundTrip(r)
}

// What goes on the wire is what was signed: a server recomputes each
// request's signature from the request as it arrived (its raw path and
// query in their canonical encoding, the signed headers, the payload's
// hash), as S3 does.
func TestWireMatchesSignature(t *testing.T) {
	isolate(t)
	t.Setenv("AWS_ACCESS_KEY_ID", "k")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "s")
	t.Setenv("AWS_SESSION_TOKEN", "tok")
	var bad []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		auth := r.Header.Get("Authorization")
		_, signed, _ := strings.Cut(auth, "SignedHeaders=")
		signed, _, _ = strings.Cut(signed, ",")
		rawPath, rawQuery, _ := strings.Cut(r.RequestURI, "?")
		re, _ := http.NewRequest(r.Method, "http://"+r.Host+r.RequestURI, nil)
		for _, h := range strings.Split(signed, ";") {
			if h != "host" {
				re.Header[http.CanonicalHeaderKey(h)] = r.Header.Values(h)
			}
		}
		at, _ := time.Parse(timeFormat, r.Header.Get("X-Amz-Date"))
		Sign(re, Credentials{AccessKeyID: "k", SecretAccessKey: "s", SessionToken: "tok"}, "us-east-1", "s3", hexHash(body), at)
		if rawPath != encodePath(r.URL.Path) || rawQuery != canonicalQuery(rawQuery) ||
			r.Header.Get("X-Amz-Content-Sha256") != hexHash(body) || re.Header.Get("Authorization") != auth {
			bad = append(bad, r.Method+" "+r.RequestURI)
			w.WriteHeader(403)
			io.WriteString(w, "<Error><Code>SignatureDoesNotMatch</Code></Error>")
			return
		}
		switch {
		case r.Method == "HEAD":
			w.Header().Set("Content-Length", "2")
		case r.URL.Query().Get("list-type") == "2":
			io.WriteString(w, "<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>")
		}
	}))
	defer srv.Close()
	c := open(t, "s3://b?use_path_style=true&region=us-east-1&endpoint="+srv.URL)
	ctx := context.Background()
	key := "run a/b+c/é=~x&y.json"
	errs := []error{
		c.Put(ctx, key, []byte("{}"), "application/json"),
		c.Delete(ctx, key),
		c.List(ctx, "run a/b+c/", func(string, int64) {}),
	}
	if _, err := c.Size(ctx, key); err != nil {
		errs = append(errs, err)
	}
	if err := errors.Join(errs...); err != nil || len(bad) > 0 {
		t.Fatalf("%v; signatures that did not match: %q", err, bad)
	}
}
