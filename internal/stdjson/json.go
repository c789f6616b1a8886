// Package json stands in for github.com/goccy/go-json in this repository's
// builds (go.mod replaces it): Arrow's Go library reaches encoding/json only
// through that package, whose generated encoders cost a cold build about
// 28 CPU-seconds, a tenth of the whole, for JSON that the toolkit never
// asks Arrow for (export writes Arrow IPC). It offers what Arrow uses, as
// the standard library's, whose behaviour go-json copies.
package json

import (
	"encoding/json"
	"io"
)

type (
	Decoder            = json.Decoder
	Encoder            = json.Encoder
	Marshaler          = json.Marshaler
	Unmarshaler        = json.Unmarshaler
	Delim              = json.Delim
	Token              = json.Token
	Number             = json.Number
	RawMessage         = json.RawMessage
	UnmarshalTypeError = json.UnmarshalTypeError
	SyntaxError        = json.SyntaxError
)

func Marshal(v any) ([]byte, error) { return json.Marshal(v) }
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	return json.MarshalIndent(v, prefix, indent)
}
func Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func NewDecoder(r io.Reader) *Decoder    { return json.NewDecoder(r) }
func NewEncoder(w io.Writer) *Encoder    { return json.NewEncoder(w) }
func Valid(data []byte) bool             { return json.Valid(data) }
