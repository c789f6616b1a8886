// Package repofiles says which files must not be committed: executables and
// object code of any platform (ELF, Mach-O, PE, WebAssembly, static
// libraries, compiled Python or Java), and files over MaxSize. Its test runs
// the check over every file git tracks, so that a built binary or a large
// generated file committed by mistake fails the tests; it needs git, and a
// checkout (a fresh clone does).
package repofiles

import (
	"bytes"
	"encoding/binary"
	"path/filepath"
	"strings"
)

// MaxSize is the largest tracked file allowed, in bytes (5 MB).
const MaxSize = 5_000_000

// HeadSize is how many leading bytes of a file Binary needs to see.
const HeadSize = 4096

// outputExts are the names of build outputs, whatever their content.
var outputExts = map[string]string{
	".o":     "object file",
	".a":     "static library",
	".so":    "shared library",
	".dylib": "shared library",
	".dll":   "Windows library",
	".exe":   "Windows executable",
	".pyc":   "compiled Python",
	".pyo":   "compiled Python",
	".class": "compiled Java",
	".wasm":  "WebAssembly module",
	".test":  "Go test binary",
}

// Binary says what executable or object format a file is, from its name and
// its first bytes (HeadSize of them, or the whole file if it is shorter), or
// returns "" for anything else: text, images, Parquet and other data.
func Binary(name string, head []byte) string {
	if kind, ok := outputExts[strings.ToLower(filepath.Ext(name))]; ok {
		return kind
	}
	magic := func(m string) bool { return bytes.HasPrefix(head, []byte(m)) }
	switch {
	case magic("\x7fELF"):
		return "ELF executable or object"
	case magic("\xfe\xed\xfa\xce"), magic("\xce\xfa\xed\xfe"),
		magic("\xfe\xed\xfa\xcf"), magic("\xcf\xfa\xed\xfe"):
		return "Mach-O executable or object"
	case magic("\xca\xfe\xba\xbe"):
		// Universal Mach-O binaries and Java classes share this magic.
		return "Mach-O universal binary or Java class"
	case magic("\x00asm"):
		return "WebAssembly module"
	case magic("!<arch>\n"):
		return "static library (ar archive)"
	case magic("MZ") && len(head) >= 0x40:
		// A DOS header whose e_lfanew points at a PE signature.
		off := int(binary.LittleEndian.Uint32(head[0x3c:]))
		if off >= 0x40 && off+4 <= len(head) && bytes.Equal(head[off:off+4], []byte("PE\x00\x00")) {
			return "PE executable (Windows)"
		}
	}
	return ""
}
