// Package notebooks holds the project's Jupyter notebooks (README.md). Its
// test checks the committed notebooks: readers see their outputs on the
// repository's pages without running them, so each is committed executed,
// on its full budget, with every cell's outputs and no error.
package notebooks

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxTotal bounds the notebooks' size together, in bytes: outputs are
// reviewed in diffs, so charts stay modest.
const maxTotal = 1_500_000

type notebook struct {
	Cells []struct {
		Type    string          `json:"cell_type"`
		Source  json.RawMessage `json:"source"`
		Count   *int            `json:"execution_count"`
		Outputs []struct {
			Type  string                     `json:"output_type"`
			Name  string                     `json:"name"`
			Text  json.RawMessage            `json:"text"`
			Data  map[string]json.RawMessage `json:"data"`
			Ename string                     `json:"ename"`
		} `json:"outputs"`
	} `json:"cells"`
}

// TestCommittedOutputs fails on a notebook committed without its outputs (a
// code cell never executed, or no output at all), with an error in a cell,
// or executed with run.sh --quick; and when the notebooks together grow
// past maxTotal. bash notebooks/run.sh --update executes them and writes
// them back.
func TestCommittedOutputs(t *testing.T) {
	paths, err := filepath.Glob("*.ipynb")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no notebooks in notebooks/ (%v)", err)
	}
	total := 0
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		total += len(data)
		var nb notebook
		if err := json.Unmarshal(data, &nb); err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		code, outputs := 0, 0
		for i, c := range nb.Cells {
			if c.Type != "code" {
				continue
			}
			code++
			if c.Count == nil {
				t.Errorf("%s: code cell %d was not executed; run bash notebooks/run.sh --update %s", path, i+1, path)
			}
			for _, o := range c.Outputs {
				outputs++
				if o.Type == "error" {
					t.Errorf("%s: code cell %d ends in an error (%s)", path, i+1, o.Ename)
				}
				if strings.Contains(string(o.Text), "QUICK: small budgets") {
					t.Errorf("%s: executed with run.sh --quick; commit the full run (bash notebooks/run.sh --update %s)", path, path)
				}
			}
		}
		if code == 0 || outputs == 0 {
			t.Errorf("%s: %d code cells, %d outputs: committed without its outputs; run bash notebooks/run.sh --update %s", path, code, outputs, path)
		}
	}
	if total > maxTotal {
		t.Errorf("the notebooks take %d bytes together, over %d: draw smaller charts", total, maxTotal)
	}
}
