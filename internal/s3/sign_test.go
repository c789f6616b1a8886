package s3

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// The signatures of AWS's published examples: S3's (the example keys of
// the S3 API reference, "Signature Calculations for the Authorization
// Header") and the general test suite's get-vanilla.
func TestSignPublishedExamples(t *testing.T) {
	s3Keys := Credentials{AccessKeyID: "AKIAIOSFODNN7EXAMPLE", SecretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"}
	may24 := time.Date(2013, 5, 24, 0, 0, 0, 0, time.UTC)
	const putHash = "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072" // "Welcome to Amazon S3."
	for _, c := range []struct {
		name, method, url string
		header            map[string]string
		hash              string
		creds             Credentials
		service           string
		at                time.Time
		signed, sig       string
	}{
		{"s3 GET object", "GET", "https://examplebucket.s3.amazonaws.com/test.txt", map[string]string{"Range": "bytes=0-9"},
			EmptyHash, s3Keys, "s3", may24, "host;range;x-amz-content-sha256;x-amz-date",
			"f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"},
		{"s3 PUT object", "PUT", "https://examplebucket.s3.amazonaws.com/test$file.text",
			map[string]string{"Date": "Fri, 24 May 2013 00:00:00 GMT", "X-Amz-Storage-Class": "REDUCED_REDUNDANCY"},
			putHash, s3Keys, "s3", may24, "date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class",
			"98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd"},
		{"s3 GET lifecycle", "GET", "https://examplebucket.s3.amazonaws.com/?lifecycle", nil,
			EmptyHash, s3Keys, "s3", may24, "host;x-amz-content-sha256;x-amz-date",
			"fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543"},
		{"s3 list objects", "GET", "https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J", nil,
			EmptyHash, s3Keys, "s3", may24, "host;x-amz-content-sha256;x-amz-date",
			"34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7"},
		{"suite get-vanilla", "GET", "https://example.amazonaws.com/", nil, EmptyHash,
			Credentials{AccessKeyID: "AKIDEXAMPLE", SecretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"},
			"service", time.Date(2015, 8, 30, 12, 36, 0, 0, time.UTC), "host;x-amz-date",
			"5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"},
	} {
		req, err := http.NewRequest(c.method, c.url, nil)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range c.header {
			req.Header.Set(k, v)
		}
		if c.service == "s3" {
			req.Header.Set("X-Amz-Content-Sha256", c.hash)
		}
		Sign(req, c.creds, "us-east-1", c.service, c.hash, c.at)
		want := "AWS4-HMAC-SHA256 Credential=" + c.creds.AccessKeyID + "/" + c.at.Format("20060102") + "/us-east-1/" +
			c.service + "/aws4_request, SignedHeaders=" + c.signed + ", Signature=" + c.sig
		if got := req.Header.Get("Authorization"); got != want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, want)
		}
	}
}

// A session token is sent and signed.
func TestSignSessionToken(t *testing.T) {
	req, _ := http.NewRequest("GET", "http://127.0.0.1:9000/b/k", nil)
	Sign(req, Credentials{AccessKeyID: "A", SecretAccessKey: "S", SessionToken: "T"}, "us-east-1", "s3", EmptyHash, time.Now())
	if req.Header.Get("X-Amz-Security-Token") != "T" || !strings.Contains(req.Header.Get("Authorization"), "x-amz-security-token") {
		t.Fatalf("headers %v", req.Header)
	}
}

func TestEncoding(t *testing.T) {
	if got := encodePath("/b/runs/a b+c/é~x.json"); got != "/b/runs/a%20b%2Bc/%C3%A9~x.json" {
		t.Errorf("encodePath = %s", got)
	}
	if got := canonicalQuery("prefix=a%2Fb&list-type=2&continuation-token=x+y%3D"); got != "continuation-token=x%20y%3D&list-type=2&prefix=a%2Fb" {
		t.Errorf("canonicalQuery = %s", got)
	}
}
