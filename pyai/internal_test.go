package pyai

import (
	"strings"
	"testing"
)

// The log keeps the first and the last half of its limit and says how
// much fell out between.
func TestCapLog(t *testing.T) {
	l := newCapLog(10)
	l.Write([]byte("abc"))
	if got := l.String(); got != "abc" {
		t.Fatalf("%q", got)
	}
	l.Write([]byte("defgh"))
	l.Write([]byte("ijklmnopqrstuvwxyz"))
	got := l.String()
	if !strings.HasPrefix(got, "abcde") || !strings.HasSuffix(got, "vwxyz") || !strings.Contains(got, "16 bytes of output left out") {
		t.Fatalf("%q", got)
	}
	l = newCapLog(10)
	for _, c := range "0123456789abcdefghij" {
		l.Write([]byte{byte(c)})
	}
	if got := l.String(); !strings.HasPrefix(got, "01234") || !strings.HasSuffix(got, "fghij") || !strings.Contains(got, " 10 bytes") {
		t.Fatalf("%q", got)
	}
}
