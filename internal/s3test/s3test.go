// Package s3test runs an S3-compatible server (gofakes3, objects in
// memory) as its own process on 127.0.0.1, for tests of the toolkit
// against object storage without a cloud.
//
// A test package that uses it calls ServeIfAsked first thing in its
// TestMain: Start runs the test binary again with an environment variable
// that makes it serve instead of testing.
package s3test

import (
	"bufio"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// Bucket is the bucket the server holds.
const Bucket = "paperio"

const serveVar = "PAPERIO_S3TEST_SERVE"

// Serve serves S3 on addr ("127.0.0.1:0" for any free port) with one empty
// bucket, Bucket, and prints "listening on ADDR" once it accepts
// connections. It returns only on error.
func Serve(addr string) error {
	be := s3mem.New()
	if err := be.CreateBucket(Bucket); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Printf("listening on %s\n", ln.Addr())
	srv := &http.Server{
		Handler:     gofakes3.New(be, gofakes3.WithLogger(gofakes3.DiscardLog())).Server(),
		ReadTimeout: time.Minute,
	}
	return srv.Serve(ln)
}

// ServeIfAsked serves and never returns when this process was started by
// Start; otherwise it does nothing.
func ServeIfAsked() {
	if os.Getenv(serveVar) == "" {
		return
	}
	log.Fatal(Serve("127.0.0.1:0"))
}

// Server is a running server process.
type Server struct {
	Addr string // host:port
	cmd  *exec.Cmd
}

// Start starts a server process and stops it when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), serveVar+"=1")
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &Server{cmd: cmd}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	line, err := bufio.NewReader(out).ReadString('\n')
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "listening on ")
	if err != nil || !ok {
		t.Fatalf("S3 test server did not start: %q %v", line, err)
	}
	s.Addr = addr
	return s
}

// URL is the s3:// URL of prefix in the server's bucket.
func (s *Server) URL(prefix string) string {
	return fmt.Sprintf("s3://%s/%s?endpoint=http://%s&use_path_style=true&region=us-east-1", Bucket, prefix, s.Addr)
}

// Env is the environment a client of the server needs: static credentials
// (the server accepts any) and no probing for cloud metadata.
func Env() []string {
	return []string{
		"AWS_ACCESS_KEY_ID=test", "AWS_SECRET_ACCESS_KEY=test", "AWS_REGION=us-east-1",
		"AWS_EC2_METADATA_DISABLED=true", "AWS_CONFIG_FILE=/dev/null", "AWS_SHARED_CREDENTIALS_FILE=/dev/null",
	}
}

// SetEnv sets Env in this process for the test.
func SetEnv(t testing.TB) {
	for _, kv := range Env() {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
}
