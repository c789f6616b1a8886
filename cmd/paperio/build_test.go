package main

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/paperio/paperio/store"
)

// The default build compiles S3 (the toolkit's own client) but no cloud SDK:
// not Go Cloud, the AWS SDK, gRPC or OpenTelemetry, nor the Google Cloud and
// Azure SDKs, nor the modules only tests use, so that a first "go run"
// downloads and builds quickly. The ceiling is the count when it was set
// (487) with room for the toolkit's own growth.
func TestDefaultBuildDeps(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) > 540 {
		t.Errorf("the default build compiles %d packages, want at most 540", len(deps))
	}
	has := func(prefix string) bool {
		for _, d := range deps {
			if d == prefix || strings.HasPrefix(d, prefix+"/") {
				return true
			}
		}
		return false
	}
	if !has("github.com/paperio/paperio/internal/s3") {
		t.Error("the default build lacks the S3 client")
	}
	for _, m := range []string{
		"k8s.io", "sigs.k8s.io/yaml", "github.com/chromedp", "github.com/johannesboyne/gofakes3", // tests only
		"gocloud.dev", "github.com/aws", "google.golang.org/grpc", "go.opentelemetry.io", "google.golang.org/api",
		"google.golang.org/genproto", "github.com/googleapis", // cloud SDKs
		"cloud.google.com/go", "github.com/google/s2a-go", "github.com/envoyproxy", "github.com/Azure", // build tags gcs, azure
	} {
		if has(m) {
			t.Errorf("the default build compiles %s", m)
		}
	}
}

// A bucket URL whose driver is not built in is a usage error that names
// the build tag adding it.
func TestBucketDriverNotBuiltIn(t *testing.T) {
	cases := [][]string{
		{"selfplay", "--out", "ftp://host/run"},
		{"stats", "--data", "ftp://host/run"},
	}
	for scheme, tag := range map[string]string{"gs": "gcs", "azblob": "azure"} {
		if store.HasDriver(scheme) {
			continue // this test binary was built with the tag
		}
		cases = append(cases,
			[]string{"selfplay", "--out", scheme + "://bucket/run", "-tags " + tag},
			[]string{"plot", "bars", "--data", scheme + "://bucket/run", "--out", t.TempDir() + "/bars.png", "-tags " + tag},
			[]string{"stats", "--data", scheme + "://bucket/run", "-tags " + tag},
			[]string{"tune", "--out", scheme + "://bucket/run", "-tags " + tag})
	}
	for _, c := range cases {
		args, want := c, "s3://"
		if strings.HasPrefix(c[len(c)-1], "-tags ") {
			args, want = c[:len(c)-1], "needs a build with the tag "+c[len(c)-1][6:]+": go build "+c[len(c)-1]+" ./cmd/paperio"
		}
		code, _, errOut := runCLI(t, args...)
		line := regexp.MustCompile(`^paperio \w+: \w+://bucket/run: bucket driver not built in: |^paperio \w+: ftp://host/run: bucket driver not built in: `)
		if code != 2 || !line.MatchString(errOut) || !strings.Contains(errOut, want) || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line containing %q", args, code, errOut, want)
		}
	}
}

// The container image reads and writes every object store.
func TestImageBuildsEveryDriver(t *testing.T) {
	df, err := os.ReadFile("../../deploy/Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^RUN .*go build -tags gcs,azure .*\./cmd/paperio$`).Match(df) {
		t.Error("deploy/Dockerfile does not build paperio with -tags gcs,azure")
	}
}
