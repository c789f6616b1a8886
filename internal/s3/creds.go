package s3

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Credentials sign requests; Expires is zero for keys that do not expire.
type Credentials struct {
	AccessKeyID, SecretAccessKey, SessionToken string
	Expires                                    time.Time
}

// ErrNoCredentials is wrapped by the error of a chain that found none.
var ErrNoCredentials = errors.New("no credentials found")

// provider is a place credentials may come from: ok is false when it has
// none to offer (not configured), err when it has but failed.
type provider func(ctx context.Context) (c Credentials, ok bool, err error)

// chain looks for credentials where AWS's own tools look, in their order:
// the environment, the shared credentials and config files (profile from
// AWS_PROFILE or the URL), a web identity token (Kubernetes service
// accounts: AWS_WEB_IDENTITY_TOKEN_FILE and AWS_ROLE_ARN), a container's
// credentials endpoint (AWS_CONTAINER_CREDENTIALS_*) and, last, an EC2
// instance's role from its metadata service (unless
// AWS_EC2_METADATA_DISABLED=true). Found credentials are kept until five
// minutes before they expire.
type chain struct {
	providers []provider
	mu        sync.Mutex
	cur       Credentials
	have      bool
}

func (ch *chain) get(ctx context.Context) (Credentials, error) {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	if ch.have && (ch.cur.Expires.IsZero() || time.Until(ch.cur.Expires) > 5*time.Minute) {
		return ch.cur, nil
	}
	for _, p := range ch.providers {
		c, ok, err := p(ctx)
		if err != nil {
			return Credentials{}, err
		}
		if ok {
			ch.cur, ch.have = c, true
			return c, nil
		}
	}
	return Credentials{}, fmt.Errorf("%w: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile in ~/.aws/credentials, or a role", ErrNoCredentials)
}

// files are the shared credentials and config files.
type files struct {
	creds, config map[string]map[string]string // profile → key → value
}

func loadFiles() (files, error) {
	home, _ := os.UserHomeDir()
	path := func(env, name string) string {
		if p := os.Getenv(env); p != "" {
			return p
		}
		return filepath.Join(home, ".aws", name)
	}
	creds, err := readINI(path("AWS_SHARED_CREDENTIALS_FILE", "credentials"), false)
	if err != nil {
		return files{}, err
	}
	config, err := readINI(path("AWS_CONFIG_FILE", "config"), true)
	return files{creds, config}, err
}

// readINI reads an AWS shared file: [profile] sections of key = value
// lines; in the config file a section other than [default] is named
// "[profile NAME]". A missing file is empty.
func readINI(path string, config bool) (map[string]map[string]string, error) {
	out := map[string]map[string]string{}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var sec map[string]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || line[0] == '#' || line[0] == ';':
		case line[0] == '[' && strings.HasSuffix(line, "]"):
			name := strings.TrimSpace(line[1 : len(line)-1])
			if config && name != "default" {
				var ok bool
				if name, ok = strings.CutPrefix(name, "profile "); !ok {
					sec = nil // [sso-session …], [services …]
					continue
				}
				name = strings.TrimSpace(name)
			}
			if out[name] == nil {
				out[name] = map[string]string{}
			}
			sec = out[name]
		case sec != nil:
			if k, v, ok := strings.Cut(line, "="); ok {
				sec[strings.TrimSpace(k)] = strings.TrimSpace(v)
			}
		}
	}
	return out, sc.Err()
}

// value is key of profile, from the credentials file first.
func (f files) value(profile, key string) string {
	if v := f.creds[profile][key]; v != "" {
		return v
	}
	return f.config[profile][key]
}

func fromEnv(context.Context) (Credentials, bool, error) {
	c := Credentials{
		AccessKeyID:     os.Getenv("AWS_ACCESS_KEY_ID"),
		SecretAccessKey: os.Getenv("AWS_SECRET_ACCESS_KEY"),
		SessionToken:    os.Getenv("AWS_SESSION_TOKEN"),
	}
	return c, c.AccessKeyID != "" && c.SecretAccessKey != "", nil
}

func fromFiles(f files, profile string) provider {
	return func(context.Context) (Credentials, bool, error) {
		c := Credentials{
			AccessKeyID:     f.value(profile, "aws_access_key_id"),
			SecretAccessKey: f.value(profile, "aws_secret_access_key"),
			SessionToken:    f.value(profile, "aws_session_token"),
		}
		return c, c.AccessKeyID != "" && c.SecretAccessKey != "", nil
	}
}

// fromWebIdentity trades a token file's token for a role's credentials
// with STS's AssumeRoleWithWebIdentity, a request that needs no signature.
func fromWebIdentity(hc *http.Client, region string) provider {
	return func(ctx context.Context) (Credentials, bool, error) {
		file, role := os.Getenv("AWS_WEB_IDENTITY_TOKEN_FILE"), os.Getenv("AWS_ROLE_ARN")
		if file == "" || role == "" {
			return Credentials{}, false, nil
		}
		token, err := os.ReadFile(file)
		if err != nil {
			return Credentials{}, false, fmt.Errorf("get credentials: web identity token: %v", err)
		}
		endpoint := stsEndpoint(region)
		form := url.Values{"Action": {"AssumeRoleWithWebIdentity"}, "Version": {"2011-06-15"}, "RoleArn": {role},
			"RoleSessionName": {sessionName()}, "WebIdentityToken": {strings.TrimSpace(string(token))}}
		req, err := http.NewRequestWithContext(ctx, "POST", endpoint, strings.NewReader(form.Encode()))
		if err != nil {
			return Credentials{}, false, err
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		body, err := fetch(hc, req)
		if err != nil {
			return Credentials{}, false, fmt.Errorf("get credentials: web identity: %w", err)
		}
		c, ok := stsCredentials(body)
		if !ok {
			return Credentials{}, false, fmt.Errorf("get credentials: web identity: unexpected answer from %s", endpoint)
		}
		return c, true, nil
	}
}

// stsEndpoint is STS's address in region.
func stsEndpoint(region string) string {
	if e := os.Getenv("AWS_ENDPOINT_URL_STS"); e != "" {
		return e
	}
	return "https://sts." + region + "." + domain(region)
}

// stsCredentials reads the credentials of an STS answer (in its
// AssumeRoleResult or AssumeRoleWithWebIdentityResult).
func stsCredentials(body []byte) (Credentials, bool) {
	var resp struct {
		Results []struct {
			C struct {
				AccessKeyId, SecretAccessKey, SessionToken string
				Expiration                                 time.Time
			} `xml:"Credentials"`
		} `xml:",any"`
	}
	if xml.Unmarshal(body, &resp) != nil {
		return Credentials{}, false
	}
	for _, r := range resp.Results {
		if c := r.C; c.AccessKeyId != "" {
			return Credentials{c.AccessKeyId, c.SecretAccessKey, c.SessionToken, c.Expiration}, true
		}
	}
	return Credentials{}, false
}

func sessionName() string {
	if s := os.Getenv("AWS_ROLE_SESSION_NAME"); s != "" {
		return s
	}
	return fmt.Sprintf("paperio-%d", time.Now().UnixNano())
}

// assumeRole trades the credentials base finds for role's with STS's
// AssumeRole, a request signed with them.
func assumeRole(hc *http.Client, region string, base *chain, role string) provider {
	return func(ctx context.Context) (Credentials, bool, error) {
		src, err := base.get(ctx)
		if err != nil {
			return Credentials{}, false, err
		}
		endpoint := stsEndpoint(region)
		form := url.Values{"Action": {"AssumeRole"}, "Version": {"2011-06-15"}, "RoleArn": {role}, "RoleSessionName": {sessionName()}}
		body := []byte(form.Encode())
		req, err := http.NewRequestWithContext(ctx, "POST", endpoint, bytes.NewReader(body))
		if err != nil {
			return Credentials{}, false, err
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		Sign(req, src, region, "sts", hexHash(body), time.Now())
		answer, err := fetch(hc, req)
		if err != nil {
			return Credentials{}, false, fmt.Errorf("get credentials: assuming %s: %w", role, err)
		}
		c, ok := stsCredentials(answer)
		if !ok {
			return Credentials{}, false, fmt.Errorf("get credentials: assuming %s: unexpected answer from %s", role, endpoint)
		}
		return c, true, nil
	}
}

// roleJSON is the answer of the container and instance credentials
// endpoints.
type roleJSON struct {
	AccessKeyId, SecretAccessKey, Token string
	Expiration                          time.Time
}

func (r roleJSON) creds() Credentials {
	return Credentials{r.AccessKeyId, r.SecretAccessKey, r.Token, r.Expiration}
}

// fromContainer reads an ECS task's or EKS pod identity's credentials.
func fromContainer(hc *http.Client) provider {
	return func(ctx context.Context) (Credentials, bool, error) {
		u := os.Getenv("AWS_CONTAINER_CREDENTIALS_FULL_URI")
		if rel := os.Getenv("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI"); rel != "" {
			u = "http://169.254.170.2" + rel
		}
		if u == "" {
			return Credentials{}, false, nil
		}
		req, err := http.NewRequestWithContext(ctx, "GET", u, nil)
		if err != nil {
			return Credentials{}, false, err
		}
		tok := os.Getenv("AWS_CONTAINER_AUTHORIZATION_TOKEN")
		if f := os.Getenv("AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE"); f != "" {
			b, err := os.ReadFile(f)
			if err != nil {
				return Credentials{}, false, fmt.Errorf("get credentials: container token: %v", err)
			}
			tok = strings.TrimSpace(string(b))
		}
		if tok != "" {
			req.Header.Set("Authorization", tok)
		}
		var r roleJSON
		if err := fetchJSON(hc, req, &r); err != nil {
			return Credentials{}, false, fmt.Errorf("get credentials: container endpoint: %w", err)
		}
		return r.creds(), true, nil
	}
}

// fromInstance reads an EC2 instance role's credentials from the metadata
// service (IMDSv2: a session token first).
func fromInstance(hc *http.Client) provider {
	return func(ctx context.Context) (Credentials, bool, error) {
		if strings.EqualFold(os.Getenv("AWS_EC2_METADATA_DISABLED"), "true") {
			return Credentials{}, false, nil
		}
		base := strings.TrimRight(os.Getenv("AWS_EC2_METADATA_SERVICE_ENDPOINT"), "/")
		if base == "" {
			base = "http://169.254.169.254"
		}
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "PUT", base+"/latest/api/token", nil)
		req.Header.Set("X-Aws-Ec2-Metadata-Token-Ttl-Seconds", "21600")
		tok, err := fetch(hc, req)
		if err != nil {
			return Credentials{}, false, nil // not on EC2
		}
		get := func(p string) (*http.Request, error) {
			req, err := http.NewRequestWithContext(ctx, "GET", base+"/latest/meta-data/iam/security-credentials/"+p, nil)
			if err == nil {
				req.Header.Set("X-Aws-Ec2-Metadata-Token", string(tok))
			}
			return req, err
		}
		req, err = get("")
		if err != nil {
			return Credentials{}, false, err
		}
		role, err := fetch(hc, req)
		if err != nil {
			return Credentials{}, false, nil // an instance without a role
		}
		name, _, _ := strings.Cut(strings.TrimSpace(string(role)), "\n")
		if req, err = get(name); err != nil {
			return Credentials{}, false, err
		}
		var r roleJSON
		if err := fetchJSON(hc, req, &r); err != nil {
			return Credentials{}, false, fmt.Errorf("get credentials: instance role %s: %w", name, err)
		}
		return r.creds(), true, nil
	}
}

// fetch sends req and reads a 2xx answer's body.
func fetch(hc *http.Client, req *http.Request) ([]byte, error) {
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("%s %s: %s", req.Method, req.URL.Redacted(), resp.Status)
	}
	return body, nil
}

func fetchJSON(hc *http.Client, req *http.Request, v any) error {
	body, err := fetch(hc, req)
	if err != nil {
		return err
	}
	return json.Unmarshal(body, v)
}
