package main

import (
	"flag"
	"time"

	"github.com/paperio/paperio/pyai"
)

// pyFlags are the options of py: players (course AIs in Python), shared by
// every command that plays games.
type pyFlags struct {
	courseRules *bool
	sandbox     *string
}

func addPyFlags(fs *flag.FlagSet) *pyFlags {
	return &pyFlags{
		courseRules: fs.Bool("course-rules", false, "refuse py: AIs that use what the course banned (global statements, os, sys, threading, multiprocessing)"),
		sandbox:     fs.String("sandbox", "auto", "py: AIs run under bwrap (no network, read-only filesystem): auto (when bwrap works), on or off"),
	}
}

// apply sets the options of every py: player the command creates; seconds is
// the think time per game (0: unlimited).
func (p *pyFlags) apply(seconds float64) error {
	o := pyai.SpecDefaults()
	o.TimeBudget = time.Duration(seconds * float64(time.Second))
	if seconds == 0 {
		o.TimeBudget = 365 * 24 * time.Hour
	}
	o.CourseRules = *p.courseRules
	sb, err := pyai.ParseSandbox(*p.sandbox)
	if err != nil {
		return usagef("--sandbox: %v", err)
	}
	o.Sandbox = sb
	pyai.SetSpecDefaults(o)
	return nil
}
