package s3

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"sort"
	"strings"
	"time"
)

// EmptyHash is the SHA-256 of an empty payload.
const EmptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

const timeFormat = "20060102T150405Z"

// Sign adds AWS Signature Version 4 to req (the Authorization header, and
// X-Amz-Date and X-Amz-Security-Token): the request's method, path, query,
// host and every header already set, and the payload by its SHA-256
// (payloadHash, hex), are signed with keys derived from the secret for the
// day, region and service. The headers a transport adds later (User-Agent,
// Content-Length, Accept-Encoding) are not signed, which the protocol allows.
func Sign(req *http.Request, c Credentials, region, service, payloadHash string, now time.Time) {
	now = now.UTC()
	req.Header.Set("X-Amz-Date", now.Format(timeFormat))
	if c.SessionToken != "" {
		req.Header.Set("X-Amz-Security-Token", c.SessionToken)
	}
	names, headers := canonicalHeaders(req)
	canonical := strings.Join([]string{
		req.Method,
		encodePath(req.URL.Path),
		canonicalQuery(req.URL.RawQuery),
		headers,
		names,
		payloadHash,
	}, "\n")
	day := now.Format("20060102")
	scope := day + "/" + region + "/" + service + "/aws4_request"
	toSign := "AWS4-HMAC-SHA256\n" + now.Format(timeFormat) + "\n" + scope + "\n" + hexHash([]byte(canonical))
	key := []byte("AWS4" + c.SecretAccessKey)
	for _, part := range []string{day, region, service, "aws4_request"} {
		key = mac(key, part)
	}
	req.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential="+c.AccessKeyID+"/"+scope+
		", SignedHeaders="+names+", Signature="+hex.EncodeToString(mac(key, toSign)))
}

func mac(key []byte, data string) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(data))
	return h.Sum(nil)
}

func hexHash(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// canonicalHeaders are the signed headers' names (lower case, sorted, ';'
// between) and their lines "name:value\n" (values trimmed, inner runs of
// spaces folded, repeated headers joined by ',').
func canonicalHeaders(req *http.Request) (names, lines string) {
	host := req.Host
	if host == "" {
		host = req.URL.Host
	}
	vals := map[string]string{"host": host}
	for k, vs := range req.Header {
		k = strings.ToLower(k)
		if k == "authorization" || k == "user-agent" {
			continue
		}
		folded := make([]string, len(vs))
		for i, v := range vs {
			folded[i] = strings.Join(strings.Fields(v), " ")
		}
		vals[k] = strings.Join(folded, ",")
	}
	keys := make([]string, 0, len(vals))
	for k := range vals {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k + ":" + vals[k] + "\n")
	}
	return strings.Join(keys, ";"), b.String()
}

// canonicalQuery sorts the query's parameters by name, then value, each
// encoded as encode does.
func canonicalQuery(raw string) string {
	if raw == "" {
		return ""
	}
	var pairs []string
	for _, p := range strings.Split(raw, "&") {
		if p == "" {
			continue
		}
		k, v, _ := strings.Cut(p, "=")
		pairs = append(pairs, encode(unescape(k))+"="+encode(unescape(v)))
	}
	sort.Strings(pairs)
	return strings.Join(pairs, "&")
}

// unescape decodes %XX (and '+' as a space, as forms do); a malformed
// escape is kept as it is.
func unescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '+':
			b.WriteByte(' ')
		case s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// encode percent-encodes every byte but the unreserved characters of RFC
// 3986 (letters, digits, '-', '.', '_', '~'), in upper-case hex, as the
// signature requires.
func encode(s string) string {
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&15])
	}
	return b.String()
}

// encodePath encodes each segment of a path (S3 encodes it once; '/' stays).
func encodePath(p string) string {
	if p == "" {
		return "/"
	}
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = encode(s)
	}
	return strings.Join(segs, "/")
}
