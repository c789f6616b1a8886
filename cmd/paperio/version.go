package main

import (
	"fmt"
	"runtime/debug"
)

func init() {
	register("version", "print the module version, the VCS revision it was built from and the Go version", runVersion)
}

func runVersion(args []string) error {
	fs := newFlags("version", "")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	bi, ok := debug.ReadBuildInfo()
	fmt.Fprintln(stdout, versionLine(bi, ok))
	return nil
}

// versionLine is "paperio VERSION (revision REV[, modified], TIME) GO":
// the module version and the VCS stamp that go build records (go run and
// go test record none, and say so).
func versionLine(bi *debug.BuildInfo, ok bool) string {
	if !ok {
		return "paperio: no build information in this binary"
	}
	version := bi.Main.Version
	if version == "" {
		version = "(unknown version)"
	}
	set := map[string]string{}
	for _, s := range bi.Settings {
		set[s.Key] = s.Value
	}
	vcs := "no VCS revision recorded (built by go run or go test, or with -buildvcs=false)"
	if rev := set["vcs.revision"]; rev != "" {
		vcs = "revision " + rev
		if set["vcs.modified"] == "true" {
			vcs += ", modified"
		}
		if t := set["vcs.time"]; t != "" {
			vcs += ", " + t
		}
	}
	return fmt.Sprintf("paperio %s (%s) %s", version, vcs, bi.GoVersion)
}
