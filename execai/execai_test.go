package execai

import (
	"strings"
	"testing"

	"github.com/paperio/paperio/pyai"
)

// decode reads an answer line into a JSON object, one line of reason
// otherwise; Hello is the first line every game's player is sent.
func TestDecode(t *testing.T) {
	var a struct {
		Move *string `json:"move"`
	}
	for line, want := range map[string]string{
		`{"move":"L"}`:  "",
		` {"move":"R"}`: "",
		`left`:          `is not a JSON object: "left"`,
		`{"move":`:      "is not valid",
		`["L"]`:         "is not a JSON object",
	} {
		err := decode([]byte(line), &a)
		if want == "" && err != nil || want != "" && (err == nil || !strings.Contains(err.Error(), want)) {
			t.Errorf("%q: %v, want %q", line, err, want)
		}
	}
	if h := string(Hello("eraser", pyai.Options{})); h != `{"type":"hello","protocol":1,"game":"eraser","time_budget":null}`+"\n" &&
		h != `{"type":"hello","protocol":1,"game":"eraser","time_budget":30}`+"\n" {
		t.Errorf("hello %q", h)
	}
}
